package org.fairrag.http;

import org.apache.jena.query.Query;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprFunction;
import org.apache.jena.sparql.syntax.Element;
import org.apache.jena.sparql.syntax.ElementAssign;
import org.apache.jena.sparql.syntax.ElementBind;
import org.apache.jena.sparql.syntax.ElementFilter;
import org.apache.jena.sparql.syntax.ElementService;
import org.apache.jena.sparql.syntax.ElementSubQuery;
import org.apache.jena.sparql.syntax.ElementVisitorBase;
import org.apache.jena.sparql.syntax.ElementWalker;

/**
 * Refuses a query that contains {@code SERVICE} anywhere: in its pattern, in a sub-query, or inside an
 * {@code EXISTS} / {@code NOT EXISTS} of a filter, a {@code BIND}, a projection, {@code HAVING} or
 * {@code ORDER BY}. A public endpoint must not make requests to other servers on a caller's behalf.
 */
final class FederationCheck {

    private FederationCheck() {}

    static void refuseService(Query query) {
        if (query.getQueryPattern() != null) {
            check(query.getQueryPattern());
        }
        query.getProject().getExprs().values().forEach(FederationCheck::check);
        query.getHavingExprs().forEach(FederationCheck::check);
        if (query.getOrderBy() != null) {
            query.getOrderBy().forEach(c -> check(c.getExpression()));
        }
    }

    private static void check(Element element) {
        ElementWalker.walk(element, new ElementVisitorBase() {
            @Override
            public void visit(ElementService el) {
                throw ApiException.badRequest("service_not_allowed",
                        "SERVICE (federated query) is not allowed on this endpoint.");
            }

            @Override
            public void visit(ElementSubQuery el) {
                refuseService(el.getQuery());
            }

            @Override
            public void visit(ElementFilter el) {
                check(el.getExpr());
            }

            @Override
            public void visit(ElementBind el) {
                check(el.getExpr());
            }

            @Override
            public void visit(ElementAssign el) {
                check(el.getExpr());
            }
        });
    }

    private static void check(Expr expr) {
        if (expr instanceof ExprFunctionOp op && op.getElement() != null) {
            check(op.getElement());
        }
        if (expr instanceof ExprFunction f) {
            f.getArgs().forEach(FederationCheck::check);
        }
    }
}
