package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** The benchmarks' command line: every benchmark is there, starts, and explains itself. */
class BenchCommandTest {

    @Test
    void should_show_the_help_of_every_benchmark() {
        CommandLine cli = new CommandLine(new BenchCommand());

        assertThat(cli.getSubcommands().keySet())
                .containsExactlyInAnyOrder("ingest", "search", "terms", "quality", "concept-lists", "article-rank", "filter", "annotate", "ask", "summarize", "anchor");
        for (String bench : cli.getSubcommands().keySet()) {
            StringWriter out = new StringWriter();
            CommandLine fresh = new CommandLine(new BenchCommand()).setOut(new PrintWriter(out, true));

            assertThat(fresh.execute(bench, "--help")).as(bench).isZero();
            assertThat(out.toString()).as(bench).startsWith("Usage: fairrag-bench " + bench + " ");
        }
    }

    @Test
    void should_list_the_benchmarks_when_none_is_named() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand()).setErr(new PrintWriter(err, true));

        assertThat(cli.execute()).isEqualTo(2);
        assertThat(err.toString()).startsWith("Usage: fairrag-bench").contains("search", "annotate", "summarize");
    }
}
