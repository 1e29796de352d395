package org.fairrag.app;

import java.util.concurrent.Callable;
import org.fairrag.relate.AssociationStore;
import org.fairrag.relate.RelationTyper;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code fairrag relations [--typed]}: counts the associations between concepts again from the concept
 * mentions; with {@code --typed}, asks the configured language model to type the strongest public ones.
 */
@Command(name = "relations", description = "Count the associations between concepts that sentences mention together "
        + "again (normalised PMI, evidence sentences); --typed: ask the language model of FAIRRAG_LLM to type the strongest "
        + "public ones (treats, causes, prevents, diagnoses, associated with) from their evidence. Stop the server first.")
final class RelationsCommand implements Callable<Integer> {

    @Mixin
    ConfigOptions options;

    @Option(names = "--typed", description = "Type the strongest associations with the configured language model.")
    boolean typed;

    @Option(names = "--limit", defaultValue = "50", description = "Associations to type at most (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--min-articles", defaultValue = "3", description = "Only associations met in at least this many "
            + "articles (default ${DEFAULT-VALUE}).")
    int minArticles;

    @Option(names = "--again", description = "Type again the associations this model typed before.")
    boolean again;

    @Override
    public Integer call() throws Exception {
        if (typed && !options.config().llm().enabled()) {
            System.err.println("fairrag: --typed needs a language model: set FAIRRAG_LLM (openai or ollama) and its settings.");
            return 2;
        }
        if (limit < 1 || minArticles < 1) {
            System.err.println("fairrag: --limit and --min-articles must be at least 1.");
            return 2;
        }
        try (Fairrag fairrag = Fairrag.open(options.offline(false))) {
            AssociationStore.Report counted = fairrag.refreshAssociations();
            System.out.printf("Associations: %d public pairs from %d sentences%s, in %.1f s%n", counted.publicPairs(),
                    counted.publicSentences(), counted.allPairs() > 0 ? ", " + counted.allPairs() + " over all articles" : "",
                    counted.took().toMillis() / 1000.0);
            if (typed) {
                RelationTyper typer = fairrag.relationTyper();
                long t0 = System.nanoTime();
                RelationTyper.Report r = typer.typeStrongest(limit, minArticles, again);
                System.out.printf("Typed %d associations with %s in %.1f s; %d answers rejected, %d typed before%n", r.typed(),
                        typer.modelName(), (System.nanoTime() - t0) / 1e9, r.rejected().size(), r.skipped());
                r.rejected().forEach(why -> System.out.println("  rejected: " + why));
            }
            return 0;
        }
    }
}
