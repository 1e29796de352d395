package org.fairrag.anchor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each concept's places judged within its own distribution of similarities, with a floor and a cap. */
class PerConceptSelectionTest {

    private record Place(String concept, String name, double similarity) {}

    @Test
    void should_keep_the_places_that_stand_out_above_the_concepts_mean_plus_z_standard_deviations() {
        List<Place> places = List.of(place("a", 0.90), place("b", 0.88), place("c", 0.50), place("d", 0.52),
                place("e", 0.49), place("f", 0.51), place("g", 0.50), place("h", 0.48));

        PerConceptSelection.Selected<Place> s = new PerConceptSelection(1.0, 1, 5).select(places, Place::similarity);

        assertThat(s.kept()).extracting(Place::name).containsExactly("a", "b");
        assertThat(s.candidates()).isEqualTo(8);
        assertThat(s.threshold()).isGreaterThan(0.52).isLessThan(0.88);
    }

    @Test
    void should_keep_at_least_the_floor_and_at_most_the_cap() {
        List<Place> flat = List.of(place("a", 0.60), place("b", 0.50), place("c", 0.50), place("d", 0.50));
        List<Place> many = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            many.add(place("p" + i, i < 10 ? 0.9 - i * 0.001 : 0.1));
        }

        assertThat(new PerConceptSelection(1.0, 3, 5).select(flat, Place::similarity).kept()).extracting(Place::name)
                .as("one stands out, the floor adds the next best").containsExactly("a", "b", "c");
        assertThat(new PerConceptSelection(0.5, 1, 4).select(many, Place::similarity).kept()).extracting(Place::name)
                .as("ten stand out, the cap keeps the best four").containsExactly("p0", "p1", "p2", "p3");
        assertThat(new PerConceptSelection(1.0, 2, 5).select(List.<Place>of(), Place::similarity).kept()).isEmpty();
    }

    @Test
    void should_give_a_rarely_mentioned_concept_its_own_best_places_where_one_top_k_over_all_would_give_none() {
        List<Place> common = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            common.add(new Place("common", "c" + i, 0.80 - i * 0.01));
        }
        List<Place> rare = List.of(new Place("rare", "r0", 0.55), new Place("rare", "r1", 0.40), new Place("rare", "r2", 0.38));
        PerConceptSelection selection = PerConceptSelection.EVIDENCE;

        List<Place> all = new ArrayList<>(common);
        all.addAll(rare);
        all.sort((x, y) -> Double.compare(y.similarity(), x.similarity()));
        List<Place> perConcept = new ArrayList<>(selection.select(common, Place::similarity).kept());
        perConcept.addAll(selection.select(rare, Place::similarity).kept());

        assertThat(all.subList(0, 5)).extracting(Place::concept).containsOnly("common");
        assertThat(perConcept).extracting(Place::name).contains("r0").doesNotContain("c11");
        assertThat(perConcept).filteredOn(p -> p.concept().equals("common")).hasSizeLessThanOrEqualTo(5);
    }

    @Test
    void should_refuse_a_cap_below_the_floor() {
        assertThatThrownBy(() -> new PerConceptSelection(1.0, 4, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    private static Place place(String name, double similarity) {
        return new Place("x", name, similarity);
    }
}
