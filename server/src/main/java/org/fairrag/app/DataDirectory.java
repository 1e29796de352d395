package org.fairrag.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * What a command finds at its data directory, checked before anything is written there: a mistyped path must not
 * get new, empty stores in silence, nor a directory of other files get fairrag's beside them.
 */
final class DataDirectory {

    /** Names only fairrag puts in a data directory: one of them makes it fairrag's. */
    private static final Set<String> OURS = Set.of("postgres", "fuseki", "vectors", "snapshots", DataDirectoryLock.FILE,
            Lifecycle.INSTANCE_FILE);

    /** A data directory a command cannot use; its message says what to do. */
    static final class Unusable extends RuntimeException {
        Unusable(String message) {
            super(message);
        }
    }

    private DataDirectory() {}

    /**
     * Why {@code dir} cannot be used, or empty. With {@code mayCreate} (serve, ingest; or stores outside the
     * directory) one that does not exist or is empty is fine; a directory holding other files never is.
     */
    static Optional<String> problem(Path dir, boolean mayCreate) {
        if (Files.exists(dir) && !Files.isDirectory(dir)) {
            return Optional.of(dir + " is a file, not a directory: give --data-dir (or FAIRRAG_DATA_DIR) a directory");
        }
        if (!Files.exists(dir)) {
            return mayCreate ? Optional.empty() : Optional.of("there is no data directory at " + dir
                    + ": fairrag serve or fairrag ingest makes one; check --data-dir (or FAIRRAG_DATA_DIR)");
        }
        boolean empty;
        boolean ours;
        try (Stream<Path> entries = Files.list(dir)) {
            var names = entries.map(p -> p.getFileName().toString()).toList();
            empty = names.isEmpty();
            ours = names.stream().anyMatch(OURS::contains);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the data directory " + dir, e);
        }
        if (ours || empty && mayCreate) {
            return Optional.empty();
        }
        return Optional.of(empty ? dir + " holds no collection yet: fairrag serve or fairrag ingest makes one there; "
                + "check --data-dir (or FAIRRAG_DATA_DIR)"
                : dir + " holds other files and no fairrag stores: give --data-dir (or FAIRRAG_DATA_DIR) a new or empty "
                + "directory, or the one fairrag made");
    }

    /** Throws {@link Unusable} when {@link #problem} finds one. */
    static void check(Path dir, boolean mayCreate) {
        problem(dir, mayCreate).ifPresent(p -> {
            throw new Unusable(p);
        });
    }
}
