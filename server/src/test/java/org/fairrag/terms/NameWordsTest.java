package org.fairrag.terms;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The words of the names: ids, postings, related forms, and misspellings found through Lucene's fuzzy term enumeration. */
class NameWordsTest {

    private static final List<String> WORDS = List.of("esophagus", "esophageal", "esophagitis", "neoplasm", "hepatitis",
            "hepatic", "hepatoma", "clavicle", "diabetes", "diabetic", "diabete", "dialysis", "dyalisis", "kidney",
            "kidneys", "kindey", "renal", "retinal", "retina", "rental", "arthritis", "arthrosis", "asthma", "astma",
            "bronchitis", "bronchiolitis", "leukemia", "leukaemia", "leukemias");

    private static NameWords words(List<String> list) {
        NameWords.Builder builder = new NameWords.Builder();
        for (int i = 0; i < list.size(); i++) {
            builder.add(list.get(i), list.get(i), i);
            builder.add(list.get(i), list.get(i), i);
        }
        return builder.build(list.size());
    }

    @Test
    void should_give_each_word_one_id_and_its_names_once_each() {
        NameWords.Builder builder = new NameWords.Builder();
        int kidney = builder.add("kidney", "kidneys", 0);
        assertThat(builder.add("renal", "renal", 0)).isNotEqualTo(kidney);
        assertThat(builder.add("kidney", "kidney", 0)).isEqualTo(kidney);
        assertThat(builder.add("kidney", "kidney", 3)).isEqualTo(kidney);
        NameWords words = builder.build(4);

        assertThat(words.postings(kidney)).containsExactly(0, 3);
        assertThat(words.surface(kidney)).isEqualTo("kidneys");
        assertThat(words.idf(kidney)).isLessThan(words.idf(words.id("renal")));
        assertThat(words.id("liver")).isEqualTo(-1);
    }

    @Test
    void should_relate_words_sharing_a_long_prefix() {
        NameWords words = words(WORDS);

        assertThat(Arrays.stream(words.related(words.id("esophagus"))).mapToObj(words::word))
                .containsExactlyInAnyOrder("esophageal", "esophagitis");
    }

    @Test
    void should_find_the_misspellings_a_full_scan_of_edit_distances_finds() {
        NameWords words = words(WORDS);
        List<String> queries = new ArrayList<>();
        for (String w : WORDS) {
            for (int p = 1; p + 1 < w.length(); p++) {
                queries.add(w.substring(0, p) + w.charAt(p + 1) + w.charAt(p) + w.substring(p + 2));
                queries.add(w.substring(0, p) + w.substring(p + 1));
                queries.add(w.substring(0, p) + "xy" + w.substring(p + 1));
            }
            queries.add("q" + w.substring(1));
        }
        int found = 0;
        for (String q : queries) {
            if (words.contains(q)) {
                continue;
            }
            List<String> expected = WORDS.stream().distinct().filter(o -> q.length() >= 5
                    && Math.abs(o.length() - q.length()) <= maxEdits(q) && o.charAt(0) == q.charAt(0)
                    && editDistance(q, o) <= maxEdits(q)).toList();
            assertThat(words.misspellings(q)).as(q).extracting(words::word).containsExactlyInAnyOrderElementsOf(expected);
            found += expected.size();
        }
        assertThat(found).isGreaterThan(100);
        assertThat(words.misspellings("kindy")).extracting(words::word).containsExactly("kindey");
        assertThat(words.misspellings("astm")).isEmpty();
    }

    @Test
    void should_read_back_what_it_wrote() throws IOException {
        NameWords words = words(WORDS);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        words.writeTo(new DataOutputStream(bytes));

        NameWords read = NameWords.readFrom(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));

        assertThat(read.size()).isEqualTo(words.size());
        assertThat(read.misspellings("dyalysis")).isEqualTo(words.misspellings("dyalysis")).isNotEmpty();
        assertThat(read.related(read.id("hepatitis"))).isEqualTo(words.related(words.id("hepatitis")));
    }

    private static int maxEdits(String word) {
        return word.length() >= 8 ? 2 : 1;
    }

    /** Optimal string alignment distance: insertions, deletions, substitutions and transpositions of neighbours. */
    private static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
