package org.fairrag.terms;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The hand-written tab-separated tables bundled with term search: comment lines ({@code #}) and blank
 * lines are skipped, the first other line is the header, every row has exactly the header's columns.
 */
final class BundledTable {

    private BundledTable() {}

    /** The rows of the resource {@code path}, each with {@code columns} stripped cells. */
    static List<String[]> resource(String path, int columns) {
        try (InputStream in = BundledTable.class.getResourceAsStream(path)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + path);
            }
            return rows(in, columns, path);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path, e);
        }
    }

    /** The rows of {@code in}; {@code what} names the table in errors. */
    static List<String[]> rows(InputStream in, int columns, String what) throws IOException {
        List<String[]> rows = new ArrayList<>();
        BufferedReader lines = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
        boolean header = true;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            if (header) {
                header = false;
                continue;
            }
            String[] cells = line.split("\t");
            if (cells.length != columns) {
                throw new IOException(what + ": expected " + columns + " tab-separated columns, got: " + line);
            }
            for (int i = 0; i < cells.length; i++) {
                cells[i] = cells[i].strip();
            }
            rows.add(cells);
        }
        return rows;
    }
}
