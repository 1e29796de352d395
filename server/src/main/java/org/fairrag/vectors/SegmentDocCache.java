package org.fairrag.vectors;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.IndexReader;
import org.apache.lucene.index.LeafReader;

/**
 * Values read from Lucene documents, kept by segment and document. A segment's documents never change: a new
 * version of a document is written to another segment and the old one is deleted, which a search no longer
 * finds, so an entry stays right for as long as its segment lives; the entries of a segment go when it is closed
 * (merged away or the index closed), the least recently used when there are more than the limit. Thread-safe.
 */
final class SegmentDocCache<V> {

    /** Reads a value from the index; may throw as Lucene's readers do. */
    @FunctionalInterface
    interface Reading<V> {
        V read() throws IOException;
    }

    private record SegmentDoc(Object segment, int doc) {}

    private final Cache<SegmentDoc, V> values;
    private final Set<Object> followed = ConcurrentHashMap.newKeySet();

    SegmentDocCache(int maximumSize) {
        values = Caffeine.newBuilder().maximumSize(maximumSize).build();
    }

    /** The value of document {@code doc} (the segment's own number) of {@code segment}, read once. */
    V get(LeafReader segment, int doc, Reading<V> reading) {
        IndexReader.CacheHelper helper = segment.getCoreCacheHelper();
        if (helper == null) {
            return read(reading);
        }
        Object key = helper.getKey();
        V known = values.getIfPresent(new SegmentDoc(key, doc));
        if (known != null) {
            return known;
        }
        V read = read(reading);
        if (followed.add(key)) {
            helper.addClosedListener(closed -> {
                followed.remove(closed);
                values.asMap().keySet().removeIf(k -> k.segment == closed);
            });
        }
        values.put(new SegmentDoc(key, doc), read);
        return read;
    }

    private static <V> V read(Reading<V> reading) {
        try {
            return reading.read();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** How many values are kept. */
    long size() {
        values.cleanUp();
        return values.estimatedSize();
    }
}
