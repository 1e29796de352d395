package org.fairrag.ask;

/**
 * The kinds of question the parser answers, each with the query template that answers it and the
 * variable of its result that holds the answer ({@code null} for yes/no questions).
 */
public enum Shape {
    // about articles in general, under a selection
    COUNT_ARTICLES(Category.GENERAL, Subject.SELECTION, "count-articles.rq", "count"),
    LIST_ARTICLES(Category.GENERAL, Subject.SELECTION, "list-articles.rq", "article"),
    LIST_ARTICLE_PMIDS(Category.GENERAL, Subject.SELECTION, "list-articles.rq", "pmid"),
    LIST_ARTICLE_TITLES(Category.GENERAL, Subject.SELECTION, "list-articles.rq", "title"),
    LIST_ARTICLE_DOIS(Category.GENERAL, Subject.SELECTION, "list-article-dois.rq", "doi"),
    ANY_ARTICLES(Category.GENERAL, Subject.SELECTION, "any-articles.rq", null),
    LIST_JOURNALS(Category.GENERAL, Subject.SELECTION, "list-journals.rq", "journal"),
    LIST_YEARS(Category.GENERAL, Subject.SELECTION, "list-years.rq", "year"),
    LIST_AUTHORS(Category.GENERAL, Subject.SELECTION, "list-authors.rq", "author"),
    COUNT_JOURNALS(Category.GENERAL, Subject.SELECTION, "count-journals.rq", "count"),
    COUNT_AUTHORS(Category.GENERAL, Subject.SELECTION, "count-authors.rq", "count"),
    TOP_JOURNALS(Category.GENERAL, Subject.SELECTION, "top-journals.rq", "journal"),
    TOP_YEARS(Category.GENERAL, Subject.SELECTION, "top-years.rq", "year"),
    TOP_AUTHORS(Category.GENERAL, Subject.SELECTION, "top-authors.rq", "author"),
    FIRST_YEAR(Category.GENERAL, Subject.SELECTION, "first-year.rq", "year"),
    LAST_YEAR(Category.GENERAL, Subject.SELECTION, "last-year.rq", "year"),
    OLDEST_ARTICLES(Category.GENERAL, Subject.SELECTION, "oldest-articles.rq", "article"),
    NEWEST_ARTICLES(Category.GENERAL, Subject.SELECTION, "newest-articles.rq", "article"),

    // about one article
    ARTICLE_AUTHORS(Category.METADATA, Subject.ARTICLE, "article-authors.rq", "author"),
    ARTICLE_FIRST_AUTHOR(Category.METADATA, Subject.ARTICLE, "article-first-author.rq", "author"),
    ARTICLE_LAST_AUTHOR(Category.METADATA, Subject.ARTICLE, "article-last-author.rq", "author"),
    ARTICLE_AUTHOR_COUNT(Category.METADATA, Subject.ARTICLE, "article-author-count.rq", "count"),
    ARTICLE_JOURNAL(Category.METADATA, Subject.ARTICLE, "article-journal.rq", "journal"),
    ARTICLE_YEAR(Category.METADATA, Subject.ARTICLE, "article-year.rq", "year"),
    ARTICLE_DATE(Category.METADATA, Subject.ARTICLE, "article-date.rq", "date"),
    ARTICLE_DOI(Category.METADATA, Subject.ARTICLE, "article-doi.rq", "doi"),
    ARTICLE_PID(Category.METADATA, Subject.ARTICLE, "article-identifiers.rq", "article"),
    ARTICLE_PMID(Category.METADATA, Subject.ARTICLE, "article-identifiers.rq", "pmid"),
    ARTICLE_TITLE(Category.METADATA, Subject.ARTICLE, "article-title.rq", "title"),
    ARTICLE_ABSTRACT(Category.METADATA, Subject.ARTICLE, "article-abstract.rq", "abstract"),
    ARTICLE_TERMS(Category.METADATA, Subject.ARTICLE, "article-terms.rq", "label"),
    ARTICLE_MAJOR_TERMS(Category.METADATA, Subject.ARTICLE, "article-major-terms.rq", "label"),
    ARTICLE_TERM_COUNT(Category.METADATA, Subject.ARTICLE, "article-term-count.rq", "count"),
    ARTICLE_MAJOR_TERM_COUNT(Category.METADATA, Subject.ARTICLE, "article-major-term-count.rq", "count"),
    ARTICLE_LICENSE(Category.METADATA, Subject.ARTICLE, "article-license.rq", "license"),
    ARTICLE_OVERVIEW(Category.METADATA, Subject.ARTICLE, "article-overview.rq", "label"),
    ARTICLE_ABOUT(Category.METADATA, Subject.ARTICLE, "article-about.rq", null),
    ARTICLES_BY_AUTHOR(Category.METADATA, Subject.SELECTION, "list-articles.rq", "article"),
    COUNT_ARTICLES_BY_AUTHOR(Category.METADATA, Subject.SELECTION, "count-articles.rq", "count"),

    // about the vocabulary
    TERM_ID(Category.ONTOLOGY, Subject.TERM, "term-id.rq", "id"),
    TERM_PID(Category.ONTOLOGY, Subject.TERM, "term-id.rq", "term"),
    TERM_LABEL(Category.ONTOLOGY, Subject.TERM, "term-label.rq", "label"),
    TERM_ALT_LABELS(Category.ONTOLOGY, Subject.TERM, "term-alt-labels.rq", "name"),
    TERM_TREE_NUMBERS(Category.ONTOLOGY, Subject.TERM, "term-tree-numbers.rq", "treeNumber"),
    TERM_BROADER(Category.ONTOLOGY, Subject.TERM, "term-broader.rq", "label"),
    TERM_NARROWER(Category.ONTOLOGY, Subject.TERM, "term-narrower.rq", "label"),
    TERM_DESCENDANTS(Category.ONTOLOGY, Subject.TERM, "term-descendants.rq", "label"),
    TERM_NARROWER_COUNT(Category.ONTOLOGY, Subject.TERM, "term-narrower-count.rq", "count"),
    TERM_DESCENDANT_COUNT(Category.ONTOLOGY, Subject.TERM, "term-descendant-count.rq", "count"),
    TERM_IS_A(Category.ONTOLOGY, Subject.TERM, "term-is-a.rq", null),
    TERM_EXISTS(Category.ONTOLOGY, Subject.TERM, "term-exists.rq", null),
    TERM_BY_TREE_NUMBER(Category.ONTOLOGY, Subject.LITERAL, "term-by-tree-number.rq", "label"),
    TERM_BY_ID(Category.ONTOLOGY, Subject.LITERAL, "term-by-id.rq", "label"),
    COUNT_TERMS(Category.ONTOLOGY, Subject.NONE, "count-terms.rq", "count");

    /**
     * A field of an article's record that some articles lack: an answer that reads it leaves those out, and says how
     * many it left.
     *
     * @param template the query counting the articles of a selection without it
     * @param missing  how a sentence says that an article lacks it
     */
    public enum Field {
        JOURNAL("unrecorded-journal.rq", "no journal recorded"),
        AUTHOR("unrecorded-author.rq", "no author recorded"),
        DATE("unrecorded-date.rq", "no date of publication recorded");

        private final String template;
        private final String missing;

        Field(String template, String missing) {
            this.template = template;
            this.missing = missing;
        }

        String template() {
            return template;
        }

        String missing() {
            return missing;
        }
    }

    /** The field the answer reads, which leaves out the articles without it; null for none. */
    public Field field() {
        return switch (this) {
            case LIST_JOURNALS, COUNT_JOURNALS, TOP_JOURNALS -> Field.JOURNAL;
            case LIST_AUTHORS, COUNT_AUTHORS, TOP_AUTHORS -> Field.AUTHOR;
            case LIST_YEARS, TOP_YEARS, FIRST_YEAR, LAST_YEAR, OLDEST_ARTICLES, NEWEST_ARTICLES -> Field.DATE;
            default -> null;
        };
    }

    /** The paper's three kinds of question. */
    public enum Category { GENERAL, METADATA, ONTOLOGY }

    /** What the question is about: articles under a selection, one article, one term, a literal, nothing. */
    public enum Subject { SELECTION, ARTICLE, TERM, LITERAL, NONE }

    private final Category category;
    private final Subject subject;
    private final String template;
    private final String answerVariable;

    Shape(Category category, Subject subject, String template, String answerVariable) {
        this.category = category;
        this.subject = subject;
        this.template = template;
        this.answerVariable = answerVariable;
    }

    public Category category() {
        return category;
    }

    public Subject subject() {
        return subject;
    }

    String template() {
        return template;
    }

    /** The result variable that holds the answer; null for yes/no questions (ASK). */
    public String answerVariable() {
        return answerVariable;
    }
}
