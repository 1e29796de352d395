package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.List;
import org.fairrag.embed.Chunker;

/**
 * Which chunk of the vector index each sentence of an article starts in: the article is cut as the
 * indexer cuts it ({@link Chunker}, title and abstract joined by a line break) and each chunk is found
 * again in the title and abstract as stored. Chunks are made of the same characters as the text, only the
 * spaces between sentences may differ, so chunks are compared without their spaces.
 */
final class ChunkOrdinals {

    private final Chunker chunker;

    ChunkOrdinals(Chunker chunker) {
        this.chunker = chunker;
    }

    /** For each sentence, in order, the ordinal of the chunk holding its first character, or -1 when unknown. */
    int[] of(String title, String abstractText, List<Sentence> sentences) {
        List<String> chunks = chunker.chunks(title, abstractText);
        // Every non-space character of the title, then of the abstract, with its part and offset.
        StringBuilder compact = new StringBuilder();
        List<long[]> places = new ArrayList<>();
        appendCompact(title, TextPart.TITLE, compact, places);
        appendCompact(abstractText, TextPart.ABSTRACT, compact, places);
        long[] chunkStarts = new long[chunks.size()];
        int at = 0;
        for (int c = 0; c < chunks.size(); c++) {
            String chunk = withoutSpaces(chunks.get(c));
            int found = compact.indexOf(chunk, at);
            if (chunk.isEmpty() || found < 0) {
                chunkStarts[c] = Long.MAX_VALUE;
                continue;
            }
            chunkStarts[c] = key(places.get(found)[0], places.get(found)[1]);
            at = found + chunk.length();
        }
        int[] out = new int[sentences.size()];
        for (int s = 0; s < out.length; s++) {
            Sentence sentence = sentences.get(s);
            long key = key(sentence.part().ordinal(), sentence.start());
            out[s] = -1;
            for (int c = 0; c < chunkStarts.length; c++) {
                if (chunkStarts[c] != Long.MAX_VALUE && chunkStarts[c] <= key) {
                    out[s] = c;
                }
            }
        }
        return out;
    }

    private static long key(long part, long offset) {
        return part << 32 | offset;
    }

    private static void appendCompact(String text, TextPart part, StringBuilder compact, List<long[]> places) {
        if (text == null) {
            return;
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (!Character.isWhitespace(c)) {
                compact.append(c);
                places.add(new long[] {part.ordinal(), i});
            }
        }
    }

    private static String withoutSpaces(String s) {
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            if (!Character.isWhitespace(s.charAt(i))) {
                b.append(s.charAt(i));
            }
        }
        return b.toString();
    }
}
