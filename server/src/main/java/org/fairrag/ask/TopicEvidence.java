package org.fairrag.ask;

import java.util.List;
import java.util.Set;
import org.fairrag.anchor.AnchoredContext;

/**
 * Sentences of the collection that mention a question's topics, chosen per topic for the question
 * ({@link AnchoredContext}), from the articles the caller may read. Blocking.
 */
@FunctionalInterface
public interface TopicEvidence {

    /** Finds none: for a server without concept mentions or vectors. */
    TopicEvidence NONE = (question, termIds, graphs) -> List.of();

    /** @param graphs the graphs the caller may see (a restricted content graph among them admits restricted articles) */
    List<AnchoredContext.Evidence> about(String question, List<String> termIds, Set<String> graphs);
}
