package org.fairrag.ask;

import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.fairrag.fdo.ArticleName;
import org.fairrag.fdo.DatasetFdo;
import org.fairrag.graph.Queries;
import org.fairrag.graph.Vocab;

/**
 * Writes what a query's results answer: one plain sentence, and the FAIR Digital Objects (PIDs) the
 * results hold, with their kind and a label, so that every answer links to what it came from.
 */
final class AnswerWriter {

    /**
     * An object an answer holds: its PID, kind ({@code article}, {@code term}, ...), identifier (a term's id,
     * an article's PMID) and label.
     */
    record AnswerObject(String pid, String type, String id, String label) {
        JsonObject toJson() {
            return new JsonObject().put("pid", pid).put("type", type).put("id", id).put("label", label);
        }
    }

    /** At most this many objects are listed (and looked up) per answer. */
    static final int MAX_OBJECTS = 500;
    /** At most this many values are written out in a sentence. */
    private static final int MAX_IN_SENTENCE = 10;

    private static final String OBJECTS = Queries.loadText(AnswerWriter.class, "objects.rq");
    private static final Map<String, String> TYPES = Map.of(
            Vocab.SCHOLARLY_ARTICLE.getURI(), "article",
            Vocab.CONCEPT.getURI(), "term",
            Vocab.SUMMARY.getURI(), "summary",
            Vocab.INGESTION_RUN.getURI(), "ingestion-run",
            Vocab.DCAT_DATASET.getURI(), "dataset");

    private final String pidPrefix;
    private final String datasetPid;

    AnswerWriter(String baseUrl) {
        this.pidPrefix = baseUrl + "/pid/";
        this.datasetPid = new DatasetFdo(baseUrl).pid();
    }

    /**
     * The objects of a result (every PID in it, in order of appearance), then the terms the question was
     * linked to; rows without a PID (a count, names, years) were computed from the collection, so the dataset
     * FDO comes last for them. Kinds and labels come from one lookup query run like the answer's.
     */
    List<AnswerObject> objects(JsonObject result, List<LinkedTerm> linkedTerms, ScopedQueries queries,
                               Set<String> graphs) {
        List<String> inRows = pids(result);
        List<String> lookedUp = new ArrayList<>(inRows.subList(0, Math.min(MAX_OBJECTS, inRows.size())));
        if (inRows.isEmpty()) {
            lookedUp.add(datasetPid);
        }
        Map<String, AnswerObject> described = new LinkedHashMap<>();
        Query lookup = Queries.bindValues(QueryFactory.create(OBJECTS), "object",
                lookedUp.stream().map(NodeFactory::createURI).toList());
        for (Object b : queries.run(lookup.serialize(), graphs).getJsonObject("results").getJsonArray("bindings")) {
            JsonObject row = (JsonObject) b;
            String pid = value(row, "object");
            String type = TYPES.get(value(row, "type"));
            String id = value(row, "id");
            String label = "article".equals(type) ? ArticleName.of(value(row, "label"), id) : value(row, "label");
            described.putIfAbsent(pid, new AnswerObject(pid, type, id, label));
        }
        Map<String, AnswerObject> out = new LinkedHashMap<>();
        inRows.stream().map(described::get).filter(o -> o != null).forEach(o -> out.putIfAbsent(o.pid(), o));
        for (LinkedTerm t : linkedTerms) {
            out.putIfAbsent(t.pid(), new AnswerObject(t.pid(), "term", t.id(), t.label()));
        }
        if (inRows.isEmpty() && described.containsKey(datasetPid)) {
            out.putIfAbsent(datasetPid, described.get(datasetPid));
        }
        return List.copyOf(out.values());
    }

    private List<String> pids(JsonObject result) {
        List<String> out = new ArrayList<>();
        if (result == null || !result.containsKey("results")) {
            return out;
        }
        for (Object b : result.getJsonObject("results").getJsonArray("bindings")) {
            JsonObject row = (JsonObject) b;
            for (String var : row.fieldNames()) {
                JsonObject cell = row.getJsonObject(var);
                String v = cell.getString("value");
                if ("uri".equals(cell.getString("type")) && v.startsWith(pidPrefix) && !out.contains(v)) {
                    out.add(v);
                }
            }
        }
        return out;
    }

    /** The sentence that answers the question, from the values of the shape's answer variable. */
    String sentence(Interpretation in, JsonObject result) {
        Shape shape = in.shape();
        if (shape.answerVariable() == null) {
            return yesNo(in, result.getBoolean("boolean", false));
        }
        List<String> values = values(result, shape.answerVariable());
        String about = describe(in.selection());
        String of = bare(about); // as it follows a noun: "journals published articles about X"
        String article = in.article() != null ? in.article().describe() : null;
        String term = in.term() != null ? in.term().label() : null;
        int n = values.size();
        String first = n > 0 ? values.get(0) : null;
        return switch (shape) {
            case COUNT_ARTICLES, COUNT_ARTICLES_BY_AUTHOR -> in.selection().isEmpty()
                    ? "The collection holds " + first + " articles."
                    : articles(first, about) + ".";
            case LIST_ARTICLES, LIST_ARTICLE_PMIDS, LIST_ARTICLE_TITLES, ARTICLES_BY_AUTHOR -> n == 0
                    ? "No article " + about.replaceFirst("^are ", "is ") + "."
                    : articles(n, about) + "; " + (n == 1 ? "it is" : "they are") + " listed below.";
            case LIST_ARTICLE_DOIS -> n == 0 ? "No article " + of + " has a DOI."
                    : plural(n, "article") + " " + of + " have a DOI: " + list(values) + ".";
            case LIST_JOURNALS -> n == 0 ? "No journal published an article " + of + "."
                    : plural(n, "journal") + " published articles " + of + ": " + list(values) + ".";
            case LIST_YEARS -> n == 0 ? "No article " + of + " has a year of publication."
                    : "Articles " + of + " were published in " + plural(n, "year") + ": " + list(values) + ".";
            case LIST_AUTHORS -> n == 0 ? "No author is named for articles " + of + "."
                    : plural(n, "author") + " wrote articles " + of + ": " + list(values) + ".";
            case COUNT_JOURNALS -> in.selection().isEmpty() ? "The articles come from " + plural(first, "journal") + "."
                    : plural(first, "journal") + " published articles " + of + ".";
            case COUNT_AUTHORS -> in.selection().isEmpty() ? "The articles name " + plural(first, "author") + "."
                    : plural(first, "author") + " wrote articles " + of + ".";
            case TOP_JOURNALS -> top(values, result, "published the most articles " + of, "No journal is named for articles " + of + ".");
            case TOP_YEARS -> top(values, result, "saw the most articles " + of, "No article " + of + " has a year.");
            case TOP_AUTHORS -> top(values, result, "wrote the most articles " + of, "No author is named for articles " + of + ".");
            case OLDEST_ARTICLES, NEWEST_ARTICLES -> n == 0 ? "No article " + of
                    + " has a year of publication." : "The " + (shape == Shape.OLDEST_ARTICLES ? "earliest" : "latest")
                    + " of the articles that " + about + " " + (n == 1 ? "was" : "were") + " published in "
                    + values(result, "year").get(0) + ": " + plural(n, "article") + ", listed below.";
            case FIRST_YEAR -> first == null ? "No article " + of + " has a year of publication."
                    : "The first article " + of + " was published in " + first + ".";
            case LAST_YEAR -> first == null ? "No article " + of + " has a year of publication."
                    : "The latest article " + of + " was published in " + first + ".";
            case ARTICLE_AUTHORS -> n == 0 ? none("authors", article) : "The authors of " + article + " are " + list(values) + ".";
            case ARTICLE_FIRST_AUTHOR -> n == 0 ? none("authors", article) : "The first author of " + article + " is " + first + ".";
            case ARTICLE_LAST_AUTHOR -> n == 0 ? none("authors", article) : "The last author of " + article + " is " + first + ".";
            case ARTICLE_AUTHOR_COUNT -> n == 0 ? none("article", article) : article + " has " + plural(first, "author") + ".";
            case ARTICLE_JOURNAL -> n == 0 ? none("journal", article) : article + " was published in " + first + ".";
            case ARTICLE_YEAR, ARTICLE_DATE -> n == 0 ? none("date of publication", article)
                    : article + " was published in " + first + ".";
            case ARTICLE_DOI -> n == 0 ? none("DOI", article) : "The DOI of " + article + " is " + first + ".";
            case ARTICLE_PID -> n == 0 ? none("article", article) : "The PID of " + article + " is " + first + ".";
            case ARTICLE_PMID -> n == 0 ? none("article", article) : "The PubMed id of " + article + " is " + first + ".";
            case ARTICLE_TITLE -> n == 0 ? none("title", article) : "The title of " + article + " is \"" + first + "\".";
            case ARTICLE_ABSTRACT -> n == 0 ? none("abstract", article) : "The abstract of " + article + " is below.";
            case ARTICLE_TERMS -> n == 0 ? none("MeSH terms", article) : article + " is indexed with " + list(values) + ".";
            case ARTICLE_MAJOR_TERMS -> n == 0 ? none("major topics", article)
                    : "The major topics of " + article + " are " + list(values) + ".";
            case ARTICLE_TERM_COUNT -> n == 0 ? none("article", article) : article + " is indexed with "
                    + plural(first, "MeSH term") + ".";
            case ARTICLE_MAJOR_TERM_COUNT -> n == 0 ? none("article", article) : article + " has "
                    + plural(first, "major topic") + ".";
            case ARTICLE_OVERVIEW -> n == 0 ? none("MeSH terms", article) : article + (titleOf(result) != null
                    ? ", \"" + titleOf(result) + "\"," : "") + " is about " + list(values) + ".";
            case ARTICLE_LICENSE -> n == 0 ? none("licence", article) : article + " is available under " + first + ".";
            case TERM_ID -> n == 0 ? none("identifier", term) : "The identifier of " + term + " is " + first + ".";
            case TERM_PID -> n == 0 ? none("PID", term) : "The PID of " + term + " is " + first + ".";
            case TERM_LABEL -> n == 0 ? none("name", term) : "The preferred name of \"" + in.term().text() + "\" is "
                    + first + ".";
            case TERM_ALT_LABELS -> n == 0 ? term + " has no other names." : term + " is also called " + list(values) + ".";
            case TERM_TREE_NUMBERS -> n == 0 ? term + " has no tree numbers." : "The tree numbers of " + term + " are "
                    + list(values) + ".";
            case TERM_BROADER -> n == 0 ? term + " is at the top of its tree." : term + " is under " + list(values) + ".";
            case TERM_NARROWER -> n == 0 ? term + " has no narrower terms." : plural(n, "term") + " are directly under "
                    + term + ": " + list(values) + ".";
            case TERM_DESCENDANTS -> n == 0 ? term + " has no narrower terms." : plural(n, "term") + " are under "
                    + term + ", at any depth: " + list(values) + ".";
            case TERM_NARROWER_COUNT -> plural(first, "term") + " are directly under " + term + ".";
            case TERM_DESCENDANT_COUNT -> plural(first, "term") + " are under " + term + ", at any depth.";
            case TERM_BY_TREE_NUMBER -> n == 0 ? "No term has the tree number " + in.literal() + "."
                    : "The term with tree number " + in.literal() + " is " + first + ".";
            case TERM_BY_ID -> n == 0 ? "No term has the identifier " + in.literal() + "."
                    : in.literal() + " is " + first + ".";
            case COUNT_TERMS -> "The vocabularies hold " + plural(first, "term") + ".";
            default -> throw new IllegalStateException("no sentence for " + shape);
        };
    }

    private static String yesNo(Interpretation in, boolean yes) {
        return switch (in.shape()) {
            case ANY_ARTICLES -> yes ? "Yes: at least one article is " + describe(in.selection()).replaceFirst("^are ", "")
                    + "." : "No: no article is " + describe(in.selection()).replaceFirst("^are ", "") + ".";
            case ARTICLE_ABOUT -> (yes ? "Yes: " + in.article().describe() + " is about "
                    : "No: " + in.article().describe() + " is not about ") + topics(in.selection().topics()) + ".";
            case TERM_EXISTS -> "Yes: the vocabulary has " + in.term().label() + " (" + in.term().id() + ")"
                    + (in.term().label().equalsIgnoreCase(in.term().text()) ? "." : " for \"" + in.term().text() + "\".");
            case TERM_IS_A -> (yes ? "Yes: " + in.term().label() + " is under " : "No: " + in.term().label()
                    + " is not under ") + in.ancestor().label() + " in the vocabulary.";
            default -> throw new IllegalStateException("no yes/no sentence for " + in.shape());
        };
    }

    /** How a selection reads after "N articles": "are about X (or a narrower term), published in 2020". */
    static String describe(Selection s) {
        List<String> parts = new ArrayList<>();
        if (!s.topics().isEmpty()) {
            boolean major = s.topics().stream().anyMatch(Topic::major);
            parts.add("are about " + topics(s.topics()) + (major ? " as a major topic" : ""));
        }
        if (!s.excluded().isEmpty()) {
            parts.add("not about " + String.join(" or ", s.excluded().stream().map(Topic::describe).toList()));
        }
        if (s.yearFrom() != null || s.yearTo() != null) {
            parts.add(QuestionParser.years(s.yearFrom(), s.yearTo()));
        }
        if (s.author() != null) {
            parts.add("by " + String.join(" or ", s.author().names()));
        }
        if (s.journal() != null) {
            parts.add("in " + String.join(" or ", s.journal().names()));
        }
        if (parts.isEmpty()) {
            return "are in the collection";
        }
        String text = String.join(", ", parts);
        return text.startsWith("are ") ? text : "are " + text;
    }

    private static String topics(List<Topic> topics) {
        return String.join(" and ", topics.stream().map(t -> t.anyOf().size() > 1 ? "(" + t.describe() + ")"
                : t.describe()).toList()) + (topics.isEmpty() ? "" : " (or a narrower term)");
    }

    private static String top(List<String> values, JsonObject result, String what, String none) {
        if (values.isEmpty()) {
            return none;
        }
        String count = values(result, "count").stream().findFirst().orElse("?");
        return list(values) + " " + what + " (" + count + (values.size() > 1 ? " each" : "") + ").";
    }

    /**
     * What an answer adds about the articles of {@code selection} it left out for lacking {@code field}: "40
     * articles about X have no journal recorded and are not counted here."; with {@code years}, the answer's year
     * bounds could not include them.
     */
    static String unrecorded(Selection selection, Shape.Field field, long count, boolean years) {
        boolean one = count == 1;
        return plural(count, "article") + " " + bare(describe(selection)) + " " + (one ? "has " : "have ")
                + field.missing() + (years ? ", so no year bound can include " + (one ? "it" : "them")
                : " and " + (one ? "is" : "are") + " not counted here") + ".";
    }

    /** A selection as it follows a noun: "(articles) about X, published in 2020". */
    private static String bare(String about) {
        return about.replaceFirst("^are ", "");
    }

    /** "15 articles are about X", "1 article is about X". */
    private static String articles(Object n, String about) {
        return "1".equals(String.valueOf(n)) ? "1 article " + about.replaceFirst("^are ", "is ")
                : plural(n, "article") + " " + about;
    }

    private static String none(String what, String of) {
        return "The collection has no " + what + " for " + of + ".";
    }

    private static String titleOf(JsonObject result) {
        List<String> titles = values(result, "title");
        return titles.isEmpty() ? null : titles.get(0);
    }

    /** The distinct values of a variable in the results, in order. */
    static List<String> values(JsonObject result, String var) {
        List<String> out = new ArrayList<>();
        JsonArray bindings = result.getJsonObject("results").getJsonArray("bindings");
        for (Object b : bindings) {
            JsonObject cell = ((JsonObject) b).getJsonObject(var);
            if (cell != null && !out.contains(cell.getString("value"))) {
                out.add(cell.getString("value"));
            }
        }
        return out;
    }

    private static String list(List<String> values) {
        List<String> shown = values.subList(0, Math.min(MAX_IN_SENTENCE, values.size()));
        String more = values.size() > shown.size() ? " and " + (values.size() - shown.size()) + " more" : "";
        if (shown.size() == 1) {
            return shown.get(0) + more;
        }
        if (more.isEmpty()) {
            return String.join("; ", shown.subList(0, shown.size() - 1)) + " and " + shown.get(shown.size() - 1);
        }
        return String.join("; ", shown) + more;
    }

    private static String plural(Object n, String noun) {
        String count = String.valueOf(n);
        return count + " " + noun + ("1".equals(count) ? "" : "s");
    }

    private static String value(JsonObject row, String var) {
        JsonObject cell = row.getJsonObject(var);
        return cell == null ? null : cell.getString("value");
    }
}
