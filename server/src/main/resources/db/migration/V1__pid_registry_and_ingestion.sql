-- The PID registry: one row per FAIR Digital Object, never deleted (a removed object is tombstoned).
CREATE TABLE pid (
    id               text PRIMARY KEY,
    kind             text        NOT NULL CHECK (kind IN ('article', 'term', 'dataset', 'summary', 'ingestion-run')),
    source_key       text UNIQUE,            -- the natural key a deterministic id was derived from
    target           text,                   -- where the object's content lives (PubMed page, NLM IRI, ...)
    checksum         text        NOT NULL,   -- sha256 of the object's content description
    status           text        NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'tombstoned')),
    access_level     text        NOT NULL DEFAULT 'public',
    created_at       timestamptz NOT NULL DEFAULT now(),
    modified_at      timestamptz NOT NULL DEFAULT now(),
    run_id           text,                   -- the ingestion run that last changed the object
    tombstone_reason text,
    tombstoned_at    timestamptz
);
CREATE INDEX pid_kind_idx ON pid (kind);

-- One ingestion of one source file. The id is the run's PID id, derived from the file's checksum,
-- so re-running the same file continues or re-verifies the same run instead of creating a new one.
CREATE TABLE ingestion_run (
    id               text PRIMARY KEY,
    source_name      text        NOT NULL,
    source_checksum  text        NOT NULL,
    format           text        NOT NULL,
    access_level     text        NOT NULL DEFAULT 'public',
    status           text        NOT NULL CHECK (status IN ('running', 'completed', 'failed')),
    started_at       timestamptz NOT NULL DEFAULT now(),
    ended_at         timestamptz,
    records_read     integer     NOT NULL DEFAULT 0,
    records_accepted integer     NOT NULL DEFAULT 0,
    records_rejected integer     NOT NULL DEFAULT 0,
    objects_created  integer     NOT NULL DEFAULT 0,
    objects_updated  integer     NOT NULL DEFAULT 0,
    objects_unchanged integer    NOT NULL DEFAULT 0
);

CREATE TABLE ingestion_rejection (
    run_id   text NOT NULL REFERENCES ingestion_run (id),
    locator  text NOT NULL,
    reason   text NOT NULL,
    PRIMARY KEY (run_id, locator)
);

-- Records as read from each source, the ground truth articles are merged from. A PMID found in
-- several sources has one row per source; the article FDO is derived from all of them.
CREATE TABLE source_record (
    pmid       text        NOT NULL,
    source     text        NOT NULL,
    run_id     text        NOT NULL,
    checksum   text        NOT NULL,
    record     jsonb       NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (pmid, source)
);
