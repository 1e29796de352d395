package org.fairrag.search;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.terms.TermLexicon;
import org.fairrag.testing.DemoRecords;
import org.fairrag.testing.MeshVocabulary;
import org.fairrag.testing.TestEmbedders;
import org.fairrag.testing.TestFairrag;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.IndexedArticle;
import org.fairrag.vectors.IndexedChunk;
import org.fairrag.vectors.IndexedTerm;
import org.fairrag.vectors.LuceneVectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The concept-aware search on 150 real PubMed records embedded with the real model (their chunks' and the
 * terms' names' vectors as the jar ships them for the demo), with the real MeSH vocabulary and term lexicon;
 * the term vectors hold the names of the terms the records are tagged with and their broader terms. Whether a hit is about a concept is read from the record's own MeSH headings.
 */
class ConceptAwareSearchTest {

    private static final String EBV = "D004854";
    private static final String CHILD = "D002648";
    private static final String EBV_INFECTIONS = "D020031";
    /** A query linked to concepts, none of whose article lists is expected to be even half precise. */
    private static final String WEAKLY_LINKED = "children and their parents";
    private static final Embedder EMBEDDER = TestEmbedders.model();
    /** The records' chunks and the terms' names ship with their vectors, as the demo does. */
    private static final Embedder INDEXING = TestEmbedders.shipped();
    private static final List<DemoRecords.Record> RECORDS = DemoRecords.withTermsAndYear(150);
    private static final Map<String, DemoRecords.Record> BY_PID = RECORDS.stream()
            .collect(Collectors.toMap(DemoRecords.Record::pid, Function.identity()));

    private static VocabularyIndex vocabulary;
    private static LuceneVectorIndex index;
    private static ArticleSearch search;

    @BeforeAll
    static void build() {
        vocabulary = MeshVocabulary.index();
        TermLexicon lexicon = TermLexicon.of(vocabulary);
        index = LuceneVectorIndex.open(TestFairrag.newDir("concept-search"), EMBEDDER.modelName(), EMBEDDER.dimension());
        index.upsertArticles(articles());
        index.upsertTerms(terms());
        ConceptLinker linker = new ConceptLinker(() -> lexicon, () -> vocabulary, Optional.of(index),
                ConceptLinker.Options.DEFAULT, 100);
        search = new ArticleSearch(EMBEDDER, index, () -> vocabulary, linker);
    }

    @AfterAll
    static void close() {
        index.close();
    }

    @Test
    void should_search_the_concept_the_words_name_and_say_so() {
        ArticleSearch.Result r = search.search(ArticleQuery.of("Epstein-Barr virus tests", 10));

        assertThat(r.concepts()).filteredOn(c -> c.id().equals(EBV)).singleElement().satisfies(c -> {
            assertThat(c.label()).isEqualTo("Herpesvirus 4, Human");
            assertThat(c.text()).isEqualTo("Epstein-Barr virus");
            assertThat(c.matched()).isEqualToIgnoringCase("Epstein-Barr Virus");
            assertThat(c.byWords()).isTrue();
            assertThat(c.weight()).isPositive();
        });
        // Every hit is about the virus or the infections it causes (or narrower), both of which the search reports it searched.
        assertThat(r.concepts()).extracting(SearchedConcept::id).contains(EBV_INFECTIONS);
        Set<String> either = new LinkedHashSet<>(vocabulary.withDescendants(EBV));
        either.addAll(vocabulary.withDescendants(EBV_INFECTIONS));
        assertThat(r.hits()).hasSize(10);
        assertThat(r.hits()).filteredOn(h -> BY_PID.get(h.pid()).termIds().stream().noneMatch(either::contains))
                .extracting(ArticleHit::title).isEmpty();
    }

    @Test
    void should_order_the_hits_by_the_probability_the_rank_model_gives_each_candidate() {
        Map<String, ArticleRankModel.Features> seen = new java.util.LinkedHashMap<>();

        ArticleSearch.Result r = search.search(ArticleQuery.of("Epstein-Barr virus tests", 10), new ArticleSearch.Observer() {
            @Override
            public void weighed(org.fairrag.terms.QueryConcept concept, String source, ConceptListModel.Features features,
                                List<org.fairrag.vectors.ChunkHit> list, double weight) {
            }

            @Override
            public void ranked(Map<String, ArticleRankModel.Features> candidates) {
                seen.putAll(candidates);
            }
        });

        assertThat(seen).hasSizeGreaterThan(r.hits().size());
        ArticleRankModel model = ArticleSearch.Options.DEFAULT.rankModel();
        List<Double> expected = seen.values().stream().map(model::probability).sorted(java.util.Comparator.reverseOrder())
                .limit(10).toList();
        assertThat(r.hits()).extracting(ArticleHit::score).containsExactlyElementsOf(expected);
        for (ArticleHit hit : r.hits()) {
            assertThat(hit.score()).isEqualTo(model.probability(seen.get(hit.pid())));
        }
    }

    @Test
    void should_keep_the_fusion_order_when_no_concept_list_is_expected_to_be_precise() {
        List<Double> precisions = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        Map<String, ArticleRankModel.Features> seen = new java.util.LinkedHashMap<>();

        ArticleSearch.Result r = search.search(ArticleQuery.of(WEAKLY_LINKED, 10), new ArticleSearch.Observer() {
            @Override
            public void weighed(org.fairrag.terms.QueryConcept concept, String source, ConceptListModel.Features features,
                                List<org.fairrag.vectors.ChunkHit> list, double weight) {
                precisions.add(ArticleSearch.Options.DEFAULT.listModel().precision(features));
                weights.add(weight);
            }

            @Override
            public void ranked(Map<String, ArticleRankModel.Features> candidates) {
                seen.putAll(candidates);
            }
        });

        // The query is searched by concept, but no list of it is expected to be half precise: the fusion decides.
        assertThat(r.concepts()).isNotEmpty();
        assertThat(precisions).isNotEmpty().allSatisfy(p -> assertThat(p).isLessThan(ArticleSearch.RANKED_FROM));
        assertThat(seen).hasSizeGreaterThanOrEqualTo(r.hits().size());
        // Reciprocal-rank fusion: each list adds at most its weight / 61, the list of articles about every named concept
        // as much as all concept lists together.
        double bound = (2 + 2 * weights.stream().mapToDouble(Double::doubleValue).sum()) / 61;
        assertThat(r.hits()).isNotEmpty().allSatisfy(h -> assertThat(h.score()).isLessThanOrEqualTo(bound));
        assertThat(r.hits()).extracting(ArticleHit::score).isSortedAccordingTo(java.util.Comparator.reverseOrder());
        ArticleRankModel model = ArticleSearch.Options.DEFAULT.rankModel();
        assertThat(r.hits()).anySatisfy(h -> assertThat(h.score()).isNotEqualTo(model.probability(seen.get(h.pid()))));
    }

    @Test
    void should_rank_by_the_fusion_when_no_concept_is_searched() {
        ArticleSearch.Result r = search.search(ArticleQuery.of("Epstein-Barr virus tests", 10).with(ConceptUse.NONE));

        // Reciprocal-rank fusion of two lists of weight 1: no score reaches 2 / 61, and none is a probability near 1.
        assertThat(r.hits()).isNotEmpty().allSatisfy(h -> assertThat(h.score()).isLessThanOrEqualTo(2.0 / 61));
    }

    @Test
    void should_weigh_each_concept_list_by_the_precision_the_model_expects_and_show_it_to_an_observer() {
        List<Double> weights = new ArrayList<>();
        List<String> concepts = new ArrayList<>();

        ArticleSearch.Result r = search.search(ArticleQuery.of("Epstein-Barr virus tests", 10),
                (concept, source, features, list, weight) -> {
                    concepts.add(concept.id());
                    weights.add(weight);
                    assertThat(weight).isCloseTo(ArticleSearch.Options.DEFAULT.listWeight()
                            * ArticleSearch.Options.DEFAULT.listModel().precision(features), within(1e-9));
                    assertThat(features.listFill()).isEqualTo(Math.min(list.size(), 10) / 10.0);
                });

        assertThat(concepts).contains(EBV);
        SearchedConcept ebv = r.concepts().stream().filter(c -> c.id().equals(EBV)).findFirst().orElseThrow();
        assertThat(ebv.weight()).isEqualTo(weights.get(concepts.indexOf(EBV)));
    }

    @Test
    void should_bring_more_articles_about_the_concept_than_the_hybrid_alone() {
        ArticleQuery query = ArticleQuery.of("glandular fever virus in the nose and throat", 10);

        ArticleSearch.Result withConcepts = search.search(query);
        ArticleSearch.Result without = search.search(query.with(ConceptUse.NONE));

        assertThat(without.concepts()).isEmpty();
        assertThat(withConcepts.concepts()).extracting(SearchedConcept::id).contains(EBV);
        assertThat(tagged(withConcepts.hits(), EBV)).isGreaterThan(tagged(without.hits(), EBV));
    }

    @Test
    void should_put_articles_about_every_concept_of_the_query_first() {
        long both = RECORDS.stream().filter(rec -> rec.termIds().containsAll(List.of(EBV, CHILD))).count();
        assertThat(both).as("records about both concepts").isGreaterThanOrEqualTo(5);

        ArticleSearch.Result r = search.search(ArticleQuery.of("Epstein-Barr virus in children", 5));

        assertThat(r.concepts()).extracting(SearchedConcept::id).contains(EBV, CHILD);
        for (ArticleHit hit : r.hits()) {
            assertThat(BY_PID.get(hit.pid()).termIds()).as(hit.title()).contains(EBV, CHILD);
        }
    }

    @Test
    void should_leave_out_a_concept_turned_off_and_report_it() {
        ArticleQuery query = ArticleQuery.of("Epstein-Barr virus in children", 10);

        ArticleSearch.Result r = search.search(query.with(new ConceptUse(true, Set.of(EBV))));

        assertThat(r.concepts()).extracting(SearchedConcept::id).doesNotContain(EBV).contains(CHILD);
        assertThat(r.off()).singleElement().satisfies(c -> {
            assertThat(c.id()).isEqualTo(EBV);
            assertThat(c.weight()).isZero();
        });
    }

    @Test
    void should_keep_concept_lists_inside_the_filter() {
        ArticleQuery query = new ArticleQuery("Epstein-Barr virus", 10, List.of(), false, false, List.of(EBV), null, null,
                Set.of(ArticleFilter.PUBLIC), false, ConceptUse.ON);

        ArticleSearch.Result r = search.search(query);

        assertThat(r.hits()).isNotEmpty();
        assertThat(tagged(r.hits(), EBV)).isZero();
    }

    @Test
    void should_not_count_a_concept_no_article_is_about() {
        String noArticles = "D009202"; // Cardiomyopathies: the name of a concept, but no record is tagged with it
        assertThat(RECORDS).noneMatch(rec -> vocabulary.withDescendants(noArticles).stream().anyMatch(rec.termIds()::contains));

        ArticleSearch.Result r = search.search(ArticleQuery.of("cardiomyopathies", 10));

        assertThat(r.concepts()).extracting(SearchedConcept::id).doesNotContain(noArticles);
        assertThat(r.hits()).hasSize(10);
    }

    /** How many hits are tagged with the term or a narrower one, by their records' own headings. */
    private static long tagged(List<ArticleHit> hits, String termId) {
        Set<String> branch = vocabulary.withDescendants(termId);
        return hits.stream().filter(h -> BY_PID.get(h.pid()).termIds().stream().anyMatch(branch::contains)).count();
    }

    private static List<IndexedArticle> articles() {
        Chunker chunker = new Chunker();
        List<IndexedArticle> out = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<int[]> spans = new ArrayList<>();
        for (DemoRecords.Record r : RECORDS) {
            List<String> chunks = chunker.chunks(r.title(), r.abstractText());
            spans.add(new int[] {texts.size(), chunks.size()});
            texts.addAll(chunks);
        }
        List<float[]> vectors = INDEXING.embedAll(texts);
        for (int i = 0; i < RECORDS.size(); i++) {
            DemoRecords.Record r = RECORDS.get(i);
            List<IndexedChunk> chunks = new ArrayList<>();
            for (int j = spans.get(i)[0]; j < spans.get(i)[0] + spans.get(i)[1]; j++) {
                chunks.add(new IndexedChunk(texts.get(j), vectors.get(j)));
            }
            out.add(new IndexedArticle(new ArticleFields(r.pid(), r.pmid(), r.title(), r.journal(), r.year(), ArticleFilter.PUBLIC,
                    r.termIds()), "test:" + r.pmid(), chunks));
        }
        return out;
    }

    /** The preferred names of the records' terms and of every broader term, embedded. */
    private static List<IndexedTerm> terms() {
        Set<String> ids = new LinkedHashSet<>();
        List<String> todo = new ArrayList<>();
        RECORDS.forEach(r -> todo.addAll(r.termIds()));
        while (!todo.isEmpty()) {
            String id = todo.remove(todo.size() - 1);
            Optional<Term> term = vocabulary.byId(id);
            if (term.isPresent() && ids.add(id)) {
                todo.addAll(term.get().broader());
            }
        }
        List<Term> terms = ids.stream().map(id -> vocabulary.byId(id).orElseThrow()).toList();
        List<float[]> vectors = INDEXING.embedAll(terms.stream().map(Term::label).toList());
        List<IndexedTerm> out = new ArrayList<>();
        for (int i = 0; i < terms.size(); i++) {
            out.add(new IndexedTerm(terms.get(i).id(), "test", List.of(new IndexedTerm.Name(terms.get(i).label(), vectors.get(i)))));
        }
        return out;
    }
}
