package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.fdo.FdoKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** FAIR Signposting level 1 (Link headers) and level 2 (linksets), and that they agree. */
class SignpostingTest {

    private static final Pattern LINK = Pattern.compile("<([^>]*)>((?:\\s*;\\s*[a-z-]+=\"[^\"]*\")*)");
    private static final Pattern PARAM = Pattern.compile("([a-z-]+)=\"([^\"]*)\"");

    private final PidFixture f = PidFixture.get();

    /** A parsed link: anchor (null in a header), rel, target, media type. */
    record Link(String anchor, String rel, String href, String type) {}

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_send_the_level_one_links(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);

        List<Link> links = parse(f.get(pid).headers().firstValue("Link").orElseThrow(), pid);

        assertThat(links).contains(new Link(pid, "cite-as", pid, null));
        for (MediaFormat form : MediaFormat.RDF_FORMS) {
            assertThat(links).contains(new Link(pid, "describedby", pid + "?format=" + form.key(), form.mediaType()));
        }
        assertThat(links).contains(new Link(pid, "type", "https://schema.org/" + SchemaTypes.of(kind).localName(), null),
                new Link(pid, "type", "https://schema.org/AboutPage", null),
                new Link(pid, "linkset", pid + "/linkset", "application/linkset+json"),
                new Link(pid, "linkset", pid + "/linkset?format=linkset", "application/linkset"));
        assertThat(links).filteredOn(l -> l.rel().equals("license")).isNotEmpty();
    }

    @Test
    void should_link_an_article_to_its_content_and_its_authors_orcid() {
        List<Link> links = parse(f.get(f.articlePid).headers().firstValue("Link").orElseThrow(), f.articlePid);

        assertThat(links).contains(
                new Link(f.articlePid, "item", "https://pubmed.ncbi.nlm.nih.gov/" + PidFixture.HOSTILE_PMID + "/", "text/html"),
                new Link(f.articlePid, "author", "https://orcid.org/" + PidFixture.ORCID, null));
        assertThat(parse(f.get(f.summaryPid).headers().firstValue("Link").orElseThrow(), f.summaryPid))
                .contains(new Link(f.summaryPid, "item", f.summaryPid + "?format=txt", "text/plain"));
        assertThat(parse(f.get(f.datasetPid).headers().firstValue("Link").orElseThrow(), f.datasetPid))
                .anyMatch(l -> l.rel().equals("item") && l.href().endsWith("/dataset/dump"));
    }

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_state_in_the_linkset_exactly_the_links_of_the_header(FdoKind kind) throws Exception {
        String pid = f.pidsByKind().get(kind);
        Set<Link> header = new HashSet<>(parse(f.get(pid).headers().firstValue("Link").orElseThrow(), pid));
        header.removeIf(l -> l.rel().equals("linkset"));

        HttpResponse<String> json = f.get(pid + "/linkset", "Accept", "application/linkset+json");
        HttpResponse<String> text = f.get(pid + "/linkset", "Accept", "application/linkset");

        assertThat(json.statusCode()).isEqualTo(200);
        assertThat(json.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/linkset+json");
        Set<Link> fromJson = fromJson(new ObjectMapper().readTree(json.body()));
        assertThat(text.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/linkset");
        Set<Link> fromText = new HashSet<>(parse(text.body(), null));
        assertThat(fromJson).isEqualTo(fromText);
        assertThat(fromJson.stream().filter(l -> l.anchor().equals(pid)).toList()).containsExactlyInAnyOrderElementsOf(header);
        for (MediaFormat form : MediaFormat.RDF_FORMS) {
            assertThat(fromJson).contains(new Link(pid + "?format=" + form.key(), "describes", pid, null));
        }
    }

    @Test
    void should_answer_linkset_conditional_and_unknown_requests() {
        HttpResponse<String> first = f.get(f.articlePid + "/linkset");
        String etag = first.headers().firstValue("ETag").orElseThrow();

        assertThat(f.get(f.articlePid + "/linkset", "If-None-Match", etag).statusCode()).isEqualTo(304);
        assertThat(f.get(f.articlePid + "/linkset", "Accept", "text/turtle").statusCode()).isEqualTo(406);
        assertThat(f.head(f.articlePid + "/linkset").body()).isEmpty();
    }

    static List<Link> parse(String header, String defaultAnchor) {
        List<Link> out = new ArrayList<>();
        Matcher m = LINK.matcher(header);
        while (m.find()) {
            String rel = null, type = null, anchor = defaultAnchor;
            Matcher p = PARAM.matcher(m.group(2));
            while (p.find()) {
                switch (p.group(1)) {
                    case "rel" -> rel = p.group(2);
                    case "type" -> type = p.group(2);
                    case "anchor" -> anchor = p.group(2);
                    default -> { }
                }
            }
            for (String r : rel.split(" ")) {
                out.add(new Link(anchor, r, m.group(1), type));
            }
        }
        return out;
    }

    private static Set<Link> fromJson(JsonNode linkset) {
        Set<Link> out = new HashSet<>();
        for (JsonNode context : linkset.get("linkset")) {
            String anchor = context.get("anchor").asText();
            context.fields().forEachRemaining(e -> {
                if (!e.getKey().equals("anchor")) {
                    for (JsonNode target : e.getValue()) {
                        out.add(new Link(anchor, e.getKey(), target.get("href").asText(),
                                target.has("type") ? target.get("type").asText() : null));
                    }
                }
            });
        }
        return out;
    }
}
