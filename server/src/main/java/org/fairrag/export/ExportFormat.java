package org.fairrag.export;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/** The formats articles can be exported in, each with its media type and file name extension. */
public enum ExportFormat {

    CSV("text/csv; charset=utf-8; header=present", "csv", CsvWriter::write),
    BIBTEX("application/x-bibtex; charset=utf-8", "bib", BibtexWriter::write),
    RIS("application/x-research-info-systems; charset=utf-8", "ris", RisWriter::write);

    private final String mediaType;
    private final String extension;
    private final Function<List<ExportedArticle>, String> writer;

    ExportFormat(String mediaType, String extension, Function<List<ExportedArticle>, String> writer) {
        this.mediaType = mediaType;
        this.extension = extension;
        this.writer = writer;
    }

    /** The format called {@code name} ({@code csv}, {@code bibtex}, {@code ris}; any case). */
    public static Optional<ExportFormat> named(String name) {
        for (ExportFormat f : values()) {
            if (f.name().equalsIgnoreCase(name)) {
                return Optional.of(f);
            }
        }
        return Optional.empty();
    }

    /** The name clients use: {@code csv}, {@code bibtex}, {@code ris}. */
    public String clientName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public String mediaType() {
        return mediaType;
    }

    public String extension() {
        return extension;
    }

    /** The articles written in this format, in the order given. */
    public String write(List<ExportedArticle> articles) {
        return writer.apply(articles);
    }
}
