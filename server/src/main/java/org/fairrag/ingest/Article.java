package org.fairrag.ingest;

import java.util.List;
import org.fairrag.ingest.ArticleRecord.Author;

/**
 * An article as fairrag publishes it: every source record of one PMID merged, MeSH headings resolved
 * to vocabulary terms. This is what the graph, the PID registry and the vector index are derived from.
 *
 * @param sources    the source collections that contributed, best first
 * @param license    licence IRI of the record the title and abstract came from
 * @param accessLevel {@code public} or {@code restricted}
 * @param suggestedSubjects terms suggested from the text for an article that came without subjects; never
 *                    mixed with {@code subjects}, which are the indexers'
 */
public record Article(
        String pid,
        String pmid,
        String title,
        String abstractText,
        List<Subject> subjects,
        List<String> unresolvedHeadings,
        String journal,
        String date,
        List<Author> authors,
        String doi,
        List<String> sources,
        String license,
        String accessLevel,
        List<Subject> suggestedSubjects) {

    public Article {
        suggestedSubjects = suggestedSubjects == null ? List.of() : List.copyOf(suggestedSubjects);
    }

    /** An article without suggested subjects. */
    public Article(String pid, String pmid, String title, String abstractText, List<Subject> subjects,
                   List<String> unresolvedHeadings, String journal, String date, List<Author> authors, String doi,
                   List<String> sources, String license, String accessLevel) {
        this(pid, pmid, title, abstractText, subjects, unresolvedHeadings, journal, date, authors, doi, sources, license,
                accessLevel, List.of());
    }

    /** The same article with these suggested subjects. */
    public Article withSuggestedSubjects(List<Subject> suggested) {
        return new Article(pid, pmid, title, abstractText, subjects, unresolvedHeadings, journal, date, authors, doi,
                sources, license, accessLevel, suggested);
    }

    /** A resolved MeSH heading. */
    public record Subject(String termId, String termPid, boolean major) {}

    public Integer year() {
        return date == null || date.length() < 4 ? null : Integer.valueOf(date.substring(0, 4));
    }

    public List<String> termIds() {
        return subjects.stream().map(Subject::termId).toList();
    }

    public List<String> suggestedTermIds() {
        return suggestedSubjects.stream().map(Subject::termId).toList();
    }

    public String pubmedUrl() {
        return "https://pubmed.ncbi.nlm.nih.gov/" + pmid + "/";
    }
}
