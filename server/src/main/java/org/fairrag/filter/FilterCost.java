package org.fairrag.filter;

import org.fairrag.failure.ApiException;

/**
 * What a filter will cost, known before it runs. An exploded term is matched by walking up
 * {@code skos:broader*} from every subject of every candidate article, once per term, so the work grows
 * with candidates × exploded terms (and not with how many narrower terms they have); exact terms are a
 * lookup. A filter above {@link #MAX_WALKS} is refused; one above {@link #HEAVY_WALKS} runs in a lane of
 * its own so that it cannot delay light ones.
 *
 * @param candidates    the articles to filter (the PIDs given, or the k hits asked for)
 * @param explodedTerms the selected and excluded terms walked for, 0 without explode
 */
public record FilterCost(int candidates, int explodedTerms) {

    /** Most candidates × exploded terms a request may ask for: 200 articles × 10 terms, or 40 × 50. */
    public static final int MAX_WALKS = 2_000;
    /** From here on a filter goes to the heavy lane. */
    public static final int HEAVY_WALKS = 400;

    public static FilterCost of(int candidates, TermSelection selection) {
        return new FilterCost(candidates, selection.explode() ? selection.terms().size() + selection.exclude().size() : 0);
    }

    /** The walks up the hierarchy the filter makes, per subject of each candidate. */
    public int walks() {
        return candidates * explodedTerms;
    }

    public boolean heavy() {
        return walks() >= HEAVY_WALKS;
    }

    /** Throws a 400 {@code filter_too_costly} that says what to change when the filter is above the limit. */
    public FilterCost checked() {
        if (walks() > MAX_WALKS) {
            throw ApiException.badRequest("filter_too_costly", "This filter would match " + candidates + " articles against "
                    + explodedTerms + " terms with their narrower terms (explode), " + walks() + " walks up the term"
                    + " hierarchy; at most " + MAX_WALKS + " are allowed per request (articles × exploded terms, for"
                    + " example 200 × 10 or 40 × 50). Choose fewer articles or terms, or set explode to false: exact"
                    + " terms cost almost nothing.");
        }
        return this;
    }
}
