package org.fairrag.annotate;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.fairrag.vocab.VocabularyIndex;

/**
 * Finds the vocabulary terms an article's title and abstract mention: the longest preferred name or entry
 * term at each place ({@link NameDictionary}); the short forms the text defines for itself ("non-small
 * cell lung cancer (NSCLC)", then "NSCLC"), which mean their long form's term wherever they recur and
 * mean nothing else; each mention flagged when the text says the concept is absent ({@link Negations}),
 * placed in its sentence, and the sentence in its section of a structured abstract ({@link SectionLabels}).
 * Section labels themselves are not read as mentions. Thread-safe; built once per vocabulary (about a second
 * for MeSH).
 */
public final class MentionFinder {

    /** The version of the method; stored with every annotation, so annotations of an older method are known stale. */
    public static final String VERSION = "1";

    private final NameDictionary dictionary;
    private final Sentences sentences;
    private final Negations negations;

    private MentionFinder(NameDictionary dictionary, Sentences sentences) {
        this.dictionary = dictionary;
        this.sentences = sentences;
        this.negations = new Negations(dictionary.words());
    }

    public static MentionFinder of(VocabularyIndex vocabulary) {
        return new MentionFinder(NameDictionary.of(vocabulary), Sentences.bundled());
    }

    /** What was found in one article: its sentences in order (from 1 when it has no title) and the mentions. */
    public record Found(List<Sentence> sentences, List<Mention> mentions) {
        /** The sentence with this index. */
        public Sentence sentence(int index) {
            for (Sentence s : sentences) {
                if (s.index() == index) {
                    return s;
                }
            }
            throw new IllegalArgumentException("no sentence " + index);
        }
    }

    /** One part of the article as read: its text, tokens and sentences. */
    private record Part(TextPart part, String text, TextTokens tokens, int[] ids, int[][] sentences, int firstSentence,
                        SectionLabels labels) {}

    /** The mentions in an article's title and abstract (either may be null), in the order of the text. */
    public Found find(String title, String abstractText) {
        List<Part> parts = new ArrayList<>(2);
        if (title != null && !title.isBlank()) {
            parts.add(read(TextPart.TITLE, title, 0));
        }
        if (abstractText != null && !abstractText.isBlank()) {
            parts.add(read(TextPart.ABSTRACT, abstractText, 1));
        }
        Map<String, Integer> shortForms = shortForms(parts);
        List<Sentence> allSentences = new ArrayList<>();
        List<Mention> mentions = new ArrayList<>();
        for (Part p : parts) {
            for (int s = 0; s < p.sentences().length; s++) {
                int start = p.sentences()[s][0];
                allSentences.add(new Sentence(p.firstSentence() + s, p.part(), start, p.sentences()[s][1],
                        p.labels().sectionAt(start)));
            }
            mentions.addAll(mentions(p, shortForms));
        }
        return new Found(allSentences, mentions);
    }

    private Part read(TextPart part, String text, int firstSentence) {
        TextTokens tokens = TextTokens.of(dictionary.words(), text);
        int[][] spans = part == TextPart.TITLE ? new int[][] {trimmed(text)} : sentences.spans(text);
        SectionLabels labels = part == TextPart.ABSTRACT ? SectionLabels.of(text) : SectionLabels.of("");
        return new Part(part, text, tokens, dictionary.tokenIds(tokens), spans, firstSentence, labels);
    }

    private static int[] trimmed(String text) {
        int start = 0;
        int end = text.length();
        while (start < end && Character.isWhitespace(text.charAt(start))) {
            start++;
        }
        while (end > start && Character.isWhitespace(text.charAt(end - 1))) {
            end--;
        }
        return new int[] {start, end};
    }

    /**
     * The short forms defined in the title or abstract, each with the term its long form names, or -1 when
     * the long form names no term (its short form then means nothing). The first definition of a short form wins.
     */
    private Map<String, Integer> shortForms(List<Part> parts) {
        Map<String, Integer> out = new HashMap<>();
        for (Part p : parts) {
            for (Abbreviations.Definition d : Abbreviations.find(p.text(), p.sentences())) {
                out.putIfAbsent(d.shortForm(), termOfLongForm(p, d));
            }
        }
        return out;
    }

    /** The term named by the whole long form, or -1. */
    private int termOfLongForm(Part p, Abbreviations.Definition d) {
        int first = p.tokens().firstAtOrAfter(d.longStart());
        int last = p.tokens().firstAtOrAfter(d.longEnd());
        if (first >= last) {
            return -1;
        }
        NameDictionary.Match m = dictionary.longestAt(p.tokens(), p.ids(), first);
        return m != null && m.to() == last ? m.term() : -1;
    }

    private List<Mention> mentions(Part p, Map<String, Integer> shortForms) {
        TextTokens tokens = p.tokens();
        boolean[] blocked = new boolean[tokens.size()];
        List<int[]> found = new ArrayList<>();
        List<String> abbreviations = new ArrayList<>();
        Map<Integer, String> definedAt = new HashMap<>();
        for (Abbreviations.Definition d : Abbreviations.find(p.text(), p.sentences())) {
            definedAt.put(d.shortStart(), d.shortForm());
            definedAt.put(d.longStart(), d.shortForm());
        }
        for (Map.Entry<String, Integer> sf : shortForms.entrySet()) {
            for (int[] use : Abbreviations.uses(p.text(), sf.getKey())) {
                int from = tokens.firstAtOrAfter(use[0]);
                int to = tokens.firstAtOrAfter(use[1]);
                for (int i = from; i < to; i++) {
                    blocked[i] = true;
                }
                // The short form in its own definition repeats the long form's mention.
                if (sf.getValue() >= 0 && from < to && !sf.getKey().equals(definedAt.get(use[0]))) {
                    found.add(new int[] {sf.getValue(), from, to});
                    abbreviations.add(sf.getKey());
                }
            }
        }
        for (int i = 0; i < tokens.size(); ) {
            if (blocked[i] || p.labels().inLabel(tokens.start[i])) {
                i++;
                continue;
            }
            NameDictionary.Match m = dictionary.longestAt(tokens, p.ids(), i);
            if (m == null || anyBlocked(blocked, m.from(), m.to())) {
                i++;
                continue;
            }
            found.add(new int[] {m.term(), m.from(), m.to()});
            abbreviations.add(definedAt.get(tokens.start[m.from()]));
            i = m.to();
        }
        List<Mention> out = new ArrayList<>(found.size());
        boolean[][] negatedBySentence = new boolean[p.sentences().length][];
        for (int k = 0; k < found.size(); k++) {
            int[] f = found.get(k);
            int start = tokens.start[f[1]];
            int end = tokens.end[f[2] - 1];
            int s = sentenceOf(p.sentences(), start);
            int sentenceFrom = tokens.firstAtOrAfter(p.sentences()[s][0]);
            if (negatedBySentence[s] == null) {
                negatedBySentence[s] = negations.negated(tokens, sentenceFrom, tokens.firstAtOrAfter(p.sentences()[s][1]));
            }
            boolean negated = negatedBySentence[s].length > f[1] - sentenceFrom && f[1] >= sentenceFrom
                    && negatedBySentence[s][f[1] - sentenceFrom];
            int term = f[0];
            out.add(new Mention(dictionary.termId(term), dictionary.termPid(term), dictionary.termLabel(term), p.part(),
                    start, end, p.text().substring(start, end), p.firstSentence() + s, negated, abbreviations.get(k)));
        }
        out.sort((a, b) -> Integer.compare(a.start(), b.start()));
        return out;
    }

    private static boolean anyBlocked(boolean[] blocked, int from, int to) {
        for (int i = from; i < to; i++) {
            if (blocked[i]) {
                return true;
            }
        }
        return false;
    }

    /** The index of the sentence holding {@code offset}: the last one starting at or before it. */
    private static int sentenceOf(int[][] sentences, int offset) {
        int lo = 0;
        int hi = sentences.length - 1;
        int best = 0;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            if (sentences[mid][0] <= offset) {
                best = mid;
                lo = mid + 1;
            } else {
                hi = mid - 1;
            }
        }
        return best;
    }

    /** Number of names the finder looks for. */
    public int names() {
        return dictionary.size();
    }
}
