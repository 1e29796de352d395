package org.fairrag.vocab.read;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;
import org.apache.jena.riot.Lang;
import org.fairrag.vocab.Concept;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SkosReaderTest {

    private static final String TURTLE = """
            @prefix skos: <http://www.w3.org/2004/02/skos/core#> .
            @prefix dct:  <http://purl.org/dc/terms/> .
            @prefix rdfs: <http://www.w3.org/2000/01/rdf-schema#> .
            @prefix ex:   <http://example.org/animals/> .

            ex:scheme a skos:ConceptScheme ;
                dct:title "Animals"@en, "Tiere"@de .

            ex:animal a skos:Concept ; skos:inScheme ex:scheme ;
                skos:prefLabel "Tier"@de, "Animal"@en ;
                skos:narrower ex:mammal ;
                skos:definition "A living organism that feeds on organic matter."@en .

            ex:mammal a skos:Concept ;
                skos:notation "A.1" ;
                skos:prefLabel "Mammal" ;
                skos:altLabel "Mammalia"@en, "Säugetier"@de, "Mammal" ;
                skos:hiddenLabel "Mamal" ;
                skos:scopeNote "Warm-blooded vertebrates."@en ;
                skos:definition "Not used: the scope note wins."@en .

            ex:dog a skos:Concept ;
                dct:identifier "dog-42" ;
                rdfs:label "Dog"@en ;
                skos:broader ex:mammal, ex:pet .

            ex:pet a skos:Concept ;
                skos:notation "P", "PET" ;
                skos:prefLabel "Hund"@de, "Haustier"@de ;
                skos:altLabel "Heimtier"@de, "Pet animal"@en, "Animal de compagnie"@fr .

            ex:unnamed a skos:Concept ; skos:broader ex:animal .
            [] a skos:Concept ; skos:prefLabel "Blank and nameless" .
            ex:notAConcept skos:prefLabel "Ignored" .
            """;

    private static SkosVocabulary vocabulary;
    private static Map<String, Concept> byId;

    @BeforeAll
    static void readTurtle() throws IOException {
        vocabulary = SkosReader.read(new ByteArrayInputStream(TURTLE.getBytes(StandardCharsets.UTF_8)), Lang.TURTLE);
        byId = vocabulary.concepts().stream().collect(Collectors.toMap(Concept::id, Function.identity()));
    }

    @Test
    void should_read_every_labelled_concept_and_count_the_skipped_ones() {
        assertThat(byId).containsOnlyKeys("animal", "A.1", "dog-42", "pet");
        assertThat(vocabulary.skippedConcepts()).isEqualTo(2);
    }

    @Test
    void should_return_the_scheme_with_its_english_title() {
        assertThat(vocabulary.schemeIri()).isEqualTo("http://example.org/animals/scheme");
        assertThat(vocabulary.schemeTitle()).isEqualTo("Animals");
    }

    @Test
    void should_prefer_the_english_preferred_label() {
        assertThat(byId.get("animal").prefLabel()).isEqualTo("Animal");
        assertThat(byId.get("animal").sourceIri()).isEqualTo("http://example.org/animals/animal");
    }

    @Test
    void should_name_a_concept_by_its_single_notation_else_identifier_else_local_name() {
        assertThat(byId.get("A.1").sourceIri()).isEqualTo("http://example.org/animals/mammal");
        assertThat(byId.get("dog-42").sourceIri()).isEqualTo("http://example.org/animals/dog");
        assertThat(byId.get("pet").notations()).containsExactly("P", "PET");
    }

    @Test
    void should_fall_back_to_rdfs_label() {
        assertThat(byId.get("dog-42").prefLabel()).isEqualTo("Dog");
    }

    @Test
    void should_read_alt_and_hidden_labels_in_english_or_untagged() {
        assertThat(byId.get("A.1").altLabels()).containsExactly("Mamal", "Mammalia");
    }

    @Test
    void should_keep_alt_labels_in_the_language_of_a_non_english_preferred_label() {
        Concept pet = byId.get("pet");

        assertThat(pet.prefLabel()).isEqualTo("Haustier");
        assertThat(pet.altLabels()).containsExactly("Heimtier", "Pet animal");
    }

    @Test
    void should_derive_broader_from_broader_and_inverse_narrower() {
        assertThat(byId.get("A.1").broaderIds()).containsExactly("animal");
        assertThat(byId.get("dog-42").broaderIds()).containsExactly("A.1", "pet");
        assertThat(byId.get("animal").broaderIds()).isEmpty();
    }

    @Test
    void should_take_the_scope_note_else_the_definition() {
        assertThat(byId.get("A.1").scopeNote()).isEqualTo("Warm-blooded vertebrates.");
        assertThat(byId.get("animal").scopeNote()).isEqualTo("A living organism that feeds on organic matter.");
        assertThat(byId.get("dog-42").scopeNote()).isNull();
    }

    @Test
    void should_read_a_gzipped_file_by_its_extension(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("animals.ttl.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write(TURTLE.getBytes(StandardCharsets.UTF_8));
        }

        assertThat(SkosReader.read(file).concepts()).hasSize(4);
    }

    @Test
    void should_read_rdf_xml() throws IOException {
        String rdfXml = """
                <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"
                         xmlns:skos="http://www.w3.org/2004/02/skos/core#">
                  <skos:Concept rdf:about="http://example.org/c#x">
                    <skos:prefLabel xml:lang="en">X</skos:prefLabel>
                  </skos:Concept>
                </rdf:RDF>
                """;

        SkosVocabulary read =
                SkosReader.read(new ByteArrayInputStream(rdfXml.getBytes(StandardCharsets.UTF_8)), Lang.RDFXML);

        assertThat(read.concepts()).singleElement().satisfies(concept -> {
            assertThat(concept.id()).isEqualTo("x");
            assertThat(concept.prefLabel()).isEqualTo("X");
        });
        assertThat(read.schemeIri()).isNull();
    }
}
