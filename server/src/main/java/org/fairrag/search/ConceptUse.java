package org.fairrag.search;

import java.util.Set;

/**
 * Whether an article search also searches the concepts of the query's words, which concepts the caller
 * turned off, and whether the articles whose text mentions a concept are searched beside those indexed with it.
 */
public record ConceptUse(boolean enabled, Set<String> off, boolean mentions) {

    /**
     * Whether the default search fuses the articles that mention a concept: not, as that lowered P@10 on the lay
     * development set (0.785 to 0.752; see the README's search quality).
     */
    static final boolean MENTIONS_BY_DEFAULT = false;

    public static final ConceptUse ON = new ConceptUse(true, Set.of(), MENTIONS_BY_DEFAULT);
    public static final ConceptUse NONE = new ConceptUse(false, Set.of(), false);

    public ConceptUse {
        off = Set.copyOf(off);
    }

    /** Concepts on or off, with the caller's concepts turned off, and mentions searched as by default. */
    public ConceptUse(boolean enabled, Set<String> off) {
        this(enabled, off, MENTIONS_BY_DEFAULT);
    }

    /** The same use with the articles that mention a concept searched or not. */
    public ConceptUse withMentions(boolean on) {
        return new ConceptUse(enabled, off, on);
    }

    /** Whether a source of concept articles (by its {@link ConceptArticles#name}) is searched. */
    boolean uses(ConceptArticles source) {
        return mentions || !ConceptArticles.MENTIONED.equals(source.name());
    }
}
