package org.fairrag.vocab.read;

import com.google.common.base.Splitter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.fairrag.ingest.read.BoundedLines;
import org.fairrag.ingest.read.ReadLimits;
import org.fairrag.ingest.read.SourceFormats;
import org.fairrag.vocab.Concept;

/**
 * Reads the MeSH descriptor table ({@code DescriptorUI, DescriptorName, TreeNumbers, EntryTerms}, tab
 * separated, lists {@code |}-separated, gzip or plain) into concepts. Entry terms, permuted ones
 * included, become alternative labels; the broader concepts of a descriptor are the owners of the
 * parents of its tree numbers ({@code C04.588.443.591} is under {@code C04.588.443}).
 *
 * <p>The derived MeSH 2024 table omits the top-level tree numbers ({@code C04} for Neoplasms, ...),
 * which would leave the categories outside the hierarchy. The reader adds them from
 * {@code ontologies/mesh/mesh2024_top_level_tree_numbers.tsv} (from NLM's MeSH 2024 trees) for every
 * code the table itself lacks.
 */
public final class MeshTsvReader {

    /** The NLM IRI of a descriptor is this prefix followed by its UI. */
    public static final String MESH_IRI = "http://id.nlm.nih.gov/mesh/";

    private static final String HEADER = "DescriptorUI\tDescriptorName\tTreeNumbers\tEntryTerms";
    private static final Splitter TABS = Splitter.on('\t');
    private static final Splitter BARS = Splitter.on('|').trimResults().omitEmptyStrings();
    private static final String TOP_LEVELS = "/fairrag/ontologies/mesh/mesh2024_top_level_tree_numbers.tsv";

    private MeshTsvReader() {}

    /**
     * What a table gave: its concepts, the rows rejected ({@code "line 7: ..."}) and warnings about rows
     * kept ({@code "line 9: invalid UTF-8: ..."}).
     */
    public record Table(List<Concept> concepts, List<String> rejections, List<String> warnings) {}

    /** Reads a table shipped with fairrag at {@code path}, gunzipping it when it starts with the gzip magic bytes. */
    public static List<Concept> read(Path path) throws IOException {
        try (InputStream in = SourceFormats.decompressed(Files.newInputStream(path))) {
            return read(in);
        }
    }

    /**
     * Reads a table shipped with fairrag from {@code in}, uncompressed, which the caller closes.
     *
     * @throws IOException when the header is not the expected one or any row is rejected
     */
    public static List<Concept> read(InputStream in) throws IOException {
        Table table = read(in, ReadLimits.DEFAULT);
        if (!table.rejections().isEmpty()) {
            throw new IOException(table.rejections().get(0));
        }
        return table.concepts();
    }

    /** Reads a table given by a user, gunzipped when it starts with the gzip magic bytes: bad rows are rejected, not fatal. */
    public static Table read(Path path, ReadLimits limits) throws IOException {
        try (InputStream in = SourceFormats.decompressed(Files.newInputStream(path))) {
            return read(in, limits);
        }
    }

    /**
     * Reads an uncompressed table from {@code in}, which the caller closes. A row longer than the record
     * limit (never held whole) or without a UI or a name is rejected with the reason.
     *
     * @throws IOException when the header is not the expected one
     */
    public static Table read(InputStream in, ReadLimits limits) throws IOException {
        BoundedLines lines = BoundedLines.utf8(in, limits.maxRecordChars());
        BoundedLines.Line header = lines.next();
        if (header == null || header.tooLong() || !header.text().startsWith(HEADER)) {
            throw new IOException("not a MeSH descriptor table: header is "
                    + (header == null ? null : header.tooLong() ? "longer than the record limit" : header.text()));
        }
        List<Row> rows = new ArrayList<>(32_768);
        List<String> rejections = new ArrayList<>();
        List<String> warnings = new ArrayList<>();
        Map<String, String> uiByTreeNumber = new HashMap<>(1 << 17);
        for (BoundedLines.Line line = lines.next(); line != null; line = lines.next()) {
            String where = "line " + line.firstLine();
            if (line.tooLong()) {
                rejections.add(where + ": a row of " + String.format(Locale.ROOT, "%,d", line.length())
                        + " characters is longer than the record limit of "
                        + String.format(Locale.ROOT, "%,d", limits.maxRecordChars()) + " characters");
                continue;
            }
            if (line.text().isBlank()) {
                continue;
            }
            Row row = Row.parse(line.text());
            if (row == null) {
                rejections.add(where + ": a descriptor needs a UI and a name");
                continue;
            }
            if (line.invalid() != null) {
                warnings.add(where + " (" + row.ui() + "): " + line.invalid().describe(StandardCharsets.UTF_8));
            }
            rows.add(row);
            for (String treeNumber : row.treeNumbers()) {
                uiByTreeNumber.put(treeNumber, row.ui());
            }
        }
        addTopLevels(rows, uiByTreeNumber);
        List<Concept> concepts = new ArrayList<>(rows.size());
        for (Row row : rows) {
            concepts.add(row.toConcept(uiByTreeNumber));
        }
        return new Table(concepts, rejections, warnings);
    }

    private static void addTopLevels(List<Row> rows, Map<String, String> uiByTreeNumber) throws IOException {
        Map<String, Row> byUi = new HashMap<>(rows.size() * 2);
        rows.forEach(r -> byUi.put(r.ui(), r));
        try (InputStream in = MeshTsvReader.class.getResourceAsStream(TOP_LEVELS)) {
            if (in == null) {
                throw new IOException("Missing bundled resource " + TOP_LEVELS);
            }
            BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            lines.readLine();
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                List<String> columns = TABS.splitToList(line);
                if (columns.size() < 3 || uiByTreeNumber.containsKey(columns.get(2))) {
                    continue;
                }
                Row row = byUi.get(columns.get(0));
                if (row != null) {
                    row.treeNumbers().add(columns.get(2));
                    uiByTreeNumber.put(columns.get(2), row.ui());
                }
            }
        }
    }

    private record Row(String ui, String name, List<String> treeNumbers, List<String> entryTerms) {

        /** The row, or null when it lacks a UI or a name. */
        static Row parse(String line) {
            List<String> columns = TABS.splitToList(line);
            String ui = columns.get(0).trim();
            String name = columns.size() > 1 ? columns.get(1).trim() : "";
            if (ui.isEmpty() || name.isEmpty()) {
                return null;
            }
            return new Row(ui, name,
                    new ArrayList<>(columns.size() > 2 ? BARS.splitToList(columns.get(2)) : List.of()),
                    columns.size() > 3 ? BARS.splitToList(columns.get(3)) : List.of());
        }

        Concept toConcept(Map<String, String> uiByTreeNumber) {
            Set<String> broader = new LinkedHashSet<>();
            for (String treeNumber : treeNumbers) {
                int dot = treeNumber.lastIndexOf('.');
                String parentUi = dot < 0 ? null : uiByTreeNumber.get(treeNumber.substring(0, dot));
                if (parentUi != null) {
                    broader.add(parentUi);
                }
            }
            Set<String> altLabels = new LinkedHashSet<>(entryTerms);
            altLabels.remove(name);
            return new Concept(ui, MESH_IRI + ui, name, List.copyOf(altLabels), List.copyOf(treeNumbers),
                    List.copyOf(broader), null);
        }
    }
}
