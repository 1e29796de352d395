package org.fairrag.ask;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The journal and author names of a collection, for recognising them in the words of a question:
 * "in PLoS One" names the journal "PloS one", "by Joe Verghese" the author "Verghese, Joe". Words are
 * compared folded (case, accents and punctuation aside). Immutable.
 */
final class NameCatalog {

    private static final Pattern NOT_ALPHANUMERIC = Pattern.compile("[^\\p{Alnum}]+");
    private static final Pattern MARKS = Pattern.compile("\\p{M}+");

    /** An author name as the graph writes it, with its family name and the words of its given names. */
    record Author(String name, String family, List<String> given) {}

    private final Map<String, Set<String>> journalsByKey = new HashMap<>();
    private final Map<String, List<Author>> authorsByFamily = new HashMap<>();

    /**
     * @param journals journal names as the graph writes them
     * @param authors  author names, each with its family and given names when the source separated them
     *                 (null otherwise: the name is then read as "Family Given" or "Family, Given")
     */
    NameCatalog(Collection<String> journals, Collection<String[]> authors) {
        for (String journal : journals) {
            for (String key : journalKeys(journal)) {
                journalsByKey.computeIfAbsent(key, k -> new LinkedHashSet<>()).add(journal);
            }
        }
        for (String[] a : authors) {
            Author author = author(a[0], a[1], a[2]);
            if (author != null) {
                authorsByFamily.computeIfAbsent(author.family, k -> new ArrayList<>()).add(author);
            }
        }
    }

    static NameCatalog empty() {
        return new NameCatalog(List.of(), List.of());
    }

    /** The journals these words name exactly (folded), or none. */
    Set<String> journals(String words) {
        return journalsByKey.getOrDefault(fold(words), Set.of());
    }

    /**
     * The authors these words name: a family name alone, or with given names or initials before or after it
     * ("Verghese", "Joe Verghese", "Verghese J", "Henderson, B. E."). Empty when no author fits.
     */
    List<String> authors(String words) {
        String folded = fold(words);
        List<String> tokens = folded.isEmpty() ? List.of() : List.of(folded.split(" "));
        if (tokens.isEmpty() || tokens.size() > 5) {
            return List.of();
        }
        // The family name (one word or more) begins or ends the words; the rest are given names or initials.
        Set<String> found = new LinkedHashSet<>();
        int n = tokens.size();
        for (int from = 0; from < n; from++) {
            for (int to = from + 1; to <= n; to++) {
                if (from != 0 && to != n) {
                    continue;
                }
                List<String> given = new ArrayList<>(tokens.subList(0, from));
                given.addAll(tokens.subList(to, n));
                for (Author a : authorsByFamily.getOrDefault(String.join(" ", tokens.subList(from, to)), List.of())) {
                    if (givenFits(given, a.given)) {
                        found.add(a.name);
                    }
                }
            }
        }
        return List.copyOf(found);
    }

    /**
     * Whether the given names or initials a question gives fit an author's: initials ("b e", "be") must begin
     * the author's initials, written-out names ("joe") must each begin one of the author's given names, in order.
     */
    private static boolean givenFits(List<String> asked, List<String> known) {
        if (asked.isEmpty()) {
            return true;
        }
        if (known.isEmpty()) {
            return false;
        }
        boolean initialsOnly = asked.stream().allMatch(w -> w.length() == 1)
                || (asked.size() == 1 && asked.get(0).length() <= 3 && !known.contains(asked.get(0)));
        if (initialsOnly) {
            return initials(known).startsWith(initials(asked));
        }
        int k = 0;
        for (String word : asked) {
            while (k < known.size() && !known.get(k).startsWith(word)) {
                k++;
            }
            if (k == known.size()) {
                return false;
            }
            k++;
        }
        return true;
    }

    /** The initials of given names; a single word of up to three letters ("be" of "BE") is initials already. */
    private static String initials(List<String> words) {
        if (words.size() == 1 && words.get(0).length() <= 3) {
            return words.get(0);
        }
        return String.join("", words.stream().map(w -> w.substring(0, 1)).toList());
    }

    private static Author author(String name, String family, String given) {
        String f;
        String g;
        if (family != null) {
            f = family;
            g = given == null ? "" : given;
        } else {
            int comma = name.indexOf(',');
            if (comma > 0) {
                f = name.substring(0, comma);
                g = name.substring(comma + 1);
            } else {
                String[] words = name.trim().split("\\s+", 2);
                f = words[0];
                g = words.length > 1 ? words[1] : "";
            }
        }
        String folded = fold(f);
        if (folded.isEmpty()) {
            return null;
        }
        String givenFolded = fold(g);
        return new Author(name, folded, givenFolded.isEmpty() ? List.of() : Arrays.asList(givenFolded.split(" ")));
    }

    /** The keys a journal is found by: its whole name, and the parts before " : " and " (" (its short forms). */
    private static Set<String> journalKeys(String journal) {
        Set<String> keys = new LinkedHashSet<>();
        keys.add(fold(journal));
        int colon = journal.indexOf(" : ");
        if (colon > 0) {
            keys.add(fold(journal.substring(0, colon)));
            keys.add(fold(journal.substring(colon + 3)));
        }
        int paren = journal.indexOf(" (");
        if (paren > 0) {
            keys.add(fold(journal.substring(0, paren)));
        }
        keys.remove("");
        return keys;
    }

    /** Lower case, accents and punctuation removed, "&" read as "and", a leading "the" dropped. */
    static String fold(String text) {
        String s = MARKS.matcher(Normalizer.normalize(text, Normalizer.Form.NFD)).replaceAll("");
        s = s.toLowerCase(Locale.ROOT).replace("&", " and ").replace("'", "");
        s = NOT_ALPHANUMERIC.matcher(s).replaceAll(" ").trim();
        return s.startsWith("the ") ? s.substring(4) : s;
    }
}
