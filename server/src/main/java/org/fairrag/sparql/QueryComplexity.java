package org.fairrag.sparql;

import java.util.Locale;
import java.util.Set;
import org.fairrag.failure.ApiException;

/**
 * Refuses a query text whose parse tree or algebra would be too deep for a worker thread's stack, before
 * Jena parses it: Jena's parser, algebra compiler and evaluator recurse once per level, and a few thousand
 * levels (5,000 property-path steps, 5,000 {@code UNION} branches, 1,000 {@code !}) overflow the stack.
 *
 * <p>The scan is one loop over the characters, with no recursion. It skips strings, IRIs and comments, then
 * measures two things: how deep brackets nest, and how many tokens may each add a level (a group
 * {@code {}, a pattern keyword such as {@code OPTIONAL} or {@code UNION}, a path or expression operator).
 * Both limits lie well below what overflows a default 1 MiB stack, with room for evaluation over data.
 */
public final class QueryComplexity {

    /** Deepest nesting of {@code { ( [} accepted. */
    public static final int MAX_NESTING = 64;
    /** Most tokens that may each add a level to the query's tree. */
    public static final int MAX_LEVEL_TOKENS = 1_000;

    private static final Set<String> LEVEL_KEYWORDS = Set.of("OPTIONAL", "MINUS", "UNION", "BIND", "FILTER", "GRAPH",
            "SERVICE", "EXISTS", "VALUES", "SELECT", "LATERAL");
    private static final Set<String> TWO_CHAR_OPERATORS = Set.of("&&", "||", "!=", "<=", ">=");
    private static final String OPERATORS = "!^/|*+-=<>";

    private QueryComplexity() {}

    /** @throws ApiException 400 {@code query_too_complex} when the query nests or chains too deeply */
    public static void check(String query) {
        int depth = 0;
        int levels = 0;
        int n = query.length();
        int i = 0;
        while (i < n) {
            char c = query.charAt(i);
            int iriEnd = c == '<' ? iriEnd(query, i) : -1;
            if (c == '#') {
                i = lineEnd(query, i);
            } else if (c == '"' || c == '\'') {
                i = stringEnd(query, i);
            } else if (iriEnd > 0) {
                i = iriEnd;
            } else if (c == '{' || c == '(' || c == '[') {
                depth++;
                if (depth > MAX_NESTING) {
                    throw tooComplex("it nests brackets more than " + MAX_NESTING + " levels deep");
                }
                if (c == '{') {
                    levels++;
                }
                i++;
            } else if (c == '}' || c == ')' || c == ']') {
                depth = Math.max(0, depth - 1);
                i++;
            } else if (query.startsWith("^^", i)) {
                i += 2; // a datatype, not an inverse path
            } else if (isWordStart(c)) {
                int end = wordEnd(query, i + 1);
                if (LEVEL_KEYWORDS.contains(query.substring(i, end).toUpperCase(Locale.ROOT))) {
                    levels++;
                }
                i = end;
            } else if (TWO_CHAR_OPERATORS.contains(query.substring(i, Math.min(n, i + 2)))) {
                levels++;
                i += 2;
            } else {
                if (OPERATORS.indexOf(c) >= 0) {
                    levels++;
                }
                i++;
            }
            if (levels > MAX_LEVEL_TOKENS) {
                throw tooComplex("it has more than " + MAX_LEVEL_TOKENS
                        + " groups, pattern keywords (OPTIONAL, UNION, BIND, ...) and operators (path steps, &&, ||, !, ...)");
            }
        }
    }

    private static ApiException tooComplex(String why) {
        return ApiException.badRequest("query_too_complex", "The query is too complex to run: " + why
                + ". Split it into simpler queries.");
    }

    /** Names, variables, prefixed names, blank node labels, numbers, language tags. */
    private static boolean isWordStart(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == ':' || c == '?' || c == '$' || c == '@' || c > 0x7f;
    }

    /** What may follow inside such a word, as in 'ex:a-b.c', '1e-5', '@en-GB', 'ex:a%20b'. */
    private static boolean isWordChar(char c) {
        return isWordStart(c) || c == '.' || c == '-' || c == '%' || c == '\\';
    }

    private static int wordEnd(String s, int i) {
        while (i < s.length() && isWordChar(s.charAt(i))) {
            i++;
        }
        return i;
    }

    private static int lineEnd(String s, int i) {
        while (i < s.length() && s.charAt(i) != '\n' && s.charAt(i) != '\r') {
            i++;
        }
        return i;
    }

    /** The index after a string literal starting at {@code i}: short or long ({@code """...""""}), with escapes. */
    private static int stringEnd(String s, int i) {
        char quote = s.charAt(i);
        boolean isLong = s.startsWith(String.valueOf(quote).repeat(3), i);
        int j = i + (isLong ? 3 : 1);
        while (j < s.length()) {
            char c = s.charAt(j);
            if (c == '\\') {
                j += 2;
            } else if (c == quote && (!isLong || s.startsWith(String.valueOf(quote).repeat(3), j))) {
                return j + (isLong ? 3 : 1);
            } else {
                j++;
            }
        }
        return s.length();
    }

    /** The index after an IRI reference starting at {@code i}, or -1 when {@code <} is a comparison there. */
    private static int iriEnd(String s, int i) {
        for (int j = i + 1; j < s.length(); j++) {
            char c = s.charAt(j);
            if (c == '>') {
                return j + 1;
            }
            if (c <= ' ' || "<\"{}|^`\\".indexOf(c) >= 0) {
                return -1;
            }
        }
        return -1;
    }
}
