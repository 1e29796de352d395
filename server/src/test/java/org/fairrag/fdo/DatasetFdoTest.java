package org.fairrag.fdo;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.fairrag.graph.Vocab;
import org.junit.jupiter.api.Test;

class DatasetFdoTest {

    @Test
    void should_give_the_dump_the_terms_of_what_it_holds_not_only_cc0() {
        DatasetFdo dataset = new DatasetFdo("http://fairrag.test");
        var stats = new DatasetFdo.Statistics(3, 10, 0, 100, Map.of("kaggle_pubmed_multilabel", 2L, "pubmed_xml", 1L));

        var content = dataset.draft(stats, List.of()).content();
        Resource dump = content.getResource(dataset.pid() + "#dump");

        List<String> licences = dump.listProperties(Vocab.DCT_LICENSE).mapWith(Statement::getResource)
                .mapWith(Resource::getURI).toList();
        assertThat(licences).containsExactlyInAnyOrder(Licenses.NLM_TERMS, Licenses.CC0);
        // Replays a finding of the FAIR sweep (2026-11-25): the dataset itself said CC0 alone, NLM's records in it too.
        List<String> datasetLicences = content.getResource(dataset.pid()).listProperties(Vocab.DCT_LICENSE)
                .mapWith(Statement::getResource).mapWith(Resource::getURI).toList();
        assertThat(datasetLicences).containsExactlyInAnyOrder(Licenses.NLM_TERMS, Licenses.CC0);
        assertThat(DatasetFdo.dumpLicences(List.of("pubmedqa_pqal"))).containsExactly(Licenses.NLM_TERMS, Licenses.MIT,
                Licenses.CC0);
    }
}
