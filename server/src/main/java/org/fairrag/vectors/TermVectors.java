package org.fairrag.vectors;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.apache.lucene.index.BinaryDocValues;
import org.apache.lucene.index.DocValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.util.BytesRef;

/** Term vectors kept as binary doc values (little-endian floats), for an exact search over all of them. */
final class TermVectors {

    private TermVectors() {}

    static BytesRef encode(float[] vector) {
        ByteBuffer bytes = ByteBuffer.allocate(vector.length * Float.BYTES).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asFloatBuffer().put(vector);
        return new BytesRef(bytes.array());
    }

    /** Every vector of {@code field} in the segment, by document; null for a document without one. */
    static float[][] read(LeafReader segment, String field, int dimension) throws IOException {
        float[][] out = new float[segment.maxDoc()][];
        BinaryDocValues values = DocValues.getBinary(segment, field);
        for (int doc = values.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = values.nextDoc()) {
            BytesRef b = values.binaryValue();
            if (b.length != dimension * Float.BYTES) {
                throw new IOException("a term vector of " + b.length / Float.BYTES + " dimensions in an index of "
                        + dimension);
            }
            float[] v = new float[dimension];
            ByteBuffer.wrap(b.bytes, b.offset, b.length).order(ByteOrder.LITTLE_ENDIAN).asFloatBuffer().get(v);
            out[doc] = v;
        }
        return out;
    }
}
