package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A held-out evaluation set measures what term linking and search do with words nobody gave them, so none
 * of its phrases may be a row of the lay-name lexicon, compared as the lexicon compares names (case,
 * plurals, hyphens and word order aside), and none may stand in a prompt under {@code prompts/}. Reads only
 * the first column of each set, and reports a phrase only by its file, so that nobody learns the sets from a
 * failure.
 */
class HeldOutPhrasesTest {

    private static final LayNameOverlap LEXICON = LayNameOverlap.bundled();
    private static final Path QUALITY_SETS = Path.of("src/test/resources/quality");
    private static final Path PROMPTS = Path.of("../prompts");
    private static final List<String> FORMERLY_HELD_OUT = List.of("search-lay-dev-2.tsv", "search-lay-dev-3.tsv");

    @Test
    void should_find_no_phrase_of_a_held_out_set_among_the_lay_names() throws IOException {
        List<Path> sets = heldOutSets();

        assertThat(sets).extracting(p -> p.getFileName().toString())
                .contains("term-linking-holdout-4.tsv", "search-lay-heldout.tsv", "search-lay-dev-2.tsv");
        for (Path set : sets) {
            List<String> phrases = firstColumn(set);
            assertThat(phrases).as(set.getFileName().toString()).isNotEmpty();
            assertThat(LEXICON.listedAmong(phrases).size())
                    .as("phrases of %s that are lay-name rows", set.getFileName()).isZero();
        }
    }

    @Test
    void should_find_no_phrase_of_a_held_out_set_in_the_prompts() throws IOException {
        List<Path> sets = new ArrayList<>(heldOutSets());
        sets.add(Path.of("src/test/resources/ask/heldout.tsv"));
        StringBuilder prompts = new StringBuilder();
        try (Stream<Path> files = Files.list(PROMPTS)) {
            for (Path prompt : files.filter(p -> p.toString().endsWith(".txt")).sorted().toList()) {
                prompts.append(normalised(Files.readString(prompt))).append('\n');
            }
        }
        assertThat(prompts).as("the prompts").isNotEmpty();
        for (Path set : sets) {
            List<String> phrases = firstColumn(set);
            assertThat(phrases).as(set.getFileName().toString()).isNotEmpty();
            long inPrompts = phrases.stream().map(HeldOutPhrasesTest::normalised)
                    .filter(p -> !p.isBlank() && prompts.indexOf(p) >= 0).count();
            assertThat(inPrompts).as("phrases of %s found in prompts/", set.getFileName()).isZero();
        }
    }

    private static String normalised(String text) {
        return text.toLowerCase(java.util.Locale.ROOT).replaceAll("\\s+", " ").trim();
    }

    /**
     * The held-out sets, and the development sets that were held out when written: their phrases stay out
     * too, so that they still measure words nobody gave the lexicon. From the source folder, not the copy
     * under target/, which keeps files renamed or deleted since.
     */
    private static List<Path> heldOutSets() throws IOException {
        try (Stream<Path> files = Files.list(QUALITY_SETS)) {
            return files.filter(p -> {
                String name = p.getFileName().toString();
                return name.contains("heldout") || name.contains("holdout") || FORMERLY_HELD_OUT.contains(name);
            }).sorted().toList();
        }
    }

    /** The first cell of every row: comment and blank lines skipped, the first other line is the header. */
    private static List<String> firstColumn(Path set) throws IOException {
        List<String> out = new ArrayList<>();
        boolean header = true;
        for (String line : Files.readAllLines(set)) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            out.add(line.split("\t")[0]);
        }
        return out;
    }
}
