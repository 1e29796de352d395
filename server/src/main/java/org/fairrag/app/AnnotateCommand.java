package org.fairrag.app;

import java.util.concurrent.Callable;
import org.fairrag.annotate.MentionCheck;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag annotate [--missing]}: finds the concept mentions of every active article again (after a
 * vocabulary or method change), or with {@code --missing} of those whose mentions are missing or stale only.
 */
@Command(name = "annotate", description = "Find the concept mentions of every article again (W3C Web Annotations in "
        + "the mentions graphs); --missing: only where they are missing or stale. Stop the server first.")
final class AnnotateCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--missing", description = "Only articles without mentions or with mentions of another text, method "
            + "or access level; remove the mentions of articles that are no longer active.")
    boolean missing;

    @Override
    public Integer call() throws Exception {
        try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
            MentionCheck check = fairrag.mentionCheck();
            long t0 = System.nanoTime();
            boolean clean = true;
            if (missing) {
                MentionCheck.Report after = check.repair(new ConsoleProgress());
                CheckCommand.print("concept mentions after repair", after);
                clean = after.clean();
            } else {
                check.annotateAll(new ConsoleProgress());
            }
            double seconds = (System.nanoTime() - t0) / 1e9;
            fairrag.refreshAssociations();
            long mentions = fairrag.mentionIndex().counts().mentions();
            System.out.printf("%d articles annotated, %d mentions, in %.1f s (%.0f articles/s, %.0f mentions/s)%n",
                    fairrag.mentionIndex().counts().articles(), mentions, seconds,
                    fairrag.mentionIndex().counts().articles() / seconds, mentions / seconds);
            return clean ? 0 : CheckCommand.DISAGREEMENT;
        }
    }
}
