package org.fairrag.ingest.read;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;

/** Test helpers: the sample files and reading a source to the end. */
final class Reading {

    private Reading() {}

    static Path sample(String relativePath) {
        try {
            return Path.of(Reading.class.getResource("/samples/" + relativePath).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static List<ReadResult> readAll(Path path) throws IOException {
        try (RecordReader.Results results = SourceFormats.read(path)) {
            return drain(results);
        }
    }

    static List<ReadResult> readAll(RecordReader reader, String content) throws IOException {
        return readAll(reader, content.getBytes(StandardCharsets.UTF_8));
    }

    static List<ReadResult> readAll(RecordReader reader, byte[] content) throws IOException {
        try (RecordReader.Results results = reader.open(new ByteArrayInputStream(content), "test")) {
            return drain(results);
        }
    }

    /** {@code parts} as bytes, strings in UTF-8 and byte arrays as they are (to place invalid bytes). */
    static byte[] bytes(Object... parts) {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        for (Object part : parts) {
            out.writeBytes(part instanceof byte[] raw ? raw : part.toString().getBytes(StandardCharsets.UTF_8));
        }
        return out.toByteArray();
    }

    static List<ReadResult.Accepted> acceptedResults(List<ReadResult> results) {
        List<ReadResult.Accepted> accepted = new ArrayList<>();
        for (ReadResult result : results) {
            if (result instanceof ReadResult.Accepted a) {
                accepted.add(a);
            }
        }
        return accepted;
    }

    /** A stream that yields {@code content}, then fails as a broken disk or connection would. */
    static InputStream failingAfter(String content) {
        InputStream broken = new InputStream() {
            @Override
            public int read() throws IOException {
                throw new IOException("device gone");
            }
        };
        return new SequenceInputStream(new ByteArrayInputStream(content.getBytes(StandardCharsets.UTF_8)), broken);
    }

    static List<ArticleRecord> accepted(List<ReadResult> results) {
        List<ArticleRecord> records = new ArrayList<>();
        for (ReadResult result : results) {
            if (result instanceof ReadResult.Accepted accepted) {
                records.add(accepted.record());
            }
        }
        return records;
    }

    static List<ReadResult.Rejected> rejected(List<ReadResult> results) {
        List<ReadResult.Rejected> rejections = new ArrayList<>();
        for (ReadResult result : results) {
            if (result instanceof ReadResult.Rejected rejection) {
                rejections.add(rejection);
            }
        }
        return rejections;
    }

    static ArticleRecord byPmid(List<ReadResult> results, String pmid) {
        return accepted(results).stream()
                .filter(record -> record.pmid().equals(pmid))
                .findFirst()
                .orElseThrow(() -> new AssertionError("no accepted record with PMID " + pmid));
    }

    static ArticleRecord.MeshHeading heading(ArticleRecord record, String name) {
        return record.mesh().stream()
                .filter(heading -> name.equals(heading.name()))
                .findFirst()
                .orElseThrow(() -> new AssertionError("PMID " + record.pmid() + " has no heading " + name));
    }

    private static List<ReadResult> drain(RecordReader.Results results) {
        List<ReadResult> all = new ArrayList<>();
        results.forEachRemaining(all::add);
        return all;
    }
}
