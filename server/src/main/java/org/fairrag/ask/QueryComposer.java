package org.fairrag.ask;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.TriplePath;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.syntax.Element;
import org.apache.jena.sparql.syntax.ElementGroup;
import org.apache.jena.sparql.syntax.ElementPathBlock;
import org.apache.jena.sparql.syntax.ElementSubQuery;
import org.apache.jena.sparql.syntax.syntaxtransform.QueryTransformOps;
import org.apache.jena.vocabulary.RDF;
import org.fairrag.graph.Queries;
import org.fairrag.graph.Vocab;

/**
 * Builds the SPARQL query that answers an {@link Interpretation} from the templates next to this class:
 * the shape's template, and one constraint template per topic, year bound, author, journal or article
 * reference, whose elements go in front of each anchor pattern {@code ?article a schema:ScholarlyArticle}
 * of the shape. Every value reaches the query as a node bound in a {@code VALUES} block, never as text.
 */
final class QueryComposer {

    private static final Var ARTICLE = Var.alloc("article");
    private static final Node ARTICLE_TYPE = NodeFactory.createURI(Vocab.SCHOLARLY_ARTICLE.getURI());

    private static final String COUNT_UP_TO = "count-articles-up-to.rq";

    private final Map<String, String> templates = new HashMap<>();

    QueryComposer() {
        for (Shape s : Shape.values()) {
            templates.computeIfAbsent(s.template(), name -> Queries.loadText(QueryComposer.class, name));
        }
        for (Shape.Field field : Shape.Field.values()) {
            templates.put(field.template(), Queries.loadText(QueryComposer.class, field.template()));
        }
        for (String name : List.of(COUNT_UP_TO, "constraint-topic.rq", "constraint-major-topic.rq", "constraint-not-topic.rq",
                "constraint-year-from.rq", "constraint-year-to.rq", "constraint-author.rq", "constraint-journal.rq",
                "article-by-pmid.rq", "article-by-doi.rq", "article-by-pid.rq")) {
            templates.put(name, Queries.loadText(QueryComposer.class, name));
        }
    }

    Query compose(Interpretation in) {
        Query query = QueryFactory.create(templates.get(in.shape().template()));
        switch (in.shape().subject()) {
            case SELECTION -> constrain(query, in.selection(), null);
            case ARTICLE -> constrain(query, in.selection(), in.article());
            case TERM -> {
                Queries.bindValues(query, "term", List.of(uri(in.term().pid())));
                if (in.ancestor() != null) {
                    Queries.bindValues(query, "ancestor", List.of(uri(in.ancestor().pid())));
                }
            }
            case LITERAL -> Queries.bindValues(query, in.shape() == Shape.TERM_BY_TREE_NUMBER ? "treeNumber" : "id",
                    List.of(NodeFactory.createLiteralString(in.literal())));
            case NONE -> { }
        }
        return query;
    }

    /** The query counting the articles of {@code selection}, no further than {@code limit}. */
    Query composeCountUpTo(Selection selection, long limit) {
        Query query = QueryFactory.create(templates.get(COUNT_UP_TO));
        constrain(query, selection, null);
        ((ElementSubQuery) ((ElementGroup) query.getQueryPattern()).getElements().get(0)).getQuery().setLimit(limit);
        return query;
    }

    /** The query counting the articles of {@code selection} that lack {@code field}. */
    Query composeUnrecorded(Selection selection, Shape.Field field) {
        Query query = QueryFactory.create(templates.get(field.template()));
        constrain(query, selection, null);
        return query;
    }

    /**
     * Puts the constraints in front of every anchor of the query (there are two in the "most" shapes); with
     * {@code article}, the reference to that one article too.
     */
    private void constrain(Query query, Selection selection, ArticleRef article) {
        List<ElementGroup> sites = new ArrayList<>();
        findAnchors(query.getQueryPattern(), sites);
        if (sites.isEmpty()) {
            throw new IllegalStateException("a template has no ?article anchor: " + query);
        }
        for (ElementGroup site : sites) {
            List<Element> leading = new ArrayList<>();
            if (article != null) {
                leading.addAll(articleReference(query, article));
            }
            leading.addAll(selection(query, selection));
            site.getElements().addAll(anchorIndex(site), leading);
            // MINUS takes away from what the group has bound before it, so it goes last.
            site.getElements().addAll(exclusions(query, selection));
        }
    }

    private List<Element> articleReference(Query target, ArticleRef ref) {
        return switch (ref.kind()) {
            case PMID -> fragment(target, "article-by-pmid.rq", Map.of(), "articlePmid",
                    List.of(NodeFactory.createLiteralString(ref.value())));
            case DOI -> fragment(target, "article-by-doi.rq", Map.of(), "articleDoi",
                    List.of(NodeFactory.createLiteralString(ref.value())));
            case PID -> fragment(target, "article-by-pid.rq", Map.of(), "article", List.of(uri(ref.value())));
        };
    }

    private List<Element> selection(Query target, Selection s) {
        List<Element> out = new ArrayList<>();
        int n = 0;
        for (Topic topic : s.topics()) {
            n++;
            String suffix = n == 1 ? "" : Integer.toString(n);
            out.addAll(fragment(target, topic.major() ? "constraint-major-topic.rq" : "constraint-topic.rq",
                    Map.of("topic", "topic" + suffix, "subject", "subject" + suffix), "topic" + suffix, terms(topic)));
        }
        if (s.yearFrom() != null) {
            out.addAll(fragment(target, "constraint-year-from.rq", Map.of(), "yearFrom", List.of(year(s.yearFrom()))));
        }
        if (s.yearTo() != null) {
            // Both bounds read the same date.
            out.addAll(fragment(target, "constraint-year-to.rq", Map.of(), "yearTo", List.of(year(s.yearTo()))));
        }
        if (s.author() != null) {
            out.addAll(fragment(target, "constraint-author.rq", Map.of(), "authorName", strings(s.author().names())));
        }
        if (s.journal() != null) {
            out.addAll(fragment(target, "constraint-journal.rq", Map.of(), "journalName", strings(s.journal().names())));
        }
        return out;
    }

    private List<Element> exclusions(Query target, Selection s) {
        List<Element> out = new ArrayList<>();
        int n = 0;
        for (Topic topic : s.excluded()) {
            n++;
            String suffix = n == 1 ? "" : Integer.toString(n);
            out.addAll(fragment(target, "constraint-not-topic.rq",
                    Map.of("excluded", "excluded" + suffix, "excludedSubject", "excludedSubject" + suffix),
                    "excluded" + suffix, terms(topic)));
        }
        return out;
    }

    /**
     * The elements of a constraint template, its variables renamed as {@code renames} says, its VALUES block
     * for {@code valuesVar} filled with {@code values}; its prefixes join those of {@code target}.
     */
    private List<Element> fragment(Query target, String name, Map<String, String> renames, String valuesVar,
                                   List<Node> values) {
        Query fragment = QueryFactory.create(templates.get(name));
        if (!renames.isEmpty()) {
            Map<Var, Node> map = new HashMap<>();
            renames.forEach((from, to) -> map.put(Var.alloc(from), Var.alloc(to)));
            fragment = QueryTransformOps.transform(fragment, map);
        }
        Queries.bindValues(fragment, valuesVar, values);
        target.getPrefixMapping().setNsPrefixes(fragment.getPrefixMapping());
        return List.copyOf(((ElementGroup) fragment.getQueryPattern()).getElements());
    }

    private static void findAnchors(Element element, List<ElementGroup> out) {
        if (element instanceof ElementGroup group) {
            if (anchorIndex(group) >= 0) {
                out.add(group);
            }
            group.getElements().forEach(e -> findAnchors(e, out));
        } else if (element instanceof ElementSubQuery sub) {
            findAnchors(sub.getQuery().getQueryPattern(), out);
        }
    }

    private static int anchorIndex(ElementGroup group) {
        List<Element> elements = group.getElements();
        for (int i = 0; i < elements.size(); i++) {
            if (elements.get(i) instanceof ElementPathBlock block) {
                for (TriplePath tp : block.getPattern().getList()) {
                    if (tp.isTriple() && ARTICLE.equals(tp.getSubject()) && RDF.type.asNode().equals(tp.getPredicate())
                            && ARTICLE_TYPE.equals(tp.getObject())) {
                        return i;
                    }
                }
            }
        }
        return -1;
    }

    private static List<Node> terms(Topic topic) {
        return topic.anyOf().stream().map(t -> uri(t.pid())).toList();
    }

    private static List<Node> strings(List<String> values) {
        return values.stream().map(NodeFactory::createLiteralString).toList();
    }

    private static Node year(int year) {
        return NodeFactory.createLiteralDT(Integer.toString(year), XSDDatatype.XSDinteger);
    }

    private static Node uri(String iri) {
        return NodeFactory.createURI(iri);
    }
}
