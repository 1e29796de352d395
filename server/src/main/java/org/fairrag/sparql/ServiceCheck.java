package org.fairrag.sparql;

import java.util.ArrayDeque;
import java.util.Deque;
import org.apache.jena.query.Query;
import org.apache.jena.query.SortCondition;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.Op1;
import org.apache.jena.sparql.algebra.op.Op2;
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
 * Refuses a query that contains {@code SERVICE} anywhere in its algebra: in the pattern, in sub-queries, and
 * inside every expression that can hold a pattern ({@code EXISTS}, {@code NOT EXISTS}) wherever an expression
 * may stand: {@code SELECT} expressions, {@code BIND}, {@code FILTER}, {@code GROUP BY}, aggregates,
 * {@code HAVING}, {@code ORDER BY}, the conditions of {@code OPTIONAL}. The walk keeps its own stack, so a
 * deep query cannot overflow the thread's.
 *
 * <p>This is the first of two locks: the in-process engine also runs with remote service execution switched
 * off, so a query this check missed would still not reach another server.
 */
public final class ServiceCheck {

    private ServiceCheck() {}

    /** @throws ApiException 400 {@code service_not_allowed} */
    public static void refuseService(Query query) {
        Deque<Object> pending = new ArrayDeque<>();
        pending.push(Algebra.compile(query));
        while (!pending.isEmpty()) {
            Object next = pending.pop();
            if (next instanceof Op op) {
                expand(op, pending);
            } else if (next instanceof Expr expr) {
                expand(expr, pending);
            }
        }
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
