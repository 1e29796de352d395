package org.fairrag.annotate;

import static org.fairrag.graph.Vocab.*;

import java.util.List;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.ResourceFactory;
import org.apache.jena.vocabulary.RDF;

/**
 * The concept mentions of one article as W3C Web Annotations:
 * <pre>
 * &lt;pid#mention-3&gt; a oa:Annotation ; oa:motivatedBy oa:identifying ; oa:hasBody &lt;term PID&gt; ;
 *     as:generator fr:mention-finder-1 ; fr:sentence &lt;pid#sentence-2&gt; ; [fr:negated true] ;
 *     oa:hasTarget [ a oa:SpecificResource ; oa:hasSource &lt;pid&gt; ; fr:textProperty schema:abstract ;
 *         oa:hasSelector [ a oa:TextPositionSelector ; oa:start 120 ; oa:end 131 ] ,
 *                        [ a oa:TextQuoteSelector ; oa:exact "lung cancer" ; oa:prefix "..." ; oa:suffix "..." ] ] .
 * &lt;pid#sentence-2&gt; a fr:Sentence ; dct:isPartOf &lt;pid&gt; ; fr:textProperty schema:abstract ;
 *     oa:start 98 ; oa:end 240 ; [fr:section "METHODS"] ; [fr:chunk 1] .
 * &lt;pid#mentions&gt; a as:OrderedCollection ; prov:wasDerivedFrom &lt;pid&gt; ; as:generator fr:mention-finder-1 ;
 *     as:totalItems 37 ; fr:textChecksum "sha256:..." .
 * </pre>
 * Offsets count UTF-16 code units of the literal as stored ({@code dct:title} or {@code schema:abstract},
 * as {@code fr:textProperty} says), the way SPARQL's {@code SUBSTR} counts characters for text without
 * characters outside the Basic Multilingual Plane. The collection records what the annotations were made
 * from, so that annotations of an older text or method can be told apart.
 */
final class MentionRdf {

    /** Characters of context kept before and after a quote. */
    static final int CONTEXT = 32;
    static final Resource GENERATOR_RESOURCE = ResourceFactory.createResource(FR + "mention-finder-" + MentionFinder.VERSION);

    private MentionRdf() {}

    static String collectionIri(String articlePid) {
        return articlePid + "#mentions";
    }

    static Model describe(String articlePid, String title, String abstractText, MentionFinder.Found found,
                          int[] chunkOfSentence, String textChecksum) {
        Model m = ModelFactory.createDefaultModel();
        Resource article = m.createResource(articlePid);
        List<Sentence> sentences = found.sentences();
        for (int s = 0; s < sentences.size(); s++) {
            Sentence sentence = sentences.get(s);
            Resource r = m.createResource(sentenceIri(articlePid, sentence.index()))
                    .addProperty(RDF.type, SENTENCE)
                    .addProperty(DCT_IS_PART_OF, article)
                    .addProperty(TEXT_PROPERTY, sentence.part().property())
                    .addLiteral(OA_START, integer(sentence.start()))
                    .addLiteral(OA_END, integer(sentence.end()));
            if (sentence.section() != null) {
                r.addProperty(SECTION, sentence.section());
            }
            if (chunkOfSentence[s] >= 0) {
                r.addLiteral(CHUNK, integer(chunkOfSentence[s]));
            }
        }
        int n = 0;
        for (Mention mention : found.mentions()) {
            n++;
            String text = mention.part() == TextPart.TITLE ? title : abstractText;
            Resource position = m.createResource()
                    .addProperty(RDF.type, TEXT_POSITION_SELECTOR)
                    .addLiteral(OA_START, integer(mention.start()))
                    .addLiteral(OA_END, integer(mention.end()));
            Resource quote = m.createResource()
                    .addProperty(RDF.type, TEXT_QUOTE_SELECTOR)
                    .addProperty(OA_EXACT, mention.exact())
                    .addProperty(OA_PREFIX, text.substring(Math.max(0, mention.start() - CONTEXT), mention.start()))
                    .addProperty(OA_SUFFIX, text.substring(mention.end(), Math.min(text.length(), mention.end() + CONTEXT)));
            Resource target = m.createResource()
                    .addProperty(RDF.type, SPECIFIC_RESOURCE)
                    .addProperty(HAS_SOURCE, article)
                    .addProperty(TEXT_PROPERTY, mention.part().property())
                    .addProperty(HAS_SELECTOR, position)
                    .addProperty(HAS_SELECTOR, quote);
            Resource annotation = m.createResource(articlePid + "#mention-" + n)
                    .addProperty(RDF.type, ANNOTATION)
                    .addProperty(MOTIVATED_BY, IDENTIFYING)
                    .addProperty(HAS_BODY, m.createResource(mention.termPid()))
                    .addProperty(HAS_TARGET, target)
                    .addProperty(GENERATOR, GENERATOR_RESOURCE)
                    .addProperty(IN_SENTENCE, m.createResource(sentenceIri(articlePid, mention.sentence())));
            if (mention.negated()) {
                annotation.addLiteral(NEGATED, true);
            }
        }
        m.createResource(collectionIri(articlePid))
                .addProperty(RDF.type, ORDERED_COLLECTION)
                .addProperty(WAS_DERIVED_FROM, article)
                .addProperty(GENERATOR, GENERATOR_RESOURCE)
                .addLiteral(TOTAL_ITEMS, integer(n))
                .addProperty(TEXT_CHECKSUM, textChecksum);
        return m;
    }

    static String sentenceIri(String articlePid, int index) {
        return articlePid + "#sentence-" + index;
    }
}
