package org.fairrag.generate;

import dev.langchain4j.model.input.PromptTemplate;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/** The prompt templates shipped in {@code prompts/}, read from the jar. */
public final class Prompts {

    private static final String DIR = "/fairrag/prompts/";

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

    /** The user message: the request and the numbered abstracts. */
    public String summarizeUser(SummaryInput input) {
        StringBuilder sources = new StringBuilder();
        for (SourceArticle s : input.sources()) {
            sources.append('[').append(s.number()).append("] ").append(s.text().replace('\n', ' ')).append("\n\n");
        }
        String prompt = input.termLabels().isEmpty() ? input.prompt()
                : input.prompt() + "\nSelected topics: " + String.join("; ", input.termLabels()) + ".";
        return summarizeUser.apply(Map.of("prompt", prompt, "sources", sources.toString().strip())).text();
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
