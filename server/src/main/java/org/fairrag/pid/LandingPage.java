package org.fairrag.pid;

import java.util.List;

/**
 * What a landing page shows, as plain values: the template escapes every one of them, so nothing here
 * is markup. Links carry an {@code href} only when it is an http(s) IRI.
 */
public record LandingPage(
        String pid,
        String title,
        String kindLabel,
        String typeIri,
        List<Field> fields,
        String bodyHeading,
        List<Paragraph> body,
        List<Section> sections,
        String citation,
        List<Value> licences,
        List<Field> provenance,
        List<Value> machineForms,
        Tombstone tombstone,
        String notice,
        String jsonLd,
        String home) {

    /** A text, optionally a link; {@code type} is the media type of the link's target when known. */
    public record Value(String text, String href, String type) {
        public static Value text(String text) {
            return new Value(text, null, null);
        }

        public static Value link(String text, String href) {
            return new Value(text, href != null && (href.startsWith("https://") || href.startsWith("http://")) ? href : null, null);
        }
    }

    public record Field(String label, List<Value> values) {}

    /** A paragraph of text with the sources it cites. */
    public record Paragraph(String text, List<Citation> citations) {}

    public record Citation(String label, String href, String title) {}

    public record Section(String heading, String note, List<Value> items) {}

    public record Tombstone(String reason, String date) {}
}
