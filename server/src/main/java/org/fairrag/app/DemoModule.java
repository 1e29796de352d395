package org.fairrag.app;

import java.io.IOException;
import java.util.Map;
import org.fairrag.annotate.MentionIndex;
import org.fairrag.fdo.FdoKind;
import org.fairrag.ingest.ArticleIngest;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.ingest.SourceFile;
import org.fairrag.vocab.VocabularyInfo;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The collection shipped in the jar (MeSH 2024 and the demo articles), loaded into an empty data directory. */
public final class DemoModule implements FairragModule {

    private static final Logger LOG = LoggerFactory.getLogger(DemoModule.class);

    private final Lifecycle lifecycle;
    private final VectorsModule vectors;
    private final RegistryModule records;
    private final VocabularyModule vocabulary;
    private final AnnotationModule annotation;
    private final ArticlesModule articles;

    public DemoModule(Lifecycle lifecycle, VectorsModule vectors, RegistryModule records, VocabularyModule vocabulary,
                      AnnotationModule annotation, ArticlesModule articles) {
        this.lifecycle = lifecycle;
        this.vectors = vectors;
        this.records = records;
        this.vocabulary = vocabulary;
        this.annotation = annotation;
        this.articles = articles;
    }

    @Override
    public String name() {
        return "demo";
    }

    /**
     * On a collection with no articles and no terms, loads the bundled MeSH vocabulary and demo articles. With
     * {@code annotateLater}, the demo articles' concept mentions (and their associations) are left to {@link
     * AnnotationModule#annotateMissingInBackground}: storing them took three quarters of the demo's first ingest.
     *
     * @return whether anything was loaded
     */
    public boolean loadIfEmpty(IngestProgress progress, boolean annotateLater) throws IOException {
        Map<FdoKind, Long> counts = records.registry().countByKind().await();
        boolean loaded = false;
        VocabularyModule.Load mesh = null;
        // By the graph, not the registry: a vocabulary load that did not commit leaves PIDs registered ahead.
        if (vocabulary.vocabulary().isEmpty()) {
            LOG.info("No vocabulary yet: loading the bundled MeSH 2024 descriptors");
            progress.step("Reading the bundled MeSH");
            mesh = vocabulary.startLoad(VocabularyInfo.MESH_2024, DemoData.meshConcepts(), progress);
            loaded = true;
        }
        // The articles need the vocabulary in memory, not its lexicon: that is built meanwhile.
        boolean noArticles = counts.getOrDefault(FdoKind.ARTICLE, 0L) == 0;
        if (noArticles) {
            LOG.info("No articles yet: loading the bundled demo slice");
            try {
                ingestArticles(progress, annotateLater);
            } catch (IOException | RuntimeException e) {
                if (mesh != null) {
                    mesh.abandon();
                }
                throw e;
            }
            loaded = true;
        }
        if (mesh != null) {
            mesh.finish(progress);
            if (!noArticles) {
                records.refreshDataset();
            }
        }
        vectors.releaseBundledVectors();
        return loaded;
    }

    private void ingestArticles(IngestProgress progress, boolean annotateLater) throws IOException {
        MentionIndex mentions = annotation.mentionIndex();
        long mentionNanos = mentions.counts().nanos();
        SourceFile demo = SourceFile.ofResource(Fairrag.DEMO_ARTICLES);
        ArticleIngest.Report report = annotateLater
                ? mentions.deferring(() -> articles.ingest(demo, ArticleIngest.Options.DEFAULT, progress))
                : articles.ingest(demo, ArticleIngest.Options.DEFAULT, progress);
        if (lifecycle.config().mentions() && !annotateLater) {
            double mentionSeconds = (mentions.counts().nanos() - mentionNanos) / 1e9;
            double total = report.took().toNanos() / 1e9;
            LOG.info("Demo articles ingested in {} s, of which concept mentions {} s (+{}% over the rest)",
                    String.format("%.1f", total), String.format("%.1f", mentionSeconds),
                    String.format("%.0f", 100 * mentionSeconds / Math.max(1e-9, total - mentionSeconds)));
        }
    }
}
