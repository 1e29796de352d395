package org.fairrag.vectors;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.TestEmbedders;
import org.junit.jupiter.api.Test;

/**
 * What every {@link VectorIndex} must do, on 40 real PubMed records embedded with the real model (the vectors the
 * jar ships for their chunks, as the demo's). Filter
 * results are checked against the records' own MeSH headings and years, not against the index.
 */
abstract class VectorIndexContract {

    static final Embedder EMBEDDER = TestEmbedders.model();
    static final List<DemoRecords.Record> RECORDS = DemoRecords.withTermsAndYear(40);
    static final List<IndexedArticle> ARTICLES = embed(RECORDS, "public");
    static final Set<String> PUBLIC = Set.of(ArticleFilter.PUBLIC);

    /** The index under test, already holding {@link #ARTICLES}. */
    abstract VectorIndex index();

    static List<IndexedArticle> embed(List<DemoRecords.Record> records, String accessLevel) {
        Chunker chunker = new Chunker();
        List<IndexedArticle> out = new ArrayList<>();
        for (DemoRecords.Record r : records) {
            List<String> texts = chunker.chunks(r.title(), r.abstractText());
            List<float[]> vectors = TestEmbedders.shipped().embedAll(texts);
            List<IndexedChunk> chunks = new ArrayList<>();
            for (int i = 0; i < texts.size(); i++) {
                chunks.add(new IndexedChunk(texts.get(i), vectors.get(i)));
            }
            out.add(new IndexedArticle(new ArticleFields(r.pid(), r.pmid(), r.title(), r.journal(), r.year(), accessLevel,
                    r.termIds()), "sha256:" + r.pmid(), chunks));
        }
        return out;
    }

    @Test
    void should_return_k_articles_that_are_all_tagged_with_the_term() {
        String term = termTaggedOnBetween(6, 30);
        float[] query = EMBEDDER.embed("cancer treatment outcomes");

        List<ChunkHit> hits = index().nearestChunks(query, 5, filter(List.of(Set.of(term)), Set.of(), null, null));

        assertThat(hits).hasSize(5);
        assertThat(hits.stream().map(ChunkHit::articlePid).distinct()).hasSize(5);
        assertThat(hits).allSatisfy(h -> assertThat(record(h).termIds()).contains(term));
    }

    @Test
    void should_return_every_matching_article_when_fewer_than_k_match() {
        String term = termTaggedOnBetween(2, 4);
        Set<String> tagged = RECORDS.stream().filter(r -> r.termIds().contains(term)).map(DemoRecords.Record::pid)
                .collect(Collectors.toSet());

        List<ChunkHit> hits = index().nearestChunks(EMBEDDER.embed("patients"), 10,
                filter(List.of(Set.of(term)), Set.of(), null, null));

        assertThat(hits.stream().map(ChunkHit::articlePid)).containsExactlyInAnyOrderElementsOf(tagged);
    }

    @Test
    void should_require_a_tag_from_every_group() {
        String a = termTaggedOnBetween(6, 30);
        String b = RECORDS.stream().filter(r -> r.termIds().contains(a)).flatMap(r -> r.termIds().stream())
                .filter(t -> !t.equals(a)).collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting()))
                .entrySet().stream().filter(e -> e.getValue() >= 2 && e.getValue() < frequencies().get(e.getKey()))
                .map(Map.Entry::getKey).findFirst().orElseThrow();
        long both = RECORDS.stream().filter(r -> r.termIds().contains(a) && r.termIds().contains(b)).count();

        List<ChunkHit> all = index().nearestChunks(EMBEDDER.embed("study"), 40, filter(List.of(Set.of(a), Set.of(b)), Set.of(), null, null));
        List<ChunkHit> any = index().nearestChunks(EMBEDDER.embed("study"), 40, filter(List.of(Set.of(a, b)), Set.of(), null, null));

        assertThat(all).hasSize((int) both).allSatisfy(h -> assertThat(record(h).termIds()).contains(a, b));
        assertThat(any).hasSizeGreaterThan((int) both)
                .allSatisfy(h -> assertThat(record(h).termIds()).containsAnyOf(a, b));
    }

    @Test
    void should_leave_out_articles_tagged_with_an_excluded_term() {
        String term = termTaggedOnBetween(6, 30);

        List<ChunkHit> hits = index().nearestChunks(EMBEDDER.embed("cancer"), 40, filter(List.of(), Set.of(term), null, null));

        assertThat(hits).hasSize((int) RECORDS.stream().filter(r -> !r.termIds().contains(term)).count())
                .allSatisfy(h -> assertThat(record(h).termIds()).doesNotContain(term));
    }

    @Test
    void should_keep_to_the_years() {
        List<Integer> years = RECORDS.stream().map(DemoRecords.Record::year).sorted().toList();
        int from = years.get(years.size() / 4);
        int to = years.get(years.size() * 3 / 4);

        List<ChunkHit> hits = index().matchingChunks("patients", 40, filter(List.of(), Set.of(), from, to));

        assertThat(hits).isNotEmpty().allSatisfy(h -> assertThat(record(h).year()).isBetween(from, to));
    }

    @Test
    void should_find_an_article_by_a_word_only_it_has() {
        Map.Entry<String, DemoRecords.Record> rare = wordOfOneRecord();

        List<ChunkHit> hits = index().matchingChunks(rare.getKey(), 3, filter(List.of(), Set.of(), null, null));

        assertThat(hits).isNotEmpty();
        assertThat(hits.get(0).articlePid()).isEqualTo(rare.getValue().pid());
        assertThat(hits.get(0).text().toLowerCase()).contains(rare.getKey());
    }

    @Test
    void should_find_the_article_a_chunk_comes_from_by_its_vector() {
        IndexedArticle a = ARTICLES.get(7);

        List<ChunkHit> hits = index().nearestChunks(a.chunks().get(1).vector(), 1, filter(List.of(), Set.of(), null, null));

        assertThat(hits).singleElement().satisfies(h -> {
            assertThat(h.articlePid()).isEqualTo(a.pid());
            assertThat(h.ordinal()).isEqualTo(1);
            assertThat(h.score()).isGreaterThan(0.99f);
        });
    }

    @Test
    void should_give_back_fields_checksums_and_chunks() {
        IndexedArticle a = ARTICLES.get(3);

        assertThat(index().articles(List.of(a.pid(), "http://fairrag.test/pid/none"))).containsOnlyKeys(a.pid())
                .containsEntry(a.pid(), a.fields());
        assertThat(index().articleChecksums(List.of(a.pid()))).containsEntry(a.pid(), a.checksum());
        List<IndexedChunk> chunks = index().chunks(a.pid());
        assertThat(chunks).extracting(IndexedChunk::text).containsExactlyElementsOf(a.chunks().stream().map(IndexedChunk::text).toList());
        assertThat(chunks.get(0).vector()).containsExactly(a.chunks().get(0).vector(), org.assertj.core.data.Offset.offset(1e-5f));
    }

    @Test
    void should_count_the_articles_that_pass_a_filter() {
        String term = termTaggedOnBetween(6, 30);

        assertThat(index().countArticles(filter(List.of(Set.of(term)), Set.of(), null, null)))
                .isEqualTo(RECORDS.stream().filter(r -> r.termIds().contains(term)).count());
        assertThat(index().countArticles(ArticleFilter.publicArticles())).isEqualTo(RECORDS.size());
    }

    @Test
    void should_keep_restricted_articles_out_of_public_searches() {
        List<IndexedArticle> restricted = embed(DemoRecords.withTermsAndYear(45).subList(40, 45), "restricted")
                .stream().map(a -> new IndexedArticle(new ArticleFields(a.pid() + "-restricted", a.fields().pmid(),
                        a.fields().title(), a.fields().journal(), a.fields().year(), "restricted", a.fields().termIds()),
                        a.checksum(), a.chunks())).toList();
        index().upsertArticles(restricted);
        float[] query = restricted.get(0).chunks().get(0).vector();

        List<ChunkHit> publicHits = index().nearestChunks(query, 50, filter(List.of(), Set.of(), null, null));
        List<ChunkHit> restrictedHits = index().nearestChunks(query, 1,
                new ArticleFilter(List.of(), Set.of(), null, null, Set.of("restricted")));

        assertThat(publicHits).noneMatch(h -> h.articlePid().endsWith("-restricted"));
        assertThat(restrictedHits).extracting(ChunkHit::articlePid).containsExactly(restricted.get(0).pid());
        assertThat(index().countArticles(ArticleFilter.publicArticles())).isEqualTo(RECORDS.size());
        index().deleteArticles(restricted.stream().map(IndexedArticle::pid).toList());
        assertThat(index().articles(restricted.stream().map(IndexedArticle::pid).toList())).isEmpty();
    }

    @Test
    void should_replace_an_article_whole() {
        IndexedArticle original = embed(DemoRecords.withTermsAndYear(46).subList(45, 46), "public").get(0);
        IndexedArticle extra = new IndexedArticle(new ArticleFields(original.pid() + "-extra", original.fields().pmid(),
                original.fields().title(), null, 1999, "public", List.of("D000001")), "sha256:one", original.chunks());
        index().upsertArticles(List.of(extra));

        IndexedArticle shorter = new IndexedArticle(new ArticleFields(extra.pid(), extra.fields().pmid(), "Another title",
                "A journal", 2001, "public", List.of("D000002")), "sha256:two", extra.chunks().subList(0, 1));
        index().upsertArticles(List.of(shorter));

        assertThat(index().chunks(extra.pid())).hasSize(1);
        assertThat(index().articles(List.of(extra.pid())).get(extra.pid())).isEqualTo(shorter.fields());
        assertThat(index().countArticles(ArticleFilter.publicTaggedWithAny(Set.of("D000001")))).isZero();
        assertThat(index().countArticles(ArticleFilter.publicTaggedWithAny(Set.of("D000002")))).isEqualTo(1);
        index().deleteArticles(List.of(extra.pid()));
        assertThat(index().chunks(extra.pid())).isEmpty();
    }

    @Test
    void should_find_terms_by_the_meaning_of_their_names() {
        List<String> labels = List.of("Myocardial Infarction", "Mouth Neoplasms", "Esophagus", "Hypertension", "Fractures, Bone");
        List<float[]> vectors = EMBEDDER.embedAll(labels);
        List<IndexedTerm> terms = new ArrayList<>();
        for (int i = 0; i < labels.size(); i++) {
            terms.add(new IndexedTerm("T" + i, "sha256:" + i, List.of(new IndexedTerm.Name(labels.get(i), vectors.get(i)))));
        }
        index().upsertTerms(terms);

        List<TermHit> hits = index().nearestTerms(EMBEDDER.embed("heart infarction"), 2);

        assertThat(hits).first().satisfies(h -> {
            assertThat(h.termId()).isEqualTo("T0");
            assertThat(h.name()).isEqualTo("Myocardial Infarction");
        });
        assertThat(index().termChecksums()).containsEntry("T3", "sha256:3").hasSize(5);
        index().deleteTerms(List.of("T3"));
        assertThat(index().termChecksums()).doesNotContainKey("T3").hasSize(4);
    }

    static ArticleFilter filter(List<Set<String>> required, Set<String> excluded, Integer from, Integer to) {
        return new ArticleFilter(required, excluded, from, to, PUBLIC);
    }

    static DemoRecords.Record record(ChunkHit hit) {
        return RECORDS.stream().filter(r -> r.pid().equals(hit.articlePid())).findFirst()
                .orElseThrow(() -> new AssertionError("not one of the indexed records: " + hit.articlePid()));
    }

    static Map<String, Long> frequencies() {
        return RECORDS.stream().flatMap(r -> r.termIds().stream())
                .collect(Collectors.groupingBy(t -> t, TreeMap::new, Collectors.counting()));
    }

    /** The term (smallest id first) that tags between {@code min} and {@code max} of the records. */
    static String termTaggedOnBetween(int min, int max) {
        return frequencies().entrySet().stream().filter(e -> e.getValue() >= min && e.getValue() <= max)
                .map(Map.Entry::getKey).findFirst().orElseThrow();
    }

    /** A long word that occurs in the text of exactly one record, with that record. */
    static Map.Entry<String, DemoRecords.Record> wordOfOneRecord() {
        Pattern word = Pattern.compile("\\b[a-z]{9,}\\b");
        Map<String, List<DemoRecords.Record>> byWord = new HashMap<>();
        for (DemoRecords.Record r : RECORDS) {
            Matcher m = word.matcher((r.title() + " " + r.abstractText()).toLowerCase());
            Set<String> seen = new java.util.HashSet<>();
            while (m.find()) {
                if (seen.add(m.group())) {
                    byWord.computeIfAbsent(m.group(), k -> new ArrayList<>()).add(r);
                }
            }
        }
        return byWord.entrySet().stream().filter(e -> e.getValue().size() == 1)
                .min(Comparator.comparing(Map.Entry::getKey))
                .map(e -> Map.entry(e.getKey(), e.getValue().get(0))).orElseThrow();
    }
}
