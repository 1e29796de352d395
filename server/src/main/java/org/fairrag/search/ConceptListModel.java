package org.fairrag.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.fairrag.terms.QueryConcept;
import org.fairrag.vectors.ChunkHit;

/**
 * How precise the article list of one of a query's concepts is likely to be: a logistic model of the share of the
 * list's first 10 articles that are about what the query means, from how the concept was linked (words that name it,
 * its name's nearness to the query's meaning) and how its articles meet the query (how much more often the nearest
 * articles are about it than any article, how near its best articles are). The search weighs each concept list by
 * this estimate, so that of several concepts a query may mean, the one whose articles are likely right counts most.
 *
 * <p>The bundled coefficients ({@value #RESOURCE}) are fitted by {@code fairrag-bench concept-lists} on the lay
 * development sets; the file's header says on which and how.
 */
public final class ConceptListModel {

    static final String RESOURCE = "/fairrag/search/concept-list-model.tsv";
    private static final String WHAT = "concept list model";

    /** The features, in the order of {@link Features#vector()} and of the coefficients file. */
    public static final List<String> FEATURES = List.of("named", "nameScore", "near", "similarity", "belowNearest",
            "nearRank", "cover", "wholeQuery", "logLift", "logArticles", "agreement5", "agreement1", "listFill");

    private static final double L2 = 1.0;
    private static final double MIN_LIFT = 0.05;
    private static final double MAX_NAME_SCORE = 1.2;

    private final LogisticModel model;

    private ConceptListModel(LogisticModel model) {
        this.model = model;
    }

    ConceptListModel(double bias, double[] weights) {
        this(new LogisticModel(WHAT, FEATURES, bias, weights));
    }

    /**
     * What is known of one concept list when it is weighed.
     *
     * @param named        whether words of the query name the concept
     * @param nameScore    the lexicon score of those words (0 when none; capped at 1.2)
     * @param near         whether the concept's name is among those nearest to the query's meaning
     * @param similarity   that name's cosine similarity to the query (0 when not near)
     * @param belowNearest how far that similarity is below the nearest concept's (0 when not near)
     * @param nearRank     1 / (1 + rank) among the near concepts, rank from 0 (0 when not near)
     * @param cover        the share of the query's words that name it
     * @param wholeQuery   whether its name covers every word of the query
     * @param logLift      the log of how much more often the articles nearest to the query are about it than all articles
     * @param logArticles  the log of how many articles are about it
     * @param agreement5   the mean similarity of the list's 5 best articles over that of the 5 nearest of all
     * @param agreement1   the same for the best article
     * @param listFill     how much of a page (10) the list fills
     */
    public record Features(boolean named, double nameScore, boolean near, double similarity, double belowNearest,
                           double nearRank, double cover, boolean wholeQuery, double logLift, double logArticles,
                           double agreement5, double agreement1, double listFill) {

        /**
         * The features of one concept's list.
         *
         * @param near      the concepts linked to the query by meaning, nearest first ({@link #nearestFirst})
         * @param words     how many words the query has (function words aside)
         * @param lift      the share of the nearest articles about the concept over its share of all articles
         * @param articles  how many articles are about the concept (exploded)
         * @param list      the concept's ranked articles
         * @param byMeaning the articles nearest to the query
         */
        public static Features of(QueryConcept c, List<QueryConcept> near, int words, double lift, long articles,
                                  List<ChunkHit> list, List<ChunkHit> byMeaning) {
            int rank = near.indexOf(c);
            double nearest = near.isEmpty() ? 0 : near.get(0).similarity();
            double all5 = meanScore(byMeaning, 5);
            double all1 = meanScore(byMeaning, 1);
            return new Features(c.named(), Math.min(c.score(), MAX_NAME_SCORE), c.near(), c.similarity(),
                    c.near() ? nearest - c.similarity() : 0, rank >= 0 ? 1.0 / (1 + rank) : 0,
                    c.words() / (double) Math.max(1, words), c.named() && c.words() >= words,
                    Math.log(Math.max(lift, MIN_LIFT)), Math.log(Math.max(articles, 1)),
                    all5 > 0 ? meanScore(list, 5) / all5 : 0, all1 > 0 ? meanScore(list, 1) / all1 : 0,
                    Math.min(list.size(), 10) / 10.0);
        }

        /** The concepts linked by meaning, nearest first: once per query, for every list's {@link #of}. */
        public static List<QueryConcept> nearestFirst(List<QueryConcept> linked) {
            return linked.stream().filter(QueryConcept::near).sorted(Comparator.comparingDouble(x -> -x.similarity()))
                    .toList();
        }

        public double[] vector() {
            return new double[] {named ? 1 : 0, nameScore, near ? 1 : 0, similarity, belowNearest, nearRank, cover,
                    wholeQuery ? 1 : 0, logLift, logArticles, agreement5, agreement1, listFill};
        }
    }

    /** The estimated precision of the list, from 0 to 1. */
    public double precision(Features f) {
        return model.probability(f.vector());
    }

    /** The model shipped with the server. */
    public static ConceptListModel bundled() {
        return new ConceptListModel(LogisticModel.resource(WHAT, FEATURES, RESOURCE));
    }

    /** A model written by {@link #format}, from a file. */
    public static ConceptListModel read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    /** Reads "name TAB coefficient" lines ({@code bias} and every feature once; # starts a comment). */
    static ConceptListModel parse(String text) {
        return new ConceptListModel(LogisticModel.parse(WHAT, FEATURES, text));
    }

    /** The coefficients file: {@code header} lines as comments, then the bias and each feature's weight. */
    public String format(List<String> header) {
        return model.format(header);
    }

    /**
     * Fits the model to lists whose precision is known: logistic regression on fractional targets (the cross-entropy
     * of the estimate against the list's precision) with a small L2 penalty.
     */
    public static ConceptListModel fit(List<Features> rows, double[] precisions) {
        return new ConceptListModel(LogisticModel.fit(WHAT, FEATURES, rows.stream().map(Features::vector)
                .toArray(double[][]::new), precisions, L2));
    }

    static double meanScore(List<ChunkHit> hits, int depth) {
        int n = Math.min(depth, hits.size());
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += hits.get(i).score();
        }
        return n == 0 ? 0 : sum / n;
    }

    @Override
    public String toString() {
        return model.toString();
    }
}
