package org.fairrag.ingest;

import java.util.List;

/** What a reader yields for each record of a source: an accepted record or a rejection with its reason. */
public sealed interface ReadResult {

    /** Where in the source the record was found, for reports: {@code "line 12"}, {@code "PubmedArticle #7"}. */
    String locator();

    /** An accepted record, with what the run should warn about it (bytes that had to be replaced, ...). */
    record Accepted(ArticleRecord record, String locator, List<String> warnings) implements ReadResult {

        public Accepted {
            warnings = List.copyOf(warnings);
        }

        public Accepted(ArticleRecord record, String locator) {
            this(record, locator, List.of());
        }
    }

    record Rejected(String locator, String reason) implements ReadResult {}
}
