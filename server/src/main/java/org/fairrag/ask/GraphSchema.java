package org.fairrag.ask;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.vocabulary.OWL;
import org.apache.jena.vocabulary.RDFS;
import org.fairrag.graph.GraphStore;
import org.fairrag.graph.Queries;

/**
 * The schema of the graph as a language model reads it: each class with what it means and how many
 * instances it has, each of its properties with its meaning, how often it is used and an example value.
 * Meanings come from {@code ontologies/} (the SHACL shapes' descriptions and the fairrag vocabulary's
 * comments); classes, properties, counts and examples from the data (public and vocabulary graphs only,
 * since the text goes to a model). Blocking: reads the graph.
 */
final class GraphSchema {

    private static final String SH = "http://www.w3.org/ns/shacl#";
    private static final String PROPERTIES = Queries.loadText(GraphSchema.class, "schema-properties.rq");
    private static final String CLASS_COUNT = Queries.loadText(GraphSchema.class, "schema-class-count.rq");
    private static final int MAX_EXAMPLE = 60;
    /** Key of what a node shape says about the values of a property, until the data tells their class. */
    private static final String VALUES_OF = "values of ";

    /** The prefixes the prompt declares, so that the schema and the model's queries share them. */
    static final PrefixMapping PREFIXES = PrefixMapping.Factory.create()
            .setNsPrefix("schema", "http://schema.org/")
            .setNsPrefix("dct", "http://purl.org/dc/terms/")
            .setNsPrefix("skos", "http://www.w3.org/2004/02/skos/core#")
            .setNsPrefix("fr", "https://w3id.org/fairrag/ns#")
            .setNsPrefix("prov", "http://www.w3.org/ns/prov#")
            .setNsPrefix("dcat", "http://www.w3.org/ns/dcat#")
            .setNsPrefix("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#")
            .setNsPrefix("xsd", "http://www.w3.org/2001/XMLSchema#")
            .lock();

    private GraphSchema() {}

    /** The schema as text, from the ontologies shipped in the jar and the given graphs' data. */
    static String describe(GraphStore graph, List<String> graphs) {
        Model ontology = ontology();
        List<Node> graphNodes = graphs.stream().map(NodeFactory::createURI).toList();
        Map<String, String> classMeaning = new LinkedHashMap<>();
        Map<String, Map<String, String>> propertyMeaning = new LinkedHashMap<>();
        for (Resource shape : ontology.listSubjectsWithProperty(ontology.createProperty(SH, "property")).toList()) {
            Statement target = shape.getProperty(ontology.createProperty(SH, "targetClass"));
            if (target != null) {
                readShape(ontology, shape, target.getResource().getURI(), classMeaning, propertyMeaning);
            }
        }
        ontology.listSubjectsWithProperty(org.apache.jena.vocabulary.RDF.type, OWL.Class)
                .forEach(c -> classMeaning.putIfAbsent(c.getURI(), text(c)));
        Set<String> classes = new LinkedHashSet<>(classMeaning.keySet());
        classes.removeIf(c -> c.startsWith(VALUES_OF));
        StringBuilder out = new StringBuilder();
        List<String> pending = new ArrayList<>(classes);
        Set<String> described = new LinkedHashSet<>();
        while (!pending.isEmpty()) {
            String c = pending.remove(0);
            if (!described.add(c)) {
                continue;
            }
            long instances = count(graph, graphNodes, c);
            if (instances == 0) {
                continue;
            }
            out.append(PREFIXES.shortForm(c)).append(" (").append(instances).append(" instances)");
            String meaning = classMeaning.get(c);
            if (meaning != null) {
                out.append(": ").append(meaning);
            }
            out.append('\n');
            Query q = QueryFactory.create(PROPERTIES);
            Queries.bindValues(q, "g", graphNodes);
            Queries.bindValues(q, "class", List.of(NodeFactory.createURI(c)));
            for (QuerySolution row : graph.select(q)) {
                String p = row.getResource("property").getURI();
                out.append("  ").append(PREFIXES.shortForm(p)).append(" (").append(row.getLiteral("uses").getLong())
                        .append(" uses");
                if (row.contains("valueType")) {
                    String valueClass = row.getResource("valueType").getURI();
                    out.append(", values are ").append(PREFIXES.shortForm(valueClass));
                    String shapeKey = VALUES_OF + p;
                    if (classMeaning.containsKey(shapeKey)) {
                        classMeaning.putIfAbsent(valueClass, classMeaning.get(shapeKey));
                    }
                    if (propertyMeaning.containsKey(shapeKey)) {
                        propertyMeaning.putIfAbsent(valueClass, propertyMeaning.get(shapeKey));
                    }
                    if (!classes.contains(valueClass)) {
                        classes.add(valueClass);
                        pending.add(valueClass);
                    }
                }
                out.append(", e.g. ").append(example(row.get("example"))).append(')');
                String pm = propertyMeaning.getOrDefault(c, Map.of()).get(p);
                if (pm == null) {
                    pm = meaningOf(ontology, p);
                }
                if (pm != null) {
                    out.append(": ").append(pm);
                }
                out.append('\n');
            }
        }
        return out.toString().strip();
    }

    private static void readShape(Model ontology, Resource shape, String forClass, Map<String, String> classMeaning,
                                  Map<String, Map<String, String>> propertyMeaning) {
        Statement d = shape.getProperty(ontology.createProperty(SH, "description"));
        if (d != null) {
            classMeaning.putIfAbsent(forClass, d.getString());
        }
        for (Statement s : shape.listProperties(ontology.createProperty(SH, "property")).toList()) {
            Resource property = s.getResource();
            Statement path = property.getProperty(ontology.createProperty(SH, "path"));
            Statement description = property.getProperty(ontology.createProperty(SH, "description"));
            if (path != null && path.getObject().isURIResource() && description != null) {
                propertyMeaning.computeIfAbsent(forClass, k -> new LinkedHashMap<>())
                        .put(path.getResource().getURI(), description.getString());
            }
            Statement node = property.getProperty(ontology.createProperty(SH, "node"));
            if (node != null && path != null) {
                // A shape for the values of a property describes their class, which the data tells.
                Statement nodeDescription = node.getResource().getProperty(ontology.createProperty(SH, "description"));
                String key = VALUES_OF + path.getResource().getURI();
                if (nodeDescription != null) {
                    classMeaning.putIfAbsent(key, nodeDescription.getString());
                }
                readShape(ontology, node.getResource(), key, classMeaning, propertyMeaning);
            }
        }
    }

    private static String meaningOf(Model ontology, String property) {
        Resource r = ontology.getResource(property);
        return r.hasProperty(RDFS.label) || r.hasProperty(RDFS.comment) ? text(r) : null;
    }

    private static String text(Resource r) {
        Statement comment = r.getProperty(RDFS.comment);
        Statement label = r.getProperty(RDFS.label);
        return comment != null ? comment.getString() : label != null ? label.getString() : null;
    }

    private static long count(GraphStore graph, List<Node> graphNodes, String c) {
        Query q = QueryFactory.create(CLASS_COUNT);
        Queries.bindValues(q, "g", graphNodes);
        Queries.bindValues(q, "class", List.of(NodeFactory.createURI(c)));
        return graph.select(q).get(0).getLiteral("instances").getLong();
    }

    private static String example(RDFNode value) {
        if (value == null) {
            return "?";
        }
        if (value.isURIResource()) {
            return "<" + value.asResource().getURI() + ">";
        }
        String lexical = value.asLiteral().getLexicalForm();
        String shown = lexical.length() > MAX_EXAMPLE ? lexical.substring(0, MAX_EXAMPLE) + "…" : lexical;
        String lang = value.asLiteral().getLanguage();
        String type = value.asLiteral().getDatatypeURI();
        return "\"" + shown.replace("\"", "\\\"").replace("\n", " ") + "\"" + (!lang.isEmpty() ? "@" + lang
                : type != null && !type.endsWith("#string") && !type.endsWith("#langString") ? "^^" + PREFIXES.shortForm(type) : "");
    }

    private static Model ontology() {
        Model m = ModelFactory.createDefaultModel();
        for (String name : List.of("/fairrag/ontologies/fairrag.ttl", "/fairrag/ontologies/fairrag-shapes.ttl")) {
            try (InputStream in = GraphSchema.class.getResourceAsStream(name)) {
                if (in == null) {
                    throw new IllegalStateException("Missing " + name + " (is the jar complete?)");
                }
                RDFDataMgr.read(m, in, Lang.TURTLE);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return m;
    }
}
