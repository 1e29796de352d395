package org.fairrag.http;

import io.vertx.ext.web.RoutingContext;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.fairrag.export.ArticleExport;
import org.fairrag.export.ExportFormat;
import org.fairrag.export.ExportedArticle;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * {@code POST /api/export?format=csv|bibtex|ris}: the chosen articles ({@code {"articles": [pid, ...]}})
 * as a file for a spreadsheet or a reference manager, offered as a download.
 */
public final class ExportHandler {

    public static final int MAX_ARTICLES = 200;
    private static final Set<String> FIELDS = Set.of("articles");
    private static final Set<String> FORMATS = Stream.of(ExportFormat.values()).map(ExportFormat::clientName)
            .collect(Collectors.toUnmodifiableSet());

    private final ArticleExport export;
    private final WorkerPool pool;
    private final String baseUrl;
    private final Function<RoutingContext, List<String>> visibleGraphs;

    public ExportHandler(ArticleExport export, WorkerPool pool, String baseUrl,
                         Function<RoutingContext, List<String>> visibleGraphs) {
        this.export = export;
        this.pool = pool;
        this.baseUrl = baseUrl;
        this.visibleGraphs = visibleGraphs;
    }

    public void handle(RoutingContext ctx) {
        String name = new QueryParams(ctx).choice("format", null, FORMATS);
        if (name == null) {
            throw ApiException.badRequest("missing_parameter", "Parameter format is required: csv, bibtex or ris.");
        }
        ExportFormat format = ExportFormat.named(name).orElseThrow();
        List<String> pids = JsonRequest.of(ctx, FIELDS).requiredPids("articles", MAX_ARTICLES, baseUrl);
        List<String> graphs = visibleGraphs.apply(ctx);
        pool.submit(() -> {
            List<ExportedArticle> articles = export.load(pids, graphs);
            if (articles.size() < pids.size()) {
                Set<String> found = articles.stream().map(ExportedArticle::pid).collect(Collectors.toSet());
                String missing = pids.stream().filter(p -> !found.contains(p)).findFirst().orElseThrow();
                throw ApiException.badRequest("unknown_article", "No article with PID " + missing + ".");
            }
            return format.write(articles);
        }).onSuccess(body -> ctx.response()
                .putHeader("Content-Type", format.mediaType())
                .putHeader("Content-Disposition", "attachment; filename=\"fairrag-articles." + format.extension() + "\"")
                .putHeader("Cache-Control", "no-store")
                .end(body)).onFailure(ctx::fail);
    }
}
