package org.fairrag.search;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.vectors.ChunkHit;

/**
 * How likely an article the search found is to be about what the query means: a logistic model over where the article
 * stands in each list the search fused (the concept lists, weighed by the precision {@link ConceptListModel} expects of
 * them, the list of articles about every named concept, the nearest chunks, the best keyword matches), each also taken
 * relative to the query's best. The search orders its candidates by this estimate whenever it searched a concept list
 * expected to be at least {@link ArticleSearch#RANKED_FROM} precise, in place of reciprocal-rank fusion, which counts an
 * article once more for every list it is in: an article about a narrow
 * concept whose broader and sibling concepts are searched too would otherwise outrank one about the concept the words
 * name ("gullet tumour" also brings throat and head-and-neck cancers by meaning).
 *
 * <p>The bundled coefficients ({@value #RESOURCE}) are fitted by {@code fairrag-bench article-rank} on the lay
 * development sets; the file's header says on which and how.
 */
public final class ArticleRankModel {

    static final String RESOURCE = "/fairrag/search/article-rank-model.tsv";
    private static final String WHAT = "article rank model";

    /** The features, in the order of {@link Features#vector()} and of the coefficients file. */
    public static final List<String> FEATURES = List.of("conceptPrecision", "conceptRank", "aboutAllRank", "meaningRank",
            "similarity", "byMeaning", "wordsRank", "logWordsScore", "relativePrecision", "bestConcept",
            "relativeSimilarity", "relativeSum", "conceptLists");

    private static final double L2 = 1.0;
    private static final double TINY = 1e-9;

    private final LogisticModel model;

    private ArticleRankModel(LogisticModel model) {
        this.model = model;
    }

    ArticleRankModel(double bias, double[] weights) {
        this(new LogisticModel(WHAT, FEATURES, bias, weights));
    }

    /**
     * Where one candidate article stands in the fused lists. A rank r (from 0) counts as 1 / (1 + r), and 0 when the
     * article is not in the list.
     *
     * @param conceptPrecision   the highest precision expected of a concept list the article is in (0 when in none)
     * @param conceptRank        its rank in that list
     * @param aboutAllRank       its rank in the list of articles about every concept the query's words name
     * @param meaningRank        its rank among the chunks nearest to the query
     * @param similarity         the cosine similarity of its chunk there (0 when not there)
     * @param byMeaning          whether it is among the nearest chunks
     * @param wordsRank          its rank among the best keyword (BM25) matches
     * @param logWordsScore      log(1 + its BM25 score) there (0 when not there)
     * @param relativePrecision  {@code conceptPrecision} over the best of the query's candidates
     * @param bestConcept        whether it is in a list of the concept expected to be most precise
     * @param relativeSimilarity {@code similarity} over the best of the query's candidates
     * @param relativeSum        the sum of the expected precisions of the concept lists it is in, over the best one
     * @param conceptLists       how many concept lists it is in
     */
    public record Features(double conceptPrecision, double conceptRank, double aboutAllRank, double meaningRank,
                           double similarity, boolean byMeaning, double wordsRank, double logWordsScore,
                           double relativePrecision, boolean bestConcept, double relativeSimilarity, double relativeSum,
                           int conceptLists) {

        public double[] vector() {
            return new double[] {conceptPrecision, conceptRank, aboutAllRank, meaningRank, similarity, byMeaning ? 1 : 0,
                    wordsRank, logWordsScore, relativePrecision, bestConcept ? 1 : 0, relativeSimilarity, relativeSum,
                    conceptLists};
        }

        /** The features of every article in {@code lists}. */
        static Map<String, Features> of(List<ArticleSearch.Ranked> lists) {
            Map<String, Standing> byArticle = new LinkedHashMap<>();
            for (ArticleSearch.Ranked list : lists) {
                Set<String> seen = new HashSet<>();
                for (int rank = 0; rank < list.hits().size(); rank++) {
                    ChunkHit hit = list.hits().get(rank);
                    if (seen.add(hit.articlePid())) {
                        byArticle.computeIfAbsent(hit.articlePid(), pid -> new Standing()).add(list, rank, hit);
                    }
                }
            }
            double bestPrecision = TINY;
            double bestSimilarity = TINY;
            for (Standing s : byArticle.values()) {
                bestPrecision = Math.max(bestPrecision, s.precision);
                bestSimilarity = Math.max(bestSimilarity, s.similarity);
            }
            Map<String, Features> out = new LinkedHashMap<>();
            for (Map.Entry<String, Standing> e : byArticle.entrySet()) {
                Standing s = e.getValue();
                out.put(e.getKey(), new Features(s.precision, s.conceptRank, s.aboutAllRank, s.meaningRank, s.similarity,
                        s.byMeaning, s.wordsRank, Math.log1p(s.wordsScore), s.precision / bestPrecision,
                        s.precision >= bestPrecision - TINY, s.similarity / bestSimilarity, s.precisionSum / bestPrecision,
                        s.conceptLists));
            }
            return out;
        }
    }

    /** What is gathered of one article over the lists. */
    private static final class Standing {
        double precision;
        double conceptRank;
        double precisionSum;
        int conceptLists;
        double aboutAllRank;
        double meaningRank;
        double similarity;
        boolean byMeaning;
        double wordsRank;
        double wordsScore;

        void add(ArticleSearch.Ranked list, int rank, ChunkHit hit) {
            double reciprocal = 1.0 / (1 + rank);
            switch (list.kind()) {
                case CONCEPT -> {
                    precisionSum += list.precision();
                    conceptLists++;
                    if (list.precision() > precision) {
                        precision = list.precision();
                        conceptRank = reciprocal;
                    }
                }
                case ABOUT_ALL -> aboutAllRank = Math.max(aboutAllRank, reciprocal);
                case MEANING -> {
                    meaningRank = reciprocal;
                    similarity = hit.score();
                    byMeaning = true;
                }
                case WORDS -> {
                    wordsRank = reciprocal;
                    wordsScore = hit.score();
                }
            }
        }
    }

    /** The estimated probability that the article is about what the query means, from 0 to 1. */
    public double probability(Features f) {
        return model.probability(f.vector());
    }

    /** The model shipped with the server. */
    public static ArticleRankModel bundled() {
        return new ArticleRankModel(LogisticModel.resource(WHAT, FEATURES, RESOURCE));
    }

    /** A model written by {@link #format}, from a file. */
    public static ArticleRankModel read(Path file) throws IOException {
        return parse(Files.readString(file));
    }

    static ArticleRankModel parse(String text) {
        return new ArticleRankModel(LogisticModel.parse(WHAT, FEATURES, text));
    }

    /** The coefficients file: {@code header} lines as comments, then the bias and each feature's weight. */
    public String format(List<String> header) {
        return model.format(header);
    }

    /** Fits the model to candidates whose relevance is known (1 or 0): logistic regression with a small L2 penalty. */
    public static ArticleRankModel fit(List<Features> rows, double[] relevant) {
        return new ArticleRankModel(LogisticModel.fit(WHAT, FEATURES, rows.stream().map(Features::vector)
                .toArray(double[][]::new), relevant, L2));
    }

    @Override
    public String toString() {
        return model.toString();
    }
}
