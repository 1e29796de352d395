package org.fairrag.ask;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.List;

/**
 * What the parser understood a question to ask: its shape and the values that fill the shape's query.
 *
 * @param shape     the kind of question
 * @param selection constraints on articles (general questions; for {@link Shape#ARTICLE_ABOUT}, its topic)
 * @param article   the article a metadata question names, or null
 * @param term      the term an ontology question names, or null
 * @param ancestor  the broader term of "is X a kind of Y", or null
 * @param literal   a tree number or term identifier the question gives, or null
 */
public record Interpretation(Shape shape, Selection selection, ArticleRef article, LinkedTerm term, LinkedTerm ancestor,
                             String literal) {

    public static Interpretation of(Shape shape, Selection selection) {
        return new Interpretation(shape, selection, null, null, null, null);
    }

    public static Interpretation ofArticle(Shape shape, ArticleRef article, Selection selection) {
        return new Interpretation(shape, selection, article, null, null, null);
    }

    public static Interpretation ofTerm(Shape shape, LinkedTerm term, LinkedTerm ancestor) {
        return new Interpretation(shape, Selection.NONE, null, term, ancestor, null);
    }

    public static Interpretation ofLiteral(Shape shape, String literal) {
        return new Interpretation(shape, Selection.NONE, null, null, null, literal);
    }

    /** Every term the question was linked to, in the order the question names them. */
    public List<LinkedTerm> linkedTerms() {
        List<LinkedTerm> out = new ArrayList<>();
        if (term != null) {
            out.add(term);
        }
        if (ancestor != null) {
            out.add(ancestor);
        }
        selection.topics().forEach(t -> out.addAll(t.anyOf()));
        selection.excluded().forEach(t -> out.addAll(t.anyOf()));
        return out;
    }

    /** The interpretation as the API shows it: which words became which terms, and every constraint. */
    public JsonObject toJson() {
        JsonObject json = new JsonObject()
                .put("shape", shape.name().toLowerCase())
                .put("category", shape.category().name().toLowerCase());
        if (!selection.topics().isEmpty()) {
            json.put("about", topics(selection.topics()));
        }
        if (!selection.excluded().isEmpty()) {
            json.put("notAbout", topics(selection.excluded()));
        }
        if (selection.yearFrom() != null) {
            json.put("yearFrom", selection.yearFrom());
        }
        if (selection.yearTo() != null) {
            json.put("yearTo", selection.yearTo());
        }
        if (selection.author() != null) {
            json.put("author", named(selection.author()));
        }
        if (selection.journal() != null) {
            json.put("journal", named(selection.journal()));
        }
        if (article != null) {
            json.put("article", new JsonObject().put(article.kind().name().toLowerCase(), article.value()));
        }
        if (term != null) {
            json.put("term", term(term));
        }
        if (ancestor != null) {
            json.put("broaderTerm", term(ancestor));
        }
        if (literal != null) {
            json.put("value", literal);
        }
        json.put("terms", new JsonArray(linkedTerms().stream().map(Interpretation::term).toList()));
        return json;
    }

    private static JsonArray topics(List<Topic> topics) {
        JsonArray out = new JsonArray();
        for (Topic t : topics) {
            out.add(new JsonObject()
                    .put("anyOf", new JsonArray(t.anyOf().stream().map(Interpretation::term).toList()))
                    .put("narrowerTermsIncluded", true)
                    .put("majorTopic", t.major()));
        }
        return out;
    }

    static JsonObject term(LinkedTerm t) {
        return new JsonObject().put("text", t.text()).put("id", t.id()).put("label", t.label()).put("pid", t.pid())
                .put("matched", t.matched());
    }

    private static JsonObject named(Selection.NamedEntity e) {
        return new JsonObject().put("text", e.text()).put("names", new JsonArray(e.names()));
    }
}
