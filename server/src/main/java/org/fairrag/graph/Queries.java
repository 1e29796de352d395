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

/**
 * Loading SPARQL queries kept as resources next to the code that runs them, and binding lists of
 * values to them as a {@code VALUES} block built from nodes (never text).
 */
public final class Queries {

    private Queries() {}

    /** Parses the query in the classpath resource {@code name}, relative to {@code owner}'s package. */
    public static Query load(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Missing query resource " + name + " next to " + owner.getName());
            }
            return QueryFactory.create(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new IllegalStateException("Cannot read query " + name, e);
        }
    }

    /** A copy of {@code query} with {@code VALUES ?var { ... }} appended, one row per node. */
    public static Query withValues(Query query, String var, Collection<Node> values) {
        Query copy = query.cloneQuery();
        Var v = Var.alloc(var);
        List<Binding> rows = new ArrayList<>(values.size());
        values.forEach(n -> rows.add(BindingFactory.binding(v, n)));
        copy.setValuesDataBlock(List.of(v), rows);
        return copy;
    }
}
