package org.fairrag.http;

import io.vertx.core.http.HttpHeaders;
import io.vertx.ext.web.RoutingContext;
import java.io.StringWriter;
import java.util.List;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;
import org.fairrag.store.PidRecord;
import org.fairrag.store.PidRegistry;
import org.fairrag.failure.ApiException;
import org.fairrag.work.WorkerPool;

/**
 * What search engines read (FAIR F4): {@code /robots.txt}, and {@code /sitemap.xml}, a sitemap index
 * whose pages {@code /sitemap/{n}.xml} list the landing page of every active public PID.
 */
public final class CrawlerHandler {

    /** The most URLs a sitemap file may hold (sitemaps.org). */
    public static final int URLS_PER_PAGE = 50_000;
    private static final String NS = "http://www.sitemaps.org/schemas/sitemap/0.9";

    private final PidRegistry registry;
    private final WorkerPool pool;
    private final String baseUrl;
    private final int urlsPerPage;

    public CrawlerHandler(PidRegistry registry, WorkerPool pool, String baseUrl, int urlsPerPage) {
        this.registry = registry;
        this.pool = pool;
        this.baseUrl = baseUrl;
        this.urlsPerPage = urlsPerPage;
    }

    public void robots(RoutingContext ctx) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "text/plain; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=86400")
                .end("""
                        User-agent: *
                        Allow: /pid/
                        Allow: /dataset
                        Disallow: /api/
                        Disallow: /sparql
                        Disallow: /dataset/dump

                        Sitemap: %s/sitemap.xml
                        """.formatted(baseUrl));
    }

    public void index(RoutingContext ctx) {
        registry.countListed().compose(count -> pool.submit(() -> xml(w -> {
            w.writeStartElement("sitemapindex");
            w.writeDefaultNamespace(NS);
            long pages = Math.max(1, (count + urlsPerPage - 1) / urlsPerPage);
            for (long n = 1; n <= pages; n++) {
                w.writeStartElement("sitemap");
                element(w, "loc", baseUrl + "/sitemap/" + n + ".xml");
                w.writeEndElement();
            }
            w.writeEndElement();
        }))).onSuccess(body -> send(ctx, body)).onFailure(ctx::fail);
    }

    public void page(RoutingContext ctx) {
        String name = ctx.pathParam("page");
        long n;
        try {
            if (!name.matches("[1-9][0-9]{0,8}\\.xml")) {
                throw new NumberFormatException();
            }
            n = Long.parseLong(name.substring(0, name.length() - ".xml".length()));
        } catch (NumberFormatException e) {
            ctx.fail(ApiException.notFound("No such sitemap page; see " + baseUrl + "/sitemap.xml."));
            return;
        }
        registry.listed((n - 1) * urlsPerPage, urlsPerPage).compose(records -> {
            if (records.isEmpty() && n > 1) {
                return io.vertx.core.Future.failedFuture(ApiException.notFound("No such sitemap page; see " + baseUrl + "/sitemap.xml."));
            }
            return pool.submit(() -> urlset(records));
        }).onSuccess(body -> send(ctx, body)).onFailure(ctx::fail);
    }

    private String urlset(List<PidRecord> records) throws XMLStreamException {
        return xml(w -> {
            w.writeStartElement("urlset");
            w.writeDefaultNamespace(NS);
            for (PidRecord r : records) {
                w.writeStartElement("url");
                element(w, "loc", baseUrl + "/pid/" + r.id());
                element(w, "lastmod", r.modified().toInstant().toString());
                w.writeEndElement();
            }
            w.writeEndElement();
        });
    }

    private interface XmlBody {
        void write(XMLStreamWriter w) throws XMLStreamException;
    }

    /** XML written by the JDK's StAX writer, which escapes every value. */
    private static String xml(XmlBody body) throws XMLStreamException {
        StringWriter out = new StringWriter();
        XMLStreamWriter w = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
        w.writeStartDocument("UTF-8", "1.0");
        body.write(w);
        w.writeEndDocument();
        w.close();
        return out.toString();
    }

    private static void element(XMLStreamWriter w, String name, String text) throws XMLStreamException {
        w.writeStartElement(name);
        w.writeCharacters(text);
        w.writeEndElement();
    }

    private static void send(RoutingContext ctx, String body) {
        ctx.response().putHeader(HttpHeaders.CONTENT_TYPE, "application/xml; charset=utf-8")
                .putHeader(HttpHeaders.CACHE_CONTROL, "public, max-age=3600")
                .end(body);
    }
}
