-- Random keys that every server sharing this database uses alike and no client may know: made once, on first use
-- (store.InstanceSecrets). summary-ids keys the ids of summaries made from restricted articles.
CREATE TABLE instance_secret (
    name  text PRIMARY KEY,
    value bytea NOT NULL
);
