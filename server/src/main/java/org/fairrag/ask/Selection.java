package org.fairrag.ask;

import java.util.List;

/**
 * The constraints a question puts on articles: topics they are all about, topics they are not about,
 * years of publication, authors and a journal (by the names the graph gives them).
 *
 * @param topics        each must hold (AND); the terms inside one topic are alternatives (OR)
 * @param excluded      the article is about none of these
 * @param yearFrom      first year, or null
 * @param yearTo        last year, or null
 * @param author        the author the question names, or null
 * @param journal       the journal the question names, or null
 */
public record Selection(List<Topic> topics, List<Topic> excluded, Integer yearFrom, Integer yearTo, NamedEntity author,
                        NamedEntity journal) {

    public static final Selection NONE = new Selection(List.of(), List.of(), null, null, null, null);

    public Selection {
        topics = List.copyOf(topics);
        excluded = List.copyOf(excluded);
    }

    /** The same constraints without the years. */
    public Selection withoutYears() {
        return new Selection(topics, excluded, null, null, author, journal);
    }

    public boolean hasYears() {
        return yearFrom != null || yearTo != null;
    }

    public boolean isEmpty() {
        return topics.isEmpty() && excluded.isEmpty() && yearFrom == null && yearTo == null && author == null
                && journal == null;
    }

    /**
     * Words of the question that name authors or a journal, and the names the graph writes for them.
     *
     * @param text  the words as the question has them
     * @param names the exact names in the graph they stand for
     */
    public record NamedEntity(String text, List<String> names) {

        public NamedEntity {
            names = List.copyOf(names);
        }
    }
}
