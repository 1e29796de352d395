package org.fairrag.ask;

/**
 * The one article a question names.
 *
 * @param kind  how it is named
 * @param value the PubMed id, the DOI (lower case) or the PID URL
 */
public record ArticleRef(Kind kind, String value) {

    public enum Kind { PMID, DOI, PID }

    /** How the answer names the article. */
    public String describe() {
        return switch (kind) {
            case PMID -> "PMID " + value;
            case DOI -> "DOI " + value;
            case PID -> value;
        };
    }
}
