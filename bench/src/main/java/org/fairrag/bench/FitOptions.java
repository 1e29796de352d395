package org.fairrag.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The options of a bench that fits one of the search's models: the development sets to fit on, and where to write it. */
final class FitOptions {

    @Spec(Spec.Target.MIXEE)
    CommandSpec spec;

    @Option(names = "--queries", required = true, description = "A query set to fit on (repeat for several); never a "
            + "held-out set.")
    List<Path> sets;

    @Option(names = "--out", description = "Where to write the fitted model (the bundled ones are under "
            + "server/src/main/resources/fairrag/search/); printed when absent.")
    Path out;

    /** A held-out set (its file name says "heldout" or "holdout") measures; fitting on it would spend it unseen. */
    void refuseHeldOut() {
        for (Path set : sets) {
            String name = set.getFileName().toString().toLowerCase(Locale.ROOT);
            if (name.contains("heldout") || name.contains("holdout")) {
                throw new ParameterException(spec.commandLine(), "--queries " + set + " is a held-out set: fit on "
                        + "development sets only, and measure a held-out set once with fairrag-bench quality");
            }
        }
    }

    /** The sets' file names, for a model file's header. */
    List<String> setNames() {
        return sets.stream().map(p -> p.getFileName().toString()).toList();
    }

    /** The command line that fits the model again, for a model file's header. */
    String command(String bench) {
        return "java -Xmx3g -jar bench/target/fairrag-bench.jar " + bench + " "
                + String.join(" ", sets.stream().map(p -> "--queries " + p).toList()) + " --out <this file>";
    }

    /** Writes the model file to {@code --out}, or prints it. */
    void write(String model) throws IOException {
        if (out == null) {
            System.out.print(model);
        } else {
            Files.writeString(out, model);
            System.out.printf("%nwrote %s%n", out);
        }
    }
}
