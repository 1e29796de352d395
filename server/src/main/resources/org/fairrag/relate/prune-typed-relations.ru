# Removes the typed relations (graph ?t) whose association is no longer in the association graph ?g, or
# one of whose evidence sentences is no longer in the mentions graph ?m (its article was withdrawn or its
# text changed). The caller fills the three VALUES blocks.
PREFIX fr: <https://w3id.org/fairrag/ns#>

DELETE { GRAPH ?t { ?relation ?p ?o } }
WHERE {
  VALUES ?t { } VALUES ?g { } VALUES ?m { }
  GRAPH ?t { ?relation fr:association ?association ; ?p ?o }
  FILTER (NOT EXISTS { GRAPH ?g { ?association a fr:Association } }
          || EXISTS { GRAPH ?t { ?relation fr:evidence ?sentence } FILTER NOT EXISTS { GRAPH ?m { ?sentence a fr:Sentence } } })
}
