// The flow: search → refine with MeSH → filter through the graph → summarize with citations → export.
// Each step is a module of its own; they share one store (store.js), and this module puts them together:
// the store kept in the address (state.js), the back and forward buttons, and the Ask box's hand-overs.
import {LatestRequests} from './api.js';
import {ADDRESS_KEYS, fromUrl, toUrl} from './state.js';
import {createStore, initialState} from './store.js';
import {createSelection} from './selection.js';
import {createSearchStep} from './search.js';
import {createRefineStep} from './refine.js';
import {createFilterStep} from './filter.js';
import {showChosen} from './chosen.js';
import {createSummarizeStep} from './summarize.js';
import {createExportStep} from './export.js';
import {whenReady} from './startup.js';

const store = createStore(initialState(location.href));
const requests = new LatestRequests();

const selection = createSelection(store);
const filter = createFilterStep(store, requests);
const search = createSearchStep(store, requests, selection, {onNewQuery: filter.clearStatus});
const refine = createRefineStep(store, requests, selection);
showChosen(store);
const summary = createSummarizeStep(store, requests);
const exporting = createExportStep(store, requests);

// The address follows the store: a new search pushes a history entry, other changes replace the current one.
store.subscribe(ADDRESS_KEYS, (state, previous, {history: how = 'replace'}) => {
  if (how === 'none') return;
  const url = toUrl(state, location.href);
  if (url !== location.pathname + location.search) {
    history[how === 'push' ? 'pushState' : 'replaceState'](null, '', url);
  }
});

/**
 * Reads the address again (a link opened, back or forward) and reruns what it describes. The first time, when
 * the page has just become usable, words the reader typed while the server got ready are kept.
 */
async function restore({first = false} = {}) {
  store.update({...fromUrl(location.href), results: [], filtered: null, unchosen: new Set()}, {history: 'none'});
  for (const step of [search, refine, selection, filter, summary, exporting]) step.reset({first});
  const jobs = [selection.loadLabels()];
  if (store.state.q) jobs.push(search.run());
  if (store.state.rq) jobs.push(refine.run());
  await Promise.all(jobs);
  const {filter: filtering, q, selected} = store.state;
  if (filtering && q && selected.length > 0) await filter.run();
}

window.addEventListener('popstate', () => restore());

// An answer of the Ask box (ask.js) selects a term, or gives its articles to the steps as if they were hits.
document.addEventListener('fairrag:select-term', (e) => selection.add(e.detail));
document.addEventListener('fairrag:use-articles', (e) => {
  search.useArticles(e.detail.articles);
  filter.clearStatus();
});

whenReady().then(() => {
  summary.loadPrompt();
  restore({first: true});
});
