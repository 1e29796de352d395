package org.fairrag.terms;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * WordNet's definitions of MeSH descriptors, from the bundled {@code fairrag/terms/wordnet-definitions.tsv}
 * (generated with {@code wordnet-names.tsv}; its header says how): the definition of a WordNet synset one of whose
 * words is a MeSH name, in everyday words ("a response of body tissues to injury or irritation; characterized by pain
 * and swelling and redness and heat" for Inflammation). A query that says most of what a definition says, weighing
 * each word by its rarity among the definitions, describes its descriptor. Immutable.
 */
final class WordNetDefinitions {

    static final String RESOURCE = "/fairrag/terms/wordnet-definitions.tsv";

    private static final TermWords WORDS = new TermWords();
    /** The query's share counts more than the definition's, as in the lexicon. */
    private static final double BETA_SQUARED = 2.25;

    private record Row(String descriptor, String preferredName, String word, String definition, int sense) {}

    /** A descriptor whose definition and the query's words cover each other by {@code score} (0 to 1). */
    record Match(String termId, String word, String definition, double score) {}

    private final List<Row> rows;

    private WordNetDefinitions(List<Row> rows) {
        this.rows = List.copyOf(rows);
    }

    static WordNetDefinitions none() {
        return new WordNetDefinitions(List.of());
    }

    static WordNetDefinitions bundled() {
        List<Row> rows = new ArrayList<>();
        for (String[] c : BundledTable.resource(RESOURCE, 6)) {
            rows.add(new Row(c[0], c[1], c[2], c[3], Integer.parseInt(c[4])));
        }
        return new WordNetDefinitions(rows);
    }

    /** The definitions of the vocabulary's descriptors, indexed by their words. */
    Index index(VocabularyIndex vocabulary) {
        List<String> terms = new ArrayList<>();
        List<Row> kept = new ArrayList<>();
        Map<String, List<Integer>> postings = new HashMap<>();
        for (Row r : rows) {
            Term term = vocabulary.byId(r.descriptor)
                    .or(() -> vocabulary.resolveName(r.preferredName).flatMap(vocabulary::byId))
                    .filter(t -> t.label().equalsIgnoreCase(r.preferredName))
                    .orElse(null);
            if (term == null) {
                continue;
            }
            int d = kept.size();
            kept.add(r);
            terms.add(term.id());
            for (String w : new LinkedHashSet<>(WORDS.of(r.definition))) {
                postings.computeIfAbsent(w, k -> new ArrayList<>()).add(d);
            }
        }
        Map<String, int[]> arrays = new HashMap<>(postings.size() * 2);
        postings.forEach((w, ds) -> arrays.put(w, ds.stream().mapToInt(Integer::intValue).toArray()));
        Index index = new Index(terms, kept, arrays, new double[kept.size()]);
        for (int d = 0; d < kept.size(); d++) {
            for (String w : new LinkedHashSet<>(WORDS.of(kept.get(d).definition))) {
                index.definitionWeight[d] += index.weight(w);
            }
        }
        return index;
    }

    /** Definitions by their words; thread-safe. */
    static final class Index {
        private final List<String> terms;
        private final List<Row> rows;
        private final Map<String, int[]> postings;
        /** The weight of each definition's words. */
        private final double[] definitionWeight;

        private Index(List<String> terms, List<Row> rows, Map<String, int[]> postings, double[] definitionWeight) {
            this.terms = terms;
            this.rows = rows;
            this.postings = postings;
            this.definitionWeight = definitionWeight;
        }

        boolean isEmpty() {
            return rows.isEmpty();
        }

        /** How much a word says: its inverse frequency among the definitions (the most for a word none has). */
        private double weight(String word) {
            int[] p = postings.get(word);
            return Math.log(1 + rows.size() / (double) (p == null ? 1 : p.length));
        }

        /**
         * The descriptors whose definitions have at least {@code minCover} of the words' weight, with at least
         * {@code minWords} of them, and as much of their own weight as the query covers: best first by the F-measure
         * of the two shares (the query's counting more, as in {@link TermLexicon}), each descriptor once, at most
         * {@code limit}, none below {@code minScore}.
         */
        List<Match> match(List<String> words, double minCover, double minScore, int minWords, int limit) {
            Set<String> distinct = new LinkedHashSet<>(words);
            double total = 0;
            Map<Integer, double[]> hits = new HashMap<>();
            for (String w : distinct) {
                double weight = weight(w);
                total += weight;
                for (int d : postings.getOrDefault(w, new int[0])) {
                    double[] h = hits.computeIfAbsent(d, k -> new double[3]);
                    h[0] += weight;
                    h[1]++;
                }
            }
            List<Map.Entry<Integer, double[]>> found = new ArrayList<>();
            for (Map.Entry<Integer, double[]> e : hits.entrySet()) {
                double[] h = e.getValue();
                double recall = h[0] / total;
                double precision = h[0] / definitionWeight[e.getKey()];
                h[2] = (1 + BETA_SQUARED) * precision * recall / (BETA_SQUARED * precision + recall);
                if (h[1] >= minWords && recall >= minCover && h[2] >= minScore) {
                    found.add(e);
                }
            }
            found.sort((a, b) -> a.getValue()[2] != b.getValue()[2] ? Double.compare(b.getValue()[2], a.getValue()[2])
                    : Integer.compare(a.getKey(), b.getKey()));
            List<Match> out = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (Map.Entry<Integer, double[]> e : found) {
                String id = terms.get(e.getKey());
                if (out.size() < limit && seen.add(id)) {
                    Row r = rows.get(e.getKey());
                    out.add(new Match(id, r.word, r.definition, e.getValue()[2]));
                }
            }
            return out;
        }
    }
}
