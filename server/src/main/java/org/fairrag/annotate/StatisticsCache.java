package org.fairrag.annotate;

import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The {@link SubjectStatistics} of the collection, counted on first use and again once the articles annotated
 * since have grown by a tenth of those counted: a few more articles change the shares too little to count again.
 */
public final class StatisticsCache implements Supplier<SubjectStatistics> {

    private static final double GROWTH = 0.1;
    private static final long MIN_GROWTH = 50;

    private final Supplier<SubjectStatistics> count;
    private final LongSupplier annotatedArticles;
    private Counted counted;

    private record Counted(SubjectStatistics statistics, long annotatedThen) {}

    /**
     * @param count             counts the statistics (blocking)
     * @param annotatedArticles how many articles have been annotated so far (grows as ingestion goes on)
     */
    public StatisticsCache(Supplier<SubjectStatistics> count, LongSupplier annotatedArticles) {
        this.count = count;
        this.annotatedArticles = annotatedArticles;
    }

    @Override
    public synchronized SubjectStatistics get() {
        long now = annotatedArticles.getAsLong();
        if (counted == null || now - counted.annotatedThen() > Math.max(MIN_GROWTH, GROWTH * counted.statistics().taggedArticles())) {
            counted = new Counted(count.get(), now);
        }
        return counted.statistics();
    }
}
