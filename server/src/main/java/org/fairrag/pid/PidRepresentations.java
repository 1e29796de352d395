package org.fairrag.pid;

import static org.fairrag.graph.Vocab.TEXT;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.apache.jena.riot.RDFWriter;
import org.fairrag.fdo.FdoKind;
import org.fairrag.store.PidRecord;

/**
 * Writes what a PID resolves to in one format: the landing page, an RDF form, a summary's text, or the
 * Signposting linkset, with the {@code Link} header that goes with it. Blocking (reads the graph): call
 * it on a worker pool.
 */
public final class PidRepresentations {

    /** A response body ready to send: 410 for a tombstoned object, 200 otherwise. */
    public record Rendered(int status, MediaFormat format, String body, String linkHeader) {}

    private final FdoLoader loader;
    private final LandingPages pages;
    private final SchemaOrgJsonLd jsonLd;
    private final PageRenderer renderer;

    public PidRepresentations(FdoLoader loader, String baseUrl) {
        this.loader = loader;
        this.pages = new LandingPages(baseUrl);
        this.jsonLd = new SchemaOrgJsonLd(baseUrl);
        this.renderer = new PageRenderer();
    }

    /** The formats a PID of this kind can be served in, the default first. */
    public static List<MediaFormat> offered(FdoKind kind) {
        List<MediaFormat> out = new ArrayList<>();
        out.add(MediaFormat.HTML);
        out.addAll(MediaFormat.RDF_FORMS);
        if (kind == FdoKind.SUMMARY) {
            out.add(MediaFormat.TEXT);
        }
        return out;
    }

    public static List<MediaFormat> linksetFormats() {
        return List.of(MediaFormat.LINKSET_JSON, MediaFormat.LINKSET);
    }

    /**
     * @param full whether the caller may read the object's content (see {@link FdoLoader#load}); a
     *             restricted object shown without it answers 401 or 403, as the caller says
     * @param deniedStatus the status of a restricted object shown without its content: 401 or 403
     */
    public Rendered render(PidRecord record, MediaFormat format, boolean full, int deniedStatus) {
        ResolvedFdo fdo = loader.load(record, full);
        Signposts links = Signposts.of(fdo);
        String body;
        if (format == MediaFormat.HTML) {
            body = renderer.landing(pages.build(fdo, jsonLd.scriptContent(fdo)));
        } else if (format == MediaFormat.TEXT) {
            body = fdo.tombstoned()
                    ? "Withdrawn on " + FdoLoader.dateTime(record.tombstonedAt()).getLexicalForm() + ": " + record.tombstoneReason() + "\n"
                    : Objects.requireNonNullElse(LandingPages.string(fdo.subject(), TEXT), "") + "\n";
        } else {
            body = RDFWriter.source(fdo.description()).format(format.rdf()).asString();
        }
        int status = fdo.restricted() && !full ? deniedStatus : fdo.tombstoned() ? 410 : 200;
        return new Rendered(status, format, body, links.linkHeader());
    }

    /** The linkset of a PID; a tombstoned object's linkset is still served (200): it describes the tombstone. */
    public Rendered linkset(PidRecord record, MediaFormat format, boolean full, int deniedStatus) {
        ResolvedFdo fdo = loader.load(record, full);
        Signposts links = Signposts.of(fdo);
        String body = format == MediaFormat.LINKSET ? links.linksetText() : links.linksetJson();
        return new Rendered(fdo.restricted() && !full ? deniedStatus : 200, format, body, null);
    }

    /** An HTML page for a PID that does not resolve. */
    public String errorPage(ErrorPage page) {
        return renderer.error(page);
    }
}
