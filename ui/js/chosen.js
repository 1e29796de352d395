// The articles chosen for the summary and the export: a tick box on each article, and the line in steps
// 4 and 5 that counts them (which also enables their buttons).
import {$, $$, el} from './dom.js';
import {chosenArticles, setChosen} from './store.js';
import {articleName} from './article.js';

export const MAX_SUMMARY_SOURCES = 50;
export const MAX_EXPORT = 200;

/** The tick box that chooses an article (ticked unless the user unticked it). */
export function chooseBox(store, article) {
  return el('input', {
    type: 'checkbox', className: 'choose', checked: !store.state.unchosen.has(article.pid),
    'data-key': `choose:${article.pid}`,
    'aria-label': `Choose “${articleName(article)}” for the summary and the export`,
    onchange: (e) => store.update((s) => setChosen(s, article.pid, e.target.checked)),
  });
}

/** Keeps the count of chosen articles and the summarize and export buttons in step with the store. */
export function showChosen(store) {
  const show = (state) => {
    const n = chosenArticles(state).length;
    const from = state.filtered ? 'of the filtered articles' : 'of the search hits';
    const text = n === 0 ? 'No article chosen yet: search first, and tick the articles to use.'
      : `${n} article${n === 1 ? '' : 's'} chosen ${from}.`;
    $$('p.chosen').forEach((p) => { p.textContent = text; });
    const summarize = $('#summarize-button');
    summarize.disabled = n === 0 || n > MAX_SUMMARY_SOURCES || state.summarizing;
    summarize.textContent = n > MAX_SUMMARY_SOURCES ? `At most ${MAX_SUMMARY_SOURCES} articles`
      : `Summarize ${n} article${n === 1 ? '' : 's'}`;
    $$('[data-format]').forEach((b) => { b.disabled = n === 0 || n > MAX_EXPORT; });
  };
  store.subscribe(['results', 'filtered', 'unchosen', 'summarizing'], show);
}
