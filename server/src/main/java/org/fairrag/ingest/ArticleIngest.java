package org.fairrag.ingest;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.io.CountingInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Supplier;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.fairrag.fdo.ArticleIds;
import org.fairrag.fdo.Checksums;
import org.fairrag.fdo.FdoDraft;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.FdoPublisher;
import org.fairrag.fdo.PidScheme;
import org.fairrag.graph.Graphs;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.store.IngestionRuns;
import org.fairrag.store.IngestionRuns.Counts;
import org.fairrag.store.IngestionRuns.Rejection;
import org.fairrag.store.IngestionRuns.Warning;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.store.SourceRecords;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Ingests one article file: reads it record by record, keeps each record in PostgreSQL, merges the
 * records of each PMID into an article, validates it with SHACL, publishes it as an FDO and hands it
 * to the indexes. Works in batches, each committed before the next is read, so a crash loses at most
 * the batch in flight and a rerun of the same file completes the work. Blocking; one file at a time.
 */
public final class ArticleIngest {

    private static final Logger LOG = LoggerFactory.getLogger(ArticleIngest.class);
    static final int BATCH_SIZE = 500;
    private static final int SNIFF_BYTES = 4096;

    /**
     * How to ingest: the access level given to every article of the file, whether to re-verify a file
     * already in, and how large a record and a value may be. Without {@code levelGiven} the level is that of new
     * articles only: a record of an article already in at the other level is rejected, so that re-ingesting a file
     * without naming a level never publishes restricted articles (nor restricts public ones); with it, such an
     * article moves to the level given, with a warning.
     */
    public record Options(String accessLevel, boolean force, ReadLimits limits, boolean levelGiven) {
        public static final Options DEFAULT = new Options("public", false);

        public Options {
            if (!"public".equals(accessLevel) && !"restricted".equals(accessLevel)) {
                throw new IllegalArgumentException("access level must be public or restricted, got: " + accessLevel);
            }
            Objects.requireNonNull(limits, "limits");
        }

        public Options(String accessLevel, boolean force, ReadLimits limits) {
            this(accessLevel, force, limits, true);
        }

        public Options(String accessLevel, boolean force) {
            this(accessLevel, force, ReadLimits.DEFAULT);
        }

        /** New articles public, articles already in kept at their level (no level named). */
        public static Options keepingLevels(boolean force, ReadLimits limits) {
            return new Options("public", force, limits, false);
        }
    }

    /** What an ingestion did. */
    public record Report(String runPid, String source, SourceFormat format, String checksum,
                         boolean alreadyIngested, Counts counts, List<Rejection> rejections,
                         List<Warning> warnings, int tombstonedSkipped, Duration took) {}

    private final FdoPublisher publisher;
    private final PidRegistry registry;
    private final SourceRecords sourceRecords;
    private final IngestionRuns runs;
    private final Graphs graphs;
    private final Supplier<VocabularyIndex> vocabulary;
    private final List<ArticleIndex> indexes;
    private final SubjectSuggestions suggestions;
    private final String datasetPid;
    private final ShaclCheck shacl = ShaclCheck.bundled();
    private final ObjectMapper json = new ObjectMapper()
            .configure(com.fasterxml.jackson.databind.DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

    public ArticleIngest(FdoPublisher publisher, PidRegistry registry, SourceRecords sourceRecords,
                         IngestionRuns runs, Graphs graphs, Supplier<VocabularyIndex> vocabulary,
                         List<ArticleIndex> indexes, SubjectSuggestions suggestions, String datasetPid) {
        this.publisher = publisher;
        this.registry = registry;
        this.sourceRecords = sourceRecords;
        this.runs = runs;
        this.graphs = graphs;
        this.vocabulary = vocabulary;
        this.indexes = List.copyOf(indexes);
        this.suggestions = suggestions;
        this.datasetPid = datasetPid;
    }

    /** The PID id of the article with this PMID. */
    public static String articleId(String pmid) {
        return ArticleIds.forPmid(pmid);
    }

    /** The PID id of the run that ingests a file with this checksum at this access level. */
    public static String runId(String checksum, String accessLevel) {
        return PidScheme.idFor("ingestion-run:" + checksum + ":" + accessLevel);
    }

    public Report ingest(SourceFile file, Options options, IngestProgress progress) throws IOException {
        long t0 = System.nanoTime();
        String checksum = checksum(file);
        String runId = runId(checksum, options.accessLevel());
        String runPid = publisher.pidUrl(runId);
        Optional<IngestionRuns.Run> previous = runs.find(runId).await();
        boolean completedBefore = previous.map(IngestionRuns.Run::completed).orElse(false);
        boolean movedBack = completedBefore && !options.force() && movedSince(previous.get(), checksum);
        if (movedBack) {
            LOG.info("{} has been ingested as {} since it was ingested as {}; ingesting it again as {}", file.name(),
                    otherLevel(options.accessLevel()), options.accessLevel(), options.accessLevel());
        } else if (completedBefore && !options.force()) {
            IngestionRuns.Run run = previous.get();
            LOG.info("{} is already ingested (run {}); nothing to do. Use --force to re-verify it.", file.name(), runPid);
            return new Report(runPid, file.name(), SourceFormat.valueOf(run.format()), checksum, true, run.counts(),
                    runs.rejections(runId).await(), runs.warnings(runId).await(), 0,
                    Duration.ofNanos(System.nanoTime() - t0));
        }

        try (CountingInputStream raw = new CountingInputStream(file.open());
             InputStream in = SourceFormats.decompressed(raw)) {
            SourceFormat format = detect(file.name(), in);
            if (!completedBefore) {
                runs.start(runId, file.name(), checksum, format.name(), options.accessLevel()).await();
            }
            // Records are counted as they are read; the total is estimated from the share of the file read so far.
            progress.start("Ingesting " + file.name(), -1, "records");
            Batches batches = new Batches(runId, runPid, options, completedBefore);
            try (RecordReader.Results results = SourceFormats.forFormat(format, options.limits()).open(in, file.name())) {
                while (results.hasNext()) {
                    batches.add(results.next());
                    if (batches.full()) {
                        batches.flush();
                        long read = batches.counts.read();
                        if (file.size() > 0 && raw.getCount() > 0) {
                            progress.adjustTotal(Math.max(read, Math.round((double) read * file.size() / raw.getCount())));
                        }
                        progress.advanceTo(read);
                    }
                }
                batches.flush();
                progress.adjustTotal(batches.counts.read());
                progress.advanceTo(batches.counts.read());
            } catch (RuntimeException | IOException e) {
                if (!completedBefore) {
                    runs.finish(runId, "failed", batches.counts).await();
                }
                throw e;
            } finally {
                progress.finish();
            }
            if (!completedBefore) {
                runs.finish(runId, "completed", batches.counts).await();
            } else if (movedBack) {
                runs.endedAgain(runId).await();
            }
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            LOG.info("{}: {} records read, {} accepted, {} rejected; {} articles created, {} updated, {} unchanged in {} s",
                    file.name(), batches.counts.read(), batches.counts.accepted(), batches.counts.rejected(),
                    batches.counts.created(), batches.counts.updated(), batches.counts.unchanged(),
                    took.toMillis() / 1000.0);
            return new Report(runPid, file.name(), format, checksum, false, batches.counts, batches.rejections,
                    batches.warnings, batches.tombstonedSkipped, took);
        }
    }

    private static String checksum(SourceFile file) throws IOException {
        java.security.MessageDigest digest;
        try {
            digest = java.security.MessageDigest.getInstance("SHA-256");
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (InputStream in = new java.security.DigestInputStream(file.open(), digest)) {
            in.transferTo(java.io.OutputStream.nullOutputStream());
        }
        return "sha256:" + java.util.HexFormat.of().formatHex(digest.digest());
    }

    private static SourceFormat detect(String name, InputStream in) throws IOException {
        Optional<SourceFormat> format = SourceFormats.byName(name);
        if (format.isPresent()) {
            return format.get();
        }
        in.mark(SNIFF_BYTES);
        byte[] head = in.readNBytes(SNIFF_BYTES);
        in.reset();
        return SourceFormats.byContent(head).orElseThrow(() -> new org.fairrag.ingest.read.UnknownSourceFormatException(
                "unknown format: " + name + " is not PubMed XML, MEDLINE text, the Kaggle CSV or JSONL"));
    }

    /** Accumulates read results and publishes them a batch at a time. */
    private final class Batches {
        final String runId;
        final String runPid;
        final Options options;
        final boolean reverify;
        final Map<String, ArticleRecord> pending = new LinkedHashMap<>();
        /** Where each PMID of each source was first read in this file, to tell a record that repeats one. */
        final Map<String, String> firstRead = new HashMap<>();
        /** The PMID of every record accepted in this batch, a repeated one as often as it was read. */
        final List<String> pendingPmids = new ArrayList<>();
        final List<Rejection> pendingRejections = new ArrayList<>();
        final List<Rejection> rejections = new ArrayList<>();
        final List<Warning> pendingWarnings = new ArrayList<>();
        final List<Warning> warnings = new ArrayList<>();
        Counts counts = Counts.ZERO;
        int tombstonedSkipped;
        int read;

        Batches(String runId, String runPid, Options options, boolean reverify) {
            this.runId = runId;
            this.runPid = runPid;
            this.options = options;
            this.reverify = reverify;
        }

        void add(ReadResult result) {
            read++;
            if (result instanceof ReadResult.Accepted a) {
                // A later record of the same PMID and source in one file replaces the earlier one.
                String key = a.record().source() + "\u0000" + a.record().pmid();
                pending.put(key, a.record());
                pendingPmids.add(a.record().pmid());
                a.warnings().forEach(w -> pendingWarnings.add(new Warning(a.locator(), w)));
                String first = firstRead.putIfAbsent(key, a.locator());
                if (first != null) {
                    pendingWarnings.add(new Warning(a.locator(), "PMID " + a.record().pmid() + " was read before in this file ("
                            + first + "): this later record replaces it"));
                }
            } else if (result instanceof ReadResult.Rejected r) {
                pendingRejections.add(new Rejection(r.locator(), r.reason()));
            }
        }

        boolean full() {
            return pending.size() + pendingRejections.size() >= BATCH_SIZE;
        }

        void flush() {
            List<ArticleRecord> records = new ArrayList<>(pending.values());
            List<String> recordPmids = new ArrayList<>(pendingPmids);
            List<Rejection> batchRejections = new ArrayList<>(pendingRejections);
            int batchRead = read;
            pending.clear();
            pendingPmids.clear();
            pendingRejections.clear();
            read = 0;

            // Everything known about each PMID: what earlier files gave, overlaid with this batch.
            List<String> pmids = records.stream().map(ArticleRecord::pmid).distinct().toList();
            Map<String, Map<String, ArticleRecord>> byPmid = new LinkedHashMap<>();
            pmids.forEach(p -> byPmid.put(p, new LinkedHashMap<>()));
            for (SourceRecords.Stored s : sourceRecords.forPmids(pmids).await()) {
                byPmid.get(s.pmid()).put(s.source(), fromJson(s.json()));
            }
            records.forEach(r -> byPmid.get(r.pmid()).put(r.source(), r));

            Published published = publishMerged(byPmid, options.accessLevel(), options.levelGiven(),
                    reverify ? null : runPid, validPmids -> {
                        // Only records that make a valid article are kept; an invalid one changes nothing.
                        List<SourceRecords.Stored> stored = new ArrayList<>(records.size());
                        for (ArticleRecord r : records) {
                            if (validPmids.contains(r.pmid())) {
                                String text = toJson(r);
                                stored.add(new SourceRecords.Stored(r.pmid(), r.source(), Checksums.of(text), text));
                            }
                        }
                        sourceRecords.upsert(stored, runId).await();
                    });
            tombstonedSkipped += published.tombstonedSkipped();
            batchRejections.addAll(published.rejections());
            pendingWarnings.addAll(published.warnings());
            FdoPublisher.Outcome outcome = published.outcome();
            Set<String> validPmids = published.validPmids();
            runs.reject(runId, batchRejections).await();
            rejections.addAll(batchRejections);
            runs.warn(runId, pendingWarnings).await();
            warnings.addAll(pendingWarnings);
            pendingWarnings.clear();
            // Counted per record read, a replaced one too, so that read = accepted + rejected.
            int accepted = (int) recordPmids.stream().filter(validPmids::contains).count();
            counts = counts.plus(new Counts(batchRead, accepted, batchRejections.size(),
                    outcome.created().size(), outcome.updated().size(), outcome.unchanged()));
            LOG.info("Run {}: batch committed, {} records read so far", runPid, counts.read());
        }
    }

    /** What {@link #publishMerged} did. */
    private record Published(Set<String> validPmids, List<Rejection> rejections, List<Warning> warnings,
                             FdoPublisher.Outcome outcome, int tombstonedSkipped) {}

    /**
     * Merges the records of each PMID into an article, validates the articles, and publishes the valid
     * ones at {@code accessLevel} (moving an article whose level changed out of its former graph) before
     * handing them to the indexes; without {@code levelGiven}, an article already in at another level is rejected
     * instead. {@code beforePublishing} runs with the valid PMIDs first.
     */
    private Published publishMerged(Map<String, Map<String, ArticleRecord>> byPmid, String accessLevel,
                                    boolean levelGiven, String runPid, Consumer<Set<String>> beforePublishing) {
        Map<String, PidRecord> registered = registry.findAll(byPmid.keySet().stream().map(ArticleIngest::articleId).toList()).await();
        ArticleMerger merger = new ArticleMerger(vocabulary.get(), pmid -> publisher.pidUrl(articleId(pmid)));
        ArticleRdfMapper mapper = new ArticleRdfMapper(datasetPid);
        List<Article> articles = new ArrayList<>();
        Model batchModel = ModelFactory.createDefaultModel();
        Map<String, Model> descriptions = new HashMap<>();
        int tombstonedSkipped = 0;
        List<Rejection> rejections = new ArrayList<>();
        List<Warning> warnings = new ArrayList<>();
        for (Map<String, ArticleRecord> group : byPmid.values()) {
            if (group.isEmpty()) {
                continue;
            }
            List<ArticleRecord> known = new ArrayList<>(group.values());
            String pmid = known.get(0).pmid();
            PidRecord existing = registered.get(articleId(pmid));
            if (existing != null && existing.tombstoned()) {
                tombstonedSkipped++;
                continue;
            }
            if (!levelGiven && existing != null && !existing.accessLevel().equals(accessLevel)) {
                rejections.add(new Rejection("PMID " + pmid, "the article is " + existing.accessLevel()
                        + " and no access level was given, so it is left as it is: ingest with --access "
                        + existing.accessLevel() + " to update it, or with --access " + accessLevel
                        + " to make it " + accessLevel));
                continue;
            }
            Article article = merger.merge(known, accessLevel);
            if (article.subjects().isEmpty()) {
                article = article.withSuggestedSubjects(suggestions.suggest(article));
            }
            Model description = mapper.describe(article);
            descriptions.put(article.pid(), description);
            batchModel.add(description);
            articles.add(article);
        }

        Map<String, String> violations = shacl.violations(batchModel);
        List<Article> valid = new ArrayList<>();
        List<FdoDraft> drafts = new ArrayList<>();
        Set<String> validPmids = new HashSet<>();
        List<String> moved = new ArrayList<>();
        for (Article article : articles) {
            String violation = violations.get(article.pid());
            if (violation != null) {
                rejections.add(new Rejection("PMID " + article.pmid(), violation));
                continue;
            }
            valid.add(article);
            validPmids.add(article.pmid());
            drafts.add(new FdoDraft(articleId(article.pmid()), FdoKind.ARTICLE, "article:pubmed:" + article.pmid(),
                    article.pubmedUrl(), descriptions.get(article.pid()), article.accessLevel()));
            PidRecord existing = registered.get(articleId(article.pmid()));
            if (existing != null && !existing.accessLevel().equals(accessLevel)) {
                moved.add(article.pid());
                warnings.add(new Warning("PMID " + article.pmid(), "the article was " + existing.accessLevel()
                        + " and is now " + accessLevel + " (--access " + accessLevel + ")"));
            }
        }
        beforePublishing.accept(validPmids);
        if (!moved.isEmpty()) {
            // An article now published at another level must not stay readable in its former graph.
            publisher.withdrawDescriptions(graphs.contentFor(otherLevel(accessLevel)), moved);
        }
        FdoPublisher.Outcome outcome = publisher.publish(graphs.contentFor(accessLevel), drafts, runPid).await();
        for (ArticleIndex index : indexes) {
            index.index(valid);
        }
        return new Published(validPmids, rejections, warnings, outcome, tombstonedSkipped);
    }

    /**
     * Whether the same file was ingested at the other access level after {@code run}, which moved its articles there:
     * the run's being complete then does not mean its articles are at its level.
     */
    private boolean movedSince(IngestionRuns.Run run, String checksum) {
        return runs.find(runId(checksum, otherLevel(run.accessLevel()))).await()
                .filter(IngestionRuns.Run::completed)
                .filter(other -> other.endedAt() != null && run.endedAt() != null && other.endedAt().isAfter(run.endedAt()))
                .isPresent();
    }

    private static String otherLevel(String accessLevel) {
        return "restricted".equals(accessLevel) ? "public" : "restricted";
    }

    /**
     * Publishes again, from the source records kept in PostgreSQL, the articles with these PMIDs, each at
     * the given access level: what {@code fairrag check --repair} does for an article missing from the
     * graph or the registry. Blocking.
     *
     * @return the PMIDs republished; those without any source record are left out
     */
    public Set<String> republish(Map<String, String> accessLevelByPmid) {
        Set<String> done = new HashSet<>();
        Map<String, List<String>> byLevel = new HashMap<>();
        accessLevelByPmid.forEach((pmid, level) -> byLevel.computeIfAbsent(level, l -> new ArrayList<>()).add(pmid));
        for (Map.Entry<String, List<String>> level : byLevel.entrySet()) {
            List<String> pmids = level.getValue();
            for (int from = 0; from < pmids.size(); from += BATCH_SIZE) {
                List<String> batch = pmids.subList(from, Math.min(pmids.size(), from + BATCH_SIZE));
                Map<String, Map<String, ArticleRecord>> byPmid = new LinkedHashMap<>();
                for (SourceRecords.Stored stored : sourceRecords.forPmids(batch).await()) {
                    byPmid.computeIfAbsent(stored.pmid(), p -> new LinkedHashMap<>()).put(stored.source(), fromJson(stored.json()));
                }
                done.addAll(publishMerged(byPmid, level.getKey(), true, null, valid -> { }).validPmids());
            }
        }
        return done;
    }

    private String toJson(ArticleRecord r) {
        try {
            return json.writeValueAsString(r);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise record " + r.pmid(), e);
        }
    }

    private ArticleRecord fromJson(String text) {
        try {
            return json.readValue(text, ArticleRecord.class);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored record is not readable: " + e.getMessage(), e);
        }
    }
}
