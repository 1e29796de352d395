package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Replays findings of the command-line sweep (2026-11-25): {@code fairrag info --data-dir <a typo>} made new, empty
 * stores and said "articles 0", exit 0; pointed at a directory of someone's files it wrote fairrag's beside them; a
 * file as the data directory ended on "fairrag: /path".
 */
class DataDirectoryTest {

    @Test
    void should_accept_a_new_or_empty_directory_only_for_a_command_that_may_start_a_collection(@TempDir Path dir)
            throws IOException {
        Path missing = dir.resolve("nope");
        Path empty = Files.createDirectory(dir.resolve("empty"));

        assertThat(DataDirectory.problem(missing, true)).isEmpty();
        assertThat(DataDirectory.problem(empty, true)).isEmpty();
        assertThat(DataDirectory.problem(missing, false)).hasValueSatisfying(p ->
                assertThat(p).startsWith("there is no data directory at " + missing).contains("--data-dir"));
        assertThat(DataDirectory.problem(empty, false)).hasValueSatisfying(p -> assertThat(p).contains("holds no collection yet"));
    }

    @Test
    void should_refuse_a_file_and_a_directory_of_other_files_and_accept_the_one_fairrag_made(@TempDir Path dir)
            throws IOException {
        Path file = Files.writeString(dir.resolve("afile"), "x");
        Path foreign = Files.createDirectory(dir.resolve("thesis"));
        Files.writeString(foreign.resolve("thesis.txt"), "chapter one");
        Path ours = Files.createDirectory(dir.resolve("data"));
        Files.createDirectory(ours.resolve("fuseki"));

        assertThat(DataDirectory.problem(file, true)).hasValueSatisfying(p -> assertThat(p).contains("is a file, not a directory"));
        assertThat(DataDirectory.problem(foreign, true)).hasValueSatisfying(p ->
                assertThat(p).contains("holds other files and no fairrag stores"));
        assertThat(DataDirectory.problem(ours, false)).isEmpty();
    }

    @Test
    void should_end_a_command_on_a_missing_data_directory_with_status_2_and_create_nothing(@TempDir Path dir) {
        Path missing = dir.resolve("typo");
        StringWriter err = new StringWriter();
        CommandLine cli = Main.commandLine(new Main()).setErr(new PrintWriter(err, true));

        int status = Main.execute(cli, new String[] {"info", "--data-dir", missing.toString()});

        assertThat(status).isEqualTo(2);
        assertThat(err.toString()).contains("there is no data directory at " + missing);
        assertThat(missing).doesNotExist();
    }
}
