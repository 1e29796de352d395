package org.fairrag.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;
import org.fairrag.app.Fairrag;

/** Real PubMed records from the bundled demo file, for tests that need articles without a whole instance. */
public final class DemoRecords {

    /** A record with its MeSH descriptor UIs and its year. */
    public record Record(String pmid, String title, String abstractText, List<String> termIds, int year, String journal) {
        public String pid() {
            return TestFairrag.BASE_URL + "/pid/test-" + pmid;
        }
    }

    /** A PubMedQA record: its abstract as stored ends with its conclusion, which answers its question. */
    public record QaRecord(String pmid, String question, String conclusion) {}

    private DemoRecords() {}

    /**
     * The first {@code n} PubMedQA records of the demo, in file order, with an even PMID: the half of
     * PubMedQA that summaries are developed on (the odd half is kept for {@code bench summarize}'s final figure).
     */
    public static List<QaRecord> pubmedQaWithEvenPmid(int n) {
        ObjectMapper json = new ObjectMapper();
        List<QaRecord> out = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && out.size() < n; line = lines.readLine()) {
                JsonNode r = json.readTree(line);
                if (r.path("source").asText("").startsWith("pubmedqa") && Long.parseLong(r.get("pmid").asText()) % 2 == 0) {
                    out.add(new QaRecord(r.get("pmid").asText(), r.get("question").asText(), r.get("conclusion").asText()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The demo file's lines (JSONL records, as shipped) of these PMIDs, in the order asked. */
    public static List<String> lines(String... pmids) {
        Set<String> wanted = Set.of(pmids);
        ObjectMapper json = new ObjectMapper();
        Map<String, String> found = new LinkedHashMap<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && found.size() < wanted.size(); line = lines.readLine()) {
                String pmid = json.readTree(line).path("pmid").asText();
                if (wanted.contains(pmid)) {
                    found.put(pmid, line);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        List<String> out = new ArrayList<>();
        for (String pmid : pmids) {
            if (!found.containsKey(pmid)) {
                throw new IllegalArgumentException("PMID " + pmid + " is not in the demo file");
            }
            out.add(found.get(pmid));
        }
        return out;
    }

    /** The title and abstract of a demo record, as the file has them. */
    public static String[] text(String pmid) {
        try {
            JsonNode r = new ObjectMapper().readTree(lines(pmid).get(0));
            return new String[] {r.path("title").isNull() ? null : r.path("title").asText(null), r.path("abstract").asText(null)};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The first {@code n} records of the demo file, whatever they hold: title and abstract. */
    public static List<String[]> texts(int n) {
        ObjectMapper json = new ObjectMapper();
        List<String[]> out = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && out.size() < n; line = lines.readLine()) {
                JsonNode r = json.readTree(line);
                out.add(new String[] {r.path("title").isNull() ? null : r.path("title").asText(null),
                        r.path("abstract").isNull() ? null : r.path("abstract").asText(null)});
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The first {@code n} records, in file order, that have an abstract, a year and every heading as a UI. */
    public static List<Record> withTermsAndYear(int n) {
        ObjectMapper json = new ObjectMapper();
        List<Record> out = new ArrayList<>();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(
                new GZIPInputStream(Fairrag.class.getResourceAsStream(Fairrag.DEMO_ARTICLES)), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null && out.size() < n; line = lines.readLine()) {
                JsonNode r = json.readTree(line);
                JsonNode ui = r.get("mesh_ui");
                if (ui == null || !ui.isArray() || ui.isEmpty() || r.path("abstract").asText("").isBlank()
                        || r.path("year").isNull() || r.path("year").isMissingNode()) {
                    continue;
                }
                List<String> ids = new ArrayList<>();
                ui.forEach(u -> ids.add(u.asText(null)));
                if (ids.contains(null) || ids.contains("null")) {
                    continue;
                }
                out.add(new Record(r.get("pmid").asText(), r.get("title").asText(), r.get("abstract").asText(),
                        ids.stream().distinct().toList(), Integer.parseInt(r.get("year").asText()),
                        r.path("journal").isNull() ? null : r.path("journal").asText(null)));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }
}
