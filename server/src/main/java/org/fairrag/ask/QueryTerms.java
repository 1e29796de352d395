package org.fairrag.ask;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpPath;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.expr.ExprVisitorBase;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.vocab.Term;
import org.fairrag.vocab.VocabularyIndex;

/**
 * The vocabulary terms a query written by a chat model names: term PIDs among its IRIs, and names or
 * identifiers of terms among its string literals ({@code skos:prefLabel "Asthma"@en}, {@code FILTER (LCASE(?n) =
 * "heart attack")}, {@code dct:identifier "D001249"}). They are what the model made of the question's words,
 * shown as the parser shows its linked terms.
 */
final class QueryTerms {

    private static final Pattern TERM_ID = Pattern.compile("[A-Z]\\d{6,9}");
    private static final Set<String> TEXT_TYPES = Set.of(XSDDatatype.XSDstring.getURI(), RDF.langString.getURI());

    private QueryTerms() {}

    static List<LinkedTerm> named(Query query, VocabularyIndex vocabulary) {
        List<LinkedTerm> out = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Node node : constants(query)) {
            linked(node, vocabulary).filter(t -> seen.add(t.id())).ifPresent(out::add);
        }
        return out;
    }

    private static Optional<LinkedTerm> linked(Node node, VocabularyIndex vocabulary) {
        if (node.isURI()) {
            return vocabulary.byPid(node.getURI()).map(t -> term(node.getURI(), t));
        }
        if (!node.isLiteral() || !TEXT_TYPES.contains(node.getLiteralDatatypeURI())) {
            return Optional.empty();
        }
        String text = node.getLiteralLexicalForm().strip();
        Optional<String> id = TERM_ID.matcher(text).matches() ? Optional.of(text) : vocabulary.resolveName(text);
        return id.flatMap(vocabulary::byId).map(t -> term(text, t));
    }

    private static LinkedTerm term(String text, Term t) {
        return new LinkedTerm(text, t.id(), t.label(), t.pid(), text);
    }

    /** Every IRI and literal of the query's patterns, VALUES blocks and expressions, in order. */
    private static Set<Node> constants(Query query) {
        Set<Node> nodes = new LinkedHashSet<>();
        Walker.walk(Algebra.compile(query), new OpVisitorBase() {
            @Override
            public void visit(OpBGP op) {
                op.getPattern().forEach(t -> {
                    nodes.add(t.getSubject());
                    nodes.add(t.getObject());
                });
            }

            @Override
            public void visit(OpPath op) {
                nodes.add(op.getTriplePath().getSubject());
                nodes.add(op.getTriplePath().getObject());
            }

            @Override
            public void visit(OpTable op) {
                op.getTable().rows().forEachRemaining(b -> b.vars().forEachRemaining(v -> nodes.add(b.get(v))));
            }
        }, new ExprVisitorBase() {
            @Override
            public void visit(NodeValue nv) {
                nodes.add(nv.asNode());
            }
        });
        return nodes;
    }
}
