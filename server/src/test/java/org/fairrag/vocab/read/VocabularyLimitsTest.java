package org.fairrag.vocab.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.apache.jena.riot.Lang;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.vocab.Concept;
import org.junit.jupiter.api.Test;

/** The vocabulary readers hold no line longer than the record limit: they reject it and read on where the syntax allows. */
class VocabularyLimitsTest {

    private static final ReadLimits SMALL = new ReadLimits(4096, 1024);
    private static final String LONG = "x".repeat(50_000);

    @Test
    void should_reject_a_mesh_row_over_the_record_limit_and_read_on() throws IOException {
        String table = "DescriptorUI\tDescriptorName\tTreeNumbers\tEntryTerms\n"
                + "D1\tRoot\tA01\t\n" + "D2\tLong\tA01.100\t" + LONG + "\n" + "D3\t\tA02\t\n" + "D4\tLeaf\tA01.200\t\n";

        MeshTsvReader.Table read = MeshTsvReader.read(stream(table), SMALL);

        assertThat(read.concepts()).extracting(Concept::id).containsExactly("D1", "D4");
        assertThat(read.rejections()).containsExactly(
                "line 3: a row of 50,016 characters is longer than the record limit of 4,096 characters",
                "line 4: a descriptor needs a UI and a name");
    }

    @Test
    void should_leave_out_an_n_triples_line_over_the_record_limit_and_read_on() throws IOException {
        String nt = concept("a", "Alpha") + "<http://example.org/b> <http://www.w3.org/2004/02/skos/core#prefLabel> \""
                + LONG + "\" .\n" + concept("c", "Gamma");

        SkosVocabulary read = SkosReader.read(stream(nt), Lang.NTRIPLES, null, SMALL);

        assertThat(read.concepts()).extracting(Concept::prefLabel).containsExactly("Alpha", "Gamma");
        assertThat(read.rejections()).singleElement().asString()
                .startsWith("line 3: 50,07").endsWith(" bytes, longer than the record limit of 4,096 bytes; the line is left out");
    }

    @Test
    void should_refuse_a_turtle_file_with_a_line_over_the_record_limit() {
        String turtle = "@prefix skos: <http://www.w3.org/2004/02/skos/core#> .\n<http://example.org/a> a skos:Concept ;"
                + " skos:prefLabel \"" + LONG + "\" .\n";

        assertThatThrownBy(() -> SkosReader.read(stream(turtle), Lang.TURTLE, null, SMALL))
                .isInstanceOf(IOException.class)
                .hasMessage("line 2 is longer than the record limit of 4,096 bytes; a statement may span lines in this "
                        + "syntax, so the file is not read on");
    }

    private static String concept(String id, String label) {
        return "<http://example.org/" + id + "> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> "
                + "<http://www.w3.org/2004/02/skos/core#Concept> .\n"
                + "<http://example.org/" + id + "> <http://www.w3.org/2004/02/skos/core#prefLabel> \"" + label + "\" .\n";
    }

    private static ByteArrayInputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
