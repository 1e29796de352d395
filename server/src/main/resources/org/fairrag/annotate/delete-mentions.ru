# Removes the concept mentions of some articles from one mentions graph: the selectors of their targets,
# the annotations, the targets, the sentences and the collection, in that order (each step finds its
# resources through those the next one removes). The caller fills ?g with the graph and ?article with
# the article PIDs (bound IRIs, never text).
PREFIX oa:   <http://www.w3.org/ns/oa#>
PREFIX dct:  <http://purl.org/dc/terms/>
PREFIX prov: <http://www.w3.org/ns/prov#>

DELETE { GRAPH ?g { ?selector ?p ?o } }
WHERE { VALUES ?g { } VALUES ?article { } GRAPH ?g { ?target oa:hasSource ?article ; oa:hasSelector ?selector . ?selector ?p ?o } } ;

DELETE { GRAPH ?g { ?annotation ?p ?o } }
WHERE { VALUES ?g { } VALUES ?article { } GRAPH ?g { ?target oa:hasSource ?article . ?annotation oa:hasTarget ?target ; ?p ?o } } ;

DELETE { GRAPH ?g { ?target ?p ?o } }
WHERE { VALUES ?g { } VALUES ?article { } GRAPH ?g { ?target oa:hasSource ?article ; ?p ?o } } ;

DELETE { GRAPH ?g { ?sentence ?p ?o } }
WHERE { VALUES ?g { } VALUES ?article { } GRAPH ?g { ?sentence dct:isPartOf ?article ; ?p ?o } } ;

DELETE { GRAPH ?g { ?collection ?p ?o } }
WHERE { VALUES ?g { } VALUES ?article { } GRAPH ?g { ?collection prov:wasDerivedFrom ?article ; ?p ?o } }
