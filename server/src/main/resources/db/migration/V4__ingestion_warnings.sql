-- What a run warns about records it kept: bytes that were not valid in the file's encoding and were
-- replaced by U+FFFD, with the record and where. Cleared, like the rejections, when a run is redone.
CREATE TABLE ingestion_warning (
    run_id   text NOT NULL REFERENCES ingestion_run (id),
    locator  text NOT NULL,
    message  text NOT NULL,
    PRIMARY KEY (run_id, locator, message)
);
