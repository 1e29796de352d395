package org.fairrag.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleMerger;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.VocabularyIndex;
import org.fairrag.vocab.read.MeshTsvReader;

/** The bundled data as ingestion sees it: the MeSH concepts, and the demo articles as merged from their records. */
public final class DemoData {

    private DemoData() {}

    public static List<Concept> meshConcepts() throws IOException {
        try (InputStream in = SourceFormats.decompressed(open(Fairrag.BUNDLED_MESH))) {
            return MeshTsvReader.read(in);
        }
    }

    /** The demo articles with the title and abstract ingestion gives them (their subjects and PIDs are left out). */
    public static List<Article> articles() throws IOException {
        Map<String, List<ArticleRecord>> byPmid = new LinkedHashMap<>();
        try (InputStream in = SourceFormats.decompressed(open(Fairrag.DEMO_ARTICLES));
             RecordReader.Results results = SourceFormats.forFormat(SourceFormat.JSONL).open(in, "articles.jsonl.gz")) {
            while (results.hasNext()) {
                if (results.next() instanceof ReadResult.Accepted a) {
                    byPmid.computeIfAbsent(a.record().pmid(), k -> new ArrayList<>()).add(a.record());
                }
            }
        }
        ArticleMerger merger = new ArticleMerger(VocabularyIndex.empty(), pmid -> "pmid:" + pmid);
        List<Article> out = new ArrayList<>(byPmid.size());
        byPmid.values().forEach(records -> out.add(merger.merge(records, "public")));
        return out;
    }

    private static InputStream open(String resource) throws IOException {
        InputStream in = DemoData.class.getResourceAsStream(resource);
        if (in == null) {
            throw new IOException("Missing bundled resource " + resource);
        }
        return in;
    }
}
