package org.fairrag.annotate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import opennlp.tools.sentdetect.SentenceDetectorME;
import opennlp.tools.sentdetect.SentenceModel;
import opennlp.tools.util.Span;

/**
 * Splits text into sentences with their offsets, with the OpenNLP sentence model the chunker's splitter
 * (LangChain4j) uses, so that a sentence here is a sentence there. The model is loaded once; a detector
 * is not thread-safe, so each thread gets its own.
 */
final class Sentences {

    static final String MODEL = "/opennlp/opennlp-en-ud-ewt-sentence-1.2-2.5.0.bin";

    private final ThreadLocal<SentenceDetectorME> detector;

    private Sentences(SentenceModel model) {
        this.detector = ThreadLocal.withInitial(() -> new SentenceDetectorME(model));
    }

    static Sentences bundled() {
        try (InputStream in = Sentences.class.getResourceAsStream(MODEL)) {
            if (in == null) {
                throw new IllegalStateException("Missing the OpenNLP sentence model " + MODEL);
            }
            return new Sentences(new SentenceModel(in));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The sentences of {@code text} as {@code [start, end)} pairs, in order, without surrounding spaces. */
    int[][] spans(String text) {
        Span[] spans = detector.get().sentPosDetect(text);
        int[][] out = new int[spans.length][];
        for (int i = 0; i < spans.length; i++) {
            out[i] = new int[] {spans[i].getStart(), spans[i].getEnd()};
        }
        return out;
    }
}
