package org.fairrag.terms;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.fairrag.fdo.Checksums;
import org.fairrag.vocab.Concept;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyGraphReader;
import org.fairrag.vocab.VocabularyIndex;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The vocabulary in memory and its term lexicon, kept in a file under the data directory, so that a
 * restart reads them in a moment instead of reading the vocabulary back from the graph and analysing
 * its 260,000 names again. A snapshot holds for one {@link #key}: the checksum of the vocabulary as the
 * graph holds it ({@link VocabularyGraphReader#checksum}), of the lexicon's bundled tables and of the code
 * that builds both; a snapshot of another key is not to be used (and is written anew by its owner).
 */
public final class VocabularySnapshot {

    private static final Logger LOG = LoggerFactory.getLogger(VocabularySnapshot.class);
    private static final int MAGIC = 0x46525653; // "FRVS"
    private static final int FORMAT = 2;
    /** What the contents are made by, besides the vocabulary: a change to any of them makes another key. */
    private static final List<Class<?>> BUILDERS = List.of(VocabularySnapshot.class, TermLexicon.class, LexiconNames.class,
            NameWords.class, WordParts.class, WordSynonyms.class, TermWords.class,
            MedicalRoots.class, LayNames.class, BundledTable.class, VocabularyIndex.class, VocabularyGraphReader.class,
            Term.class, Concept.class);
    private static final List<String> TABLES = List.of(LayNames.RESOURCE, MedicalRoots.RESOURCE);

    /** The vocabulary and its lexicon, as a snapshot holds them, and the key it was written for. */
    public record Contents(String key, VocabularyIndex vocabulary, TermLexicon lexicon) {}

    private final Path file;

    public VocabularySnapshot(Path file) {
        this.file = file;
    }

    /** The key of a snapshot of the vocabulary whose {@link VocabularyGraphReader#checksum} this is. */
    public static String key(String vocabularyChecksum) {
        StringBuilder parts = new StringBuilder("format ").append(FORMAT).append('\n').append(vocabularyChecksum).append('\n');
        try {
            for (Class<?> c : BUILDERS) {
                try (InputStream in = resource(c, "/" + c.getName().replace('.', '/') + ".class")) {
                    parts.append(Checksums.of(in)).append('\n');
                }
            }
            for (String table : TABLES) {
                try (InputStream in = resource(VocabularySnapshot.class, table)) {
                    parts.append(Checksums.of(in)).append('\n');
                }
            }
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        return Checksums.of(parts.toString());
    }

    private static InputStream resource(Class<?> owner, String name) throws IOException {
        InputStream in = owner.getResourceAsStream(name);
        if (in == null) {
            throw new NoSuchFileException(name);
        }
        return in;
    }

    /** The contents, when the file exists and is of this format, whatever their key; blocking. */
    public Optional<Contents> read() {
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
            if (in.readInt() != MAGIC || in.readInt() != FORMAT) {
                LOG.info("The vocabulary snapshot {} is of another format; it will be made again", file);
                return Optional.empty();
            }
            String key = in.readUTF();
            int n = in.readInt();
            List<Term> terms = new ArrayList<>(n);
            for (int i = 0; i < n; i++) {
                terms.add(new Term(Columns.readString(in), Columns.readString(in), Columns.readString(in), Columns.readString(in),
                        Columns.readStringList(in), Columns.readStringList(in), Columns.readStringList(in),
                        Columns.readStringList(in), Columns.readString(in)));
            }
            return Optional.of(new Contents(key, VocabularyIndex.ofTerms(terms), TermLexicon.readFrom(in)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        } catch (IOException | RuntimeException e) {
            LOG.warn("The vocabulary snapshot {} cannot be read ({}); it will be made again", file, e.toString());
            return Optional.empty();
        }
    }

    /** Writes the contents for {@code key}, replacing the file whole (a reader never sees half a snapshot); blocking. */
    public void write(String key, VocabularyIndex vocabulary, TermLexicon lexicon) throws IOException {
        Files.createDirectories(file.getParent());
        Path partial = file.resolveSibling(file.getFileName() + ".partial");
        try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16))) {
            out.writeInt(MAGIC);
            out.writeInt(FORMAT);
            out.writeUTF(key);
            out.writeInt(vocabulary.size());
            for (Term t : vocabulary.terms()) {
                Columns.writeString(out, t.id());
                Columns.writeString(out, t.pid());
                Columns.writeString(out, t.sourceIri());
                Columns.writeString(out, t.label());
                Columns.writeStringList(out, t.altLabels());
                Columns.writeStringList(out, t.treeNumbers());
                Columns.writeStringList(out, t.broader());
                Columns.writeStringList(out, t.narrower());
                Columns.writeString(out, t.scopeNote());
            }
            lexicon.writeTo(out);
        }
        Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
