-- API keys for the admin API. Only a SHA-256 hash of each key's secret is kept: the secret is shown
-- once, when the key is created, and cannot be recovered from the database.
CREATE TABLE api_key (
    id          text PRIMARY KEY,           -- public part of the key, shown in lists and logs
    name        text        NOT NULL,       -- what the key is for
    secret_hash bytea       NOT NULL,       -- sha256 of the secret part
    created_at  timestamptz NOT NULL DEFAULT now(),
    revoked_at  timestamptz
);

-- The sitemap pages through active public PIDs in id order.
CREATE INDEX pid_listed_idx ON pid (id) WHERE status = 'active' AND access_level = 'public';
