-- What an API key grants. A key may read restricted content (access_level 'restricted'), may use the
-- admin API (admin), both, or neither (it then only names its client, e.g. for its own rate limit).
ALTER TABLE api_key
    ADD COLUMN access_level text    NOT NULL DEFAULT 'public' CHECK (access_level IN ('public', 'restricted')),
    ADD COLUMN admin        boolean NOT NULL DEFAULT false;

-- Every key made before this migration was an admin key; it stays one.
UPDATE api_key SET admin = true;
