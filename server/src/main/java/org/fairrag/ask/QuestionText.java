package org.fairrag.ask;

import java.text.Normalizer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.fairrag.fdo.PidScheme;

/**
 * A question prepared for the parser: the identifiers and years it gives taken out and kept as values,
 * the rest in lower case with a placeholder where each identifier stood ({@link #PMID}, {@link #DOI},
 * {@link #PID}, {@link #MESH_ID}, {@link #TREE}) and the year expressions removed.
 */
final class QuestionText {

    // Upper case, so that no rule over the (lower case) words of a question matches a placeholder.
    static final String PMID = "#PMID";
    static final String DOI = "#DOI";
    static final String PID = "#PID";
    static final String MESH_ID = "#MESHID";
    static final String TREE = "#TREE";

    private static final Pattern PID_URL = Pattern.compile("https?://\\S+?/pid/([0-9a-z]{13})(?![0-9a-z])");
    private static final Pattern BARE_PID = Pattern.compile("(?<![\\w/.-])([0-9bcdfghjkmnpqrstvwxz]{13})(?![\\w/-])");
    private static final Pattern DOI_PATTERN = Pattern.compile(
            "(?:https?://(?:dx\\.)?doi\\.org/|\\bdoi:\\s*)?\\b(10\\.\\d{4,9}/[^\\s\"'<>]+)", Pattern.CASE_INSENSITIVE);
    private static final Pattern MESH_UI = Pattern.compile("\\bd(\\d{6}(?:\\d{3})?)\\b");
    private static final Pattern TREE_NUMBER = Pattern.compile("\\b([a-z]\\d{2}(?:\\.\\d{3})+)\\b");
    private static final Pattern CUED_PMID = Pattern.compile(
            "\\b(?:pmids?|pubmed(?: ids?| identifiers?| numbers?| no\\.?)?|pm ids?)\\s*(?:#|no\\.?|number|:|=)?\\s*(\\d{1,9})\\b");
    private static final Pattern BARE_PMID = Pattern.compile("(?<![\\w.#/-])#?(\\d{5,9})\\b(?![.\\d])");
    private static final Pattern CONTRACTIONS = Pattern.compile("\\b(what|who|where|when|how|that|there|it)'s\\b");
    private static final Pattern PUNCTUATION = Pattern.compile("[?!;:()\"\\[\\]{}]|(?<=\\S)\\.(?=\\s|$)|\\s,|,(?=\\s|$)");
    private static final Pattern SPACES = Pattern.compile("\\s+");
    private static final Pattern RELATIVE_TIME = Pattern.compile("(?<!most )\\b(?:(?:last|past|previous|recent|coming|next)"
            + " (?:\\d+ |few |several |couple of |two |three |five |ten )?(?:years?|months?|weeks?|decades?)"
            + "|this year|recently|nowadays|these days|currently)\\b");

    private static final String Y = "((?:18|19|20)\\d\\d)";
    private static final List<String> DECADES = List.of("sixties", "seventies", "eighties", "nineties");

    final String original;
    final String text;
    final List<String> pmids = new ArrayList<>();
    final List<String> dois = new ArrayList<>();
    final List<String> pids = new ArrayList<>();
    final List<String> meshIds = new ArrayList<>();
    final List<String> treeNumbers = new ArrayList<>();
    Integer yearFrom;
    Integer yearTo;
    /** The words that gave the years, as the question has them. */
    final List<String> yearWords = new ArrayList<>();
    final boolean relativeTime;
    /** Years the parser cannot put into one range ("in 2015 or 2019", or bounds that contradict each other). */
    boolean unsupportedYears;

    private QuestionText(String question, String baseUrl) {
        this.original = question;
        String s = Normalizer.normalize(question, Normalizer.Form.NFKC)
                .replaceAll("[\u2018\u2019\u02bc`\u00b4]", "'")
                .replaceAll("[\u201c\u201d]", "\"")
                .replaceAll("[\u2010-\u2015\u2212]", "-")
                .toLowerCase(Locale.ROOT);
        s = extract(s, PID_URL, m -> PidScheme.isValid(m.group(1)), m -> pids.add(baseUrl + "/pid/" + m.group(1)), PID);
        s = extract(s, DOI_PATTERN, m -> true, m -> dois.add(trimDoi(m.group(1))), DOI);
        s = extract(s, BARE_PID, m -> PidScheme.isValid(m.group(1)), m -> pids.add(baseUrl + "/pid/" + m.group(1)), PID);
        s = extract(s, MESH_UI, m -> true, m -> meshIds.add("D" + m.group(1)), MESH_ID);
        s = extract(s, TREE_NUMBER, m -> true, m -> treeNumbers.add(m.group(1).toUpperCase(Locale.ROOT)), TREE);
        s = CONTRACTIONS.matcher(s).replaceAll("$1 is");
        s = extract(s, CUED_PMID, m -> true, m -> pmids.add(m.group(1)), PMID);
        s = extract(s, BARE_PMID, m -> true, m -> pmids.add(m.group(1)), PMID);
        s = PUNCTUATION.matcher(s).replaceAll(" ");
        s = SPACES.matcher(s).replaceAll(" ").trim();
        this.relativeTime = RELATIVE_TIME.matcher(s).find();
        this.text = SPACES.matcher(years(s)).replaceAll(" ").trim();
        if (yearFrom != null && yearTo != null && yearFrom > yearTo) {
            unsupportedYears = true;
        }
    }

    static QuestionText of(String question, String baseUrl) {
        return new QuestionText(question, baseUrl);
    }

    boolean namesArticle() {
        return !pmids.isEmpty() || !dois.isEmpty() || !pids.isEmpty();
    }

    boolean hasYears() {
        return yearFrom != null || yearTo != null;
    }

    private interface Check {
        boolean accept(Matcher m);
    }

    private static String extract(String s, Pattern pattern, Check check, Consumer<Matcher> take, String placeholder) {
        Matcher m = pattern.matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            if (check.accept(m)) {
                take.accept(m);
                m.appendReplacement(out, " " + placeholder + " ");
            }
        }
        m.appendTail(out);
        return out.toString();
    }

    private static String trimDoi(String doi) {
        int end = doi.length();
        while (end > 0 && ".,;:?!)]}".indexOf(doi.charAt(end - 1)) >= 0) {
            end--;
        }
        return doi.substring(0, end);
    }

    /** Year expressions, most specific first; each sets bounds and is removed from the text. */
    private String years(String s) {
        s = year(s, "\\b(?:published |appeared |released |written )?(?:between|from) (?:the years? )?" + Y
                + " (?:and|to|till|until|through|-) " + Y + "\\b", (a, b) -> range(a, b));
        s = year(s, "\\b(?:in |during |from )?" + Y + " ?(?:-|to|until|till|through) ?" + Y + "\\b", (a, b) -> range(a, b));
        s = year(s, "\\b(?:in|during|from|of) (?:the )?((?:18|19|20)\\d)0'?s\\b", (a, b) -> range(a * 10, a * 10 + 9));
        s = year(s, "\\b(?:in|during|from|of) the ([3-9])0'?s\\b", (a, b) -> range(1900 + a * 10, 1900 + a * 10 + 9));
        s = year(s, "\\b(?:in|during|from|of) the (?:nineteen )?(sixties|seventies|eighties|nineties)\\b",
                (a, b) -> range(a, a + 9));
        s = year(s, "\\b(?:in |from )?" + Y + ",? (?:or|and) " + Y + "\\b", this::either);
        s = year(s, "\\b(?:since|from|starting(?: in| from)?|beginning(?: in)?|as of|in or after) (?:the year )?" + Y
                + " (?:onwards?|on|forwards?|and later|or later|and after|until now|to date|to now|till now)\\b",
                (a, b) -> from(a));
        s = year(s, "\\b(?:since|starting(?: in| from)?|beginning(?: in)?|as of|in or after) (?:the year )?" + Y + "\\b",
                (a, b) -> from(a));
        s = year(s, "\\b" + Y + " (?:or|and) (?:later|after|onwards?|newer)\\b", (a, b) -> from(a));
        s = year(s, "\\b(?:after|later than|newer than|more recent than) (?:the year )?" + Y + "\\b", (a, b) -> from(a + 1));
        s = year(s, "\\b(?:before|prior to|earlier than|older than|preceding) (?:the year )?" + Y + "\\b", (a, b) -> to(a - 1));
        s = year(s, "\\b(?:until|till|up to|up until|through|no later than|by the end of|in or before) (?:the year )?"
                + Y + "\\b", (a, b) -> to(a));
        s = year(s, "\\b" + Y + " (?:or|and) (?:earlier|before|older)\\b", (a, b) -> to(a));
        s = year(s, "\\b(?:in|during|from|of|for) (?:the year )?" + Y + "\\b", (a, b) -> range(a, a));
        s = year(s, "\\b" + Y + "\\b", (a, b) -> range(a, a));
        return s;
    }

    private interface YearBounds {
        void apply(int first, int second);
    }

    private String year(String s, String regex, YearBounds bounds) {
        Matcher m = Pattern.compile(regex).matcher(s);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int first = DECADES.contains(m.group(1)) ? 1960 + 10 * DECADES.indexOf(m.group(1))
                    : Integer.parseInt(m.group(1));
            int second = m.groupCount() > 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
            bounds.apply(first, second);
            yearWords.add(m.group().trim());
            m.appendReplacement(out, " ");
        }
        m.appendTail(out);
        return out.toString();
    }

    /** "2019 or 2020" (and "2019 and 2020"): the years between, when they follow each other; else none fits. */
    private void either(int a, int b) {
        if (Math.abs(a - b) == 1) {
            range(a, b);
        } else {
            unsupportedYears = true;
        }
    }

    private void range(int a, int b) {
        from(Math.min(a, b));
        to(Math.max(a, b));
    }

    private void from(int year) {
        yearFrom = yearFrom == null ? year : Math.max(yearFrom, year);
    }

    private void to(int year) {
        yearTo = yearTo == null ? year : Math.min(yearTo, year);
    }
}
