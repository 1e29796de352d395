package org.fairrag.annotate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.annotate.StudiedAges.Interval;
import org.fairrag.annotate.SubjectModel.Feature;
import org.junit.jupiter.api.Test;

/** The ages of the people an abstract says were studied, in sentences as abstracts write them. */
class StudiedAgesTest {

    private static List<Interval> ages(String abstractText) {
        return StudiedAges.of(null, abstractText).ages();
    }

    @Test
    void should_read_a_range_of_years_as_from_its_first_year_to_after_its_last() {
        assertThat(ages("A total of 312 patients aged 45-70 years were enrolled between 2010 and 2015."))
                .containsExactly(new Interval(45, 71));
        assertThat(ages("Children aged 6 to 12 years (n = 240) completed the questionnaire."))
                .containsExactly(new Interval(6, 13));
        assertThat(ages("Healthy volunteers between the ages of 18 and 65 were recruited."))
                .containsExactly(new Interval(18, 66));
    }

    @Test
    void should_read_runs_of_spaces_tabs_and_line_breaks_as_one_space() {
        assertThat(ages("Patients aged" + " ".repeat(300) + "45-70\t\tyears were enrolled."))
                .isEqualTo(ages("Patients aged 45-70 years were enrolled."));
        assertThat(ages("The mean\n\nage was   62.3 ±\t8 years.")).isEqualTo(ages("The mean age was 62.3 ± 8 years."));
    }

    @Test
    void should_read_a_mean_with_its_standard_deviation_as_two_deviations_either_side() {
        List<Interval> found = ages("The mean age was 62.3 ± 8 years, and 58% were women.");

        assertThat(found).hasSize(1);
        assertThat(found.get(0).from()).isCloseTo(46.3, within(1e-9));
        assertThat(found.get(0).to()).isCloseTo(79.3, within(1e-9));
    }

    @Test
    void should_read_a_median_and_its_range() {
        assertThat(ages("The median age of the cohort was 54 years (range, 21-83 years)."))
                .containsExactlyInAnyOrder(new Interval(54, 55), new Interval(21, 84));
    }

    @Test
    void should_read_months_weeks_and_days_as_fractions_of_a_year() {
        List<Interval> infants = ages("Three hundred 3-month-old infants received the vaccine.");
        assertThat(infants).hasSize(1);
        assertThat(infants.get(0).from()).isCloseTo(0.25, within(1e-9));
        assertThat(infants.get(0).to()).isCloseTo(4 / 12.0, within(1e-9));
        List<Interval> newborns = ages("Neonates aged 3 days underwent screening.");
        assertThat(newborns).hasSize(1);
        assertThat(newborns.get(0).to()).isLessThan(1 / 12.0);
    }

    @Test
    void should_read_over_and_under_as_open_intervals() {
        assertThat(ages("We included community-dwelling adults over 65 years.")).containsExactly(new Interval(65, StudiedAges.OLDEST));
        assertThat(ages("Adults ≥65 years of age were eligible.")).containsExactly(new Interval(65, StudiedAges.OLDEST));
        assertThat(ages("Residents aged 80 years and over were interviewed.")).contains(new Interval(80, StudiedAges.OLDEST));
        assertThat(ages("Malaria in children under 5 years of age remains common.")).containsExactly(new Interval(0, 5));
    }

    @Test
    void should_find_no_age_where_none_is_stated() {
        assertThat(ages("Cisplatin induced apoptosis in cultured hepatocytes through caspase-3 activation.")).isEmpty();
    }

    @Test
    void should_not_take_counts_durations_or_gestation_for_ages() {
        assertThat(ages("Of 65 patients, 40 responded to treatment.")).isEmpty();
        assertThat(ages("Patients were followed for 12 months of follow-up after surgery.")).isEmpty();
        assertThat(ages("The 5-year survival was 62% and 12 months later 30 had relapsed.")).isEmpty();
        assertThat(ages("Preterm infants born at 28 weeks' gestation, gestational age 24-32 weeks, were randomised."))
                .isEmpty();
        assertThat(ages("Mice were treated for 14 days or more.")).isEmpty();
    }

    @Test
    void should_give_each_age_group_the_ages_stated_that_fall_in_it() {
        Map<String, Interval> groups = Map.of("MIDDLE", CheckTags.AGE_GROUPS.get("Middle Aged"),
                "AGED", CheckTags.AGE_GROUPS.get("Aged"), "CHILD", CheckTags.AGE_GROUPS.get("Child"));
        List<SubjectCandidates.Candidate> candidates = SubjectCandidates.of(List.of(), List.of(),
                new SubjectStatistics(10, Map.of(), Map.of(), Map.of(), 0.3), Set.of("MIDDLE", "AGED", "CHILD", "FEMALE"),
                id -> List.of(), true, true, Set.of("MIDDLE", "AGED", "CHILD", "FEMALE", "OTHER"));

        SubjectCandidates.describeAges(candidates, StudiedAges.of(null,
                "Postmenopausal women aged 50-69 years were screened."), groups);

        Map<String, double[]> x = new java.util.HashMap<>();
        candidates.forEach(c -> x.put(c.termId(), c.features()));
        assertThat(x.get("MIDDLE")[Feature.AGES_STATED.ordinal()]).isEqualTo(1);
        assertThat(x.get("MIDDLE")[Feature.AGE_OVERLAP.ordinal()]).isEqualTo(1);
        assertThat(x.get("MIDDLE")[Feature.AGE_COVER.ordinal()]).isCloseTo(0.75, within(1e-9));
        assertThat(x.get("AGED")[Feature.AGE_COVER.ordinal()]).isCloseTo(0.25, within(1e-9));
        assertThat(x.get("CHILD")[Feature.AGES_STATED.ordinal()]).isEqualTo(1);
        assertThat(x.get("CHILD")[Feature.AGE_OVERLAP.ordinal()]).isZero();
        for (Feature f : Feature.AGES) {
            assertThat(x.get("FEMALE")[f.ordinal()]).as("a check tag, not an age group: " + f).isZero();
            assertThat(x.get("OTHER")[f.ordinal()]).as("not an age group: " + f).isZero();
        }
    }
}
