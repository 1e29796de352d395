package org.fairrag.terms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.CharArraySet;
import org.apache.lucene.analysis.LowerCaseFilter;
import org.apache.lucene.analysis.StopFilter;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.Tokenizer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.en.EnglishMinimalStemFilter;
import org.apache.lucene.analysis.en.EnglishPossessiveFilter;
import org.apache.lucene.analysis.miscellaneous.ASCIIFoldingFilter;
import org.apache.lucene.analysis.standard.StandardTokenizer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.analysis.tokenattributes.OffsetAttribute;

/**
 * The words of a term name or a query, as the term lexicon compares them: lower case, accents folded,
 * possessives and plurals removed ("Athlete's Feet" gives {@code athlete, foot}), function words
 * dropped. Plurals only: stronger stemmers conflate words MeSH keeps apart (Porter makes "organ" of
 * "organization"); other related forms are matched by their common prefix. Running text is read the same
 * way with its function words kept and each word's place in the text ({@link #inText}), so that names can be
 * found in it word for word. Thread-safe.
 */
public final class TermWords {

    /** Lucene's English stop words and the other function words of everyday questions. */
    private static final CharArraySet STOP = stopWords();

    /** British spellings MeSH writes the American way: oesophagus, anaemia, tumour, centre, analyse, organise. */
    private static final List<Map.Entry<Pattern, String>> BRITISH = List.of(
            Map.entry(Pattern.compile("oe"), "e"),
            Map.entry(Pattern.compile("ae"), "e"),
            Map.entry(Pattern.compile("our$"), "or"),
            Map.entry(Pattern.compile("tre$"), "ter"),
            Map.entry(Pattern.compile("yse$"), "yze"),
            Map.entry(Pattern.compile("is(e|ation|ed|ing)$"), "iz$1"));

    private final Analyzer stemmed = analyzer(true, true);
    private final Analyzer unstemmed = analyzer(false, true);
    private final Analyzer running = analyzer(true, false);

    /** A word of running text: its normalised form and the characters it came from. */
    public record Word(String normalised, int start, int end) {}

    private static Analyzer analyzer(boolean stem, boolean dropStopWords) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                Tokenizer source = new StandardTokenizer();
                TokenStream s = new EnglishPossessiveFilter(source);
                s = new LowerCaseFilter(s);
                s = new ASCIIFoldingFilter(s);
                if (dropStopWords) {
                    s = new StopFilter(s, STOP);
                }
                if (stem) {
                    s = new EnglishMinimalStemFilter(s);
                }
                return new TokenStreamComponents(source, s);
            }
        };
    }

    /** The words, plurals removed. */
    public List<String> of(String text) {
        return words(stemmed, text);
    }

    /** The same words as {@link #of}, with their plural endings. */
    List<String> surface(String text) {
        return words(unstemmed, text);
    }

    /**
     * The words of running text normalised as {@link #of} normalises names, function words kept, each
     * with its offsets in {@code text}.
     */
    public List<Word> inText(String text) {
        List<Word> out = new ArrayList<>(text.length() / 6);
        try (TokenStream ts = running.tokenStream("text", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(new Word(term.toString(), offset.startOffset(), offset.endOffset()));
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /** The word, or its American spelling when only that is {@code known}. */
    public static String americanSpelling(String word, Predicate<String> known) {
        if (known.test(word)) {
            return word;
        }
        String all = word;
        for (Map.Entry<Pattern, String> rule : BRITISH) {
            String one = rule.getKey().matcher(word).replaceAll(rule.getValue());
            if (!one.equals(word) && known.test(one)) {
                return one;
            }
            all = rule.getKey().matcher(all).replaceAll(rule.getValue());
        }
        return known.test(all) ? all : word;
    }

    private static List<String> words(Analyzer analyzer, String text) {
        List<String> out = new ArrayList<>(4);
        try (TokenStream ts = analyzer.tokenStream("name", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(term.toString());
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static CharArraySet stopWords() {
        CharArraySet set = new CharArraySet(EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, true);
        for (String w : List.of("i", "me", "my", "mine", "we", "our", "you", "your", "he", "him", "his", "she", "her",
                "its", "them", "from", "during", "about", "after", "before", "over", "under", "up", "down", "out", "off",
                "what", "which", "who", "whom", "when", "where", "why", "how", "do", "does", "did", "have", "has", "had",
                "can", "could", "should", "would", "may", "might", "very", "some", "any", "all", "so", "than", "too")) {
            set.add(w);
        }
        return CharArraySet.unmodifiableSet(set);
    }
}
