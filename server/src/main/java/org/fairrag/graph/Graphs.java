package org.fairrag.graph;

import java.util.List;

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

    /**
     * Every graph an anonymous caller may read, which the public dump holds and the dataset's {@code void:triples}
     * counts: the vocabulary, public content, mentions and associations, and the typed relations.
     */
    public List<String> publicGraphs() {
        return List.of(vocabulary(), publicContent(), publicMentions(), publicAssociations(), typedRelations());
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

    /** Concepts mentioned together in sentences of public articles, counted over those articles only. */
    public String publicAssociations() {
        return baseUrl + "/graph/associations/public";
    }

    /**
     * The same counted over every article, public and restricted: what a caller who may read restricted
     * articles sees. Empty while no restricted article has mentions.
     */
    public String restrictedAssociations() {
        return baseUrl + "/graph/associations/restricted";
    }

    /** Associations typed by a language model from their evidence sentences (public associations only). */
    public String typedRelations() {
        return baseUrl + "/graph/relations/public";
    }
}
