package org.fairrag.ingest;

import java.util.Collection;
import java.util.List;

/**
 * A store that derives its content from published articles, such as the vector index. It decides
 * itself what changed (by content), so handing it the same articles again costs little and changes
 * nothing. Methods block.
 */
public interface ArticleIndex {

    void index(List<Article> articles);

    void remove(Collection<String> articlePids);
}
