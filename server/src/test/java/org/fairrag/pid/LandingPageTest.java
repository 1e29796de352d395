package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.fairrag.fdo.FdoKind;
import org.fairrag.graph.Vocab;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.nodes.Element;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The HTML landing page of every kind of FDO, read as a browser and a crawler would read it. */
class LandingPageTest {

    private final PidFixture f = PidFixture.get();

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_serve_an_accessible_page_whose_only_script_is_the_json_ld(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);

        HttpResponse<String> r = f.get(pid, "Accept", "text/html,application/xhtml+xml,*/*;q=0.8");

        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
        Document page = Jsoup.parse(r.body(), pid);
        assertThat(page.selectFirst("html").attr("lang")).isEqualTo("en");
        assertThat(page.select("meta[name=viewport]")).hasSize(1);
        assertThat(page.select("h1")).hasSize(1);
        assertThat(page.select("h2")).isNotEmpty();
        assertThat(page.select("a")).allSatisfy(a -> assertThat(a.text()).as(a.outerHtml()).isNotBlank());
        assertThat(page.select("script")).hasSize(1)
                .allSatisfy(s -> assertThat(s.attr("type")).isEqualTo("application/ld+json"));
        assertThat(page.select("a[href=" + pid + "]")).isNotEmpty();
        assertThat(page.select("a[href=" + pid + "?format=ttl]")).isNotEmpty();
        assertThat(page.text()).contains("Cite as").contains("Licence").contains("Provenance");
    }

    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_embed_json_ld_that_parses_and_names_the_pid(FdoKind kind) throws Exception {
        String pid = f.pidsByKind().get(kind);

        Document page = Jsoup.parse(f.get(pid, "Accept", "text/html").body());
        String json = page.selectFirst("script[type=application/ld+json]").data();

        JsonNode doc = new ObjectMapper().readTree(json);
        assertThat(doc.get("@id").asText()).isEqualTo(pid);
        assertThat(doc.get("identifier").asText()).isEqualTo(pid);
        assertThat(doc.get("@type").asText()).isEqualTo(SchemaTypes.of(kind).localName());
        assertThat(doc.has("license")).isTrue();
        Model m = RDFParser.fromString(json, Lang.JSONLD).toModel();
        assertThat(m.contains(ResourceFactory.createResource(pid), Vocab.IDENTIFIER, pid)).isTrue();
        assertThat(m.contains(ResourceFactory.createResource(pid), org.apache.jena.vocabulary.RDF.type,
                SchemaTypes.of(kind).rdfType())).isTrue();
    }

    /**
     * Replays a finding of the FAIR sweep (2026-11-25): the embedded JSON-LD gave url, sameAs and license as strings
     * where the RDF has IRIs, and its url was the PID where the RDF says PubMed, NLM's MeSH or the dataset's page.
     */
    @ParameterizedTest
    @EnumSource(FdoKind.class)
    void should_embed_json_ld_whose_links_are_the_iris_the_rdf_gives(FdoKind kind) {
        String pid = f.pidsByKind().get(kind);
        var subject = ResourceFactory.createResource(pid);
        String json = Jsoup.parse(f.get(pid, "Accept", "text/html").body()).selectFirst("script[type=application/ld+json]").data();
        Model embedded = RDFParser.fromString(json, Lang.JSONLD).toModel();
        Model rdf = RDFParser.fromString(f.get(pid, "Accept", "application/n-triples").body(), Lang.NTRIPLES).toModel();

        var licences = embedded.listObjectsOfProperty(subject, ResourceFactory.createProperty(Vocab.SCHEMA, "license")).toList();
        assertThat(licences).isNotEmpty().allSatisfy(l -> assertThat(l.isURIResource()).as(l.toString()).isTrue());
        assertThat(licences).containsExactlyInAnyOrderElementsOf(rdf.listObjectsOfProperty(subject, Vocab.DCT_LICENSE).toList());
        var url = embedded.listObjectsOfProperty(subject, Vocab.URL).toList();
        assertThat(url).hasSize(1).allSatisfy(u -> assertThat(u.isURIResource()).isTrue());
        var rdfUrl = rdf.listObjectsOfProperty(subject, Vocab.URL).toList();
        if (!rdfUrl.isEmpty()) {
            assertThat(url).isEqualTo(rdfUrl);
        }
        embedded.listObjectsOfProperty(subject, Vocab.SAME_AS)
                .forEach(o -> assertThat(o.isURIResource()).as("sameAs " + o).isTrue());
    }

    @Test
    void should_show_data_that_contains_markup_as_text() throws Exception {
        HttpResponse<String> r = f.get(f.articlePid, "Accept", "text/html");
        Document page = Jsoup.parse(r.body());

        assertThat(page.selectFirst("h1").text()).isEqualTo(PidFixture.HOSTILE_TITLE);
        assertThat(page.text()).contains(PidFixture.HOSTILE_ABSTRACT).contains("Journal of <i>Tests</i>")
                .contains("O'Brien <b>");
        assertThat(r.body()).doesNotContain("<script>alert").doesNotContain("<i>Tests");
        JsonNode doc = new ObjectMapper().readTree(page.selectFirst("script[type=application/ld+json]").data());
        assertThat(doc.get("name").asText()).isEqualTo(PidFixture.HOSTILE_TITLE);
        assertThat(doc.get("abstract").asText()).isEqualTo(PidFixture.HOSTILE_ABSTRACT);
    }

    @Test
    void should_link_an_article_to_its_terms_pubmed_doi_and_author_orcid() {
        Document page = Jsoup.parse(f.get(f.articlePid, "Accept", "text/html").body());

        Element term = page.selectFirst("a[href=" + f.termPid + "]");
        assertThat(term).isNotNull();
        assertThat(term.text()).startsWith("Mouth Neoplasms").contains("major topic");
        assertThat(page.select("a[href=https://pubmed.ncbi.nlm.nih.gov/" + PidFixture.HOSTILE_PMID + "/]").text())
                .isEqualTo(PidFixture.HOSTILE_PMID);
        assertThat(page.select("a[href=https://doi.org/10.1234/fairrag.test.1]")).hasSize(1);
        assertThat(page.select("a[href=https://orcid.org/" + PidFixture.ORCID + "]").text()).contains("O'Brien");
        assertThat(page.select("a[href=" + f.datasetPid + "]")).isNotEmpty();
    }

    @Test
    void should_show_a_terms_names_tree_and_articles() {
        Document page = Jsoup.parse(f.get(f.termPid, "Accept", "text/html").body());

        assertThat(page.selectFirst("h1").text()).isEqualTo("Mouth Neoplasms");
        assertThat(page.text()).contains("C04.588.443.591").contains("Alternative names");
        assertThat(page.select("h2").eachText()).contains("Broader terms", "Narrower terms", "Articles about this term");
        assertThat(page.select("a[href=" + f.articlePid + "]").text()).isEqualTo(PidFixture.HOSTILE_TITLE);
        assertThat(page.select("a[href^=http://id.nlm.nih.gov/mesh/D009062]")).isNotEmpty();
    }

    @Test
    void should_show_a_summary_with_statements_citing_their_sources() {
        Document page = Jsoup.parse(f.get(f.summaryPid, "Accept", "text/html").body());

        assertThat(page.text()).contains("what do <script>alert(3)</script> markers show?").contains("extractive");
        Element first = page.select("p:has(a[aria-label^=Source])").first();
        assertThat(first.text()).startsWith("Markers rise in tumours.");
        assertThat(first.select("a").attr("href")).isEqualTo(f.articlePid);
        assertThat(page.text()).contains("Treatment & follow-up </p> matter.");
        assertThat(page.select("a[href=" + f.plainArticlePid + "]")).isNotEmpty();
    }

    @Test
    void should_describe_the_dataset_and_an_ingestion_run() {
        Document dataset = Jsoup.parse(f.get(f.datasetPid, "Accept", "text/html").body());
        Document run = Jsoup.parse(f.get(f.runPid, "Accept", "text/html").body());

        assertThat(dataset.selectFirst("h1").text()).isEqualTo("fairrag biomedical literature collection");
        assertThat(dataset.select("a[href=" + f.runPid + "]")).isNotEmpty();
        assertThat(dataset.text()).contains("Triples").contains("SPARQL endpoint");
        assertThat(run.selectFirst("h1").text()).isEqualTo("Ingestion of pid-fixture.xml");
        assertThat(run.text()).contains("Records accepted");
    }
}
