package org.fairrag.app;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a data directory, held for as long as one fairrag instance uses it. The operating
 * system releases it when the process dies however it dies, so whoever gets the lock knows that any
 * store process still running on the directory (an embedded PostgreSQL) was left behind by a dead owner.
 */
final class DataDirectoryLock implements AutoCloseable {

    static final String FILE = "fairrag.lock";

    private final FileChannel channel;
    private final FileLock lock;

    private DataDirectoryLock(FileChannel channel, FileLock lock) {
        this.channel = channel;
        this.lock = lock;
    }

    /** Takes the lock, or fails at once when another process or instance holds it. */
    static DataDirectoryLock acquire(Path dataDir) throws IOException {
        FileChannel channel = FileChannel.open(dataDir.resolve(FILE), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IllegalStateException("The data directory " + dataDir + " is in use by another fairrag process; "
                    + "stop it first (the embedded stores belong to one process at a time).");
        }
        return new DataDirectoryLock(channel, lock);
    }

    @Override
    public void close() throws IOException {
        lock.release();
        channel.close();
    }
}
