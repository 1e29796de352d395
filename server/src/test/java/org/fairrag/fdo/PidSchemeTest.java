package org.fairrag.fdo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PidSchemeTest {

    @Test
    void should_derive_the_same_id_from_the_same_key() {
        assertThat(PidScheme.idFor("article:pubmed:31594900")).isEqualTo(PidScheme.idFor("article:pubmed:31594900"));
        assertThat(PidScheme.idFor("article:pubmed:31594900")).isNotEqualTo(PidScheme.idFor("article:pubmed:31594901"));
    }

    @Test
    void should_make_valid_ids_of_the_documented_shape() {
        for (int i = 0; i < 1000; i++) {
            String id = PidScheme.idFor("key:" + i);
            assertThat(id).hasSize(PidScheme.ID_LENGTH).matches("[0-9bcdfghjkmnpqrstvwxz]+");
            assertThat(PidScheme.isValid(id)).isTrue();
        }
        assertThat(PidScheme.isValid(PidScheme.randomId())).isTrue();
    }

    @Test
    void should_detect_every_single_character_substitution() {
        String id = PidScheme.idFor("term:mesh:D009062");
        for (int pos = 0; pos < id.length(); pos++) {
            for (char c : PidScheme.ALPHABET.toCharArray()) {
                if (c == id.charAt(pos)) {
                    continue;
                }
                String typo = id.substring(0, pos) + c + id.substring(pos + 1);
                assertThat(PidScheme.isValid(typo)).as(typo).isFalse();
            }
        }
    }

    @Test
    void should_detect_every_transposition_of_adjacent_different_characters() {
        for (int k = 0; k < 200; k++) {
            String id = PidScheme.idFor("k" + k);
            for (int pos = 0; pos + 1 < id.length(); pos++) {
                if (id.charAt(pos) == id.charAt(pos + 1)) {
                    continue;
                }
                String swapped = id.substring(0, pos) + id.charAt(pos + 1) + id.charAt(pos) + id.substring(pos + 2);
                assertThat(PidScheme.isValid(swapped)).as(swapped).isFalse();
            }
        }
    }

    @Test
    void should_offer_the_intended_id_among_corrections_of_a_one_character_typo() {
        String id = PidScheme.idFor("article:pubmed:9854");
        char wrong = id.charAt(4) == 'x' ? 'z' : 'x';
        String typo = id.substring(0, 4) + wrong + id.substring(5);

        assertThat(PidScheme.hasWellFormedShape(typo)).isTrue();
        assertThat(PidScheme.singleCharacterCorrections(typo)).contains(id).allMatch(PidScheme::isValid);
    }

    @Test
    void should_reject_ids_outside_the_alphabet_or_of_the_wrong_length() {
        String id = PidScheme.idFor("x");
        assertThat(PidScheme.isValid(id.toUpperCase())).isFalse();
        assertThat(PidScheme.isValid(id + "0")).isFalse();
        assertThat(PidScheme.isValid("../../etc/passwd")).isFalse();
        assertThat(PidScheme.isValid(null)).isFalse();
        assertThat(PidScheme.singleCharacterCorrections("not-an-id")).isEmpty();
    }

    @Test
    void should_not_collide_on_the_real_pmid_range_sample() {
        Set<String> ids = new HashSet<>();
        for (int pmid = 1; pmid <= 200_000; pmid++) {
            ids.add(PidScheme.idFor("article:pubmed:" + pmid));
        }
        assertThat(ids).hasSize(200_000);
    }

    @Test
    void should_parse_the_id_out_of_a_pid_url() {
        String id = PidScheme.idFor("x");
        assertThat(PidScheme.idOf("http://fairrag.test/pid/" + id, "http://fairrag.test")).contains(id);
        assertThat(PidScheme.idOf(id, "http://fairrag.test")).contains(id);
        assertThat(PidScheme.idOf("http://other.test/pid/" + id, "http://fairrag.test")).isEmpty();
    }
}
