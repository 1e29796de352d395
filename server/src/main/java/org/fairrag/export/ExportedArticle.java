package org.fairrag.export;

import java.util.List;

/**
 * What a reference manager needs of one article: its PID, identifiers, citation metadata, abstract and
 * subject headings. Any field but the PID and the PMID may be null; the lists are never null.
 *
 * @param date as published: {@code 2019}, {@code 2019-09} or {@code 2019-09-14}
 * @param subjects the preferred names of the article's MeSH terms
 */
public record ExportedArticle(String pid, String pmid, String doi, String title, String abstractText,
                              String journal, String date, List<Author> authors, List<String> subjects) {

    public ExportedArticle {
        authors = List.copyOf(authors);
        subjects = List.copyOf(subjects);
    }

    /** An author: the name as given, and family and given names where the source splits them. */
    public record Author(String name, String family, String given) {}

    /** The year of publication, or null. */
    public String year() {
        return date != null && date.length() >= 4 ? date.substring(0, 4) : null;
    }

    /** The PubMed page of the article. */
    public String pubmedUrl() {
        return "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/";
    }
}
