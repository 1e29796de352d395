package org.fairrag.sparql;

import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.jena.query.Query;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.Op1;
import org.apache.jena.sparql.algebra.op.Op2;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpPath;
import org.apache.jena.sparql.algebra.op.OpQuad;
import org.apache.jena.sparql.algebra.op.OpQuadBlock;
import org.apache.jena.sparql.algebra.op.OpQuadPattern;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.algebra.op.OpExtendAssign;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpGroup;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpN;
import org.apache.jena.sparql.algebra.op.OpOrder;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.sparql.algebra.op.OpTopN;
import org.apache.jena.sparql.algebra.op.OpUnfold;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprList;
import org.fairrag.failure.ApiException;

/**
 * Refuses a query whose algebra contains {@code SERVICE}, or more triple patterns than {@link #MAX_TRIPLE_PATTERNS},
 * anywhere: in the pattern, in sub-queries, in a {@code CONSTRUCT} template, and inside every expression that can
 * hold a pattern ({@code EXISTS}, {@code NOT EXISTS}) wherever an expression may stand: {@code SELECT} expressions,
 * {@code BIND}, {@code FILTER}, {@code GROUP BY}, aggregates, {@code HAVING}, {@code ORDER BY}, the conditions of
 * {@code OPTIONAL}. The walk keeps its own stack, so a deep query cannot overflow the thread's.
 *
 * <p>{@code SERVICE}: this is the first of two locks; the in-process engine also runs with remote service execution
 * switched off, so a query this check missed would still not reach another server.
 *
 * <p>Triple patterns: one object list of 110,000 literals (880 KB, under the body limit) held a query thread for three
 * minutes, past the time limit; 20,000 took 3.9 s and 60,000 38.6 s (a black-box sweep, 2026-11-24). Parsing,
 * compiling and optimising the query take under a second at any of these sizes (measured in-process), so the time
 * goes into TDB2's execution before the first match, where the deadline is not checked. A query of 1,000 patterns is
 * answered in 0.3 s ({@code SparqlEngineAbuseTest}'s run time).
 */
public final class AlgebraCheck {

    /** Most triple patterns a query may hold, counted over all its patterns and its CONSTRUCT template. */
    public static final int MAX_TRIPLE_PATTERNS = 1_000;

    private AlgebraCheck() {}

    /** @throws ApiException 400 {@code service_not_allowed} or {@code query_too_complex} */
    public static void check(Query query) {
        int patterns = query.isConstructType() && query.getConstructTemplate() != null
                ? query.getConstructTemplate().getTriples().size() : 0;
        Deque<Object> pending = new ArrayDeque<>();
        pending.push(Algebra.compile(query));
        while (!pending.isEmpty()) {
            Object next = pending.pop();
            if (next instanceof Op op) {
                patterns += patterns(op);
                expand(op, pending);
            } else if (next instanceof Expr expr) {
                expand(expr, pending);
            }
            if (patterns > MAX_TRIPLE_PATTERNS) {
                throw ApiException.badRequest("query_too_complex", "The query is too complex to run: it has more than "
                        + MAX_TRIPLE_PATTERNS + " triple patterns (an object list 'a, b, c' counts one per object). "
                        + "Split it into simpler queries, or use VALUES for a long list of values.");
            }
        }
    }

    private static int patterns(Op op) {
        if (op instanceof OpBGP bgp) {
            return bgp.getPattern().size();
        } else if (op instanceof OpQuadPattern quads) {
            return quads.getPattern().size();
        } else if (op instanceof OpQuadBlock quads) {
            return quads.getPattern().size();
        } else if (op instanceof OpTriple || op instanceof OpQuad || op instanceof OpPath) {
            return 1;
        }
        return 0;
    }

    private static void expand(Op op, Deque<Object> pending) {
        if (op instanceof OpService) {
            throw ApiException.badRequest("service_not_allowed",
                    "SERVICE (federated query) is not allowed on this endpoint.");
        }
        if (op instanceof OpFilter f) {
            pushAll(f.getExprs(), pending);
        } else if (op instanceof OpExtendAssign e) {
            pushAll(e.getVarExprList(), pending);
        } else if (op instanceof OpLeftJoin j) {
            pushAll(j.getExprs(), pending);
        } else if (op instanceof OpGroup g) {
            pushAll(g.getGroupVars(), pending);
            g.getAggregators().forEach(pending::push);
        } else if (op instanceof OpOrder o) {
            o.getConditions().stream().map(SortCondition::getExpression).forEach(pending::push);
        } else if (op instanceof OpTopN t) {
            t.getConditions().stream().map(SortCondition::getExpression).forEach(pending::push);
        } else if (op instanceof OpUnfold u) {
            pending.push(u.getExpr());
        }
        if (op instanceof Op1 one && one.getSubOp() != null) {
            pending.push(one.getSubOp());
        } else if (op instanceof Op2 two) {
            if (two.getLeft() != null) {
                pending.push(two.getLeft());
            }
            if (two.getRight() != null) {
                pending.push(two.getRight());
            }
        } else if (op instanceof OpN many) {
            many.getElements().forEach(pending::push);
        }
    }

    private static void expand(Expr expr, Deque<Object> pending) {
        if (expr instanceof ExprFunctionOp patternExpr) {
            // The pattern of EXISTS is compiled when the query is, but compile it here if it was not.
            Op pattern = patternExpr.getGraphPattern() != null ? patternExpr.getGraphPattern()
                    : patternExpr.getElement() != null ? Algebra.compile(patternExpr.getElement()) : null;
            if (pattern != null) {
                pending.push(pattern);
            }
        }
        if (expr instanceof ExprAggregator aggregate && aggregate.getAggregator().getExprList() != null) {
            pushAll(aggregate.getAggregator().getExprList(), pending);
        }
        if (expr instanceof ExprFunction function) {
            function.getArgs().forEach(pending::push);
        }
    }

    private static void pushAll(ExprList exprs, Deque<Object> pending) {
        if (exprs != null) {
            exprs.forEach(pending::push);
        }
    }

    private static void pushAll(VarExprList exprs, Deque<Object> pending) {
        if (exprs != null) {
            exprs.forEachExpr((v, e) -> pending.push(e));
        }
    }
}
