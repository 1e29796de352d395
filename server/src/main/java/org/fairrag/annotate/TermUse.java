package org.fairrag.annotate;

/** How indexers use a term in the articles counted: what the features of a candidate term are computed from. */
interface TermUse {

    /** The share of articles with subjects that have this one. */
    double prior(String termId);

    /** How often an article whose text mentions the term has it as a subject (smoothed). */
    double subjectWhenMentioned(String termId);
}
