package org.fairrag.terms;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.core.WhitespaceAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.MultiTerms;
import org.apache.lucene.index.Term;
import org.apache.lucene.index.Terms;
import org.apache.lucene.search.FuzzyTermsEnum;
import org.apache.lucene.store.ByteBuffersDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexInput;
import org.apache.lucene.store.IndexOutput;
import org.apache.lucene.util.BytesRef;

/**
 * Every distinct word of the lexicon's names, by id: its analysed form, its surface form, its rarity
 * (inverse document frequency over names), the names it occurs in, and the words it relates to: those
 * sharing a long enough prefix ("esophagus", "esophageal") and those a misspelt query word is a few edits
 * from. Misspellings are found as Lucene's {@link org.apache.lucene.search.FuzzyQuery} finds them, in the
 * term dictionary of a small in-memory index of the words. Immutable and thread-safe.
 */
final class NameWords {

    /** Related forms share at least this many first letters. */
    private static final int PREFIX = 4;
    /** Shorter query words are not taken for misspellings; from {@link #TWO_EDITS} letters, two edits are allowed. */
    private static final int MIN_MISSPELT = 5;
    private static final int TWO_EDITS = 8;
    private static final String FIELD = "word";

    private final String[] words;
    /** Each word as it was first seen, before plurals were removed: word parts are matched on it. */
    private final String[] surfaces;
    private final float[] idf;
    private final int[][] postings;
    private final Map<String, int[]> wordsByPrefix;
    private final Map<String, Integer> wordIds;
    /** The words as an in-memory index (heap only: nothing to close), kept by the snapshot as it is. */
    private final ByteBuffersDirectory index;
    private final Terms dictionary;

    private NameWords(String[] words, String[] surfaces, float[] idf, int[][] postings, Map<String, int[]> wordsByPrefix,
                      ByteBuffersDirectory index) {
        this.words = words;
        this.surfaces = surfaces;
        this.idf = idf;
        this.postings = postings;
        this.wordsByPrefix = wordsByPrefix;
        this.wordIds = new HashMap<>(words.length * 2);
        for (int w = 0; w < words.length; w++) {
            wordIds.put(words[w], w);
        }
        this.index = index;
        this.dictionary = words.length == 0 ? null : dictionary(index);
    }

    /** Collects the words of the names, in the order the names come, giving each new word the next id. */
    static final class Builder {
        private final Map<String, Integer> ids = new HashMap<>(1 << 17);
        private final List<String> words = new ArrayList<>();
        private final List<String> surfaces = new ArrayList<>();
        private final List<IntList> postings = new ArrayList<>();

        /** The id of {@code word}, found in name {@code name}; the surface form is kept from its first name. */
        int add(String word, String surface, int name) {
            Integer id = ids.get(word);
            if (id == null) {
                id = words.size();
                ids.put(word, id);
                words.add(word);
                surfaces.add(surface);
                postings.add(new IntList());
            }
            postings.get(id).addOnce(name);
            return id;
        }

        NameWords build(int nameCount) {
            int n = words.size();
            int[][] post = new int[n][];
            float[] idf = new float[n];
            Map<String, IntList> prefixes = new HashMap<>();
            for (int w = 0; w < n; w++) {
                post[w] = postings.get(w).toArray();
                idf[w] = (float) Math.log(1 + (double) nameCount / post[w].length);
                String word = words.get(w);
                if (word.length() >= PREFIX) {
                    prefixes.computeIfAbsent(word.substring(0, PREFIX), k -> new IntList()).addOnce(w);
                }
            }
            Map<String, int[]> byPrefix = new HashMap<>(prefixes.size() * 2);
            prefixes.forEach((k, v) -> byPrefix.put(k, v.toArray()));
            String[] all = words.toArray(String[]::new);
            return new NameWords(all, surfaces.toArray(String[]::new), idf, post, byPrefix, indexOf(all));
        }
    }

    /** Ids in increasing order, each once. */
    private static final class IntList {
        private int[] values = new int[2];
        private int size;

        void addOnce(int value) {
            if (size > 0 && values[size - 1] == value) {
                return;
            }
            if (size == values.length) {
                values = Arrays.copyOf(values, size * 2);
            }
            values[size++] = value;
        }

        int[] toArray() {
            return Arrays.copyOf(values, size);
        }
    }

    void writeTo(DataOutputStream out) throws IOException {
        Columns.writeStrings(out, words);
        Columns.writeStrings(out, surfaces);
        Columns.writeFloats(out, idf);
        Columns.writeIntRows(out, postings);
        Columns.writeIntsByString(out, wordsByPrefix);
        String[] files = index.listAll();
        out.writeInt(files.length);
        for (String file : files) {
            out.writeUTF(file);
            try (IndexInput in = index.openInput(file, IOContext.READONCE)) {
                byte[] bytes = new byte[Math.toIntExact(in.length())];
                in.readBytes(bytes, 0, bytes.length);
                out.writeInt(bytes.length);
                out.write(bytes);
            }
        }
    }

    static NameWords readFrom(DataInputStream in) throws IOException {
        String[] words = Columns.readStrings(in);
        String[] surfaces = Columns.readStrings(in);
        float[] idf = Columns.readFloats(in);
        int[][] postings = Columns.readIntRows(in);
        Map<String, int[]> wordsByPrefix = Columns.readIntsByString(in);
        ByteBuffersDirectory index = new ByteBuffersDirectory();
        int files = in.readInt();
        for (int f = 0; f < files; f++) {
            String file = in.readUTF();
            byte[] bytes = new byte[in.readInt()];
            in.readFully(bytes);
            try (IndexOutput out = index.createOutput(file, IOContext.DEFAULT)) {
                out.writeBytes(bytes, bytes.length);
            }
        }
        return new NameWords(words, surfaces, idf, postings, wordsByPrefix, index);
    }

    /** The id of the word, or -1 when no name has it. */
    int id(String word) {
        Integer id = wordIds.get(word);
        return id == null ? -1 : id;
    }

    boolean contains(String word) {
        return wordIds.containsKey(word);
    }

    int size() {
        return words.length;
    }

    String word(int w) {
        return words[w];
    }

    String surface(int w) {
        return surfaces[w];
    }

    float idf(int w) {
        return idf[w];
    }

    /** The names word {@code w} occurs in, in increasing order. */
    int[] postings(int w) {
        return postings[w];
    }

    /** Words sharing a long enough prefix with word {@code w}: at least 4 letters and 60% of the shorter. */
    int[] related(int w) {
        String word = words[w];
        if (word.length() < PREFIX + 1) {
            return new int[0];
        }
        int[] sameStart = wordsByPrefix.getOrDefault(word.substring(0, PREFIX), new int[0]);
        int[] out = new int[sameStart.length];
        int n = 0;
        for (int other : sameStart) {
            String o = words[other];
            if (other == w || o.length() < PREFIX + 1) {
                continue;
            }
            int common = commonPrefix(word, o);
            if (common >= PREFIX && common >= 0.6 * Math.min(word.length(), o.length())) {
                out[n++] = other;
            }
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * Words with the same first letter one edit (two from 8 letters) from {@code word}, a transposition
     * counting as one edit; none for words under 5 letters.
     */
    List<Integer> misspellings(String word) {
        if (word.length() < MIN_MISSPELT || dictionary == null) {
            return List.of();
        }
        int maxEdits = word.length() >= TWO_EDITS ? 2 : 1;
        List<Integer> out = new ArrayList<>();
        try {
            FuzzyTermsEnum near = new FuzzyTermsEnum(dictionary, new Term(FIELD, word), maxEdits, 1, true);
            for (BytesRef found = near.next(); found != null; found = near.next()) {
                Integer id = wordIds.get(found.utf8ToString());
                if (id != null) {
                    out.add(id);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    /**
     * The words indexed in memory: one document holding every word, which Lucene indexes in a fraction of
     * the time one document per word takes.
     */
    private static ByteBuffersDirectory indexOf(String[] words) {
        ByteBuffersDirectory directory = new ByteBuffersDirectory();
        // Analysed words hold no white space: splitting on it gives them back as they are.
        try (IndexWriter writer = new IndexWriter(directory, new IndexWriterConfig(new WhitespaceAnalyzer()))) {
            if (words.length > 0) {
                Document doc = new Document();
                doc.add(new TextField(FIELD, String.join(" ", words), Field.Store.NO));
                writer.addDocument(doc);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return directory;
    }

    private static Terms dictionary(ByteBuffersDirectory index) {
        try {
            return MultiTerms.getTerms(DirectoryReader.open(index), FIELD);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static int commonPrefix(String a, String b) {
        int n = Math.min(a.length(), b.length());
        int i = 0;
        while (i < n && a.charAt(i) == b.charAt(i)) {
            i++;
        }
        return i;
    }
}
