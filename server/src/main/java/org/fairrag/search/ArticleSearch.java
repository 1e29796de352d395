package org.fairrag.search;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashMap;
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
 * the articles: a concept's list counts by the precision {@link ConceptListModel} expects of it, from how
 * the concept was linked and how its articles meet the query (how near its best articles are to the query,
 * how much more often the articles nearest to the query are about it than any article), and not at all
 * when the articles nearest to the query are about it no more often than the collection's articles are (a
 * word named it in another sense: "medicines" is not the discipline Medicine), unless its name is the
 * whole query (then the query means it, and the vectors may be what failed); so a wrong or
 * weak link costs little. Concepts near the query's meaning are hypotheses for words no concept names:
 * when concepts that count name every word in full ("heart attack" is Myocardial Infarction), they are not
 * searched. An article about several of the query's concepts is in several lists, and one about every
 * concept the query's words name comes first when those concepts cover the whole query.
 *
 * <p>When a concept list expected to be at least half precise is searched, the fused articles are ordered by
 * {@link ArticleRankModel}: the probability that
 * each is about what the query means, from where it stands in every list; an article in many lists of overlapping
 * concepts no longer wins by their number.
 */
public final class ArticleSearch {

    /** The constant of reciprocal-rank fusion (Cormack et al. 2009): rank r adds 1 / (60 + r). */
    public static final int RRF_K = 60;
    /**
     * The candidates are ordered by {@link ArticleRankModel} when a concept list is expected to be at least this precise;
     * otherwise the concepts are weak hypotheses, and the fusion, where the words and the meaning count as much, orders
     * them (on the lay development sets this gate changes 0 to 25 queries a set, by +0.000 to +0.007 of P@10).
     */
    public static final double RANKED_FROM = 0.5;
    /** Articles taken from each list before fusing: enough that an article ranked low in both can still win. */
    private static final int MIN_CANDIDATES = 50;

    /**
     * How much a concept's list counts in the fusion, where a keyword or vector list weighs 1.
     *
     * @param listWeight   what a concept list adds when it is sure to be precise: its weight is this times the precision
     *                     {@code model} expects of it
     * @param supportDepth over how many of the articles nearest to the query the share about a concept is taken, to
     *                     compare with the share of all articles (a concept counts only when it is not lower)
     * @param minWeight    a concept list weighing less is left out
     * @param listModel    the precision a concept list is expected to have
     * @param rankModel    how likely a candidate article is to be about what the query means, from the lists it is in:
     *                     the order of the results whenever a concept list at least {@link #RANKED_FROM} precise was
     *                     searched
     */
    public record Options(double listWeight, int supportDepth, double minWeight, ConceptListModel listModel,
                          ArticleRankModel rankModel) {
        public static final Options DEFAULT = new Options(6.0, 20, 0.2, ConceptListModel.bundled(), ArticleRankModel.bundled());
    }

    /** Sees every concept list the search weighs and the candidates it ranks (for fitting the search's models). */
    public interface Observer {
        Observer NONE = (concept, source, features, list, weight) -> { };

        void weighed(QueryConcept concept, String source, ConceptListModel.Features features, List<ChunkHit> list,
                     double weight);

        /** The candidate articles ranked by {@link ArticleRankModel}, by article PID, in the order of their fusion. */
        default void ranked(Map<String, ArticleRankModel.Features> candidates) {
        }
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

    /** The same search with other options (for the benches: another concept list model). */
    public ArticleSearch withOptions(Options other) {
        return new ArticleSearch(queryEmbedder, index, vocabulary, linker, sources, other);
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
        return search(query, Observer.NONE);
    }

    /** The search, showing {@code observer} each concept list it weighs and the candidates it ranks. */
    public Result search(ArticleQuery query, Observer observer) {
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
        List<Ranked> lists = new ArrayList<>(List.of(new Ranked(byMeaning, 1, Ranked.Kind.MEANING, 0),
                new Ranked(byWords, 1, Ranked.Kind.WORDS, 0)));
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
        List<QueryConcept> nearestFirst = ConceptListModel.Features.nearestFirst(linked);
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
            long about = counts.about(c.id(), branch, filter.accessLevels());
            double lift = lift(branch, byMeaning.subList(0, nearestCount), fields, about, allArticles);
            if (!wholeQuery && lift < 1) {
                // The articles nearest to the query are about it no more often than any article: not what the query means.
                continue;
            }
            ConceptArticles.Request request = new ConceptArticles.Request(List.of(c.id()), List.of(branch), vector,
                    filter, byMeaning, fields, c.named(), candidates, query.k());
            double weight = 0;
            Map<String, Double> bySource = new LinkedHashMap<>();
            for (ConceptArticles source : sources) {
                if (!query.concepts().uses(source)) {
                    continue;
                }
                List<ChunkHit> list = source.find(request);
                ConceptListModel.Features features = ConceptListModel.Features.of(c, nearestFirst, words, lift, about, list,
                        byMeaning);
                double precision = source.weight() * options.listModel.precision(features);
                double w = options.listWeight * precision;
                observer.weighed(c, source.name(), features, list, w);
                if (w >= options.minWeight) {
                    lists.add(new Ranked(list, w, Ranked.Kind.CONCEPT, precision));
                    weight = Math.max(weight, w);
                    bySource.put(source.name(), w);
                }
            }
            if (weight > 0) {
                searched.add(searched(c, weight, bySource));
                if (c.named()) {
                    named.add(new Counted(c.id(), branch));
                    explained += c.score() >= ConceptLinker.FULL_COVER ? c.words() : 0;
                }
            }
        }
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
                    lists.add(new Ranked(aboutAll, weight, Ranked.Kind.ABOUT_ALL, 0));
                }
            }
        }
        searched.sort(Comparator.comparingDouble((SearchedConcept c) -> -c.weight()));
        List<Fused> fused = fuse(lists);
        if (lists.stream().anyMatch(l -> l.kind() == Ranked.Kind.CONCEPT)) {
            // When the concepts the words name say all the query says, an article about all of them is what it asks for.
            fused = rank(fused, lists, named.size() >= 2 && explained >= words, observer);
        }
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
                        a.journal(), terms(a.termIds(), vocab), terms(a.suggestedTermIds(), vocab), matches(f.foundIn)));
            }
        }
        return new Result(hits, searched, off, t1 - t0, t2 - t1, t3 - t2);
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

    /** A concept the query's words name that counted in the search, with its narrower terms. */
    private record Counted(String id, Set<String> branch) {}

    /**
     * A ranked list, its weight in the fusion, and for a concept's list the precision expected of it.
     */
    record Ranked(List<ChunkHit> hits, double weight, Kind kind, double precision) {
        enum Kind { MEANING, WORDS, CONCEPT, ABOUT_ALL }
    }

    /**
     * The fused candidates in the order of {@link ArticleRankModel}'s estimate, each scored by it, those about every
     * concept the words name first when {@code aboutAllFirst}; the fusion's order breaks ties. The fusion as it is when
     * no concept list is expected to be precise enough ({@link #RANKED_FROM}); the observer sees the candidates either way.
     */
    private List<Fused> rank(List<Fused> fused, List<Ranked> lists, boolean aboutAllFirst, Observer observer) {
        boolean precise = lists.stream().anyMatch(l -> l.kind() == Ranked.Kind.CONCEPT && l.precision() >= RANKED_FROM);
        if (!precise && observer == Observer.NONE) {
            return fused;
        }
        Map<String, ArticleRankModel.Features> features = ArticleRankModel.Features.of(lists);
        Map<String, ArticleRankModel.Features> inFusionOrder = new LinkedHashMap<>();
        List<Fused> out = new ArrayList<>(fused.size());
        for (Fused f : fused) {
            ArticleRankModel.Features x = features.get(f.chunk.articlePid());
            inFusionOrder.put(f.chunk.articlePid(), x);
            out.add(new Fused(f.chunk, options.rankModel.probability(x), f.bestContribution, f.foundIn));
        }
        observer.ranked(inFusionOrder);
        if (!precise) {
            return fused;
        }
        Comparator<Fused> order = Comparator.comparingDouble((Fused f) -> -f.score);
        if (aboutAllFirst) {
            order = Comparator.comparing((Fused f) -> inFusionOrder.get(f.chunk.articlePid()).aboutAllRank() == 0)
                    .thenComparing(order);
        }
        out.sort(order);
        return out;
    }

    /** A candidate of the fusion and the kinds of list it was found in. */
    private record Fused(ChunkHit chunk, double score, double bestContribution, Set<Ranked.Kind> foundIn) {}

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
                byArticle.merge(hit.articlePid(), new Fused(hit, add, add, EnumSet.of(list.kind)), (a, b) ->
                        new Fused(a.bestContribution >= b.bestContribution ? a.chunk : b.chunk, a.score + b.score,
                                Math.max(a.bestContribution, b.bestContribution), union(a.foundIn, b.foundIn)));
            }
        }
        List<Fused> out = new ArrayList<>(byArticle.values());
        out.sort(Comparator.comparingDouble((Fused f) -> -f.score).thenComparingDouble(f -> -f.bestContribution));
        return out;
    }

    private static Set<Ranked.Kind> union(Set<Ranked.Kind> a, Set<Ranked.Kind> b) {
        EnumSet<Ranked.Kind> out = EnumSet.copyOf(a);
        out.addAll(b);
        return out;
    }

    /** How a hit was found, as {@link ArticleHit#matchedBy()} names it. */
    private static Set<ArticleHit.Match> matches(Set<Ranked.Kind> foundIn) {
        EnumSet<ArticleHit.Match> out = EnumSet.noneOf(ArticleHit.Match.class);
        for (Ranked.Kind kind : foundIn) {
            out.add(switch (kind) {
                case MEANING -> ArticleHit.Match.MEANING;
                case WORDS -> ArticleHit.Match.WORDS;
                case CONCEPT, ABOUT_ALL -> ArticleHit.Match.CONCEPTS;
            });
        }
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
