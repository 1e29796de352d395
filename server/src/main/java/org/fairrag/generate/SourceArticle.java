package org.fairrag.generate;

/** An article chosen for a summary, as the summarizer sees it; {@code number} is its citation number, from 1. */
public record SourceArticle(int number, String pid, String pmid, String title, String abstractText, String license,
                            String accessLevel) {

    /** Title and abstract as one text, as numbered in prompts. */
    public String text() {
        if (title == null) {
            return abstractText == null ? "" : abstractText;
        }
        return abstractText == null ? title : title + "\n" + abstractText;
    }
}
