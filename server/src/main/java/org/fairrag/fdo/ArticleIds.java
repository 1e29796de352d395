package org.fairrag.fdo;

/** The natural key an article's PID id is derived from, so that the same PMID always gets the same PID. */
public final class ArticleIds {

    private ArticleIds() {}

    /** The PID id of the article with this PMID. */
    public static String forPmid(String pmid) {
        return PidScheme.idFor("article:pubmed:" + pmid);
    }
}
