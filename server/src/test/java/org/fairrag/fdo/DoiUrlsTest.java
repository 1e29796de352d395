package org.fairrag.fdo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.StringReader;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import org.apache.jena.irix.IRIx;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.vocabulary.OWL;
import org.junit.jupiter.api.Test;

class DoiUrlsTest {

    /** A real SICI DOI of the bundled data: written raw into an IRI, it broke N-Triples and SPARQL updates. */
    private static final String SICI = "10.1002/(SICI)1097-0142(19960601)77:11<2200::AID-CNCR3>3.0.CO;2-T";

    @Test
    void should_make_a_valid_iri_of_a_doi_with_angle_brackets_that_survives_n_triples() {
        String url = DoiUrls.of(SICI);

        assertThat(url).isEqualTo("https://doi.org/10.1002/(SICI)1097-0142(19960601)77:11%3C2200::AID-CNCR3%3E3.0.CO;2-T");
        assertThat(IRIx.create(url).hasViolations()).isFalse();
        assertThat(URLDecoder.decode(URI.create(url).getRawPath().substring(1), StandardCharsets.UTF_8)).isEqualTo(SICI);

        Model m = ModelFactory.createDefaultModel();
        m.createResource("http://fairrag.test/pid/a").addProperty(OWL.sameAs, m.createResource(url));
        ByteArrayOutputStream nt = new ByteArrayOutputStream();
        RDFDataMgr.write(nt, m, Lang.NTRIPLES);
        Model back = ModelFactory.createDefaultModel();
        RDFDataMgr.read(back, new StringReader(nt.toString(StandardCharsets.UTF_8)), null, Lang.NTRIPLES);
        assertThat(back.isIsomorphicWith(m)).isTrue();
    }

    @Test
    void should_leave_an_ordinary_doi_as_it_is() {
        assertThat(DoiUrls.of("10.1371/journal.pone.0173548")).isEqualTo("https://doi.org/10.1371/journal.pone.0173548");
        assertThat(DoiUrls.of("10.1000/a b#c%d")).isEqualTo("https://doi.org/10.1000/a%20b%23c%25d");
    }
}
