package org.fairrag.relate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Set;
import org.fairrag.relate.CoOccurrence.Pair;
import org.fairrag.relate.CoOccurrence.SentenceRef;
import org.junit.jupiter.api.Test;

class CoOccurrenceTest {

    @Test
    void should_score_pairs_by_normalised_pmi_over_sentences() {
        CoOccurrence c = new CoOccurrence();
        // 8 sentences: A and B together in 2 (articles p1, p2), A alone in 1, B alone in 1, C with A once, 3 empty.
        c.add(new SentenceRef("p1", 1), Set.of("A", "B"));
        c.add(new SentenceRef("p2", 1), Set.of("A", "B"));
        c.add(new SentenceRef("p2", 2), Set.of("A", "C"));
        c.add(new SentenceRef("p3", 1), Set.of("A"));
        c.add(new SentenceRef("p3", 2), Set.of("B"));
        for (int i = 3; i < 6; i++) {
            c.add(new SentenceRef("p3", i), Set.of());
        }

        List<Pair> pairs = c.pairs();

        assertThat(c.sentenceCount()).isEqualTo(8);
        assertThat(pairs).extracting(Pair::a, Pair::b).containsExactly(org.assertj.core.groups.Tuple.tuple("A", "B"));
        Pair ab = pairs.get(0);
        assertThat(ab.sentences()).isEqualTo(2);
        assertThat(ab.articles()).isEqualTo(2);
        assertThat(ab.sentencesA()).isEqualTo(4);
        assertThat(ab.sentencesB()).isEqualTo(3);
        // p(a,b) = 2/8, p(a) = 4/8, p(b) = 3/8: ln((1/4) / (1/2 * 3/8)) / -ln(1/4)
        assertThat(ab.npmi()).isCloseTo(Math.log((2.0 / 8) / ((4.0 / 8) * (3.0 / 8))) / -Math.log(2.0 / 8), within(1e-12));
        assertThat(ab.evidenceArticles()).containsExactly("p1", "p2");
    }

    @Test
    void should_give_one_to_concepts_only_ever_together_and_less_than_zero_to_those_that_avoid_each_other() {
        assertThat(CoOccurrence.npmi(5, 5, 5, 100)).isCloseTo(1.0, within(1e-12));
        assertThat(CoOccurrence.npmi(1, 50, 50, 100)).isNegative();
        assertThat(CoOccurrence.npmi(25, 50, 50, 100)).isCloseTo(0.0, within(1e-12));
    }

    @Test
    void should_count_a_concept_once_per_sentence_and_leave_out_pairs_of_one_article() {
        CoOccurrence c = new CoOccurrence();
        c.add(new SentenceRef("p1", 1), Set.of("A", "B"));
        c.add(new SentenceRef("p1", 2), Set.of("A", "B"));
        c.add(new SentenceRef("p1", 3), Set.of("A", "B", "C"));

        assertThat(c.pairs()).isEmpty();
    }

    @Test
    void should_name_the_first_sentence_of_each_article_as_evidence_before_more_of_the_same_article() {
        CoOccurrence c = new CoOccurrence();
        for (int article = 1; article <= 6; article++) {
            for (int s = 1; s <= 3; s++) {
                c.add(new SentenceRef("p" + article, s), Set.of("A", "B"));
            }
        }

        Pair ab = c.pairs().get(0);

        assertThat(ab.sentences()).isEqualTo(18);
        assertThat(ab.articles()).isEqualTo(6);
        assertThat(ab.evidence()).hasSize(CoOccurrence.MAX_EVIDENCE);
        assertThat(ab.evidence().subList(0, 6)).extracting(SentenceRef::index).containsOnly(1);
        assertThat(ab.evidence().subList(0, 6)).extracting(SentenceRef::articlePid)
                .containsExactly("p1", "p2", "p3", "p4", "p5", "p6");
        assertThat(ab.evidence().subList(6, 10)).extracting(SentenceRef::index).containsOnly(2, 3);
    }
}
