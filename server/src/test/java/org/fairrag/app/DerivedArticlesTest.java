package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.read.JsonlReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DerivedArticlesTest {

    @Test
    void everyDerivedRecordIsAcceptedWithItsOwnPmidAndACorpusLargerThanTheDemoRepeatsNoAbstract(@TempDir Path dir)
            throws Exception {
        Path file = dir.resolve("derived.jsonl");
        int count = 5_200; // more than the demo's 2,500: the second and third rounds take other partners
        DerivedArticles.write(count, file);

        List<ArticleRecord> records = new ArrayList<>();
        int rejected = 0;
        try (InputStream in = Files.newInputStream(file);
             RecordReader.Results results = new JsonlReader().open(in, "derived.jsonl")) {
            while (results.hasNext()) {
                ReadResult r = results.next();
                if (r instanceof ReadResult.Accepted a) {
                    records.add(a.record());
                } else {
                    rejected++;
                }
            }
        }
        assertThat(rejected).isZero();
        assertThat(records).hasSize(count);
        Set<String> pmids = new HashSet<>();
        records.forEach(r -> pmids.add(r.pmid()));
        assertThat(pmids).hasSize(count).contains(Long.toString(DerivedArticles.FIRST_PMID));
        Set<String> abstracts = new HashSet<>();
        records.stream().filter(r -> r.abstractText() != null && !r.abstractText().isBlank())
                .forEach(r -> assertThat(abstracts.add(r.abstractText())).as("abstract of %s", r.pmid()).isTrue());
        assertThat(abstracts.size()).isGreaterThan(count / 2);
    }
}
