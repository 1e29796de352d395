// Ask: a question in plain language answered from the knowledge graph. Shows the answer, the result table
// (PIDs linked), the sentences of the articles that mention its topics, the SPARQL (shown here, and one click opens it in the query page), the terms the question was linked to (chips
// that select them for refine), and hands the articles of an answer to the filter and summary steps.
// The question lives in the address as ?ask=, next to the flow's own parameters.
import {$, Status, el, render} from './dom.js';
import {pidPath, postJson} from './api.js';
import {resultsTable} from './results.js';
import {whenReady} from './startup.js';

const status = new Status($('#ask-status'), $('#ask-error'), $('#ask-out'));
let inFlight = null;

/** The app (app.js) listens for these: select a term for refine; use articles as the hits to filter. */
function tell(name, detail) {
  document.dispatchEvent(new CustomEvent(name, {detail}));
}

function saveQuestion(question, push) {
  const url = new URL(location.href);
  if (question) url.searchParams.set('ask', question);
  else url.searchParams.delete('ask');
  if (url.href !== location.href) history[push ? 'pushState' : 'replaceState'](history.state, '', url);
}

async function ask(question) {
  $('#aq').dataset.asked = question;
  if (inFlight) inFlight.abort();
  inFlight = new AbortController();
  status.busy('Reading the question and querying the graph…');
  try {
    const answer = await postJson('/api/ask', {question}, inFlight.signal);
    renderAnswer(answer);
    status.done(answer.understood ? `Answered by the ${answer.method === 'parser' ? 'question parser' : answer.method}.`
      : 'Not understood.');
  } catch (e) {
    if (e.name !== 'AbortError') render($('#ask-out'));
    status.fail(e, 'The question could not be answered:');
  }
}

function renderAnswer(answer) {
  const articles = answer.objects.filter((o) => o.type === 'article');
  const terms = answer.objects.filter((o) => o.type === 'term');
  render($('#ask-out'),
    el('p', {className: 'answer', id: 'ask-answer'}, answer.answer),
    answer.suggestions ? el('ul', {className: 'examples', 'aria-label': 'Questions that can be answered'},
      answer.suggestions.map((s) => el('li', {}, el('button', {
        type: 'button', className: 'secondary', onclick: () => {
          $('#aq').value = s;
          saveQuestion(s, true);
          ask(s);
        },
      }, s)))) : null,
    terms.length ? el('p', {className: 'matched-terms'}, 'Terms: ', el('span', {className: 'chips'},
      terms.map((t) => el('button', {
        type: 'button', className: 'chip', title: 'Select this term for the filter (step 2)',
        'aria-label': `Select ${t.label} for refine`,
        onclick: () => tell('fairrag:select-term', {id: t.id, label: t.label}),
      }, t.label)))) : null,
    answer.result ? result(answer.result) : null,
    evidence(answer.evidence || [], terms),
    articles.length ? el('div', {className: 'row'},
      el('button', {
        type: 'button', id: 'ask-use-articles',
        onclick: () => {
          tell('fairrag:use-articles', {articles: articles.map((a) => ({pid: a.pid, pmid: a.id, title: a.label}))});
          $('#filter-h').scrollIntoView({block: 'start'});
        },
      }, `Use these ${articles.length} article${articles.length === 1 ? '' : 's'} in the steps below`)) : null,
    answer.sparql ? el('p', {}, el('a', {id: 'ask-query-link', href: '/sparql#query=' + encodeURIComponent(answer.sparql)},
      'Open the query that found this in the query page')) : null,
    answer.sparql ? el('details', {className: 'sparql'},
      el('summary', {}, 'Show the SPARQL'),
      el('pre', {}, el('code', {}, answer.sparql))) : null,
    answer.objects.length ? el('details', {className: 'objects'},
      el('summary', {}, `The ${answer.objects.length} objects of this answer, with their PIDs`),
      el('ul', {}, answer.objects.map((o) => el('li', {},
        `${o.type}: `, el('a', {href: pidPath(o.pid)}, o.label || o.pid))))) : null);
}

/** The sentences of the articles that mention the question's topics, each linked to its article. */
function evidence(sentences, terms) {
  if (!sentences.length) return null;
  const label = new Map(terms.map((t) => [t.id, t.label]));
  const topics = [...new Set(sentences.map((e) => label.get(e.term) || e.term))];
  return el('details', {className: 'evidence', id: 'ask-evidence'},
    el('summary', {}, `What the articles say about ${topics.join(', ')}: ${sentences.length} sentence${sentences.length === 1 ? '' : 's'}`),
    el('ul', {}, sentences.map((e) => el('li', {},
      el('q', {}, e.text), ' ', el('a', {href: pidPath(e.pid)}, e.pmid ? `PMID ${e.pmid}` : 'the article')))));
}

function result(json) {
  if ('boolean' in json) return null; // the sentence says yes or no
  return resultsTable(json.head.vars, json.results.bindings, 'Answer rows');
}

$('#ask-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const question = $('#aq').value.trim();
  if (!question) return;
  saveQuestion(question, true);
  ask(question);
});

function restore() {
  const question = new URL(location.href).searchParams.get('ask') || '';
  if (question === ($('#aq').dataset.asked || '')) return;
  $('#aq').value = question;
  $('#aq').dataset.asked = question;
  if (question) ask(question);
  else {
    render($('#ask-out'));
    status.clear();
  }
}

window.addEventListener('popstate', restore);
whenReady().then(restore); // a question in the address waits, as the steps do, until the server is ready
