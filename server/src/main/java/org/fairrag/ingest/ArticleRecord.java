package org.fairrag.ingest;

import java.util.List;
import java.util.Objects;

/**
 * One bibliographic record as read from a source file, before it is merged with other records of the
 * same PMID and mapped to RDF. Fields the source lacks are {@code null} (scalars) or empty (lists).
 *
 * @param pmid     PubMed identifier, digits only; never null for an accepted record
 * @param source   the source collection the record came from, e.g. {@code pubmed_xml},
 *                 {@code medline_txt}, {@code kaggle_pubmed_multilabel}, {@code pubmedqa_pqal}; decides
 *                 the licence and which record wins when several describe one article
 * @param date     publication date as precise as the source gives it: {@code 2019}, {@code 2019-09} or
 *                 {@code 2019-09-14}; null when unknown
 */
public record ArticleRecord(
        String pmid,
        String source,
        String title,
        String abstractText,
        List<MeshHeading> mesh,
        String journal,
        String date,
        List<Author> authors,
        String doi) {

    public ArticleRecord {
        Objects.requireNonNull(pmid, "pmid");
        Objects.requireNonNull(source, "source");
        mesh = mesh == null ? List.of() : List.copyOf(mesh);
        authors = authors == null ? List.of() : List.copyOf(authors);
    }

    /** The year of {@link #date}, or null. */
    public Integer year() {
        return date == null || date.length() < 4 ? null : Integer.valueOf(date.substring(0, 4));
    }

    /**
     * A MeSH heading as the source states it. At least one of {@code ui}, {@code name} or
     * {@code treeNumbers} is present; resolution to a concept happens later against the vocabulary.
     *
     * @param ui          descriptor UI such as {@code D009062}, or null when the source gives names only
     * @param name        descriptor name as written in the source (may be an older name that is an entry
     *                    term in the current vocabulary), or null
     * @param major       true when the source marks it a major topic; false when not marked or unknown
     * @param treeNumbers tree numbers the source lists for the heading (Kaggle, JSONL), possibly empty
     */
    public record MeshHeading(String ui, String name, boolean major, List<String> treeNumbers) {
        public MeshHeading {
            treeNumbers = treeNumbers == null ? List.of() : List.copyOf(treeNumbers);
            if (ui == null && name == null && treeNumbers.isEmpty()) {
                throw new IllegalArgumentException("a MeSH heading needs a UI, a name or a tree number");
            }
        }
    }

    /**
     * An author in citation order.
     *
     * @param name   display name, {@code "Family, Given"} when both parts are known, else what the source
     *               gives (a collective name, or {@code "Nadjmi, M"})
     * @param family family name or null
     * @param given  given names or initials, or null
     * @param orcid  ORCID iD as {@code 0000-0002-1825-0097} (no URL prefix) when the source gives one
     */
    public record Author(String name, String family, String given, String orcid) {
        public Author {
            Objects.requireNonNull(name, "name");
        }
    }
}
