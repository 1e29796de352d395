package org.fairrag.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.fairrag.app.Fairrag;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.read.MeshTsvReader;

/** The bundled MeSH 2024 in memory, without a store, for tests of what reads text against the vocabulary. Shared by the test JVM. */
public final class MeshVocabulary {

    private static VocabularyIndex mesh;

    private MeshVocabulary() {}

    /** Every descriptor, its PID under {@link TestFairrag#BASE_URL}. */
    public static synchronized VocabularyIndex index() {
        if (mesh == null) {
            try (InputStream in = SourceFormats.decompressed(Fairrag.class.getResourceAsStream(Fairrag.BUNDLED_MESH))) {
                mesh = VocabularyIndex.of(MeshTsvReader.read(in), id -> TestFairrag.BASE_URL + "/pid/term-" + id);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return mesh;
    }
}
