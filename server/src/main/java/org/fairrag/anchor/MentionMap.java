package org.fairrag.anchor;

import static org.fairrag.graph.Vocab.DCT_TITLE;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QuerySolution;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Graphs;
import org.fairrag.graph.Queries;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The concept mentions of the mentions graphs held in memory, by concept and by article, so that finding
 * the places that mention a concept costs a map look-up instead of a query. Negated mentions are left out.
 * Once a server {@link #follow}s with it, it follows the graph: read whole then and whenever asked
 * ({@link #requestLoad}: after the associations are counted, which every change of mentions is followed by),
 * and, as an {@link ArticleIndex} fed after the mention index, article by article as ingestion publishes or
 * withdraws them; before (a command line run), it reads nothing unless {@link #load} is called. Readers see one
 * consistent snapshot without locking; writes take turns.
 */
public final class MentionMap implements ArticleIndex, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(MentionMap.class);
    private static final Query ALL = Queries.load(MentionMap.class, "mentions.rq");
    private static final Query OF = Queries.load(MentionMap.class, "mentions-of.rq");
    private static final String SENTENCE_MARK = "#sentence-";

    private record Snapshot(Map<String, List<StoredMention>> byTerm, Map<String, List<StoredMention>> byArticle) {
        static final Snapshot EMPTY = new Snapshot(Map.of(), Map.of());
    }

    private final GraphStore graph;
    private final Graphs graphs;
    private final Supplier<VocabularyIndex> vocabulary;
    private volatile Snapshot snapshot = Snapshot.EMPTY;
    private final Object writing = new Object();
    private final AtomicBoolean loadWaiting = new AtomicBoolean();
    private volatile boolean following;
    private final AtomicLong loads = new AtomicLong();
    private final ExecutorService loader = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "fairrag-mention-map");
        t.setDaemon(true);
        return t;
    });

    public MentionMap(GraphStore graph, Graphs graphs, Supplier<VocabularyIndex> vocabulary) {
        this.graph = graph;
        this.graphs = graphs;
        this.vocabulary = vocabulary;
    }

    /** Reads every mention again. Blocking. */
    public void load() {
        synchronized (writing) {
            long t0 = System.nanoTime();
            List<StoredMention> all = read(Queries.bindValues(ALL.cloneQuery(), "g", mentionGraphs()));
            Map<String, List<StoredMention>> byArticle = group(all, StoredMention::articlePid);
            snapshot = new Snapshot(freeze(group(all, StoredMention::termId)), freeze(byArticle));
            loads.incrementAndGet();
            LOG.info("Concept mentions in memory: {} mentions of {} articles read in {} ms", all.size(), byArticle.size(),
                    (System.nanoTime() - t0) / 1_000_000);
        }
    }

    /** Reads every mention in the background and follows every change from now on; returns at once. */
    public void follow() {
        following = true;
        requestLoad();
    }

    /** When following, asks for a {@link #load} after the ones already started; returns at once. */
    public void requestLoad() {
        if (following && loadWaiting.compareAndSet(false, true)) {
            loader.submit(() -> {
                loadWaiting.set(false);
                try {
                    load();
                } catch (RuntimeException e) {
                    LOG.warn("Reading the concept mentions into memory failed; the next change reads them again", e);
                }
            });
        }
    }

    /** How many whole reads have finished, for waiting on one. */
    public long loads() {
        return loads.get();
    }

    @Override
    public void index(List<Article> articles) {
        if (!following) {
            return;
        }
        reread(articles.stream().map(Article::pid).toList());
    }

    @Override
    public void remove(Collection<String> articlePids) {
        if (!following) {
            return;
        }
        replace(Set.copyOf(articlePids), List.of());
    }

    /** Reads the mentions of these articles again. Blocking. */
    public void reread(Collection<String> articlePids) {
        if (articlePids.isEmpty()) {
            return;
        }
        synchronized (writing) {
            Query q = Queries.bindValues(OF.cloneQuery(), "g", mentionGraphs());
            Queries.bindValues(q, "article", articlePids.stream().map(NodeFactory::createURI).toList());
            replace(Set.copyOf(articlePids), read(q));
        }
    }

    /** The mentions of any of these concepts; restricted articles' only with {@code withRestricted}. */
    public List<StoredMention> of(Collection<String> termIds, boolean withRestricted) {
        Snapshot s = snapshot;
        List<StoredMention> out = new ArrayList<>();
        for (String id : termIds) {
            for (StoredMention m : s.byTerm().getOrDefault(id, List.of())) {
                if (withRestricted || !m.restricted()) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    /** The mentions of any of {@code termIds} in these articles; restricted articles' only with {@code withRestricted}. */
    public List<StoredMention> in(Collection<String> articlePids, Set<String> termIds, boolean withRestricted) {
        Snapshot s = snapshot;
        List<StoredMention> out = new ArrayList<>();
        for (String pid : articlePids) {
            for (StoredMention m : s.byArticle().getOrDefault(pid, List.of())) {
                if ((withRestricted || !m.restricted()) && termIds.contains(m.termId())) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    /** How many articles have mentions in memory. */
    public int articleCount() {
        return snapshot.byArticle().size();
    }

    private void replace(Set<String> articles, List<StoredMention> fresh) {
        synchronized (writing) {
            Snapshot s = snapshot;
            Map<String, List<StoredMention>> byArticle = new HashMap<>(s.byArticle());
            Set<String> terms = new HashSet<>();
            for (String pid : articles) {
                List<StoredMention> old = byArticle.remove(pid);
                if (old != null) {
                    old.forEach(m -> terms.add(m.termId()));
                }
            }
            Map<String, List<StoredMention>> freshByArticle = group(fresh, StoredMention::articlePid);
            freshByArticle.forEach((pid, ms) -> byArticle.put(pid, List.copyOf(ms)));
            fresh.forEach(m -> terms.add(m.termId()));
            Map<String, List<StoredMention>> byTerm = new HashMap<>(s.byTerm());
            Map<String, List<StoredMention>> freshByTerm = group(fresh, StoredMention::termId);
            for (String term : terms) {
                List<StoredMention> kept = new ArrayList<>();
                for (StoredMention m : byTerm.getOrDefault(term, List.of())) {
                    if (!articles.contains(m.articlePid())) {
                        kept.add(m);
                    }
                }
                kept.addAll(freshByTerm.getOrDefault(term, List.of()));
                if (kept.isEmpty()) {
                    byTerm.remove(term);
                } else {
                    byTerm.put(term, List.copyOf(kept));
                }
            }
            snapshot = new Snapshot(byTerm, byArticle);
        }
    }

    private List<StoredMention> read(Query q) {
        VocabularyIndex vocab = vocabulary.get();
        Map<String, String> articlePids = new HashMap<>();
        Map<String, String> termIds = new HashMap<>();
        String restricted = graphs.restrictedMentions();
        List<StoredMention> out = new ArrayList<>();
        for (QuerySolution row : graph.select(q)) {
            String termPid = row.getResource("term").getURI();
            String termId = termIds.computeIfAbsent(termPid, p -> vocab.byPid(p).map(Term::id).orElse(""));
            String sentenceIri = row.getResource("sentence").getURI();
            int mark = sentenceIri.lastIndexOf(SENTENCE_MARK);
            Optional<Integer> sentence = mark < 0 ? Optional.empty() : parse(sentenceIri.substring(mark + SENTENCE_MARK.length()));
            if (termId.isEmpty() || sentence.isEmpty()) {
                continue;
            }
            String article = row.getResource("article").getURI();
            out.add(new StoredMention(termId, articlePids.computeIfAbsent(article, a -> a),
                    row.getResource("g").getURI().equals(restricted),
                    row.getResource("property").getURI().equals(DCT_TITLE.getURI()),
                    row.getLiteral("start").getInt(), row.getLiteral("end").getInt(), sentence.get(),
                    row.getLiteral("sentenceStart").getInt(), row.getLiteral("sentenceEnd").getInt(),
                    row.contains("chunk") ? row.getLiteral("chunk").getInt() : -1));
        }
        return out;
    }

    private static Optional<Integer> parse(String s) {
        try {
            return Optional.of(Integer.parseInt(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private List<Node> mentionGraphs() {
        return List.of(NodeFactory.createURI(graphs.publicMentions()), NodeFactory.createURI(graphs.restrictedMentions()));
    }

    private static Map<String, List<StoredMention>> group(List<StoredMention> mentions,
                                                          java.util.function.Function<StoredMention, String> key) {
        Map<String, List<StoredMention>> out = new HashMap<>();
        for (StoredMention m : mentions) {
            out.computeIfAbsent(key.apply(m), k -> new ArrayList<>()).add(m);
        }
        return out;
    }

    private static Map<String, List<StoredMention>> freeze(Map<String, List<StoredMention>> grouped) {
        Map<String, List<StoredMention>> out = new HashMap<>(grouped.size() * 2);
        grouped.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return out;
    }

    @Override
    public void close() throws InterruptedException {
        loader.shutdownNow();
        loader.awaitTermination(30, TimeUnit.SECONDS);
    }
}
