package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.apache.jena.rdf.model.Model;
import org.fairrag.embed.Chunker;
import org.fairrag.fdo.Checksums;
import org.fairrag.ingest.Article;
import org.fairrag.ingest.ArticleIndex;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Annotates published articles with the concepts their text mentions, as ingestion publishes them: an
 * {@link ArticleIndex} like the vector index, so mentions follow every publication, access-level change
 * and tombstone of an article. An article whose title, abstract and method are those already annotated is
 * skipped. Blocking; the articles of a batch are read in parallel.
 */
public final class MentionIndex implements ArticleIndex {

    private static final Logger LOG = LoggerFactory.getLogger(MentionIndex.class);

    private final MentionStore store;
    private final Supplier<VocabularyIndex> vocabulary;
    private final ChunkOrdinals chunks = new ChunkOrdinals(new Chunker());
    private final AtomicReference<Finder> finder = new AtomicReference<>();
    private final AtomicLong annotated = new AtomicLong();
    private final AtomicLong mentions = new AtomicLong();
    private final AtomicLong nanos = new AtomicLong();
    private volatile boolean deferred;

    private record Finder(VocabularyIndex vocabulary, MentionFinder finder) {}

    /** Work that publishes articles, as {@link #deferring} runs it. */
    @FunctionalInterface
    public interface Ingestion<T, E extends Exception> {
        T run() throws E;
    }

    /** Counts since this index was made: articles annotated, mentions stored, and the time it took (finding and storing). */
    public record Counts(long articles, long mentions, long nanos) {}

    public MentionIndex(MentionStore store, Supplier<VocabularyIndex> vocabulary) {
        this.store = store;
        this.vocabulary = vocabulary;
    }

    /** The finder for the vocabulary loaded now, built on first use after each vocabulary change. */
    public MentionFinder finder() {
        VocabularyIndex current = vocabulary.get();
        Finder f = finder.get();
        if (f == null || f.vocabulary() != current) {
            f = new Finder(current, MentionFinder.of(current));
            finder.set(f);
        }
        return f.finder();
    }

    @Override
    public void index(List<Article> articles) {
        if (articles.isEmpty() || vocabulary.get().isEmpty()) {
            return;
        }
        Map<String, MentionStore.Stored> stored = store.stored(articles.stream().map(Article::pid).toList());
        String generator = MentionRdf.GENERATOR_RESOURCE.getURI();
        List<Article> changed = new ArrayList<>();
        for (Article a : articles) {
            MentionStore.Stored s = stored.get(a.pid());
            if (s == null || !s.textChecksum().equals(textChecksum(a)) || !s.generator().equals(generator)
                    || !s.accessLevel().equals(a.accessLevel())) {
                changed.add(a);
            }
        }
        if (changed.isEmpty()) {
            return;
        }
        if (deferred) {
            // Left for later (MentionBackfill), which annotates articles without mentions: earlier ones must go.
            remove(changed.stream().map(Article::pid).filter(stored::containsKey).toList());
            return;
        }
        long t0 = System.nanoTime();
        MentionFinder f = finder();
        long before = mentions.get();
        Map<String, Map<String, Model>> byLevel = new HashMap<>();
        List<Model> described = changed.parallelStream().map(a -> describe(f, a)).toList();
        for (int i = 0; i < changed.size(); i++) {
            Article a = changed.get(i);
            byLevel.computeIfAbsent(a.accessLevel(), l -> new HashMap<>()).put(a.pid(), described.get(i));
        }
        long t1 = System.nanoTime();
        byLevel.forEach(store::replace);
        annotated.addAndGet(changed.size());
        nanos.addAndGet(System.nanoTime() - t0);
        LOG.info("Concept mentions: {} articles, {} mentions found in {} ms, stored in {} ms", changed.size(),
                mentions.get() - before, (t1 - t0) / 1_000_000, (System.nanoTime() - t1) / 1_000_000);
    }

    private Model describe(MentionFinder f, Article a) {
        MentionFinder.Found found = f.find(a.title(), a.abstractText());
        mentions.addAndGet(found.mentions().size());
        int[] chunkOfSentence = chunks.of(a.title(), a.abstractText(), found.sentences());
        return MentionRdf.describe(a.pid(), a.title(), a.abstractText(), found, chunkOfSentence, textChecksum(a));
    }

    /**
     * Runs {@code ingestion} with annotation left for later: the articles it publishes get no mentions (and
     * lose earlier ones), so that {@link MentionBackfill} annotates them once the server is serving.
     */
    public <T, E extends Exception> T deferring(Ingestion<T, E> ingestion) throws E {
        deferred = true;
        try {
            return ingestion.run();
        } finally {
            deferred = false;
        }
    }

    /**
     * This index for ingestion without annotation (FAIRRAG_MENTIONS=false): nothing is annotated, and an
     * article published again or withdrawn loses the mentions it was given before, which might otherwise
     * quote an old text or stay at an access level it has left.
     */
    public ArticleIndex removalsOnly() {
        return new ArticleIndex() {
            @Override
            public void index(List<Article> articles) {
                MentionIndex.this.remove(articles.stream().map(Article::pid).toList());
            }

            @Override
            public void remove(Collection<String> articlePids) {
                MentionIndex.this.remove(articlePids);
            }
        };
    }

    @Override
    public void remove(Collection<String> articlePids) {
        store.remove(articlePids);
    }

    /** What was annotated: the checksum of the title and abstract. */
    static String textChecksum(Article a) {
        return Checksums.of((a.title() == null ? "" : a.title()) + "\n" + (a.abstractText() == null ? "" : a.abstractText()));
    }

    public Counts counts() {
        return new Counts(annotated.get(), mentions.get(), nanos.get());
    }
}
