package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;
import java.util.List;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.fairrag.fdo.FdoKind;
import org.fairrag.graph.Vocab;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/** The machine-readable forms of every kind of FDO, by Accept and by ?format=, with caching headers. */
class RdfNegotiationTest {

    private final PidFixture f = PidFixture.get();

    static List<Arguments> kindsAndForms() {
        return java.util.Arrays.stream(FdoKind.values())
                .flatMap(k -> MediaFormat.RDF_FORMS.stream().map(m -> Arguments.of(k, m.mediaType())))
                .toList();
    }

    @ParameterizedTest(name = "{0} as {1}")
    @MethodSource("kindsAndForms")
    void should_give_each_rdf_form_with_identifier_licence_and_provenance(FdoKind kind, String mediaType) {
        String pid = f.pidsByKind().get(kind);

        HttpResponse<String> r = f.get(pid, "Accept", mediaType);

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith(mediaType);
        assertThat(r.headers().allValues("Vary")).anyMatch(v -> v.contains("Accept"));
        Model m = parse(r.body(), mediaType, pid);
        Resource s = m.createResource(pid);
        assertThat(m.contains(s, Vocab.IDENTIFIER, pid)).as("identifier").isTrue();
        assertThat(s.hasProperty(Vocab.DCT_LICENSE)).as("licence").isTrue();
        assertThat(s.hasProperty(Vocab.WAS_DERIVED_FROM) || s.hasProperty(Vocab.WAS_GENERATED_BY)
                || s.hasProperty(Vocab.USED)).as("provenance").isTrue();
        assertThat(s.hasProperty(Vocab.CHECKSUM)).as("checksum").isTrue();
        assertThat(s.hasProperty(Vocab.DCT_CREATED) && s.hasProperty(Vocab.DCT_MODIFIED)).as("dates").isTrue();
        assertThat(m.contains(s, org.apache.jena.vocabulary.RDF.type, Vocab.FAIR_DIGITAL_OBJECT)).isTrue();
    }

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_give_the_same_description_by_format_parameter(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);

        Model byParam = parse(f.get(pid + "?format=ttl", "Accept", "text/html").body(), "text/turtle", pid);
        Model byAccept = parse(f.get(pid, "Accept", "application/n-triples").body(), "application/n-triples", pid);

        assertThat(byParam.isIsomorphicWith(byAccept)).isTrue();
    }

    @Test
    void should_include_fragment_resources_such_as_authors() {
        Model m = parse(f.get(f.articlePid + "?format=nt").body(), "application/n-triples", f.articlePid);

        Resource author = m.createResource(f.articlePid + "#author-1");
        assertThat(m.contains(author, Vocab.SAME_AS, ResourceFactory.createResource("https://orcid.org/" + PidFixture.ORCID))).isTrue();
        assertThat(m.contains(m.createResource(f.articlePid), Vocab.ABSTRACT, PidFixture.HOSTILE_ABSTRACT)).isTrue();
    }

    @Test
    void should_follow_q_values_and_prefer_the_most_specific_range() {
        assertThat(contentType(f.get(f.articlePid, "Accept", "text/html;q=0.5, text/turtle;q=0.9"))).startsWith("text/turtle");
        assertThat(contentType(f.get(f.articlePid, "Accept", "application/*;q=0.2, application/rdf+xml;q=0.8, text/html;q=0.1")))
                .startsWith("application/rdf+xml");
        assertThat(contentType(f.get(f.articlePid, "Accept", "text/*, text/html;q=0"))).startsWith("text/turtle");
        assertThat(contentType(f.get(f.articlePid, "Accept", "*/*"))).startsWith("text/html");
        assertThat(contentType(f.get(f.articlePid))).startsWith("text/html");
        assertThat(contentType(f.get(f.articlePid, "Accept", "application/json"))).startsWith("application/ld+json");
    }

    /** Replays a finding of the FAIR sweep (2026-11-25): "/pid/<id>/" answered 200, a second URL for every object. */
    @Test
    void should_move_a_pid_with_a_trailing_slash_to_the_pid_itself() {
        String path = java.net.URI.create(f.articlePid).getPath();

        HttpResponse<String> slash = f.get(f.articlePid + "/", "Accept", "text/html");
        HttpResponse<String> withFormat = f.get(f.articlePid + "/?format=ttl");
        HttpResponse<String> linkset = f.get(f.articlePid + "/linkset/");

        assertThat(slash.statusCode()).isEqualTo(301);
        assertThat(slash.headers().firstValue("Location")).hasValue(path);
        assertThat(withFormat.headers().firstValue("Location")).hasValue(path + "?format=ttl");
        assertThat(linkset.statusCode()).isEqualTo(301);
        assertThat(linkset.headers().firstValue("Location")).hasValue(path + "/linkset");
        assertThat(f.get(f.articlePid, "Accept", "text/html").statusCode()).isEqualTo(200);
    }

    @Test
    void should_answer_406_for_a_type_it_cannot_give_and_400_for_an_unknown_format() {
        HttpResponse<String> notAcceptable = f.get(f.articlePid, "Accept", "image/png, text/html;q=0");
        HttpResponse<String> unknown = f.get(f.articlePid + "?format=pdf", "Accept", "application/json");
        HttpResponse<String> notForThisKind = f.get(f.articlePid + "?format=txt", "Accept", "application/json");

        assertThat(notAcceptable.statusCode()).isEqualTo(406);
        assertThat(notAcceptable.body()).contains("not_acceptable").contains("text/turtle");
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(unknown.body()).contains("unknown_format");
        assertThat(notForThisKind.statusCode()).isEqualTo(400);
    }

    @Test
    void should_give_a_summary_text_as_its_item() {
        HttpResponse<String> r = f.get(f.summaryPid, "Accept", "text/plain");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.body()).isEqualTo("Markers rise in tumours. Treatment & follow-up matter.\n");
    }

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_answer_head_like_get_without_a_body(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);

        HttpResponse<String> get = f.get(pid, "Accept", "text/turtle");
        HttpResponse<String> head = f.head(pid, "Accept", "text/turtle");

        assertThat(head.statusCode()).isEqualTo(200);
        assertThat(head.body()).isEmpty();
        for (String h : List.of("Content-Type", "ETag", "Cache-Control", "Link", "Vary")) {
            assertThat(head.headers().allValues(h)).as(h).isEqualTo(get.headers().allValues(h));
        }
    }

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_answer_304_when_the_etag_matches(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);
        HttpResponse<String> first = f.get(pid, "Accept", "text/html");
        String etag = first.headers().firstValue("ETag").orElseThrow();

        HttpResponse<String> again = f.get(pid, "Accept", "text/html", "If-None-Match", etag);
        HttpResponse<String> otherFormat = f.get(pid, "Accept", "text/turtle", "If-None-Match", etag);

        assertThat(etag).startsWith("\"").endsWith("\"").doesNotStartWith("W/");
        assertThat(first.headers().firstValue("Cache-Control").orElseThrow()).startsWith("public, max-age=");
        assertThat(again.statusCode()).isEqualTo(304);
        assertThat(again.body()).isEmpty();
        assertThat(again.headers().firstValue("ETag")).contains(etag);
        assertThat(otherFormat.statusCode()).isEqualTo(200);
        assertThat(otherFormat.headers().firstValue("ETag").orElseThrow()).isNotEqualTo(etag);
    }

    @Test
    void should_serve_the_dataset_fdo_at_dataset_as_at_its_pid() {
        HttpResponse<String> atDataset = f.get("/dataset", "Accept", "text/turtle");
        HttpResponse<String> atPid = f.get(f.datasetPid, "Accept", "text/turtle");

        assertThat(atDataset.statusCode()).isEqualTo(200);
        assertThat(parse(atDataset.body(), "text/turtle", f.datasetPid).isIsomorphicWith(parse(atPid.body(), "text/turtle", f.datasetPid))).isTrue();
        assertThat(atDataset.headers().firstValue("Link").orElseThrow()).contains("<" + f.datasetPid + ">; rel=\"cite-as\"");
        Model m = parse(atDataset.body(), "text/turtle", f.datasetPid);
        Resource d = m.createResource(f.datasetPid);
        assertThat(m.contains(d, org.apache.jena.vocabulary.RDF.type, Vocab.DCAT_DATASET)).isTrue();
        assertThat(m.contains(d, org.apache.jena.vocabulary.RDF.type, Vocab.VOID_DATASET)).isTrue();
        assertThat(d.hasProperty(m.createProperty(Vocab.VOID, "sparqlEndpoint"))).isTrue();
        assertThat(d.hasProperty(m.createProperty(Vocab.VOID, "triples"))).isTrue();
        assertThat(d.hasProperty(Vocab.WAS_GENERATED_BY, m.createResource(f.runPid))).isTrue();
    }

    static Model parse(String body, String mediaType, String base) {
        Lang lang = RDFLanguages.contentTypeToLang(mediaType);
        return RDFParser.fromString(body, lang).base(base).toModel();
    }

    private static String contentType(HttpResponse<String> r) {
        return r.headers().firstValue("Content-Type").orElse("");
    }
}
