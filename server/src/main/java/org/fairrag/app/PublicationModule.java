package org.fairrag.app;

import io.vertx.core.http.HttpMethod;
import java.time.Clock;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.http.AdminHandler;
import org.fairrag.http.CrawlerHandler;
import org.fairrag.http.DatasetHandler;
import org.fairrag.http.PidHandler;
import org.fairrag.http.SerialTaskRunner;
import org.fairrag.ingest.IngestProgress;
import org.fairrag.pid.ArticleLookup;
import org.fairrag.pid.FdoLoader;
import org.fairrag.pid.PidRepresentations;
import org.fairrag.pid.Tombstones;

/**
 * Every FDO as people and machines reach it: PIDs resolving to landing pages and RDF with Signposting, the
 * dataset and its dump, the sitemaps for crawlers, and withdrawing objects (tombstones, {@code /api/admin}).
 */
public final class PublicationModule implements FairragModule {

    private final TripleStoreModule store;
    private final RegistryModule records;
    private final AnnotationModule annotation;
    private final ArticlesModule articles;
    private final String baseUrl;
    private Tombstones tombstones;

    public PublicationModule(Lifecycle lifecycle, TripleStoreModule store, RegistryModule records,
                             AnnotationModule annotation, ArticlesModule articles) {
        this.store = store;
        this.records = records;
        this.annotation = annotation;
        this.articles = articles;
        this.baseUrl = lifecycle.config().baseUrl();
    }

    @Override
    public String name() {
        return "publication";
    }

    @Override
    public void open(IngestProgress progress) {
        this.tombstones = new Tombstones(store.graph(), store.graphs(), records.registry(), articles::indexes,
                this::afterTombstone, Clock.systemUTC(), baseUrl);
    }

    /** A withdrawn article leaves the dataset's counts at once and the associations with the next count, soon after. */
    private void afterTombstone() {
        records.refreshDataset();
        annotation.requestAssociations();
    }

    @Override
    public void addRoutes(ApiContext api) {
        var graphs = store.graphs();
        var pools = api.pools();
        FdoLoader loader = new FdoLoader(store.graph(), graphs, annotation.relatedConcepts(), baseUrl);
        PidHandler pid = new PidHandler(records.registry(), new PidRepresentations(loader, baseUrl), pools.pid(),
                baseUrl, DatasetFdo.ID, new ArticleLookup(store.graph()), ApiContext.contentGraphs(graphs),
                annotation::literatureVersion);
        DatasetHandler dataset = new DatasetHandler(store.graph(), ApiContext.allGraphs(graphs), pools.dump(),
                api.streamer());
        CrawlerHandler crawler = new CrawlerHandler(records.registry(), pools.pid(), baseUrl, CrawlerHandler.URLS_PER_PAGE);
        SerialTaskRunner adminTasks = new SerialTaskRunner("admin", 16);
        api.closeWith(adminTasks);
        AdminHandler admin = new AdminHandler(tombstones, adminTasks, baseUrl);
        api.routes(router -> {
            // One URL per object: "/pid/<id>/" (and a linkset's with a slash) moves to the PID itself.
            router.routeWithRegex("/pid/.+/").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(ctx -> {
                String path = ctx.normalizedPath().replaceAll("/+$", "");
                String query = ctx.request().query();
                ctx.response().setStatusCode(301).putHeader("Location", query == null ? path : path + "?" + query).end();
            });
            // Before /pid/:id; "lookup" is no PID id (ids have no vowels).
            router.route("/pid/lookup").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(pid::lookup);
            router.route("/pid/:id").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(pid::landing);
            router.route("/pid/:id/linkset").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(pid::linkset);
            router.route("/dataset").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(pid::dataset);
            router.route("/dataset/dump").method(HttpMethod.GET).method(HttpMethod.HEAD).handler(dataset::dump);
            router.get("/sitemap.xml").handler(crawler::index);
            router.get("/sitemap/:page").handler(crawler::page);
            router.get("/robots.txt").handler(crawler::robots);
            router.post("/api/admin/pid/:id/tombstone").handler(admin::requireAdmin).handler(admin::tombstone);
        });
    }

    /** Withdraws articles and summaries; blocking. */
    public Tombstones tombstones() { return tombstones; }
}
