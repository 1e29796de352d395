// Step 1, search: articles by meaning, the concepts the search also used (each can be taken out or selected), and the
// hits, each with the MeSH terms that select it for the filter and a tick box choosing it for steps 4 and 5.
import {$, Status, el, render} from './dom.js';
import {getJson, pidPath} from './api.js';
import {MAX_K} from './state.js';
import {renderConcepts} from './concepts.js';
import {articleName} from './article.js';
import {chooseBox} from './chosen.js';

/**
 * What a search's answer says in the status line. When no hit holds a word of the query or is about one of its
 * concepts, the hits are only the nearest by meaning, which a query of unknown words also gets: the user is told.
 */
export function searchOutcome(body) {
  const n = body.results.length;
  if (n === 0) return 'No article matched.';
  const weak = body.results.every((a) => !(a.matchedBy || []).some((m) => m === 'words' || m === 'concepts'));
  return weak
    ? `No article holds these words or is about a MeSH concept found in them: these ${n} are only the nearest by meaning, and may be unrelated (${body.tookMs} ms).`
    : `${n} articles, best first (${body.tookMs} ms).`;
}

/** `onNewQuery` is called when the user searches anew (the filter's answer no longer applies). */
const FOUND_BY = {words: "the query's words", meaning: "the query's meaning", concepts: 'a MeSH concept of the query'};

function foundBy(a) {
  const ways = (a.matchedBy || []).map((m) => FOUND_BY[m]).filter(Boolean);
  return ways.length ? '. Found by ' + ways.join(', ') + '.' : '';
}

export function createSearchStep(store, requests, selection, {onNewQuery}) {
  const status = new Status($('#search-status'), $('#search-error'), $('#results'));

  async function run() {
    const {q, k, notConcepts} = store.state;
    const signal = requests.start('search');
    status.busy('Searching…');
    try {
      const params = new URLSearchParams({q, k: String(k)});
      if (notConcepts.length) params.set('notConcepts', notConcepts.join(','));
      const body = await getJson('/api/articles/search?' + params, signal);
      renderConcepts($('#concepts'), body, {
        remove: (id) => searchConcepts(id, false), restore: (id) => searchConcepts(id, true), chip: selection.chip,
      });
      store.update({results: body.results});
      status.done(searchOutcome(body));
    } catch (e) {
      if (e.name !== 'AbortError') {
        // The hits of the search before are not this one's: steps 4 and 5 must not act on them.
        renderConcepts($('#concepts'), {}, {});
        store.update({results: [], filtered: null});
      }
      status.fail(e, 'The search failed:');
    }
  }

  /** Searches again with or without one concept of the query. */
  function searchConcepts(id, on) {
    store.update((s) => ({
      notConcepts: on ? s.notConcepts.filter((c) => c !== id) : [...new Set([...s.notConcepts, id])],
    }), {history: 'push'});
    // The button just pressed is gone: focus moves to its counterpart in the new answer.
    run().then(() => ($(`[data-key="concept-${on ? 'off' : 'on'}:${id}"]`) || $('#q')).focus());
  }

  function showResults(state) {
    const choosing = !state.filtered;
    render($('#results'), state.results.map((a) => el('li', {className: 'article'},
      choosing ? chooseBox(store, a) : null,
      el('div', {className: 'body'},
        el('h3', {}, el('a', {href: pidPath(a.pid)}, articleName(a))),
        el('p', {className: 'meta'},
          [a.year || 'year unknown', a.journal].filter(Boolean).join(' · '),
          a.score == null ? null : el('span', {className: 'score', title: 'Ranking score, higher first: when a MeSH concept expected to give mostly relevant articles was searched, how likely the article is to be about what the query means (0 to 1); otherwise the fusion of meaning and words' + foundBy(a)},
            `score ${a.score.toFixed(4)}`)),
        a.snippet ? el('p', {className: 'snippet'}, a.snippet) : null,
        a.terms.length ? el('ul', {className: 'chips', 'aria-label': 'MeSH terms (select for the filter)'},
          a.terms.map((t) => el('li', {}, selection.chip(t)))) : null))));
  }

  store.subscribe(['results', 'filtered'], showResults);

  $('#search-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const q = $('#q').value.trim();
    if (!q) return;
    const k = Number.parseInt($('#k').value, 10);
    const state = store.state;
    store.update({
      q,
      notConcepts: q === state.q ? state.notConcepts : [],
      k: Number.isInteger(k) ? Math.min(Math.max(k, 1), MAX_K) : state.k,
      filtered: null,
      filter: false,
      unchosen: new Set(),
    }, {history: 'push'});
    $('#k').value = String(store.state.k);
    onNewQuery();
    run();
  });

  return {
    run,

    /** Takes articles from elsewhere (an answer of the Ask box) as if they were the hits of a search. */
    useArticles(articles) {
      store.update({
        results: articles.map((a) => ({...a, snippet: null, score: null, year: null, journal: null, terms: []})),
        filtered: null,
        filter: false,
        scope: 'hits',
        unchosen: new Set(),
      });
      status.done(`${store.state.results.length} articles from the answer to the question, ready to filter and summarize.`);
    },

    /**
     * Sets the controls from the store, with no hits yet (the address was read again). On the first reading,
     * once the server is ready, words typed meanwhile stay when the address has no search of its own.
     */
    reset({first = false} = {}) {
      const {q, k} = store.state;
      if (!first || q) $('#q').value = q;
      $('#k').value = String(k);
      renderConcepts($('#concepts'), {}, {});
      showResults(store.state);
      status.clear();
    },
  };
}
