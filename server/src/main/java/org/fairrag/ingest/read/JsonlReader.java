package org.fairrag.ingest.read;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.google.common.base.CharMatcher;
import com.google.common.collect.AbstractIterator;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.fairrag.ingest.ReadResult;
import org.fairrag.ingest.RecordReader;
import org.fairrag.ingest.SourceFormat;

/**
 * Reads one JSON object a line: {@code pmid} (string or number), {@code title}, {@code abstract},
 * {@code mesh} (names), {@code mesh_ui}, {@code mesh_major} and {@code mesh_tree_numbers} (each used
 * only when aligned with {@code mesh}, i.e. of the same length), {@code journal}, {@code year},
 * {@code authors} ({@code "Family, Given"} strings), {@code doi} and {@code source} (normalised by
 * {@link #collectionOf}). Other fields are ignored; blank lines are skipped. Abstracts of the Kaggle
 * collection get the same label repair as in {@link KaggleCsvReader}. A line longer than the record
 * limit is rejected without being held.
 */
public final class JsonlReader implements RecordReader {

    private static final ObjectReader JSON =
            new ObjectMapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private static final CharMatcher SOURCE_DETAIL = CharMatcher.anyOf("(:");
    private static final JsonNode NO_ELEMENTS = JsonNodeFactory.instance.arrayNode();

    private final ReadLimits limits;

    public JsonlReader() {
        this(ReadLimits.DEFAULT);
    }

    public JsonlReader(ReadLimits limits) {
        this.limits = limits;
    }

    @Override
    public SourceFormat format() {
        return SourceFormat.JSONL;
    }

    @Override
    public Results open(InputStream in, String sourceName) {
        TextDecoder text = new TextDecoder(in, StandardCharsets.UTF_8);
        return new JsonlResults(new BoundedLines(text, limits.maxRecordChars(), false), text, sourceName);
    }

    /**
     * The collection key for a record's {@code source} value, or null when it is blank:
     * {@code "kaggle_pubmed_multilabel(jktjia slice)"} gives {@code kaggle_pubmed_multilabel},
     * {@code "pubmed_xml:<file>"} gives {@code pubmed_xml}, a repository file
     * {@code "owner/repo@commit:path"} gives {@code pubmed_xml} when the path ends in {@code .xml} (or
     * {@code .xml.gz}) and {@code medline_txt} otherwise; any other value is kept up to its first
     * {@code (} or {@code :}.
     */
    public static String collectionOf(String source) {
        String value = Text.clean(source);
        if (value == null) {
            return null;
        }
        int at = value.indexOf('@');
        if (at > 0 && value.lastIndexOf('/', at) > 0) {
            String path = value.substring(value.indexOf(':', at) + 1).toLowerCase(Locale.ROOT);
            boolean xml = path.endsWith(".xml") || path.endsWith(".xml.gz");
            return xml ? PubmedXmlReader.SOURCE : MedlineReader.SOURCE;
        }
        int end = SOURCE_DETAIL.indexIn(value);
        return end < 0 ? value : Text.clean(value.substring(0, end));
    }

    private final class JsonlResults extends AbstractIterator<ReadResult> implements Results {

        private final BoundedLines lines;
        private final TextDecoder text;
        private final String sourceName;

        JsonlResults(BoundedLines lines, TextDecoder text, String sourceName) {
            this.lines = lines;
            this.text = text;
            this.sourceName = sourceName;
        }

        @Override
        protected ReadResult computeNext() {
            try {
                BoundedLines.Line line;
                do {
                    line = lines.next();
                    if (line == null) {
                        return endOfData();
                    }
                } while (!line.tooLong() && line.text().isBlank());
                String locator = sourceName + " line " + line.firstLine();
                if (line.tooLong()) {
                    return new ReadResult.Rejected(locator, limits.recordTooLong("a line", line.length()));
                }
                return toResult(line, text, locator, sourceName);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        @Override
        public void close() throws IOException {
            lines.close();
        }
    }

    private ReadResult toResult(BoundedLines.Line line, TextDecoder text, String locator, String defaultSource) {
        JsonNode json;
        try {
            json = JSON.readTree(line.text());
        } catch (JsonProcessingException e) {
            return new ReadResult.Rejected(locator, "not valid JSON: " + e.getOriginalMessage());
        }
        if (!json.isObject()) {
            return new ReadResult.Rejected(locator, "not a JSON object");
        }
        try {
            String source = collectionOf(scalar(json, "source"));
            ArticleDraft draft = new ArticleDraft(source != null ? source : defaultSource, limits);
            draft.invalidBytes(line.invalid(), text.charset());
            draft.pmid = scalar(json, "pmid");
            draft.title = scalar(json, "title");
            draft.abstractText = scalar(json, "abstract");
            if (KaggleCsvReader.SOURCE.equals(source)) {
                draft.abstractText = AbstractLabels.separate(draft.abstractText);
            }
            draft.journal = scalar(json, "journal");
            String year = scalar(json, "year");
            draft.date(year, PubDates.parse(year));
            draft.doi = scalar(json, "doi");
            for (String author : strings(json.get("authors"), "authors")) {
                draft.addAuthorName(author);
            }
            addMesh(json, draft);
            return draft.toResult(locator);
        } catch (IllegalArgumentException e) {
            return new ReadResult.Rejected(locator, e.getMessage());
        }
    }

    /**
     * Headings come from {@code mesh} names, or from {@code mesh_ui} when there are no names; the
     * other arrays are paired with them by position only when their lengths agree.
     */
    private static void addMesh(JsonNode json, ArticleDraft draft) {
        List<String> names = strings(json.get("mesh"), "mesh");
        List<String> uis = strings(json.get("mesh_ui"), "mesh_ui");
        int count = names.isEmpty() ? uis.size() : names.size();
        JsonNode major = array(json.get("mesh_major"), "mesh_major");
        JsonNode trees = array(json.get("mesh_tree_numbers"), "mesh_tree_numbers");
        for (int i = 0; i < count; i++) {
            draft.addMesh(
                    uis.size() == count ? uis.get(i) : null,
                    names.size() == count ? names.get(i) : null,
                    major.size() == count && major.get(i).asBoolean(false),
                    trees.size() == count ? strings(trees.get(i), "mesh_tree_numbers[" + i + "]") : List.of());
        }
    }

    /** A string or number field as text; null when absent or null. */
    private static String scalar(JsonNode json, String field) {
        JsonNode value = json.get(field);
        if (value == null || value.isNull()) {
            return null;
        }
        if (!value.isValueNode()) {
            throw new IllegalArgumentException("'" + field + "' is not a string or number");
        }
        return value.asText();
    }

    /** {@code node} when it is an array; an empty array when it is absent or null. */
    private static JsonNode array(JsonNode node, String what) {
        if (node == null || node.isNull()) {
            return NO_ELEMENTS;
        }
        if (!node.isArray()) {
            throw new IllegalArgumentException("'" + what + "' is not an array");
        }
        return node;
    }

    /** The elements of an array of strings, null elements kept so positions stay aligned. */
    private static List<String> strings(JsonNode node, String what) {
        JsonNode array = array(node, what);
        List<String> values = new ArrayList<>(array.size());
        for (JsonNode element : array) {
            if (element.isNull()) {
                values.add(null);
            } else if (element.isValueNode()) {
                values.add(element.asText());
            } else {
                throw new IllegalArgumentException("'" + what + "' holds an element that is not a string");
            }
        }
        return values;
    }
}
