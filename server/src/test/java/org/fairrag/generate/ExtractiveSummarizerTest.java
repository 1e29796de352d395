package org.fairrag.generate;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.testing.DemoRecords;
import org.junit.jupiter.api.Test;

/** The extractive summarizer on real demo abstracts with the real embedding model (no index: no chunks). */
class ExtractiveSummarizerTest {

    private static final LangChainEmbedder EMBEDDER = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);

    private static ExtractiveSummarizer summarizer(ExtractiveSummarizer.Method method) {
        return new ExtractiveSummarizer(EMBEDDER::embedAll, EMBEDDER.modelName(), pid -> List.of(), null,
                SentenceRoleClassifier.bundledFor(EMBEDDER.modelName(), EMBEDDER.dimension()), method);
    }

    private static List<SourceArticle> sources(List<DemoRecords.Record> records) {
        List<SourceArticle> out = new ArrayList<>();
        for (DemoRecords.Record r : records) {
            out.add(new SourceArticle(out.size() + 1, r.pid(), r.pmid(), r.title(), r.abstractText(), null, "public"));
        }
        return out;
    }

    @Test
    void should_cite_each_of_ten_articles_and_nothing_else() {
        List<SourceArticle> sources = sources(DemoRecords.withTermsAndYear(10));

        List<Statement> statements = summarizer(ExtractiveSummarizer.Method.FINDINGS)
                .select(new SummaryInput("What treatments work?", sources, List.of()));

        Set<String> cited = new HashSet<>();
        statements.forEach(s -> cited.addAll(s.cites()));
        assertThat(cited).containsExactlyInAnyOrderElementsOf(sources.stream().map(SourceArticle::pid).toList());
        assertThat(statements).hasSizeLessThanOrEqualTo(10).allMatch(s -> s.term() == null);
    }

    @Test
    void should_state_two_findings_of_one_abstract_where_the_summarizer_before_stated_three() {
        DemoRecords.Record record = DemoRecords.withTermsAndYear(50).stream()
                .filter(r -> AbstractSentences.of(r.abstractText()).size() >= 8).findFirst().orElseThrow();
        SummaryInput one = new SummaryInput("What did the study find?", sources(List.of(record)), List.of());

        assertThat(summarizer(ExtractiveSummarizer.Method.FINDINGS).select(one)).hasSize(2);
        assertThat(summarizer(ExtractiveSummarizer.Method.RELEVANCE).select(one)).hasSize(3);
        assertThat(List.of(1, 2, 9, 10, 50)).map(ExtractiveSummarizer.Method.FINDINGS.statements::applyAsInt)
                .containsExactly(2, 3, 10, 10, 10);
    }

    @Test
    void should_state_findings_of_a_structured_abstract_before_its_background_and_methods() {
        DemoRecords.Record structured = DemoRecords.withTermsAndYear(400).stream()
                .filter(r -> r.abstractText().contains(" RESULTS: ") && r.abstractText().contains(" CONCLUSIONS: "))
                .findFirst().orElseThrow();

        List<Statement> statements = summarizer(ExtractiveSummarizer.Method.FINDINGS)
                .select(new SummaryInput("What did the study find?", sources(List.of(structured)), List.of()));

        Optional<SentenceRole> firstRole = AbstractSentences.of(structured.abstractText()).stream()
                .filter(s -> s.text().equals(statements.get(0).text())).findFirst().flatMap(AbstractSentences.Sentence::section);
        assertThat(firstRole).get().matches(SentenceRole::isFinding, "results or conclusions");
    }

    @Test
    void should_prefer_a_sentence_whose_concept_mentions_name_a_selected_term_and_file_it_under_that_term() {
        DemoRecords.Record record = DemoRecords.withTermsAndYear(50).stream()
                .filter(r -> AbstractSentences.of(r.abstractText()).size() >= 6).findFirst().orElseThrow();
        List<SourceArticle> sources = sources(List.of(record));
        List<SelectedTerm> terms = List.of(new SelectedTerm("D000001", "http://fairrag.test/pid/x", "Calcimycin", List.of()),
                new SelectedTerm("D000002", "http://fairrag.test/pid/y", "Temefos", List.of()));
        // A strong preference, so that which sentence is stated first depends on the mention alone.
        ExtractiveSummarizer preferring = new ExtractiveSummarizer(EMBEDDER::embedAll, EMBEDDER.modelName(), pid -> List.of(),
                null, SentenceRoleClassifier.bundledFor(EMBEDDER.modelName(), EMBEDDER.dimension()),
                ExtractiveSummarizer.Method.FINDINGS, new ExtractiveSummarizer.Weights(new double[] {0, -0.1, 0.05, 0.2}, 0.5, 1.0),
                ExtractiveSummarizer.Method.FINDINGS.statements);
        SummaryInput plain = new SummaryInput("What did the study find?", sources, terms);
        String first = preferring.select(plain).get(0).text();
        String other = AbstractSentences.of(record.abstractText()).stream().map(AbstractSentences.Sentence::text)
                .filter(t -> !t.equals(first) && ExtractiveSummarizer.words(t) >= ExtractiveSummarizer.MIN_WORDS)
                .reduce((x, y) -> y).orElseThrow();
        int at = record.abstractText().indexOf(other);

        List<Statement> statements = preferring.select(plain.with(
                List.of(new TermMention("D000002", record.pid(), at, at + 5)), List.of()));

        assertThat(statements).filteredOn(st -> "D000002".equals(st.term())).first()
                .satisfies(st -> assertThat(st.text()).isEqualTo(other));
    }

    @Test
    void should_group_statements_by_the_selected_term_in_the_order_of_the_terms() {
        List<SourceArticle> sources = sources(DemoRecords.withTermsAndYear(6));
        List<SelectedTerm> terms = List.of(
                new SelectedTerm("D009369", "http://fairrag.test/pid/n", "Neoplasms", List.of("Cancer", "Tumors")),
                new SelectedTerm("D006801", "http://fairrag.test/pid/h", "Humans", List.of("Human", "Man")));

        List<Statement> statements = summarizer(ExtractiveSummarizer.Method.FINDINGS)
                .select(new SummaryInput("What do they report?", sources, terms));

        List<String> runs = new ArrayList<>();
        for (Statement s : statements) {
            assertThat(s.term()).isIn("D009369", "D006801");
            if (runs.isEmpty() || !runs.get(runs.size() - 1).equals(s.term())) {
                runs.add(s.term());
            }
        }
        assertThat(runs).doesNotHaveDuplicates();
        assertThat(List.of("D009369", "D006801")).containsSubsequence(runs);
    }

    @Test
    void should_keep_the_summarizer_before_roles_in_article_and_sentence_order() {
        DemoRecords.Record record = DemoRecords.withTermsAndYear(1).get(0);
        ExtractiveSummarizer before = summarizer(ExtractiveSummarizer.Method.RELEVANCE);

        List<Statement> statements = before.select(new SummaryInput("What did the study find?", sources(List.of(record)), List.of()));

        List<String> order = AbstractSentences.of(record.abstractText()).stream().map(AbstractSentences.Sentence::text).toList();
        List<Integer> positions = statements.stream().map(s -> order.indexOf(s.text())).toList();
        assertThat(positions).doesNotContain(-1).isSorted();
        assertThat(before.model()).isEqualTo("extractive-mmr (all-minilm-l6-v2)");
        assertThat(summarizer(ExtractiveSummarizer.Method.FINDINGS).model())
                .startsWith("extractive-findings (all-minilm-l6-v2, sentence-roles-lr@");
    }
}
