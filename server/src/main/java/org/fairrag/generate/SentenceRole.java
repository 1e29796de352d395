package org.fairrag.generate;

import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** What a sentence of an abstract does: the four parts of a structured abstract. */
public enum SentenceRole {
    BACKGROUND, METHODS, RESULTS, CONCLUSIONS;

    /**
     * Words (or their starts) of section labels naming one role. "MAIN OUTCOME MEASURES" names methods,
     * "KEY FINDINGS" results, "INTERPRETATION" conclusions.
     */
    private static final Map<SentenceRole, List<String>> LABEL_WORDS = Map.of(
            BACKGROUND, List.of("BACKGROUND", "INTRODUCTION", "OBJECTIVE", "PURPOSE", "AIM", "CONTEXT", "RATIONALE",
                    "IMPORTANCE", "MOTIVATION", "HYPOTHES", "GOAL"),
            METHODS, List.of("METHOD", "DESIGN", "SETTING", "PATIENT", "SUBJECT", "PARTICIPANT", "INTERVENTION",
                    "MEASURE", "MATERIAL", "SOURCE", "PROCEDURE", "ANIMAL", "POPULATION", "SELECTION", "EXTRACTION",
                    "ELIGIBILITY", "SAMPLE"),
            RESULTS, List.of("RESULT", "FINDING"),
            CONCLUSIONS, List.of("CONCLU", "INTERPRETATION", "IMPLICATION", "SIGNIFICANCE", "DISCUSSION"));

    /**
     * The role a section label names ({@code "MATERIALS AND METHODS"}: methods), empty when it names none
     * ({@code "TRIAL REGISTRATION"}) or several ({@code "METHODS AND RESULTS"}).
     */
    public static Optional<SentenceRole> ofLabel(String label) {
        Set<SentenceRole> named = EnumSet.noneOf(SentenceRole.class);
        for (String word : label.toUpperCase(Locale.ROOT).split("[^\\p{L}]+")) {
            LABEL_WORDS.forEach((role, starts) -> {
                if (starts.stream().anyMatch(word::startsWith)) {
                    named.add(role);
                }
            });
        }
        return named.size() == 1 ? Optional.of(named.iterator().next()) : Optional.empty();
    }

    /** Results and conclusions report what a study found. */
    public boolean isFinding() {
        return this == RESULTS || this == CONCLUSIONS;
    }
}
