package org.fairrag.ingest.read;

import java.util.ArrayList;
import java.util.List;
import org.fairrag.ingest.ArticleRecord;
import org.fairrag.ingest.ArticleRecord.Author;
import org.fairrag.ingest.ArticleRecord.MeshHeading;
import org.fairrag.ingest.ReadResult;

/**
 * The fields of one record as a reader collects them, raw. {@link #toResult} applies the rules common
 * to all formats: whitespace normalised, empty strings as null, PMID digits only, a title or an
 * abstract present, no value longer than the text limit.
 */
final class ArticleDraft {

    String pmid;
    String title;
    String abstractText;
    String journal;
    private String date;
    String doi;
    private final String source;
    private final ReadLimits limits;
    private final List<String> warnings = new ArrayList<>();
    private final List<MeshHeading> mesh = new ArrayList<>();
    private final List<Author> authors = new ArrayList<>();

    ArticleDraft(String source, ReadLimits limits) {
        this.source = source;
        this.limits = limits;
    }

    /** Notes the bytes replaced in this record, to be reported as a warning when it is accepted. */
    void invalidBytes(TextDecoder.Invalid invalid, java.nio.charset.Charset charset) {
        if (invalid != null) {
            warnings.add(invalid.describe(charset));
        }
    }

    /**
     * Sets the publication date, {@code normalised} by {@link PubDates} from what the source {@code stated}. A stated
     * date that gives no date (a year of 0 or 99999, a word) is reported as a warning: the record is kept without one.
     */
    void date(String stated, String normalised) {
        date = normalised;
        String shown = Text.clean(stated);
        if (normalised == null && shown != null) {
            warnings.add("publication date '" + abbreviated(shown) + "' has no year from " + PubDates.FIRST_YEAR
                    + " to next year; kept without a date");
        }
    }

    private static String abbreviated(String text) {
        return text.length() <= 40 ? text : text.substring(0, 40) + "...";
    }

    /** Adds a heading unless it has neither UI, name nor tree number; blank tree numbers are dropped. */
    void addMesh(String ui, String name, boolean major, List<String> treeNumbers) {
        String cleanUi = Text.clean(ui);
        String cleanName = Text.clean(name);
        List<String> trees = new ArrayList<>(treeNumbers.size());
        for (String treeNumber : treeNumbers) {
            String clean = Text.clean(treeNumber);
            if (clean != null) {
                trees.add(clean);
            }
        }
        if (cleanUi != null || cleanName != null || !trees.isEmpty()) {
            mesh.add(new MeshHeading(cleanUi, cleanName, major, trees));
        }
    }

    /** Adds a person; without a family name the given part becomes the whole name. */
    void addAuthor(String family, String given, String orcid) {
        String f = Text.clean(family);
        String g = Text.clean(given);
        if (f == null) {
            addNamedAuthor(g, orcid);
        } else {
            authors.add(new Author(g == null ? f : f + ", " + g, f, g, Identifiers.orcid(orcid)));
        }
    }

    /**
     * Adds an author from a display name: {@code "Family, Given"} is split at the first comma; anything
     * else ({@code "Sharma M P"}, a collective name) is kept whole as the name.
     */
    void addAuthorName(String displayName) {
        String name = Text.clean(displayName);
        int comma = name == null ? -1 : name.indexOf(", ");
        if (comma > 0) {
            addAuthor(name.substring(0, comma), name.substring(comma + 2), null);
        } else {
            addNamedAuthor(name, null);
        }
    }

    /** Adds an author known by one name only, such as a collective name; never split. */
    void addNamedAuthor(String name, String orcid) {
        String clean = Text.clean(name);
        if (clean != null) {
            authors.add(new Author(clean, null, null, Identifiers.orcid(orcid)));
        }
    }

    /** Sets the ORCID of the author added last, if there is one. */
    void setLastAuthorOrcid(String orcid) {
        if (!authors.isEmpty()) {
            Author last = authors.get(authors.size() - 1);
            authors.set(authors.size() - 1,
                    new Author(last.name(), last.family(), last.given(), Identifiers.orcid(orcid)));
        }
    }

    ReadResult toResult(String locator) {
        String id = Text.clean(pmid);
        if (id == null) {
            return new ReadResult.Rejected(locator, "no PMID");
        }
        String notPmid = Identifiers.notPmid(id);
        if (notPmid != null) {
            return new ReadResult.Rejected(locator, "invalid PMID: '" + id + "': " + notPmid);
        }
        String cleanTitle = Text.clean(title);
        String cleanAbstract = Text.clean(abstractText);
        if (cleanTitle == null && cleanAbstract == null) {
            return new ReadResult.Rejected(locator, "no title or abstract (PMID " + id + ")");
        }
        String cleanJournal = Text.clean(journal);
        String tooLong = longest("title", cleanTitle, "abstract", cleanAbstract, "journal", cleanJournal);
        if (tooLong == null) {
            tooLong = longestName();
        }
        if (tooLong != null) {
            return new ReadResult.Rejected(locator, limits.textTooLong(tooLong) + " (PMID " + id + ")");
        }
        ArticleRecord record = new ArticleRecord(id, source, cleanTitle, cleanAbstract, mesh,
                cleanJournal, date, authors, Identifiers.doi(doi));
        List<String> recordWarnings = warnings.stream().map(w -> "PMID " + id + ": " + w).toList();
        return new ReadResult.Accepted(record, locator, recordWarnings);
    }

    /** The first of the named values over the text limit, or null. */
    private String longest(String... namesAndValues) {
        for (int i = 0; i < namesAndValues.length; i += 2) {
            String value = namesAndValues[i + 1];
            if (value != null && value.length() > limits.maxTextChars()) {
                return namesAndValues[i];
            }
        }
        return null;
    }

    private String longestName() {
        for (Author author : authors) {
            if (author.name().length() > limits.maxTextChars()) {
                return "an author name";
            }
        }
        for (MeshHeading heading : mesh) {
            if (heading.name() != null && heading.name().length() > limits.maxTextChars()) {
                return "a MeSH heading";
            }
        }
        return null;
    }
}
