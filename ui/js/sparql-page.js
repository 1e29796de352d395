// The SPARQL query page: an editor with highlighting (CodeMirror, when it loaded), example queries,
// results as a table. `#query=<encoded>` in the address prefills the editor without running it.
import {$, Status, el, render} from './dom.js';
import {postSparql} from './api.js';
import {resultsTable} from './results.js';

const PREFIXES = `PREFIX schema: <http://schema.org/>
PREFIX dct: <http://purl.org/dc/terms/>
PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
`;

const EXAMPLES = [
  {name: 'Count the articles', query: `${PREFIXES}
SELECT (COUNT(?article) AS ?articles)
WHERE { ?article a schema:ScholarlyArticle }
`},
  {name: 'Articles about a MeSH term', query: `${PREFIXES}
# Articles about Mouth Neoplasms (D009062) or any narrower term
SELECT DISTINCT ?article ?title
WHERE {
  ?term dct:identifier "D009062" .
  ?subject skos:broader* ?term .
  ?article schema:about ?subject ;
           dct:title ?title .
}
ORDER BY ?title
LIMIT 25
`},
  {name: 'Narrower terms of a MeSH term', query: `${PREFIXES}
# The terms directly below Mouth Neoplasms (D009062)
SELECT ?narrower ?id ?label
WHERE {
  ?term dct:identifier "D009062" .
  ?narrower skos:broader ?term ;
            dct:identifier ?id ;
            skos:prefLabel ?label .
}
ORDER BY ?label
`},
  {name: 'Articles that mention a term but are not indexed with it', query: `${PREFIXES}PREFIX oa: <http://www.w3.org/ns/oa#>
PREFIX fr: <https://w3id.org/fairrag/ns#>
# Articles whose abstract mentions Hypertension (D006973), not negated,
# though their indexers did not give it as a subject (concept mentions are W3C Web Annotations)
SELECT ?article ?title (SAMPLE(?quote) AS ?mentioned)
WHERE {
  ?term dct:identifier "D006973" .
  ?mention oa:hasBody ?term ;
           oa:hasTarget [ oa:hasSource ?article ; fr:textProperty schema:abstract ;
                          oa:hasSelector [ oa:exact ?quote ] ] .
  FILTER NOT EXISTS { ?mention fr:negated true }
  FILTER NOT EXISTS { ?article schema:about ?term }
  ?article dct:title ?title .
}
GROUP BY ?article ?title
ORDER BY ?title
LIMIT 25
`},
  {name: 'Concepts most associated with a term', query: `${PREFIXES}PREFIX fr: <https://w3id.org/fairrag/ns#>
# Concepts mentioned in the same sentences as Hypertension (D006973) across the abstracts,
# by normalised pointwise mutual information (associations met in at least two articles)
SELECT ?other ?label ?npmi ?sentences ?articles
WHERE {
  ?term dct:identifier "D006973" .
  ?association a fr:Association ; fr:concept ?term , ?other ;
               fr:npmi ?npmi ; fr:sentenceCount ?sentences ; fr:articleCount ?articles .
  FILTER (?other != ?term)
  ?other skos:prefLabel ?label .
}
ORDER BY DESC(?npmi) DESC(?sentences) ?other
LIMIT 25
`},
  {name: 'Terms by an alternative name', query: `${PREFIXES}PREFIX text: <http://jena.apache.org/text#>
# The full-text index over term names: a phrase (inner quotes), the ten best, best first
SELECT DISTINCT ?term ?label ?score
WHERE {
  (?term ?score) text:query (skos:altLabel '"heart attack"' 10) .
  ?term skos:prefLabel ?label
}
ORDER BY DESC(?score)
`},
];

const status = new Status($('#query-status'), $('#query-error'), $('#query-results'));
const textarea = $('#query');
let controller = null;

const editor = window.CodeMirror ? window.CodeMirror.fromTextArea(textarea, {
  mode: 'sparql',
  lineNumbers: true,
  matchBrackets: true,
  viewportMargin: Infinity,
  screenReaderLabel: 'SPARQL query',
  extraKeys: {'Ctrl-Enter': () => run(), 'Cmd-Enter': () => run(), Tab: false, 'Shift-Tab': false},
}) : null;

const getQuery = () => (editor ? editor.getValue() : textarea.value);
function setQuery(text) {
  if (editor) editor.setValue(text);
  else textarea.value = text;
}

render($('#examples'), EXAMPLES.map((example) => el('li', {},
  el('button', {
    type: 'button', className: 'secondary',
    onclick: () => {
      setQuery(example.query);
      if (editor) editor.focus();
      else textarea.focus();
    },
  }, example.name))));

function fromHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  setQuery(params.get('query') || EXAMPLES[0].query);
}

async function run() {
  const query = getQuery().trim();
  if (!query) return;
  history.replaceState(null, '', '#' + new URLSearchParams({query}));
  if (controller) controller.abort();
  controller = new AbortController();
  status.busy('Running the query…');
  const started = performance.now();
  try {
    const answer = await postSparql(query, controller.signal);
    const ms = Math.round(performance.now() - started);
    const rowCount = answer.json && answer.json.results ? answer.json.results.bindings.length : null;
    const cap = answer.cap && rowCount === Number(answer.cap)
      ? ` The endpoint returns at most ${answer.cap} rows: there may be more.` : '';
    if (answer.json && answer.json.boolean !== undefined) {
      render($('#query-results'), el('p', {className: 'ask'}, `Answer: ${answer.json.boolean ? 'yes' : 'no'}`));
      status.done(`Done in ${ms} ms.`);
    } else if (answer.json) {
      const rows = answer.json.results.bindings;
      render($('#query-results'), resultsTable(answer.json.head.vars, rows));
      status.done(`${rows.length} row${rows.length === 1 ? '' : 's'} in ${ms} ms.${cap}`);
    } else {
      render($('#query-results'), el('pre', {}, el('code', {}, answer.text)));
      status.done(`Done in ${ms} ms (${answer.type}).`);
    }
  } catch (e) {
    if (e.name !== 'AbortError') render($('#query-results'));
    status.fail(e, 'The query failed:');
  }
}

$('#query-form').addEventListener('submit', (e) => {
  e.preventDefault();
  run();
});
window.addEventListener('hashchange', fromHash);
fromHash();
