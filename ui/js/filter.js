// Step 3, filter through the knowledge graph: the hits (or the collection's best matches of the search)
// kept when they are about the selected terms, with the terms each matched and the SPARQL that ran.
import {$, $$, Status, el, render} from './dom.js';
import {pidPath, postJson} from './api.js';
import {excludedTerms, includedTerms, selectionKey} from './store.js';
import {abstractPreview, articleName} from './article.js';
import {chooseBox} from './chosen.js';

/** The body of POST /api/filter for the state, or the sentence saying what is missing first. */
export function filterRequest(state) {
  if (state.selected.length === 0) return {missing: 'Select at least one term first (step 2).'};
  const body = {terms: includedTerms(state), exclude: excludedTerms(state), mode: state.mode, explode: state.explode};
  if (state.scope === 'collection') {
    if (!state.q) return {missing: 'Search first (step 1): the whole collection is filtered for that search.'};
    Object.assign(body, {q: state.q, k: state.k});
    if (state.notConcepts.length) body.notConcepts = state.notConcepts;
  } else {
    if (state.results.length === 0) return {missing: 'There are no search hits to filter: search first (step 1).'};
    body.articles = state.results.map((a) => a.pid);
  }
  return {body};
}

export function createFilterStep(store, requests) {
  const status = new Status($('#filter-status'), $('#filter-error'), $('#filter-out'));

  async function run() {
    const {body, missing} = filterRequest(store.state);
    if (missing) {
      status.fail(new Error(missing));
      return;
    }
    const signal = requests.start('filter');
    status.busy('Filtering through the knowledge graph…');
    try {
      const answer = await postJson('/api/filter', body, signal);
      store.update({filtered: answer, filter: true, unchosen: new Set()});
      status.done(`Kept ${answer.kept} of ${answer.input} articles.`);
    } catch (e) {
      status.fail(e, 'The filter failed:');
    }
  }

  function clear() {
    store.update({filtered: null, filter: false, unchosen: new Set()});
    status.clear();
    $('#filter-button').focus();
  }

  function show({filtered: f}) {
    $('#clear-filter').hidden = !f;
    if (!f) {
      render($('#filter-out'));
      return;
    }
    render($('#filter-out'),
      el('ol', {className: 'articles', 'aria-label': 'Filtered articles'}, f.results.map((a) => {
        const abstract = abstractPreview(a.abstract);
        return el('li', {className: 'article'},
          chooseBox(store, a),
          el('div', {className: 'body'},
            el('h3', {}, el('a', {href: pidPath(a.pid)}, articleName(a))),
            el('p', {className: 'meta'}, [a.year || 'year unknown', a.pmid ? `PMID ${a.pmid}` : null].filter(Boolean).join(' · ')),
            el('p', {className: 'matched-terms'}, 'Matched: ',
              el('span', {className: 'chips'}, a.matchedTerms.map((t) => el('span', {className: 'chip matched'}, t.label)))),
            abstract ? el('p', {className: 'snippet'}, abstract) : null));
      })),
      el('details', {className: 'sparql'},
        el('summary', {}, 'Show the SPARQL that ran'),
        el('pre', {}, el('code', {}, f.sparql)),
        el('p', {}, el('a', {href: '/sparql#query=' + encodeURIComponent(f.sparql)}, 'Open it in the query page'))));
  }

  /** The form's controls as the store has them. */
  function showControls(state) {
    $(`input[name="mode"][value="${state.mode}"]`).checked = true;
    $(`input[name="scope"][value="${state.scope}"]`).checked = true;
    $('#explode').checked = state.explode;
  }

  store.subscribe(['filtered'], show);
  store.subscribe(['mode', 'scope', 'explode'], showControls);
  store.subscribe(['selected', 'mode', 'explode'], (state, previous) => {
    if (state.filtered && selectionKey(state) !== selectionKey(previous)) {
      status.done('The selection changed since this filter ran: apply it again to update.');
    }
  });

  $('#filter-form').addEventListener('submit', (e) => {
    e.preventDefault();
    run();
  });
  $$('input[name="mode"]').forEach((r) => r.addEventListener('change', () => store.update({mode: r.value})));
  $$('input[name="scope"]').forEach((r) => r.addEventListener('change', () => store.update({scope: r.value})));
  $('#explode').addEventListener('change', (e) => store.update({explode: e.target.checked}));
  $('#clear-filter').addEventListener('click', clear);

  return {
    run,

    /** Clears what the step says (a new search, or other articles handed over). */
    clearStatus: () => status.clear(),

    /** Shows the controls and the (absent) answer as the store has them after the address was read again. */
    reset() {
      showControls(store.state);
      show(store.state);
      status.clear();
    },
  };
}
