package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fairrag.terms.TermWords;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Every preferred name and entry term of the loaded vocabularies as a sequence of tokens
 * ({@link TextTokens}), in a token trie for longest-match lookup in running text: from each position,
 * the longest name that the following tokens spell out. The trie is static and kept in a few int arrays
 * (each node's children a sorted run of edges, found by binary search), about 25 MB for MeSH's 264,000 names.
 *
 * <p>A name that is one short word in capitals (an acronym: AIDS, CT) or of at most two letters only
 * matches the same letters in the same case, so "aids" and "ct" in lower case stay words. A name made of
 * function words only, once plurals are removed, is left out as the term lexicon leaves it out ("Theses"
 * reads "these", "Wills" "will"), and so are the publication types (MeSH tree V: News, Review), which
 * say what kind of text an article is rather than what it is about. When one token sequence names
 * several terms, the term whose preferred name it is wins, then the term listed first. Immutable and
 * thread-safe.
 */
final class NameDictionary {

    private static final int ROOT = 0;
    /** MeSH tree V, Publication Characteristics. */
    private static final String PUBLICATION_TYPES = "V";

    private final TermWords words = new TermWords();
    private final Map<String, Integer> tokenIds;
    private final String[] termIds;
    private final String[] termPids;
    private final String[] termLabels;
    // Trie: node -> run of edges [edgeFirst, edgeFirst + edgeCount), sorted by token id.
    private final int[] edgeFirst;
    private final int[] edgeCount;
    private final int[] edgeToken;
    private final int[] edgeTarget;
    // Node -> run of names ending there [nameFirst, nameFirst + nameCount), best first.
    private final int[] nameFirst;
    private final int[] nameCount;
    private final int[] nameTerm;
    /** For a name matched in its case only, its text as written; null otherwise. */
    private final String[] nameCaseExact;
    private final int names;

    /** A name found in text: the term, and the tokens {@code [from, to)} it spans. */
    record Match(int term, int from, int to) {}

    private record Name(int[] tokens, int term, boolean preferred, int order, String caseExact) {}

    private NameDictionary(List<Term> terms) {
        tokenIds = new HashMap<>(1 << 18);
        termIds = new String[terms.size()];
        termPids = new String[terms.size()];
        termLabels = new String[terms.size()];
        List<Name> all = new ArrayList<>(terms.size() * 9);
        for (int t = 0; t < terms.size(); t++) {
            Term term = terms.get(t);
            termIds[t] = term.id();
            termPids[t] = term.pid();
            termLabels[t] = term.label();
            if (isPublicationType(term)) {
                continue;
            }
            int order = 0;
            add(all, term.label(), t, true, order++);
            for (String alt : term.altLabels()) {
                add(all, alt, t, false, order++);
            }
        }
        names = all.size();
        all.sort(NameDictionary::compareTokens);
        Builder b = new Builder(all.size());
        b.build(all, 0, all.size(), 0);
        edgeFirst = Arrays.copyOf(b.edgeFirst, b.nodes);
        edgeCount = Arrays.copyOf(b.edgeCount, b.nodes);
        nameFirst = Arrays.copyOf(b.nameFirst, b.nodes);
        nameCount = Arrays.copyOf(b.nameCount, b.nodes);
        edgeToken = Arrays.copyOf(b.edgeToken, b.edges);
        edgeTarget = Arrays.copyOf(b.edgeTarget, b.edges);
        nameTerm = Arrays.copyOf(b.nameTerm, b.namesAt);
        nameCaseExact = Arrays.copyOf(b.nameCaseExact, b.namesAt);
    }

    static NameDictionary of(VocabularyIndex vocabulary) {
        List<Term> terms = new ArrayList<>(vocabulary.terms());
        terms.sort(Comparator.comparing(Term::id));
        return new NameDictionary(terms);
    }

    private static boolean isPublicationType(Term term) {
        return !term.treeNumbers().isEmpty() && term.treeNumbers().stream().allMatch(n -> n.startsWith(PUBLICATION_TYPES));
    }

    private void add(List<Name> all, String name, int term, boolean preferred, int order) {
        TextTokens tokens = TextTokens.of(words, name);
        // Read again, the plurals removed, so that "Wills" is seen to be the function word "will".
        if (tokens.size() == 0 || words.of(String.join(" ", tokens.normalised)).isEmpty()) {
            return;
        }
        int[] ids = new int[tokens.size()];
        for (int i = 0; i < ids.length; i++) {
            ids[i] = tokenIds.computeIfAbsent(tokens.normalised[i], k -> tokenIds.size());
        }
        String surface = tokens.size() == 1 ? tokens.surface(0) : null;
        boolean caseExact = surface != null && (surface.length() <= 2 || isAcronym(surface));
        all.add(new Name(ids, term, preferred, order, caseExact ? surface : null));
    }

    /** Two or more capitals and no small letter: DNA, AIDS, HIV-1 is two tokens. */
    private static boolean isAcronym(String word) {
        int capitals = 0;
        for (int i = 0; i < word.length(); i++) {
            char c = word.charAt(i);
            if (Character.isLowerCase(c)) {
                return false;
            }
            if (Character.isUpperCase(c)) {
                capitals++;
            }
        }
        return capitals >= 2;
    }

    /** Token sequences in lexicographic order (a prefix first), then preferred names first, then by listing order. */
    private static int compareTokens(Name a, Name b) {
        int n = Math.min(a.tokens.length, b.tokens.length);
        for (int i = 0; i < n; i++) {
            if (a.tokens[i] != b.tokens[i]) {
                return Integer.compare(a.tokens[i], b.tokens[i]);
            }
        }
        if (a.tokens.length != b.tokens.length) {
            return Integer.compare(a.tokens.length, b.tokens.length);
        }
        if (a.preferred != b.preferred) {
            return a.preferred ? -1 : 1;
        }
        return Integer.compare(a.order, b.order);
    }

    /** Builds the static trie from names sorted by {@link #compareTokens}. */
    private static final class Builder {
        int[] edgeFirst;
        int[] edgeCount;
        int[] nameFirst;
        int[] nameCount;
        int[] edgeToken;
        int[] edgeTarget;
        int[] nameTerm;
        String[] nameCaseExact;
        int nodes;
        int edges;
        int namesAt;

        Builder(int names) {
            int capacity = names * 3 + 1;
            edgeFirst = new int[capacity];
            edgeCount = new int[capacity];
            nameFirst = new int[capacity];
            nameCount = new int[capacity];
            edgeToken = new int[capacity];
            edgeTarget = new int[capacity];
            nameTerm = new int[names];
            nameCaseExact = new String[names];
        }

        /** The node for names {@code [lo, hi)}, which share their first {@code depth} tokens. */
        int build(List<Name> sorted, int lo, int hi, int depth) {
            int node = newNode();
            int i = lo;
            nameFirst[node] = namesAt;
            while (i < hi && sorted.get(i).tokens.length == depth) {
                nameTerm[namesAt] = sorted.get(i).term;
                nameCaseExact[namesAt] = sorted.get(i).caseExact;
                namesAt++;
                i++;
            }
            nameCount[node] = namesAt - nameFirst[node];
            List<int[]> runs = new ArrayList<>();
            while (i < hi) {
                int token = sorted.get(i).tokens[depth];
                int j = i + 1;
                while (j < hi && sorted.get(j).tokens[depth] == token) {
                    j++;
                }
                runs.add(new int[] {token, i, j});
                i = j;
            }
            int first = edges;
            edges += runs.size();
            ensureEdges(edges);
            edgeFirst[node] = first;
            edgeCount[node] = runs.size();
            for (int r = 0; r < runs.size(); r++) {
                int[] run = runs.get(r);
                edgeToken[first + r] = run[0];
                edgeTarget[first + r] = build(sorted, run[1], run[2], depth + 1);
            }
            return node;
        }

        private int newNode() {
            if (nodes == edgeFirst.length) {
                int capacity = nodes * 2;
                edgeFirst = Arrays.copyOf(edgeFirst, capacity);
                edgeCount = Arrays.copyOf(edgeCount, capacity);
                nameFirst = Arrays.copyOf(nameFirst, capacity);
                nameCount = Arrays.copyOf(nameCount, capacity);
            }
            return nodes++;
        }

        private void ensureEdges(int needed) {
            if (needed > edgeToken.length) {
                int capacity = Math.max(needed, edgeToken.length * 2);
                edgeToken = Arrays.copyOf(edgeToken, capacity);
                edgeTarget = Arrays.copyOf(edgeTarget, capacity);
            }
        }
    }

    /** The dictionary's token ids of each token of {@code tokens}: -1 for a token no name has. */
    int[] tokenIds(TextTokens tokens) {
        int[] ids = new int[tokens.size()];
        for (int i = 0; i < ids.length; i++) {
            String t = tokens.normalised[i];
            Integer id = tokenIds.get(t);
            if (id == null && !tokens.gap[i]) {
                id = tokenIds.get(TermWords.americanSpelling(t, tokenIds::containsKey));
            }
            ids[i] = id == null ? -1 : id;
        }
        return ids;
    }

    /** The longest name starting at token {@code from}, or null. A name never starts or ends with punctuation. */
    Match longestAt(TextTokens tokens, int[] ids, int from) {
        if (ids[from] < 0 || tokens.gap[from]) {
            return null;
        }
        int node = ROOT;
        Match best = null;
        for (int i = from; i < ids.length && ids[i] >= 0; i++) {
            node = child(node, ids[i]);
            if (node < 0) {
                break;
            }
            if (nameCount[node] > 0 && !tokens.gap[i]) {
                int term = termAt(node, tokens, from, i + 1);
                if (term >= 0) {
                    best = new Match(term, from, i + 1);
                }
            }
        }
        return best;
    }

    /** The best term named at {@code node} whose case rule the text {@code [from, to)} meets, or -1. */
    private int termAt(int node, TextTokens tokens, int from, int to) {
        for (int n = nameFirst[node]; n < nameFirst[node] + nameCount[node]; n++) {
            String exact = nameCaseExact[n];
            if (exact == null || (to - from == 1 && exact.equals(tokens.surface(from)))) {
                return nameTerm[n];
            }
        }
        return -1;
    }

    private int child(int node, int token) {
        int lo = edgeFirst[node];
        int hi = lo + edgeCount[node] - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int t = edgeToken[mid];
            if (t < token) {
                lo = mid + 1;
            } else if (t > token) {
                hi = mid - 1;
            } else {
                return edgeTarget[mid];
            }
        }
        return -1;
    }

    String termId(int term) {
        return termIds[term];
    }

    String termPid(int term) {
        return termPids[term];
    }

    String termLabel(int term) {
        return termLabels[term];
    }

    int termCount() {
        return termIds.length;
    }

    /** Number of names indexed. */
    int size() {
        return names;
    }

    TermWords words() {
        return words;
    }
}
