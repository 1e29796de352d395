package org.fairrag.generate;

import dev.langchain4j.model.input.PromptTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/** The prompt templates shipped in {@code prompts/}, read from the jar. */
public final class Prompts {

    private static final String DIR = "/fairrag/prompts/";
    static final int MAX_OTHER_NAMES = 8;
    private static final Set<String> CONNECTIVES = Set.of("of", "the", "and", "in", "a", "an", "for", "with");
    private static final Pattern NOT_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private final String defaultSummaryPrompt;
    private final String summarizeSystem;
    private final PromptTemplate summarizeUser;
    private final String relationSystem;
    private final PromptTemplate relationUser;

    private Prompts(String defaultSummaryPrompt, String summarizeSystem, PromptTemplate summarizeUser, String relationSystem,
                    PromptTemplate relationUser) {
        this.defaultSummaryPrompt = defaultSummaryPrompt;
        this.summarizeSystem = summarizeSystem;
        this.summarizeUser = summarizeUser;
        this.relationSystem = relationSystem;
        this.relationUser = relationUser;
    }

    public static Prompts bundled() {
        return new Prompts(read("summarize-default.txt").strip(), read("summarize-system.txt").strip(),
                PromptTemplate.from(read("summarize-user.txt")), read("relation-system.txt").strip(),
                PromptTemplate.from(read("relation-user.txt")));
    }

    /** What typing an association asks of the model: the relations it may choose and the JSON it answers with. */
    public String relationSystem() {
        return relationSystem;
    }

    /** The two concepts and their numbered evidence sentences. */
    public String relationUser(String a, String b, List<String> sentences) {
        StringBuilder numbered = new StringBuilder();
        for (int i = 0; i < sentences.size(); i++) {
            numbered.append(i + 1).append(". ").append(sentences.get(i).replace('\n', ' ')).append('\n');
        }
        return relationUser.apply(Map.of("a", a, "b", b, "sentences", numbered.toString().strip())).text();
    }

    /** The request a summary answers when the user gives none; the web app shows it for editing. */
    public String defaultSummaryPrompt() {
        return defaultSummaryPrompt;
    }

    public String summarizeSystem() {
        return summarizeSystem;
    }

    /** The user message: the request with the selected terms and their other names, and the numbered abstracts. */
    public String summarizeUser(SummaryInput input) {
        StringBuilder sources = new StringBuilder();
        for (SourceArticle s : input.sources()) {
            sources.append('[').append(s.number()).append("] ").append(s.text().replace('\n', ' ')).append("\n\n");
        }
        String prompt = input.terms().isEmpty() ? input.prompt() : input.prompt() + "\nSelected topics: "
                + input.terms().stream().map(Prompts::topic).collect(Collectors.joining("; ")) + ".";
        return summarizeUser.apply(Map.of("prompt", prompt, "sources", sources.toString().strip(),
                "evidence", evidence(input))).text();
    }

    /**
     * The evidence sentences about the selected topics, each with the number of its abstract and its topic, or
     * nothing when there are none: {@code [2] Oral cancer was ... (Mouth Neoplasms)}.
     */
    static String evidence(SummaryInput input) {
        if (input.evidence().isEmpty()) {
            return "";
        }
        Map<String, Integer> numbers = new java.util.HashMap<>();
        input.sources().forEach(s -> numbers.put(s.pid(), s.number()));
        Map<String, String> labels = new java.util.HashMap<>();
        input.terms().forEach(t -> labels.put(t.id(), t.label()));
        StringBuilder out = new StringBuilder("\nSentences of these abstracts that mention the selected topics:\n");
        for (EvidenceSentence e : input.evidence()) {
            Integer n = numbers.get(e.articlePid());
            if (n != null) {
                out.append('[').append(n).append("] ").append(e.text().replace('\n', ' '))
                        .append(" (").append(labels.getOrDefault(e.termId(), e.termId())).append(")\n");
            }
        }
        return out.toString();
    }

    /** A selected term as the model reads it: {@code Mouth Neoplasms (also called: Mouth Cancer, Oral Cancer)}. */
    static String topic(SelectedTerm term) {
        List<String> others = otherNames(term);
        return others.isEmpty() ? term.label() : term.label() + " (also called: " + String.join(", ", others) + ")";
    }

    /**
     * The term's other names, at most {@link #MAX_OTHER_NAMES}, uninverted names first, leaving out those made
     * of the same words as a name already given: MeSH lists inverted ({@code Neoplasms, Mouth}), singular and
     * plural forms as entry terms.
     */
    static List<String> otherNames(SelectedTerm term) {
        Set<Set<String>> seen = new HashSet<>();
        seen.add(words(term.label()));
        List<String> names = new ArrayList<>(term.altLabels());
        names.sort(Comparator.comparing(name -> name.contains(", ")));
        List<String> out = new ArrayList<>();
        for (String name : names) {
            if (out.size() < MAX_OTHER_NAMES && seen.add(words(name))) {
                out.add(name);
            }
        }
        return out;
    }

    /** The words of a name as compared: lower case, singular, without connectives. */
    private static Set<String> words(String name) {
        return Arrays.stream(NOT_WORD.split(name.toLowerCase(Locale.ROOT)))
                .filter(w -> !w.isEmpty() && !CONNECTIVES.contains(w))
                .map(w -> w.length() > 3 && w.endsWith("s") ? w.substring(0, w.length() - 1) : w)
                .collect(Collectors.toSet());
    }

    /** The text of a prompt file shipped in {@code prompts/}. */
    public static String read(String name) {
        try (InputStream in = Prompts.class.getResourceAsStream(DIR + name)) {
            if (in == null) {
                throw new IllegalStateException("Missing prompt " + DIR + name + " (is the jar complete?)");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read prompt " + name, e);
        }
    }
}
