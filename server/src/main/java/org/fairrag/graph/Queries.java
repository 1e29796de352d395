package org.fairrag.graph;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.syntax.Element;
import org.apache.jena.sparql.syntax.ElementData;
import org.apache.jena.sparql.syntax.ElementFilter;
import org.apache.jena.sparql.syntax.ElementGroup;
import org.apache.jena.sparql.syntax.ElementMinus;
import org.apache.jena.sparql.syntax.ElementNamedGraph;
import org.apache.jena.sparql.syntax.ElementOptional;
import org.apache.jena.sparql.syntax.ElementUnion;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;
import org.apache.jena.sparql.modify.request.UpdateModify;

/**
 * Loading SPARQL queries kept as resources next to the code that runs them, and binding lists of
 * values to them as a {@code VALUES} block built from nodes (never text).
 */
public final class Queries {

    private Queries() {}

    /** Parses the query in the classpath resource {@code name}, relative to {@code owner}'s package. */
    public static Query load(Class<?> owner, String name) {
        return QueryFactory.create(loadText(owner, name));
    }

    /**
     * The text of a query resource, for templates whose VALUES blocks are filled per request: parse a
     * fresh {@link Query} from it each time, never fill a shared one.
     */
    public static String loadText(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Missing query resource " + name + " next to " + owner.getName());
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read query " + name, e);
        }
    }

    /**
     * Fills every empty {@code VALUES ?var { }} block of {@code query} (wherever it sits: in the WHERE
     * clause, in a GRAPH, OPTIONAL, UNION or (NOT) EXISTS) with one row per node. Templates declare
     * where the values go; callers bind validated nodes without ever touching query text.
     *
     * @throws IllegalArgumentException when the query has no such block
     */
    public static Query bindValues(Query query, String var, Collection<Node> values) {
        Var v = Var.alloc(var);
        List<ElementData> blocks = new ArrayList<>();
        collectData(query.getQueryPattern(), v, blocks);
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("the query has no VALUES block for ?" + var);
        }
        for (ElementData block : blocks) {
            values.forEach(n -> block.add(BindingFactory.binding(v, n)));
        }
        return query;
    }

    private static void collectData(Element element, Var v, List<ElementData> out) {
        if (element instanceof ElementData d) {
            if (d.getVars().equals(List.of(v))) {
                out.add(d);
            }
        } else if (element instanceof ElementGroup g) {
            g.getElements().forEach(e -> collectData(e, v, out));
        } else if (element instanceof ElementNamedGraph g) {
            collectData(g.getElement(), v, out);
        } else if (element instanceof ElementOptional o) {
            collectData(o.getOptionalElement(), v, out);
        } else if (element instanceof ElementMinus m) {
            collectData(m.getMinusElement(), v, out);
        } else if (element instanceof ElementUnion u) {
            u.getElements().forEach(e -> collectData(e, v, out));
        } else if (element instanceof ElementFilter f && f.getExpr() instanceof ExprFunctionOp op) {
            collectData(op.getElement(), v, out);
        }
    }

    /** Parses the SPARQL update in the classpath resource {@code name}, relative to {@code owner}'s package. */
    public static UpdateRequest loadUpdate(Class<?> owner, String name) {
        return UpdateFactory.create(loadText(owner, name));
    }

    /**
     * Fills every empty {@code VALUES ?var { }} block in the WHERE clauses of {@code update} with one row per
     * node, as {@link #bindValues(Query, String, Collection)} does for a query.
     *
     * @throws IllegalArgumentException when no operation has such a block
     */
    public static UpdateRequest bindValues(UpdateRequest update, String var, Collection<Node> values) {
        Var v = Var.alloc(var);
        List<ElementData> blocks = new ArrayList<>();
        for (Update operation : update.getOperations()) {
            if (operation instanceof UpdateModify modify) {
                collectData(modify.getWherePattern(), v, blocks);
            }
        }
        if (blocks.isEmpty()) {
            throw new IllegalArgumentException("the update has no VALUES block for ?" + var);
        }
        for (ElementData block : blocks) {
            values.forEach(n -> block.add(BindingFactory.binding(v, n)));
        }
        return update;
    }

    /**
     * A copy of {@code query} with {@code VALUES ?var { ... }} appended, one row per node. A query has one such
     * trailing block: one already there (another variable's) is joined with the new one, not replaced.
     */
    public static Query withValues(Query query, String var, Collection<Node> values) {
        Query copy = query.cloneQuery();
        Var v = Var.alloc(var);
        List<Var> vars = new ArrayList<>();
        List<Binding> before = new ArrayList<>();
        if (copy.hasValues()) {
            vars.addAll(copy.getValuesVariables());
            before.addAll(copy.getValuesData());
        } else {
            before.add(BindingFactory.empty());
        }
        vars.add(v);
        List<Binding> rows = new ArrayList<>(before.size() * values.size());
        for (Binding row : before) {
            values.forEach(n -> rows.add(BindingFactory.binding(row, v, n)));
        }
        copy.setValuesDataBlock(vars, rows);
        return copy;
    }
}
