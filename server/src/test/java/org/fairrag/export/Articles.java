package org.fairrag.export;

import java.util.List;

/** Articles for the format tests: a complete one, one with only what every article has, and awkward text. */
final class Articles {

    private Articles() {}

    static ExportedArticle complete() {
        return new ExportedArticle("http://fairrag.test/pid/b0c1d2f3g4h5j", "31234567", "10.1000/xyz_123",
                "Oral cancer: a review", "Background. Surgery, radiotherapy.", "Oral Oncology", "2019-09-14",
                List.of(new ExportedArticle.Author("Jane Smith", "Smith", "Jane"),
                        new ExportedArticle.Author("Ana de la Cruz", "de la Cruz", "Ana")),
                List.of("Humans", "Mouth Neoplasms"));
    }

    static ExportedArticle bare() {
        return new ExportedArticle("http://fairrag.test/pid/k6m7n8p9q0r1s", "1000", null, null, null, null, null,
                List.of(), List.of());
    }

    static ExportedArticle awkward() {
        return new ExportedArticle("http://fairrag.test/pid/t2v3w4x5z6b7c", "2000", "10.1/a{b}",
                "Unbalanced { brace, 50% of $5 & #1 under_score ^ ~ \\ \"quoted\"\nER  - injected",
                "Line one\r\nline two", "J. \"Quotes\", Inc.", "2020",
                List.of(new ExportedArticle.Author("World Health Organization", null, null),
                        new ExportedArticle.Author("Sun and Moon", "Sun and Moon", "Ray")),
                List.of("=cmd()"));
    }
}
