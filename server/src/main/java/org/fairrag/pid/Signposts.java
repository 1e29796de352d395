package org.fairrag.pid;

import static org.fairrag.graph.Vocab.*;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.apache.jena.rdf.model.Property;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.fairrag.fdo.FdoKind;

/**
 * The FAIR Signposting links of one FDO (levels 1 and 2), built once from its description, so that the
 * {@code Link} header, the {@code application/linkset+json} document and the {@code application/linkset}
 * document (RFC 9264) are three writings of the same list.
 */
public final class Signposts {

    /** One typed link from {@code anchor}; {@code type} is the target's media type, or null. */
    public record Link(String anchor, String rel, String href, String type) {}

    /** Targets that are safe inside {@code <...>} in a header: absolute http(s) IRIs without delimiters. */
    private static final Pattern SAFE_TARGET = Pattern.compile("https?://[^\\s<>\"{}|\\\\^`]+");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Property DATA_DUMP = ResourceFactory.createProperty(VOID, "dataDump");

    private final String pid;
    private final List<Link> links;

    private Signposts(String pid, List<Link> links) {
        this.pid = pid;
        this.links = List.copyOf(links);
    }

    public static Signposts of(ResolvedFdo fdo) {
        String pid = fdo.pid();
        Resource s = fdo.subject();
        List<Link> out = new ArrayList<>();
        out.add(new Link(pid, "cite-as", pid, null));
        for (MediaFormat f : MediaFormat.RDF_FORMS) {
            out.add(new Link(pid, "describedby", formUrl(pid, f), f.mediaType()));
        }
        out.add(new Link(pid, "type", SchemaTypes.of(fdo.kind()).signpostingIri(), null));
        out.add(new Link(pid, "type", SchemaTypes.SIGNPOSTING_NS + "AboutPage", null));
        s.listProperties(DCT_LICENSE).forEachRemaining(st -> iri(st.getObject())
                .ifPresent(l -> out.add(new Link(pid, "license", l, null))));
        if (!fdo.tombstoned()) {
            out.addAll(items(fdo));
        }
        s.listProperties(AUTHOR).forEachRemaining(st -> {
            if (st.getObject().isResource()) {
                st.getResource().listProperties(SAME_AS).forEachRemaining(id -> iri(id.getObject())
                        .filter(o -> o.startsWith("https://orcid.org/"))
                        .ifPresent(o -> out.add(new Link(pid, "author", o, null))));
            }
        });
        for (MediaFormat f : MediaFormat.RDF_FORMS) {
            out.add(new Link(formUrl(pid, f), "describes", pid, null));
        }
        return new Signposts(pid, out.stream().filter(l -> SAFE_TARGET.matcher(l.href()).matches()).distinct().toList());
    }

    private static List<Link> items(ResolvedFdo fdo) {
        String pid = fdo.pid();
        List<Link> out = new ArrayList<>();
        if (fdo.kind() == FdoKind.ARTICLE && fdo.record().target() != null) {
            out.add(new Link(pid, "item", fdo.record().target(), "text/html"));
        } else if (fdo.kind() == FdoKind.SUMMARY && fdo.subject().hasProperty(TEXT)) {
            out.add(new Link(pid, "item", formUrl(pid, MediaFormat.TEXT), MediaFormat.TEXT.mediaType()));
        } else if (fdo.kind() == FdoKind.DATASET) {
            fdo.subject().listProperties(DATA_DUMP)
                    .forEachRemaining(st -> iri(st.getObject())
                            .ifPresent(d -> out.add(new Link(pid, "item", d, MediaFormat.NTRIPLES.mediaType()))));
        }
        return out;
    }

    /** The URL of one representation of a PID. */
    public static String formUrl(String pid, MediaFormat format) {
        return pid + "?format=" + format.key();
    }

    public static String linksetUrl(String pid) {
        return pid + "/linkset";
    }

    /** Every link, the landing page's and those of its metadata documents. */
    public List<Link> all() {
        return links;
    }

    /** The links whose context is the PID itself: what the {@code Link} header of the landing page states. */
    public List<Link> ofLandingPage() {
        return links.stream().filter(l -> l.anchor().equals(pid)).toList();
    }

    /** The {@code Link} header: the landing page's links and where its linkset is. */
    public String linkHeader() {
        List<String> parts = new ArrayList<>();
        ofLandingPage().forEach(l -> parts.add(format(l, false)));
        parts.add("<" + linksetUrl(pid) + ">; rel=\"linkset\"; type=\"" + MediaFormat.LINKSET_JSON.mediaType() + "\"");
        parts.add("<" + linksetUrl(pid) + "?format=" + MediaFormat.LINKSET.key() + ">; rel=\"linkset\"; type=\""
                + MediaFormat.LINKSET.mediaType() + "\"");
        return String.join(", ", parts);
    }

    /** The {@code application/linkset} document: one link a line, each with its anchor. */
    public String linksetText() {
        return links.stream().map(l -> format(l, true)).collect(Collectors.joining(",\n", "", "\n"));
    }

    /** The {@code application/linkset+json} document. */
    public String linksetJson() {
        Map<String, Map<String, List<Link>>> byAnchor = new LinkedHashMap<>();
        for (Link l : links) {
            byAnchor.computeIfAbsent(l.anchor(), a -> new LinkedHashMap<>()).computeIfAbsent(l.rel(), r -> new ArrayList<>()).add(l);
        }
        ObjectNode root = JSON.createObjectNode();
        ArrayNode set = root.putArray("linkset");
        byAnchor.forEach((anchor, rels) -> {
            ObjectNode context = set.addObject().put("anchor", anchor);
            rels.forEach((rel, targets) -> {
                ArrayNode array = context.putArray(rel);
                for (Link l : targets) {
                    ObjectNode target = array.addObject().put("href", l.href());
                    if (l.type() != null) {
                        target.put("type", l.type());
                    }
                }
            });
        });
        return root.toPrettyString();
    }

    private static String format(Link l, boolean withAnchor) {
        StringBuilder sb = new StringBuilder().append('<').append(l.href()).append(">; rel=\"").append(l.rel()).append('"');
        if (l.type() != null) {
            sb.append("; type=\"").append(l.type()).append('"');
        }
        if (withAnchor) {
            sb.append("; anchor=\"").append(l.anchor()).append('"');
        }
        return sb.toString();
    }

    private static Optional<String> iri(RDFNode node) {
        return node.isURIResource() ? Optional.of(node.asResource().getURI()) : Optional.empty();
    }
}
