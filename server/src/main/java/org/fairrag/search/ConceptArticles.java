package org.fairrag.search;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;

/**
 * One way of finding the articles about a concept, ranked for a query: a list the concept-aware search
 * fuses with the keyword and vector lists. The indexers' MeSH terms are one source
 * ({@link IndexedConceptArticles}); concept mentions found in the text can be another.
 */
public interface ConceptArticles {

    /** The name of the source of the articles whose text mentions a concept (the search may leave it out). */
    String MENTIONED = "mentioned";

    /** The name of the source of the articles indexed with a concept. */
    String INDEXED = "indexed";

    /**
     * What a source may use for some concepts of one query: it finds the articles about each of them.
     *
     * @param conceptIds    one concept, or several the articles must each be about
     * @param branches      for each concept, the concept and every narrower term
     * @param nearest       the articles nearest to the query (those the search found by meaning), best first
     * @param nearestFields their stored fields (MeSH terms among them)
     * @param beyondNearest whether the source may look beyond {@code nearest}: for a concept the query's words name,
     *                      whose articles the vectors may have missed; not for one only its meaning found
     * @param k             how many articles to return at most
     * @param page          how many articles the search shows: a source that has that many among {@code nearest} need
     *                      not look further
     */
    record Request(List<String> conceptIds, List<Set<String>> branches, float[] queryVector, ArticleFilter filter, List<ChunkHit> nearest,
                   Map<String, ArticleFields> nearestFields, boolean beyondNearest, int k, int page) {}

    /** What the source is, as the search response names it (for example {@code indexed}). */
    String name();

    /** How much this source's lists count against the other sources', before each list's agreement with the query. */
    default double weight() {
        return 1;
    }

    /**
     * The articles about the concepts that pass the request's filter, best for the query first, each with
     * its best chunk and that chunk's similarity to the query (comparable with the scores of
     * {@code nearest}). Blocking.
     */
    List<ChunkHit> find(Request request);
}
