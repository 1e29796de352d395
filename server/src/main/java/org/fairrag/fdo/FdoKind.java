package org.fairrag.fdo;

/** The kinds of FAIR Digital Object fairrag mints PIDs for. */
public enum FdoKind {
    ARTICLE("article"),
    TERM("term"),
    DATASET("dataset"),
    SUMMARY("summary"),
    INGESTION_RUN("ingestion-run");

    private final String code;

    FdoKind(String code) {
        this.code = code;
    }

    /** The value stored in the registry and shown in APIs. */
    public String code() {
        return code;
    }

    public static FdoKind fromCode(String code) {
        for (FdoKind kind : values()) {
            if (kind.code.equals(code)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("unknown FDO kind: " + code);
    }
}
