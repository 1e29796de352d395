package org.fairrag.app;

import java.util.Map;
import java.util.concurrent.Callable;
import org.fairrag.annotate.MentionCheck;
import org.fairrag.relate.AssociationStore;
import org.fairrag.ingest.ConsistencyCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag check [--repair]}: whether the triple store, the vector index and the PID registry agree
 * about every article; exit status 0 when they do, 3 when they do not (after {@code --repair}: when a
 * repair left something).
 */
@Command(name = "check", description = "Verify that the triple store, the vector index and the PID registry agree "
        + "about every article, that every article's concept mentions are there and current, and that the concept "
        + "associations are counted from them; --repair brings them back into agreement. Stop the server first.")
final class CheckCommand implements Callable<Integer> {

    static final int DISAGREEMENT = 3;
    private static final int LISTED = 20;

    @Mixin
    ConfigOptions options;

    @Option(names = "--repair", description = "Repair what disagrees: publish again from the source records, "
            + "re-embed missing vectors, annotate missing or stale mentions again, remove orphans, count the associations again.")
    boolean repair;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
            ConsistencyCheck check = fairrag.consistencyCheck();
            ConsistencyCheck.Report before = check.check();
            print("checked", before);
            // Mentions are derived from the articles in the graph: checked (and repaired) once the graph is.
            boolean clean = before.clean();
            if (!before.clean() && repair) {
                ConsistencyCheck.Report after = check.repair();
                fairrag.refreshDataset();
                print("after repair", after);
                clean = after.clean();
            }
            MentionCheck mentions = fairrag.mentionCheck();
            MentionCheck.Report found = mentions.check();
            print("concept mentions", found);
            if (!found.clean() && repair) {
                found = mentions.repair(new ConsoleProgress());
                print("concept mentions after repair", found);
            }
            // Associations are counted from the mentions: checked once they are, and counted again on repair.
            AssociationStore.Agreement associations = fairrag.associationStore().check();
            print("concept associations", associations);
            if (!associations.agrees() && repair) {
                fairrag.refreshAssociations();
                associations = fairrag.associationStore().check();
                print("concept associations after repair", associations);
            }
            return clean && found.clean() && associations.agrees() ? 0 : DISAGREEMENT;
        }
    }

    static void print(String when, AssociationStore.Agreement a) {
        System.out.printf("%s: %d public pairs stored over %d sentences, %d counted now over %d: %s%n", when, a.storedPairs(),
                a.storedSentences(), a.countedPairs(), a.countedSentences(), a.agrees() ? "current" : "stale");
    }

    static void print(String when, MentionCheck.Report r) {
        System.out.printf("%s: %d active articles, %d with mentions: %s%n", when, r.activeArticles(), r.annotatedArticles(),
                r.clean() ? "they agree" : r.problems().size() + " problems");
        for (Map.Entry<MentionCheck.Kind, Long> e : r.counts().entrySet()) {
            System.out.printf("  %6d %s%n", e.getValue(), e.getKey().description());
        }
        r.problems().stream().limit(LISTED).forEach(p -> System.out.printf("  %s: %s%n", p.pid(), p.kind().description()));
        if (r.problems().size() > LISTED) {
            System.out.printf("  ... and %d more%n", r.problems().size() - LISTED);
        }
    }

    private static void print(String when, ConsistencyCheck.Report r) {
        System.out.printf("%s: %d active articles in the registry, %d in the graph, %s in the vector index: %s%n", when,
                r.activeArticles(), r.graphArticles(), r.vectorArticles() == null ? "none (no vector index)" : r.vectorArticles(),
                r.clean() ? "the stores agree" : r.problems().size() + " problems");
        for (Map.Entry<ConsistencyCheck.Kind, Long> e : r.counts().entrySet()) {
            System.out.printf("  %6d %s%n", e.getValue(), e.getKey().description());
        }
        r.problems().stream().limit(LISTED).forEach(p -> System.out.printf("  %s: %s%n", p.pid(), p.kind().description()));
        if (r.problems().size() > LISTED) {
            System.out.printf("  ... and %d more%n", r.problems().size() - LISTED);
        }
    }
}
