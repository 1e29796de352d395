package org.fairrag.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.fairrag.embed.Embedder;
import org.fairrag.terms.ConceptLinker;
import org.fairrag.terms.QueryConcept;
import org.fairrag.terms.TermRef;
import org.fairrag.vectors.ArticleFields;
import org.fairrag.vectors.ArticleFilter;
import org.fairrag.vectors.ChunkHit;
import org.fairrag.vectors.VectorIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Hybrid article search: the chunks nearest to the query's vector and the chunks that match its words
 * best (BM25), each list reduced to one chunk per article and fused by reciprocal rank (k = 60), so that
 * an article either kind of match finds comes back, and one both find comes first. The filter is
 * applied inside both searches. Blocking: embeds the query and searches the index.
 *
 * <p>Concept-aware: the {@link ConceptLinker} finds the vocabulary concepts the query speaks of (named by
 * its words, or nearest to its meaning), and for each, every {@link ConceptArticles} source adds its
 * ranked list of the articles about the concept to the fusion. A link is a hypothesis, weighed against
 * the articles: a concept counts by its evidence (its name covers words of the query; its name is near
 * the query's meaning) times the agreement of its articles with the query (how near its best articles
 * are to the query, compared with the best articles of all), and not at all when they are clearly
 * further, or when the articles nearest to the query are about it no more often than the collection's
 * articles are (a word named it in another sense: "medicines" is not the discipline Medicine), unless its
 * name is the whole query (then the query means it, and the vectors may be what failed); so a wrong or
 * weak link costs little. Concepts near the query's meaning are hypotheses for words no concept names:
 * when concepts that count name every word in full ("heart attack" is Myocardial Infarction), they are not
 * searched. An article about several of the query's concepts is in several lists, and one about every
 * concept the query's words name comes first.
 */
public final class ArticleSearch {

    /** The constant of reciprocal-rank fusion (Cormack et al. 2009): rank r adds 1 / (60 + r). */
    public static final int RRF_K = 60;
    /** Articles taken from each list before fusing: enough that an article ranked low in both can still win. */
    private static final int MIN_CANDIDATES = 50;

    /**
     * How much a concept's list counts in the fusion, where a keyword or vector list weighs 1.
     *
     * @param namedWeight    what a concept named by the query's words adds, when the name covers the words fully
     *                       (less, down to nothing, as the lexicon score falls to the linker's minimum)
     * @param nearWeight     what a concept whose name is among those nearest to the query's meaning adds
     * @param sureScore      the lexicon score from which a named concept counts fully
     * @param agreementFloor the agreement below which a concept does not count: the mean similarity to the query
     *                       of its best articles, over that of the best articles of all
     * @param agreementDepth how many of the best articles the agreement is taken over
     * @param supportDepth   over how many of the articles nearest to the query the share about a concept is taken,
     *                       to compare with the share of all articles (a concept counts only when it is not lower)
     * @param minWeight      a concept list weighing less is left out
     */
    public record Options(double namedWeight, double nearWeight, double sureScore, double agreementFloor,
                          int agreementDepth, int supportDepth, double minWeight) {
        public static final Options DEFAULT = new Options(2.0, 3.0, 1.0, 0.9, 5, 20, 0.2);
    }

    private final Embedder queryEmbedder;
    private final VectorIndex index;
    private final Supplier<VocabularyIndex> vocabulary;
    private final Optional<ConceptLinker> linker;
    private final List<ConceptArticles> sources;
    private final Options options;
    private final ArticleCounts counts;

    public ArticleSearch(Embedder queryEmbedder, VectorIndex index, Supplier<VocabularyIndex> vocabulary,
                         Optional<ConceptLinker> linker, List<ConceptArticles> sources, Options options) {
        this.queryEmbedder = queryEmbedder;
        this.index = index;
        this.vocabulary = vocabulary;
        this.linker = linker;
        this.sources = List.copyOf(sources);
        this.options = options;
        this.counts = new ArticleCounts(index);
    }

    /** The search with the concepts {@code linker} finds, among the articles indexed with them. */
    public ArticleSearch(Embedder queryEmbedder, VectorIndex index, Supplier<VocabularyIndex> vocabulary, ConceptLinker linker) {
        this(queryEmbedder, index, vocabulary, Optional.of(linker), List.of(new IndexedConceptArticles(index)), Options.DEFAULT);
    }

    /** The hybrid search of keywords and vectors only. */
    public ArticleSearch(Embedder queryEmbedder, VectorIndex index, Supplier<VocabularyIndex> vocabulary) {
        this(queryEmbedder, index, vocabulary, Optional.empty(), List.of(), Options.DEFAULT);
    }

    /**
     * The hits and what was done: the concepts searched, those the caller turned off, and where the time went.
     *
     * @param off concepts of the query the caller turned off (weight 0)
     */
    public record Result(List<ArticleHit> hits, List<SearchedConcept> concepts, List<SearchedConcept> off,
                         long embedNanos, long conceptNanos, long retrieveNanos) {}

    public Result search(ArticleQuery query) {
        VocabularyIndex vocab = vocabulary.get();
        ArticleFilter filter = query.filter(vocab);
        long t0 = System.nanoTime();
        float[] vector = queryEmbedder.embed(query.text());
        long t1 = System.nanoTime();
        List<QueryConcept> linked = query.concepts().enabled() && linker.isPresent()
                ? linker.get().link(query.text(), vector) : List.of();
        long t2 = System.nanoTime();
        int candidates = Math.max(MIN_CANDIDATES, 2 * query.k());
        List<ChunkHit> byMeaning = index.nearestChunks(vector, candidates, filter);
        List<ChunkHit> byWords = index.matchingChunks(query.text(), candidates, filter);
        List<Ranked> lists = new ArrayList<>(List.of(new Ranked(byMeaning, 1), new Ranked(byWords, 1)));
        Map<String, ArticleFields> fields = new HashMap<>();
        List<SearchedConcept> searched = new ArrayList<>();
        List<SearchedConcept> off = new ArrayList<>();
        if (!linked.isEmpty()) {
            fields.putAll(index.articles(byMeaning.stream().map(ChunkHit::articlePid).toList()));
        }
        List<Counted> named = new ArrayList<>();
        int nearestCount = Math.min(options.supportDepth, byMeaning.size());
        long allArticles = linked.isEmpty() ? 0 : counts.all(filter.accessLevels());
        int words = linked.isEmpty() ? 0 : linker.get().wordCount(query.text());
        int explained = 0;
        Map<String, List<Ranked>> conceptLists = new LinkedHashMap<>();
        Map<String, Set<String>> branches = new HashMap<>();
        Set<String> namedIds = new HashSet<>();
        for (QueryConcept c : linked) {
            if (query.concepts().off().contains(c.id())) {
                off.add(searched(c, 0, Map.of()));
                continue;
            }
            if (!c.named() && explained >= words) {
                // Every word names a concept that counts: the concepts near the query's meaning say nothing more.
                continue;
            }
            Set<String> branch = vocab.withDescendants(c.id());
            boolean wholeQuery = c.named() && c.words() >= words;
            if (!wholeQuery && lift(branch, byMeaning.subList(0, nearestCount), fields,
                    counts.about(c.id(), branch, filter.accessLevels()), allArticles) < 1) {
                // The articles nearest to the query are about it no more often than any article: not what the query means.
                continue;
            }
            double evidence = evidence(c);
            ConceptArticles.Request request = new ConceptArticles.Request(List.of(c.id()), List.of(branch), vector,
                    filter, byMeaning, fields, c.named(), candidates, query.k());
            double weight = 0;
            Map<String, Double> bySource = new LinkedHashMap<>();
            for (ConceptArticles source : sources) {
                if (!query.concepts().uses(source)) {
                    continue;
                }
                List<ChunkHit> about = source.find(request);
                double w = source.weight() * evidence * agreement(about, byMeaning);
                if (w >= options.minWeight) {
                    conceptLists.computeIfAbsent(c.id(), k -> new ArrayList<>()).add(new Ranked(about, w));
                    weight = Math.max(weight, w);
                    bySource.put(source.name(), w);
                }
            }
            if (weight > 0) {
                searched.add(searched(c, weight, bySource));
                branches.put(c.id(), branch);
                if (c.named()) namedIds.add(c.id());
                if (c.named()) {
                    named.add(new Counted(c.id(), branch));
                    explained += c.score() >= ConceptLinker.FULL_COVER ? c.words() : 0;
                }
            }
        }
        String broad = System.getProperty("fairrag.broad", "off");
        if (!broad.equals("off")) {
            Set<String> dropped = new HashSet<>();
            for (String id : branches.keySet()) {
                for (Map.Entry<String, Set<String>> other : branches.entrySet()) {
                    if (!other.getKey().equals(id) && branches.get(id).contains(other.getKey())
                            && (broad.equals("all") || namedIds.contains(other.getKey()))) {
                        dropped.add(id);
                    }
                }
            }
            searched.removeIf(c -> dropped.contains(c.id()));
            conceptLists.keySet().removeAll(dropped);
        }
        conceptLists.values().forEach(lists::addAll);
        if (named.size() >= 2) {
            // Articles about every concept the query's words name weigh as much as all concept lists together, so that
            // they come before articles about some of them, however many lists those are in.
            ConceptArticles.Request request = new ConceptArticles.Request(named.stream().map(Counted::id).toList(),
                    named.stream().map(Counted::branch).toList(), vector, filter, byMeaning, fields, true, candidates, query.k());
            double weight = searched.stream().mapToDouble(SearchedConcept::weight).sum();
            for (ConceptArticles source : sources) {
                if (!query.concepts().uses(source)) {
                    continue;
                }
                List<ChunkHit> aboutAll = source.find(request);
                if (!aboutAll.isEmpty()) {
                    lists.add(new Ranked(aboutAll, weight));
                }
            }
        }
        searched.sort(Comparator.comparingDouble((SearchedConcept c) -> -c.weight()));
        List<Fused> fused = fuse(lists);
        List<Fused> top = fused.subList(0, Math.min(query.k(), fused.size()));
        List<String> missing = top.stream().map(f -> f.chunk.articlePid()).filter(pid -> !fields.containsKey(pid)).toList();
        if (!missing.isEmpty()) {
            fields.putAll(index.articles(missing));
        }
        long t3 = System.nanoTime();
        List<ArticleHit> hits = new ArrayList<>(top.size());
        for (Fused f : top) {
            ArticleFields a = fields.get(f.chunk.articlePid());
            if (a != null) {
                hits.add(new ArticleHit(a.pid(), a.pmid(), a.title(), snippet(f.chunk, a.title()), f.score, a.year(),
                        a.journal(), terms(a.termIds(), vocab), terms(a.suggestedTermIds(), vocab)));
            }
        }
        return new Result(hits, searched, off, t1 - t0, t2 - t1, t3 - t2);
    }

    /** What the links of a concept are worth before its articles are seen. */
    private double evidence(QueryConcept c) {
        double minScore = linker.orElseThrow().options().minScore();
        double named = c.named() ? clamp((c.score() - minScore) / (options.sureScore - minScore)) : 0;
        return options.namedWeight * named + (c.near() ? options.nearWeight : 0);
    }

    /**
     * How far a concept's articles agree with the query, from 0 to 1: 1 when its best articles are as near
     * to the query as the best of all, 0 at the agreement floor and below.
     */
    private double agreement(List<ChunkHit> about, List<ChunkHit> byMeaning) {
        double all = meanScore(byMeaning, options.agreementDepth);
        if (about.isEmpty() || all <= 0) {
            return 0;
        }
        double ratio = meanScore(about, options.agreementDepth) / all;
        return clamp((ratio - options.agreementFloor) / (1 - options.agreementFloor));
    }

    /**
     * The share of the nearest articles about a concept (indexed with a term of its branch) over the share of all
     * articles about it; 0 when no article is.
     */
    private static double lift(Set<String> branch, List<ChunkHit> nearest, Map<String, ArticleFields> fields, long about,
                               long all) {
        if (about == 0 || nearest.isEmpty()) {
            return 0;
        }
        long tagged = nearest.stream().map(h -> fields.get(h.articlePid()))
                .filter(f -> f != null && f.termIds().stream().anyMatch(branch::contains)).count();
        return (tagged / (double) nearest.size()) / (about / (double) all);
    }

    private static SearchedConcept searched(QueryConcept c, double weight, Map<String, Double> lists) {
        return new SearchedConcept(c.id(), c.label(), c.matched(), c.named() ? c.text() : null, c.named(), c.near(), weight,
                lists);
    }

    private static double meanScore(List<ChunkHit> hits, int depth) {
        int n = Math.min(depth, hits.size());
        double sum = 0;
        for (int i = 0; i < n; i++) {
            sum += hits.get(i).score();
        }
        return n == 0 ? 0 : sum / n;
    }

    private static double clamp(double x) {
        return Math.max(0, Math.min(1, x));
    }

    /** A concept the query's words name that counted in the search, with its narrower terms. */
    private record Counted(String id, Set<String> branch) {}

    /** A ranked list and its weight in the fusion. */
    record Ranked(List<ChunkHit> hits, double weight) {}

    private record Fused(ChunkHit chunk, double score, double bestContribution) {}

    /**
     * Weighted reciprocal-rank fusion: rank r of a list of weight w adds w / (60 + r). An article's snippet
     * is its chunk from the list where it counted most.
     */
    static List<Fused> fuse(List<Ranked> lists) {
        Map<String, Fused> byArticle = new LinkedHashMap<>();
        for (Ranked list : lists) {
            for (int rank = 1; rank <= list.hits.size(); rank++) {
                ChunkHit hit = list.hits.get(rank - 1);
                double add = list.weight / (RRF_K + rank);
                byArticle.merge(hit.articlePid(), new Fused(hit, add, add), (a, b) ->
                        new Fused(a.bestContribution >= b.bestContribution ? a.chunk : b.chunk, a.score + b.score,
                                Math.max(a.bestContribution, b.bestContribution)));
            }
        }
        List<Fused> out = new ArrayList<>(byArticle.values());
        out.sort(Comparator.comparingDouble((Fused f) -> -f.score).thenComparingDouble(f -> -f.bestContribution));
        return out;
    }

    /** The chunk's text; the first chunk starts with the title, which a result shows anyway. */
    private static String snippet(ChunkHit chunk, String title) {
        String text = chunk.text();
        if (chunk.ordinal() == 0 && title != null && text.startsWith(title)) {
            String rest = text.substring(title.length()).strip();
            return rest.isEmpty() ? text : rest;
        }
        return text;
    }

    private static List<TermRef> terms(List<String> ids, VocabularyIndex vocab) {
        List<TermRef> out = new ArrayList<>(ids.size());
        for (String id : ids) {
            out.add(new TermRef(id, vocab.byId(id).map(Term::label).orElse(id)));
        }
        return out;
    }
}
