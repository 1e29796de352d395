package org.fairrag.ingest;

/** What a reader yields for each record of a source: an accepted record or a rejection with its reason. */
public sealed interface ReadResult {

    /** Where in the source the record was found, for reports: {@code "line 12"}, {@code "PubmedArticle #7"}. */
    String locator();

    record Accepted(ArticleRecord record, String locator) implements ReadResult {}

    record Rejected(String locator, String reason) implements ReadResult {}
}
