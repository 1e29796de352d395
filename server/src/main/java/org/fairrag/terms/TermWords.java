package org.fairrag.terms;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
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
 * "organization"); other related forms are matched by their common prefix. Thread-safe.
 */
final class TermWords {

    /** Lucene's English stop words and the other function words of everyday questions. */
    private static final CharArraySet STOP = stopWords();

    private final Analyzer stemmed = analyzer(true);
    private final Analyzer unstemmed = analyzer(false);

    private static Analyzer analyzer(boolean stem) {
        return new Analyzer() {
            @Override
            protected TokenStreamComponents createComponents(String fieldName) {
                Tokenizer source = new StandardTokenizer();
                TokenStream s = new EnglishPossessiveFilter(source);
                s = new LowerCaseFilter(s);
                s = new ASCIIFoldingFilter(s);
                s = new StopFilter(s, STOP);
                if (stem) {
                    s = new EnglishMinimalStemFilter(s);
                }
                return new TokenStreamComponents(source, s);
            }
        };
    }

    /** The words, plurals removed. */
    List<String> of(String text) {
        return words(stemmed, text);
    }

    /** The same words as {@link #of}, with their plural endings. */
    List<String> surface(String text) {
        return words(unstemmed, text);
    }

    /** A word of a text as {@link #surface} gives it, with the characters of the text it was read from. */
    record Located(String word, int start, int end) {}

    /** The words of {@link #surface}, each with where it stands in {@code text}. */
    List<Located> located(String text) {
        List<Located> out = new ArrayList<>(8);
        try (TokenStream ts = unstemmed.tokenStream("name", text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            OffsetAttribute offset = ts.addAttribute(OffsetAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                out.add(new Located(term.toString(), offset.startOffset(), offset.endOffset()));
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
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
