package org.fairrag.store;

import java.time.OffsetDateTime;
import org.fairrag.fdo.FdoKind;

/** A row of the PID registry: the kernel attributes of one FAIR Digital Object. */
public record PidRecord(
        String id,
        FdoKind kind,
        String sourceKey,
        String target,
        String checksum,
        Status status,
        String accessLevel,
        OffsetDateTime created,
        OffsetDateTime modified,
        String runId,
        String tombstoneReason,
        OffsetDateTime tombstonedAt) {

    public enum Status { ACTIVE, TOMBSTONED }

    public boolean tombstoned() {
        return status == Status.TOMBSTONED;
    }
}
