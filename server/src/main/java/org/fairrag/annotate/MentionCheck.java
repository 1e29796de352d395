package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.function.LongConsumer;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.search.PublishedArticles;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Whether the concept mentions agree with the articles, and bringing them back into agreement: every
 * active article has mentions, made by the current method from its title and abstract as published, in
 * the mentions graph of its access level; nothing else has any. Mentions are derived data: they are made
 * again from the articles in the graph (which {@code fairrag check --repair} first restores from the
 * source records). Blocking.
 */
public final class MentionCheck {

    private static final int BATCH = 500;
    /** Articles per transaction while the server serves: the graph's one writer is held this long, not longer. */
    private static final int SERVING_BATCH = 100;

    public enum Kind {
        MISSING("active article without mentions"),
        STALE("mentions of another text, method or access level"),
        ORPHAN("mentions of an article that is not active");

        private final String description;

        Kind(String description) {
            this.description = description;
        }

        public String description() {
            return description;
        }
    }

    public record Problem(Kind kind, String pid) {}

    public record Report(long activeArticles, long annotatedArticles, List<Problem> problems) {
        public boolean clean() {
            return problems.isEmpty();
        }

        public Map<Kind, Long> counts() {
            Map<Kind, Long> out = new TreeMap<>();
            problems.forEach(p -> out.merge(p.kind(), 1L, Long::sum));
            return out;
        }
    }

    private final PidRegistry registry;
    private final PublishedArticles published;
    private final MentionStore store;
    private final MentionIndex index;
    private final java.util.function.Supplier<VocabularyIndex> vocabulary;
    private final Function<String, String> pidOfId;

    public MentionCheck(PidRegistry registry, PublishedArticles published, MentionStore store, MentionIndex index,
                        java.util.function.Supplier<VocabularyIndex> vocabulary, Function<String, String> pidOfId) {
        this.registry = registry;
        this.published = published;
        this.store = store;
        this.index = index;
        this.vocabulary = vocabulary;
        this.pidOfId = pidOfId;
    }

    public Report check() {
        Map<String, String> active = activeArticles();
        Map<String, MentionStore.Stored> stored = store.stored();
        List<Problem> problems = new ArrayList<>();
        String generator = MentionRdf.GENERATOR_RESOURCE.getURI();
        List<String> pids = new ArrayList<>(active.keySet());
        for (int from = 0; from < pids.size(); from += BATCH) {
            for (Article a : published.read(pids.subList(from, Math.min(pids.size(), from + BATCH)), vocabulary.get())) {
                MentionStore.Stored s = stored.get(a.pid());
                if (s == null) {
                    problems.add(new Problem(Kind.MISSING, a.pid()));
                } else if (!s.generator().equals(generator) || !s.textChecksum().equals(MentionIndex.textChecksum(a))
                        || !s.accessLevel().equals(active.get(a.pid()))) {
                    problems.add(new Problem(Kind.STALE, a.pid()));
                }
            }
        }
        Set<String> seen = new HashSet<>();
        problems.forEach(p -> seen.add(p.pid()));
        for (String pid : active.keySet()) {
            // An active article the graph does not describe is for the consistency check to restore first.
            if (!stored.containsKey(pid) && !seen.contains(pid)) {
                problems.add(new Problem(Kind.MISSING, pid));
            }
        }
        for (String pid : stored.keySet()) {
            if (!active.containsKey(pid)) {
                problems.add(new Problem(Kind.ORPHAN, pid));
            }
        }
        return new Report(active.size(), stored.size(), problems);
    }

    /** Annotates missing and stale articles again, removes orphans, and checks again. */
    public Report repair(IngestProgress progress) {
        Report found = check();
        List<String> annotate = new ArrayList<>();
        List<String> orphans = new ArrayList<>();
        for (Problem p : found.problems()) {
            (p.kind() == Kind.ORPHAN ? orphans : annotate).add(p.pid());
        }
        store.remove(orphans);
        reannotate(annotate, progress);
        return check();
    }

    /** Annotates every active article again, whatever its mentions are now; returns how many. */
    public int annotateAll(IngestProgress progress) {
        List<String> pids = new ArrayList<>(activeArticles().keySet());
        pids.sort(null);
        reannotate(pids, progress);
        Set<String> active = new HashSet<>(pids);
        store.remove(store.stored().keySet().stream().filter(p -> !active.contains(p)).toList());
        return pids.size();
    }

    /** The active articles that have no mentions at all (none made yet, or removed to be made again), in PID order. */
    public List<String> missing() {
        Set<String> annotated = store.stored().keySet();
        List<String> out = new ArrayList<>(activeArticles().keySet().stream().filter(p -> !annotated.contains(p)).toList());
        out.sort(null);
        return out;
    }

    /**
     * Annotates these articles, a batch at a time, each batch committed on its own; an article annotated
     * meanwhile with the same text and method is not annotated again. {@code progress} is told the articles
     * done after each batch; {@code stop} is asked before each. Returns how many articles were gone through.
     */
    public int annotate(List<String> pids, LongConsumer progress, BooleanSupplier stop) {
        int done = 0;
        for (int from = 0; from < pids.size() && !stop.getAsBoolean(); from += SERVING_BATCH) {
            List<String> batch = pids.subList(from, Math.min(pids.size(), from + SERVING_BATCH));
            // Read and written in one transaction: a tombstone or move cannot fall between (MentionStore#inOneTransaction).
            store.inOneTransaction(() -> index.index(published.read(batch, vocabulary.get())));
            done += batch.size();
            progress.accept(done);
        }
        return done;
    }

    private void reannotate(List<String> pids, IngestProgress progress) {
        if (pids.isEmpty()) {
            return;
        }
        progress.start("Annotating concept mentions", pids.size(), "articles");
        try {
            for (int from = 0; from < pids.size(); from += BATCH) {
                List<String> batch = pids.subList(from, Math.min(pids.size(), from + BATCH));
                store.remove(batch);
                index.index(published.read(batch, vocabulary.get()));
                progress.advanceTo(from + batch.size());
            }
        } finally {
            progress.finish();
        }
    }

    /** PID to access level of every active article of the registry. */
    private Map<String, String> activeArticles() {
        Map<String, String> out = new HashMap<>();
        for (PidRecord r : registry.articles().await()) {
            if (r.status() == PidRecord.Status.ACTIVE) {
                out.put(pidOfId.apply(r.id()), r.accessLevel());
            }
        }
        return out;
    }
}
