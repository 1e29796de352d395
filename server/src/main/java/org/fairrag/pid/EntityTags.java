package org.fairrag.pid;

import org.fairrag.fdo.Checksums;
import org.fairrag.fdo.FdoKind;
import org.fairrag.store.PidRecord;

/**
 * Strong entity tags and cache lifetimes of PID representations, from the registry alone, so that a
 * conditional request is answered without reading the graph. The tag is the registry checksum of the
 * object's description and the format; a term's HTML page also lists the articles about it, which
 * change with the collection, and the concepts associated with it in the literature, which change when
 * the associations are counted again, so its tag includes the dataset's checksum and a digest of the
 * associations' version too. A restricted object has
 * two representations per format, with and without its content, each with a tag of its own.
 */
public final class EntityTags {

    private EntityTags() {}

    /**
     * @param full       whether the representation shows a restricted object's content (it differs from the record-only one)
     * @param literature the version of the public associations (see {@code AssociationStore.publicVersion}), or null
     */
    public static String of(PidRecord record, MediaFormat format, PidRecord dataset, boolean full, String literature) {
        StringBuilder tag = new StringBuilder("\"").append(hex(record.checksum(), 32)).append('-').append(format.key());
        if ("restricted".equals(record.accessLevel())) {
            tag.append(full ? "-content" : "-record");
        }
        if (record.kind() == FdoKind.TERM && format == MediaFormat.HTML && dataset != null) {
            tag.append('-').append(hex(dataset.checksum(), 12));
        }
        if (record.kind() == FdoKind.TERM && format == MediaFormat.HTML && literature != null) {
            tag.append('-').append(hex(Checksums.of(literature), 12));
        }
        return tag.append('"').toString();
    }

    /** Whether an {@code If-None-Match} header names {@code etag} (weak comparison, RFC 9110 13.1.2). */
    public static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        for (String candidate : ifNoneMatch.split(",")) {
            String c = candidate.strip();
            if (c.equals("*") || (c.startsWith("W/") ? c.substring(2) : c).equals(etag)) {
                return true;
            }
        }
        return false;
    }

    /** PIDs are stable; what describes the collection changes with each ingestion, a tombstone may still be amended. */
    public static String cacheControl(PidRecord record) {
        if ("restricted".equals(record.accessLevel())) {
            // What a restricted object shows depends on the caller's key: no shared cache may keep it.
            return "private, no-cache";
        }
        if (record.tombstoned() || record.kind() == FdoKind.DATASET || record.kind() == FdoKind.INGESTION_RUN) {
            return "public, max-age=300";
        }
        return "public, max-age=3600";
    }

    private static String hex(String checksum, int length) {
        String hex = checksum.startsWith("sha256:") ? checksum.substring("sha256:".length()) : checksum;
        return hex.substring(0, Math.min(length, hex.length()));
    }
}
