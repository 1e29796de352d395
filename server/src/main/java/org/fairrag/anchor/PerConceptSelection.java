package org.fairrag.anchor;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * Which of the places that mention one concept to keep for a request, judged within that concept's own
 * distribution of similarities to the request, as Tripartite-GraphRAG selects context per concept: a place
 * is kept when its similarity stands out among the concept's places (at least the mean plus {@code z}
 * standard deviations), so a concept mentioned everywhere gives its few best places and a rare one is
 * not crowded out by a common one, as it would be under one top-k over all concepts. At least {@code floor}
 * places are kept when there are that many (the best ones), at most {@code cap}.
 */
public record PerConceptSelection(double z, int floor, int cap) {

    /** Evidence for a summary or an answer: the places well above the concept's mean, 2 to 5 of them. */
    public static final PerConceptSelection EVIDENCE = new PerConceptSelection(1.0, 2, 5);

    public PerConceptSelection {
        if (floor < 0 || cap < floor || cap < 1) {
            throw new IllegalArgumentException("need 0 <= floor <= cap and cap >= 1");
        }
    }

    /** What was kept of one concept's places, best first, and the distribution they were judged in. */
    public record Selected<T>(List<T> kept, int candidates, double mean, double sd, double threshold) {}

    /** Keeps the places of one concept that stand out; {@code places} in any order. */
    public <T> Selected<T> select(List<T> places, ToDoubleFunction<T> similarity) {
        int n = places.size();
        if (n == 0) {
            return new Selected<>(List.of(), 0, Double.NaN, Double.NaN, Double.NaN);
        }
        double sum = 0;
        for (T p : places) {
            sum += similarity.applyAsDouble(p);
        }
        double mean = sum / n;
        double squares = 0;
        for (T p : places) {
            double d = similarity.applyAsDouble(p) - mean;
            squares += d * d;
        }
        double sd = Math.sqrt(squares / n);
        double threshold = mean + z * sd;
        List<T> sorted = new ArrayList<>(places);
        sorted.sort(Comparator.comparingDouble(similarity).reversed());
        int above = 0;
        while (above < n && similarity.applyAsDouble(sorted.get(above)) >= threshold) {
            above++;
        }
        int keep = Math.min(cap, Math.min(n, Math.max(floor, above)));
        return new Selected<>(List.copyOf(sorted.subList(0, keep)), n, mean, sd, threshold);
    }
}
