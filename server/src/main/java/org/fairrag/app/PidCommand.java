package org.fairrag.app;

import java.util.Optional;
import java.util.concurrent.Callable;
import org.fairrag.fdo.PidScheme;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.Tombstones;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code fairrag pid ...}: administration of PIDs. */
@Command(name = "pid", description = "Administer PIDs (stop the server first).", subcommands = PidCommand.Tombstone.class)
final class PidCommand {

    @Command(name = "tombstone", description = "Withdraw an article's or a summary's content: the PID then answers "
            + "410 Gone with the metadata kept, and search, filter and summarize no longer see it. Running it again "
            + "changes nothing. Stop the server first (or use the admin API of a running server).")
    static final class Tombstone implements Callable<Integer> {
        @Mixin
        ConfigOptions options;

        @Parameters(index = "0", paramLabel = "PID", description = "The PID (<base>/pid/<id>) or its id.")
        String pid;

        @Option(names = "--reason", required = true, description = "Why the content is withdrawn (shown on the tombstone).")
        String reason;

        @Override
        public Integer call() throws Exception {
            FairragConfig config = options.offline(false);
            Optional<String> id = PidScheme.idOf(pid, config.baseUrl());
            if (id.isEmpty()) {
                throw new CommandLine.ParameterException(new CommandLine(this), "Not a PID of " + config.baseUrl()
                        + " nor a valid id: " + pid);
            }
            try (Fairrag fairrag = Fairrag.open(config)) {
                Optional<Tombstones.Outcome> outcome = fairrag.tombstones().tombstone(id.get(), reason);
                if (outcome.isEmpty()) {
                    System.err.printf("fairrag: no PID %s is registered%n", config.pidUrl(id.get()));
                    return 1;
                }
                var record = outcome.get().record();
                System.out.printf("%s %s: %s on %s (%s)%n", config.pidUrl(record.id()),
                        outcome.get().changed() ? "tombstoned" : "was already tombstoned",
                        record.tombstoneReason(), FdoLoader.dateTime(record.tombstonedAt()).getLexicalForm(),
                        record.kind().code());
            }
            return 0;
        }
    }
}
