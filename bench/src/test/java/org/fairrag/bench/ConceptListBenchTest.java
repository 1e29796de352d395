package org.fairrag.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class ConceptListBenchTest {

    @Test
    void should_refuse_to_fit_on_a_held_out_set_before_opening_anything() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand()).setErr(new PrintWriter(err, true));

        int exit = cli.execute("concept-lists", "--queries", "server/src/test/resources/quality/search-lay-dev.tsv",
                "--queries", "server/src/test/resources/quality/search-lay-heldout-8.tsv", "--data-dir",
                "target/never-created");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("search-lay-heldout-8.tsv is a held-out set");
        assertThat(new java.io.File("target/never-created")).doesNotExist();
    }

    @Test
    void should_refuse_to_fit_the_article_rank_model_on_a_held_out_set_before_opening_anything() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new BenchCommand()).setErr(new PrintWriter(err, true));

        int exit = cli.execute("article-rank", "--queries", "server/src/test/resources/quality/search-lay-heldout-8.tsv",
                "--data-dir", "target/never-created-either");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("search-lay-heldout-8.tsv is a held-out set");
        assertThat(new java.io.File("target/never-created-either")).doesNotExist();
    }
}
