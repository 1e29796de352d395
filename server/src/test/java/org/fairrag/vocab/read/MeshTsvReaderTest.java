package org.fairrag.vocab.read;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.fairrag.vocab.Concept;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

class MeshTsvReaderTest {

    /** The MeSH vocabulary as the project ships it; tests run in the server module. */
    private static final Path DESCRIPTORS = Path.of("../ontologies/mesh/mesh2024_descriptors.tsv.gz");

    private static List<Concept> concepts;
    private static Map<String, Concept> byId;

    @BeforeAll
    static void readMesh() throws IOException {
        concepts = MeshTsvReader.read(DESCRIPTORS);
        byId = concepts.stream().collect(Collectors.toMap(Concept::id, Function.identity()));
    }

    @Test
    void should_read_all_30764_descriptors() {
        assertThat(concepts).hasSize(30_764);
        assertThat(byId).hasSize(30_764);
    }

    @Test
    void should_read_a_known_descriptor() {
        Concept mouthNeoplasms = byId.get("D009062");

        assertThat(mouthNeoplasms.prefLabel()).isEqualTo("Mouth Neoplasms");
        assertThat(mouthNeoplasms.sourceIri()).isEqualTo("http://id.nlm.nih.gov/mesh/D009062");
        assertThat(mouthNeoplasms.notations()).containsExactly("C04.588.443.591", "C07.465.530");
        assertThat(mouthNeoplasms.scopeNote()).isNull();
    }

    @Test
    void should_derive_one_broader_per_tree_position() {
        assertThat(byId.get("D009062").broaderIds()).containsExactly("D006258", "D009059");
        assertThat(byId.get("D006258").prefLabel()).isEqualTo("Head and Neck Neoplasms");
    }

    @Test
    void should_read_entry_terms_as_alternative_labels_without_the_preferred_name() {
        Concept mouthNeoplasms = byId.get("D009062");

        assertThat(mouthNeoplasms.altLabels()).hasSize(17)
                .contains("Oral Cancer", "Cancer of the Mouth", "Neoplasm, Mouth", "Mouth Neoplasm")
                .doesNotContain("Mouth Neoplasms")
                .doesNotHaveDuplicates();
    }

    @Test
    void should_give_no_broader_to_the_top_of_a_tree_or_a_check_tag() {
        assertThat(byId.get("D006801").notations()).containsExactly("B01.050.150.900.649.313.988.400.112.400.400");
        assertThat(byId.get("D005260").notations()).isEmpty();
        assertThat(byId.get("D005260").broaderIds()).isEmpty();
        // The table has 112 descriptors without tree numbers; the reader gives 110 of them their top-level
        // code (C04 Neoplasms, ...), which leaves the check tags Female and Male.
        assertThat(concepts).filteredOn(concept -> concept.notations().isEmpty())
                .extracting(Concept::id).containsExactlyInAnyOrder("D005260", "D008297");
        assertThat(concepts).filteredOn(concept -> concept.notations().stream().allMatch(n -> n.indexOf('.') < 0))
                .allSatisfy(concept -> assertThat(concept.broaderIds()).isEmpty());
    }

    @Test
    void should_refuse_a_file_with_another_header() {
        byte[] table = "UI\tName\nD1\tX\n".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> MeshTsvReader.read(new ByteArrayInputStream(table)))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("not a MeSH descriptor table");
    }

    @Test
    void should_read_an_uncompressed_table() throws IOException {
        List<Concept> read = MeshTsvReader.read(table(
                "D1\tRoot\tA01\t\n"
                + "D2\tLeaf\tA01.100|A01.200\tLeaves|Leaf|Leaves\n"));

        assertThat(read).extracting(Concept::id).containsExactly("D1", "D2");
        assertThat(read.get(1).broaderIds()).containsExactly("D1");
        assertThat(read.get(1).altLabels()).containsExactly("Leaves");
    }

    @Test
    void should_refuse_a_row_without_name() {
        assertThatThrownBy(() -> MeshTsvReader.read(table("D3\t\tA02\t\n")))
                .isInstanceOf(IOException.class)
                .hasMessage("line 2: a descriptor needs a UI and a name");
    }

    private static ByteArrayInputStream table(String rows) {
        String header = "DescriptorUI\tDescriptorName\tTreeNumbers\tEntryTerms\n";
        return new ByteArrayInputStream((header + rows).getBytes(StandardCharsets.UTF_8));
    }
}
