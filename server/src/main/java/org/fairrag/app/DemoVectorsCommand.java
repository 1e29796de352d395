package org.fairrag.app;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.Embedder;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.fairrag.embed.PrecomputedVectors;
import org.fairrag.embed.Quantization;
import org.fairrag.embed.Vectors;
import org.fairrag.ingest.Article;
import org.fairrag.terms.TermIndexer;
import org.fairrag.vocab.Concept;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code fairrag demo-vectors}: computes the vectors of the bundled MeSH preferred names and lay names and of the demo
 * articles' chunks with the default model and writes them as the files the jar ships
 * ({@link Fairrag#MESH_NAME_VECTORS}, {@link Fairrag#DEMO_CHUNK_VECTORS}), so that a first start need not
 * compute them. Run it after changing the bundled data, the model or the chunker (the test
 * {@code ShippedVectorsTest} fails until then). It also measures what 8-bit storage costs
 * against the exact vectors, and what half precision would have cost.
 */
@Command(name = "demo-vectors", description = "For developers: compute the vectors of the bundled MeSH names and demo "
        + "chunks and write the files shipped in the jar; prints how faithful the stored form is.")
final class DemoVectorsCommand implements Callable<Integer> {

    /** Texts whose exact vectors the files carry, so that a server can tell that its model still gives them. */
    static final List<String> PROBES = List.of("heart attack", "treatments for mouth cancer",
            "Randomized controlled trial of a new antihypertensive drug in elderly patients.");
    private static final int QUERIES = 200;
    private static final int K = 10;

    @Option(names = "--out", defaultValue = "server/src/main/resources/fairrag/demo",
            description = "Directory to write the two files to (default ${DEFAULT-VALUE}, run from the repository root).")
    Path out;

    @Override
    public Integer call() throws Exception {
        Embedder model = LangChainEmbedder.create(EmbeddingSettings.DEFAULT);
        Chunker chunker = new Chunker();
        List<PrecomputedVectors.Probe> probes = new ArrayList<>();
        List<float[]> probeVectors = model.embedAll(PROBES);
        for (int i = 0; i < PROBES.size(); i++) {
            probes.add(new PrecomputedVectors.Probe(PROBES.get(i), probeVectors.get(i)));
        }

        Set<String> nameSet = new LinkedHashSet<>();
        for (Concept c : DemoData.meshConcepts()) {
            nameSet.add(c.prefLabel());
        }
        int preferred = nameSet.size();
        nameSet.addAll(TermIndexer.bundledLayNames());
        List<String> names = new ArrayList<>(nameSet);
        System.out.printf("Embedding %d MeSH preferred names and %d lay names with %s%n", preferred, names.size() - preferred,
                model.modelName());
        long t0 = System.nanoTime();
        List<float[]> nameVectors = model.embedAll(names);
        System.out.printf("  %.0f s%n", (System.nanoTime() - t0) / 1e9);
        var namesFile = new PrecomputedVectors.Builder(new PrecomputedVectors.Stamp(model.modelName(), model.dimension(),
                probes, "", PrecomputedVectors.resourcesChecksum(VectorsModule.NAME_VECTOR_INPUTS)));
        for (int i = 0; i < names.size(); i++) {
            namesFile.add(names.get(i), nameVectors.get(i));
        }

        List<Article> articles = DemoData.articles();
        System.out.printf("Chunking %d demo articles (%s)%n", articles.size(), chunker.version());
        t0 = System.nanoTime();
        List<List<String>> chunksByArticle = new ArrayList<>(articles.size());
        Set<String> chunkSet = new LinkedHashSet<>();
        for (Article a : articles) {
            List<String> chunks = chunker.chunks(a.title(), a.abstractText());
            chunksByArticle.add(chunks);
            chunkSet.addAll(chunks);
        }
        List<String> chunks = new ArrayList<>(chunkSet);
        System.out.printf("  %d chunks in %.0f s; embedding them%n", chunks.size(), (System.nanoTime() - t0) / 1e9);
        t0 = System.nanoTime();
        List<float[]> chunkVectors = model.embedAll(chunks);
        System.out.printf("  %.0f s%n", (System.nanoTime() - t0) / 1e9);
        var chunksFile = new PrecomputedVectors.Builder(new PrecomputedVectors.Stamp(model.modelName(), model.dimension(),
                probes, chunker.version(), PrecomputedVectors.resourcesChecksum(List.of(Fairrag.DEMO_ARTICLES))));
        for (int i = 0; i < chunks.size(); i++) {
            chunksFile.add(chunks.get(i), chunkVectors.get(i));
        }
        for (int i = 0; i < articles.size(); i++) {
            chunksFile.addArticle(articles.get(i).title(), articles.get(i).abstractText(), chunksByArticle.get(i));
        }

        Files.createDirectories(out);
        write(namesFile, out.resolve(fileName(Fairrag.MESH_NAME_VECTORS)));
        write(chunksFile, out.resolve(fileName(Fairrag.DEMO_CHUNK_VECTORS)));

        List<String> titles = articles.stream().map(Article::title).filter(t -> t != null && !t.isBlank())
                .limit(QUERIES).toList();
        List<float[]> titleVectors = model.embedAll(titles);
        List<float[]> nameQueries = new ArrayList<>();
        for (int i = 0; i < QUERIES; i++) {
            nameQueries.add(nameVectors.get(i * (nameVectors.size() / QUERIES)));
        }
        java.util.Map<String, Integer> chunkIndex = new java.util.HashMap<>();
        for (int i = 0; i < chunks.size(); i++) {
            chunkIndex.put(chunks.get(i), i);
        }
        int[] chunkOwner = new int[chunks.size()];
        for (int a = 0; a < articles.size(); a++) {
            for (String c : chunksByArticle.get(a)) {
                chunkOwner[chunkIndex.get(c)] = a;
            }
        }
        System.out.println();
        System.out.printf("Stored form against the exact vectors (%d names, %d chunks; queries: %d names against the "
                + "chunks, best chunk per article, and %d article titles against the names; top %d):%n", names.size(),
                chunks.size(), nameQueries.size(), titles.size(), K);
        System.out.printf("%-34s %12s %12s %16s %16s %10s%n", "form", "min cosine", "mean cosine", "articles top-10",
                "names top-10", "MB");
        report("8-bit integers, scale per vector", Quantization::viaInt8, nameVectors, chunkVectors, chunkOwner, nameQueries,
                titleVectors, (names.size() + chunks.size()) * (model.dimension() + 4L));
        report("half precision (float16)", Quantization::viaFloat16, nameVectors, chunkVectors, chunkOwner, nameQueries,
                titleVectors, (names.size() + chunks.size()) * model.dimension() * 2L);
        System.out.println("(top-10: the share of the exact top 10 that the stored form also returns, mean over the queries)");
        return 0;
    }

    private static void report(String label, UnaryOperator<float[]> form, List<float[]> names, List<float[]> chunks,
                               int[] chunkOwner, List<float[]> nameQueries, List<float[]> titleQueries, long bytes) {
        List<float[]> storedNames = names.stream().map(form).toList();
        List<float[]> storedChunks = chunks.stream().map(form).toList();
        List<float[]> exact = new ArrayList<>(names);
        exact.addAll(chunks);
        List<float[]> stored = new ArrayList<>(storedNames);
        stored.addAll(storedChunks);
        double min = 1;
        double sum = 0;
        for (int i = 0; i < exact.size(); i++) {
            double c = Vectors.dot(exact.get(i), stored.get(i));
            min = Math.min(min, c);
            sum += c;
        }
        double articles = 0;
        for (float[] q : nameQueries) {
            articles += overlap(topOwners(q, chunks, chunkOwner), topOwners(q, storedChunks, chunkOwner));
        }
        double terms = 0;
        int[] identity = new int[names.size()];
        Arrays.setAll(identity, i -> i);
        for (float[] q : titleQueries) {
            terms += overlap(topOwners(q, names, identity), topOwners(q, storedNames, identity));
        }
        System.out.printf("%-34s %12.5f %12.6f %16.3f %16.3f %10.1f%n", label, min, sum / exact.size(), articles / nameQueries.size(),
                terms / titleQueries.size(), bytes / 1e6);
    }

    /** The owners of the {@link #K} best vectors, one vector per owner (as article search keeps the best chunk). */
    private static List<Integer> topOwners(float[] query, List<float[]> vectors, int[] owner) {
        Integer[] order = new Integer[vectors.size()];
        float[] score = new float[vectors.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
            score[i] = Vectors.dot(query, vectors.get(i));
        }
        Arrays.sort(order, (a, b) -> Float.compare(score[b], score[a]));
        List<Integer> top = new ArrayList<>(K);
        for (int i = 0; i < order.length && top.size() < K; i++) {
            if (!top.contains(owner[order[i]])) {
                top.add(owner[order[i]]);
            }
        }
        return top;
    }

    private static double overlap(List<Integer> exact, List<Integer> stored) {
        return exact.stream().filter(stored::contains).count() / (double) exact.size();
    }

    private static String fileName(String resource) {
        return resource.substring(resource.lastIndexOf('/') + 1);
    }

    private static void write(PrecomputedVectors.Builder file, Path target) throws IOException {
        try (OutputStream o = Files.newOutputStream(target)) {
            file.write(o);
        }
        System.out.printf("Wrote %s (%.1f MB)%n", target, Files.size(target) / 1e6);
    }
}
