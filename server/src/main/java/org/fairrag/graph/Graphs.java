package org.fairrag.graph;

/**
 * The named graphs fairrag keeps, under the configured base URL. Vocabulary, public content and
 * restricted content are separate graphs, so that what a caller may see is a set of graphs.
 */
public record Graphs(String baseUrl) {

    /** Concepts and concept schemes. */
    public String vocabulary() {
        return baseUrl + "/graph/vocabulary";
    }

    /** Public articles, summaries, the dataset and ingestion runs. */
    public String publicContent() {
        return baseUrl + "/graph/public";
    }

    /** Articles (and what is derived from them) that only authorised callers may see. */
    public String restrictedContent() {
        return baseUrl + "/graph/restricted";
    }

    /** The content graph for an access level name ({@code public} or {@code restricted}). */
    public String contentFor(String accessLevel) {
        return "restricted".equals(accessLevel) ? restrictedContent() : publicContent();
    }

    /** Concept mentions found in the text of public articles (W3C Web Annotations). */
    public String publicMentions() {
        return baseUrl + "/graph/mentions/public";
    }

    /** Concept mentions found in the text of restricted articles: readable as those articles are. */
    public String restrictedMentions() {
        return baseUrl + "/graph/mentions/restricted";
    }

    /** The mentions graph for an access level name. */
    public String mentionsFor(String accessLevel) {
        return "restricted".equals(accessLevel) ? restrictedMentions() : publicMentions();
    }
}
