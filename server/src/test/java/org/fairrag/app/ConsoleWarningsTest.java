package org.fairrag.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.fairrag.embed.Chunker;
import org.fairrag.embed.EmbeddingSettings;
import org.fairrag.embed.LangChainEmbedder;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * A fresh JVM that loads the tokenizer and the embedding model, as every start does, prints no warning
 * (DJL's GPU probe warns on machines with a CUDA runtime and no driver, such as this one).
 */
class ConsoleWarningsTest {

    @Test
    void should_load_the_tokenizer_and_the_model_without_a_warning() throws Exception {
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), LoadModel.class.getName())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(5, TimeUnit.MINUTES)).isTrue();

        assertThat(p.exitValue()).as(output).isZero();
        assertThat(output).contains("embedded 384");
        assertThat(output).doesNotContain("GPU").doesNotContain("WARN");
    }

    /** What the child JVM runs: chunk and embed a text, then write the logs out. */
    public static final class LoadModel {
        public static void main(String[] args) {
            List<String> chunks = new Chunker().chunks("Heart attack", "A sentence about the heart.");
            float[] v = LangChainEmbedder.create(EmbeddingSettings.DEFAULT).embed(chunks.get(0));
            System.out.println("embedded " + v.length);
            ((LoggerContext) LoggerFactory.getILoggerFactory()).stop();
        }
    }
}
