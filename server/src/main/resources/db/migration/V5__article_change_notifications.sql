-- Servers that share this database keep their own vector index in step with it (search.VectorIndexFollower):
-- every change of an article's content, access level or status is announced on a channel, with the
-- article's id, when its transaction commits (after the graph has been written).
CREATE FUNCTION notify_article_change() RETURNS trigger AS $$
BEGIN
    PERFORM pg_notify('fairrag_article_changes', NEW.id);
    RETURN NEW;
END
$$ LANGUAGE plpgsql;

CREATE TRIGGER article_created AFTER INSERT ON pid
    FOR EACH ROW WHEN (NEW.kind = 'article') EXECUTE FUNCTION notify_article_change();

CREATE TRIGGER article_changed AFTER UPDATE ON pid
    FOR EACH ROW WHEN (NEW.kind = 'article' AND (OLD.checksum IS DISTINCT FROM NEW.checksum
        OR OLD.status IS DISTINCT FROM NEW.status OR OLD.access_level IS DISTINCT FROM NEW.access_level))
    EXECUTE FUNCTION notify_article_change();
