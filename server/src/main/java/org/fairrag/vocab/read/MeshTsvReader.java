package org.fairrag.vocab.read;

import com.google.common.base.Splitter;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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

    /** Reads the file at {@code path}, gunzipping it when it starts with the gzip magic bytes. */
    public static List<Concept> read(Path path) throws IOException {
        try (InputStream in = org.fairrag.ingest.read.SourceFormats.decompressed(java.nio.file.Files.newInputStream(path))) {
            return read(in);
        }
    }

    /**
     * Reads an uncompressed table from {@code in}, which the caller closes.
     *
     * @throws IOException when the header is not the expected one or a row lacks a UI or a name
     */
    public static List<Concept> read(InputStream in) throws IOException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
        String header = lines.readLine();
        if (header == null || !header.startsWith(HEADER)) {
            throw new IOException("not a MeSH descriptor table: header is " + header);
        }
        List<Row> rows = new ArrayList<>(32_768);
        Map<String, String> uiByTreeNumber = new HashMap<>(1 << 17);
        int lineNumber = 1;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            lineNumber++;
            if (line.isBlank()) {
                continue;
            }
            Row row = Row.parse(line, lineNumber);
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
        return concepts;
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

        static Row parse(String line, int lineNumber) throws IOException {
            List<String> columns = TABS.splitToList(line);
            String ui = columns.get(0).trim();
            String name = columns.size() > 1 ? columns.get(1).trim() : "";
            if (ui.isEmpty() || name.isEmpty()) {
                throw new IOException("line " + lineNumber + ": a descriptor needs a UI and a name");
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
