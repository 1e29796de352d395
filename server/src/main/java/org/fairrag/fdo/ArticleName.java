package org.fairrag.fdo;

/**
 * What an article is called wherever a person reads its name: its title, or, for the articles that come
 * without one, the same stand-in on the landing page, in summaries' sources and in the web app (whose
 * {@code ui/js/article.js} writes it the same way).
 */
public final class ArticleName {

    private ArticleName() {}

    /** The title if it has a visible character, else "Untitled article (PMID n)" or, with no PMID, "Untitled article". */
    public static String of(String title, String pmid) {
        if (title != null && !title.isBlank()) {
            return title.strip();
        }
        return pmid == null || pmid.isBlank() ? "Untitled article" : "Untitled article (PMID " + pmid.strip() + ")";
    }

    /** {@code text} as a sentence of a citation: a full stop added unless it already ends a sentence. */
    public static String sentence(String text) {
        String t = text.strip();
        return t.endsWith(".") || t.endsWith("?") || t.endsWith("!") ? t : t + ".";
    }
}
