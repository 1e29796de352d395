package org.fairrag.pid;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.fdo.FdoKind;
import org.fairrag.fdo.PidScheme;
import org.fairrag.graph.Vocab;
import org.fairrag.store.PidRecord;
import org.jsoup.Jsoup;
import org.jsoup.nodes.Document;
import org.jsoup.parser.Parser;
import org.junit.jupiter.api.Test;

/**
 * A FAIR self-assessment in the manner of F-UJI and FAIR-Checker, run offline against the server: for
 * a sample of PIDs of each kind, taken from the sitemap as a crawler would, it checks what those
 * assessors test and prints a pass table (also written to {@code target/fair-assessment.md}).
 */
class FairSelfAssessmentTest {

    private static final int SAMPLE_PER_KIND = 3;
    private static final Map<String, String> KNOWN_VOCABULARIES = Map.of(
            "schema.org", Vocab.SCHEMA, "Dublin Core", Vocab.DCT, "PROV-O", Vocab.PROV, "DCAT", Vocab.DCAT,
            "SKOS", Vocab.SKOS, "VoID", Vocab.VOID);

    private final PidFixture f = PidFixture.get();

    /** What one PID showed the assessor. */
    private record Observed(String pid, FdoKind kind, HttpResponse<String> html, JsonNode jsonLd, Model embedded,
                            Model turtle, List<SignpostingTest.Link> links) {
        Resource subject() {
            return turtle.createResource(pid);
        }
    }

    /** A check of the kinds it applies to; its test answers null for a PID it does not apply to. */
    private record Check(String name, String principle, Function<Observed, Boolean> test, Set<FdoKind> appliesTo) {}

    @Test
    void should_pass_what_automated_fair_assessors_check() throws Exception {
        Map<FdoKind, List<Observed>> sample = sample();
        boolean robotsNameSitemap = f.get("/robots.txt").body().contains("Sitemap: " + f.fairrag.config().baseUrl() + "/sitemap.xml");
        List<Check> checks = List.of(
                new Check("Identifier resolves over HTTP(S) to a landing page", "F1, A1",
                        o -> o.html.statusCode() == 200 && PidScheme.idOf(o.pid, f.fairrag.config().baseUrl()).isPresent(), all()),
                new Check("Citation metadata: title, identifier, date, publisher, type", "F2",
                        o -> has(o.jsonLd, "name") && o.jsonLd.path("identifier").asText().equals(o.pid)
                                && (has(o.jsonLd, "datePublished") || has(o.jsonLd, "dateCreated") || has(o.jsonLd, "startTime"))
                                && (has(o.jsonLd, "publisher") || has(o.jsonLd, "sdPublisher")) && has(o.jsonLd, "@type"), all()),
                new Check("Citation metadata: creator (where the source names one)", "F2",
                        o -> o.kind == FdoKind.ARTICLE && !o.subject().hasProperty(Vocab.AUTHOR) ? null
                                : has(o.jsonLd, "author") || has(o.jsonLd, "creator") || has(o.jsonLd, "agent"),
                        Set.of(FdoKind.ARTICLE, FdoKind.DATASET, FdoKind.SUMMARY, FdoKind.INGESTION_RUN)),
                new Check("Identifier of the data in the metadata (cite-as, schema:identifier)", "F3",
                        o -> o.links.contains(new SignpostingTest.Link(o.pid, "cite-as", o.pid, null))
                                && o.turtle.contains(o.subject(), Vocab.IDENTIFIER, o.pid), all()),
                new Check("Link to the content (Signposting item)", "F3, A1",
                        o -> o.links.stream().anyMatch(l -> l.rel().equals("item") && l.type() != null),
                        Set.of(FdoKind.ARTICLE, FdoKind.DATASET, FdoKind.SUMMARY)),
                new Check("Embedded structured metadata (schema.org JSON-LD) parses to RDF", "F2, I1",
                        o -> o.embedded.contains(o.embedded.createResource(o.pid), RDF.type), all()),
                new Check("RDF by content negotiation (Turtle, JSON-LD, N-Triples, RDF/XML)", "I1, A1",
                        this::allRdfFormsParse, all()),
                new Check("Typed Signposting links (describedby with type, type, linkset)", "F2, I3",
                        o -> o.links.stream().filter(l -> l.rel().equals("describedby") && l.type() != null).count() == 4
                                && o.links.stream().anyMatch(l -> l.rel().equals("type"))
                                && o.links.stream().anyMatch(l -> l.rel().equals("linkset")), all()),
                new Check("Known vocabularies (at least three of schema.org, DCAT, Dublin Core, PROV, SKOS, VoID)", "I2",
                        o -> vocabularies(o.turtle).size() >= 3, all()),
                new Check("Qualified links to related resources (other PIDs or external IRIs)", "I3",
                        o -> relatedLinks(o) > 0, all()),
                new Check("Licence in the metadata and the Link header", "R1.1",
                        o -> o.subject().hasProperty(Vocab.DCT_LICENSE) && o.links.stream().anyMatch(l -> l.rel().equals("license")), all()),
                new Check("Provenance (PROV-O)", "R1.2",
                        o -> o.subject().hasProperty(Vocab.WAS_DERIVED_FROM) || o.subject().hasProperty(Vocab.WAS_GENERATED_BY)
                                || o.subject().hasProperty(Vocab.USED), all()),
                new Check("Listed for search engines (in the sitemap robots.txt names)", "F4",
                        o -> robotsNameSitemap, all()));

        Map<String, Map<FdoKind, String>> table = new LinkedHashMap<>();
        List<String> failures = new ArrayList<>();
        for (Check check : checks) {
            Map<FdoKind, String> row = new EnumMap<>(FdoKind.class);
            for (FdoKind kind : FdoKind.values()) {
                if (!check.appliesTo.contains(kind)) {
                    row.put(kind, "n/a");
                    continue;
                }
                List<Observed> observed = sample.get(kind).stream().filter(o -> check.test.apply(o) != null).toList();
                long passed = observed.stream().filter(o -> check.test.apply(o)).count();
                row.put(kind, observed.isEmpty() ? "n/a" : (passed == observed.size() ? "pass" : "FAIL") + " " + passed + "/" + observed.size());
                observed.stream().filter(o -> !check.test.apply(o)).forEach(o -> failures.add(check.name + ": " + o.pid));
            }
            table.put(check.name + " | " + check.principle, row);
        }
        String markdown = markdown(table, sample);
        System.out.println(markdown);
        Files.writeString(Path.of("target", "fair-assessment.md"), markdown);

        assertThat(failures).isEmpty();
    }

    private Map<FdoKind, List<Observed>> sample() throws Exception {
        Document index = Jsoup.parse(f.get("/sitemap.xml").body(), "", Parser.xmlParser());
        List<String> pids = new ArrayList<>();
        for (String page : index.select("sitemap > loc").eachText()) {
            pids.addAll(Jsoup.parse(f.get(page).body(), "", Parser.xmlParser()).select("url > loc").eachText());
        }
        Map<String, PidRecord> records = f.fairrag.registry()
                .findAll(pids.stream().map(p -> p.substring(p.lastIndexOf('/') + 1)).toList()).await();
        Map<FdoKind, List<Observed>> out = new EnumMap<>(FdoKind.class);
        for (String pid : pids) {
            FdoKind kind = records.get(pid.substring(pid.lastIndexOf('/') + 1)).kind();
            List<Observed> list = out.computeIfAbsent(kind, k -> new ArrayList<>());
            if (list.size() < SAMPLE_PER_KIND) {
                list.add(observe(pid, kind));
            }
        }
        assertThat(out.keySet()).containsExactlyInAnyOrder(FdoKind.values());
        return out;
    }

    private Observed observe(String pid, FdoKind kind) throws Exception {
        HttpResponse<String> html = f.get(pid, "Accept", "text/html");
        String script = Jsoup.parse(html.body()).selectFirst("script[type=application/ld+json]").data();
        JsonNode jsonLd = new ObjectMapper().readTree(script);
        Model embedded = RDFParser.fromString(script, Lang.JSONLD).toModel();
        Model turtle = RdfNegotiationTest.parse(f.get(pid, "Accept", "text/turtle").body(), "text/turtle", pid);
        List<SignpostingTest.Link> links = SignpostingTest.parse(html.headers().firstValue("Link").orElse(""), pid);
        return new Observed(pid, kind, html, jsonLd, embedded, turtle, links);
    }

    private boolean allRdfFormsParse(Observed o) {
        for (MediaFormat form : MediaFormat.RDF_FORMS) {
            HttpResponse<String> r = f.get(o.pid, "Accept", form.mediaType());
            if (r.statusCode() != 200 || !RdfNegotiationTest.parse(r.body(), form.mediaType(), o.pid)
                    .isIsomorphicWith(o.turtle)) {
                return false;
            }
        }
        return true;
    }

    private static Set<String> vocabularies(Model m) {
        Set<String> used = new TreeSet<>();
        m.listStatements().forEachRemaining(st -> KNOWN_VOCABULARIES.forEach((name, ns) -> {
            if (st.getPredicate().getURI().startsWith(ns)
                    || (st.getObject().isURIResource() && st.getObject().asResource().getURI().startsWith(ns))) {
                used.add(name);
            }
        }));
        return used;
    }

    private static long relatedLinks(Observed o) {
        return o.subject().listProperties().toList().stream().map(Statement::getObject)
                .filter(RDFNode::isURIResource).map(n -> n.asResource().getURI())
                .filter(iri -> !iri.startsWith(o.pid) && !iri.startsWith(Vocab.FR) && !iri.startsWith(Vocab.SCHEMA)
                        && !iri.startsWith(Vocab.DCAT) && !iri.startsWith(Vocab.SKOS) && !iri.startsWith(Vocab.VOID)
                        && !iri.startsWith(Vocab.PROV))
                .count();
    }

    private static boolean has(JsonNode node, String field) {
        JsonNode value = node.get(field);
        return value != null && !value.isNull() && !(value.isTextual() && value.asText().isBlank())
                && !(value.isContainerNode() && value.isEmpty());
    }

    private static Set<FdoKind> all() {
        return Set.of(FdoKind.values());
    }

    private static String markdown(Map<String, Map<FdoKind, String>> table, Map<FdoKind, List<Observed>> sample) {
        StringBuilder sb = new StringBuilder("| check | FAIR | ");
        for (FdoKind kind : FdoKind.values()) {
            sb.append(kind.code()).append(" | ");
        }
        sb.append("\n|---|---|").append("---|".repeat(FdoKind.values().length)).append('\n');
        table.forEach((check, row) -> {
            sb.append("| ").append(check).append(" | ");
            row.values().forEach(cell -> sb.append(cell).append(" | "));
            sb.append('\n');
        });
        sb.append("\nSample: ");
        sample.forEach((kind, list) -> sb.append(list.size()).append(' ').append(kind.code()).append(", "));
        sb.setLength(sb.length() - 2);
        return sb.append(" PIDs, the first of each kind listed in the sitemap.\n").toString();
    }
}
