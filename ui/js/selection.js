// The selected terms: the list beside the steps, and the buttons that select a term wherever one is shown
// (a chip on a search hit, a toggle in refine, a term of an answer). Every button for a term shows the same state.
import {$, $$, Status, el, render} from './dom.js';
import {ApiError, getJson} from './api.js';
import {isSelected, select, setExclusion, toggleTerm, unselect, withLabels} from './store.js';

export function createSelection(store) {
  const status = new Status($('#selection-status'), $('#selection-error'), $('#selected'));
  const list = $('#selected');

  function show(state) {
    for (const button of $$('[data-select-term]')) {
      button.setAttribute('aria-pressed', String(isSelected(state, button.dataset.selectTerm)));
    }
    render(list, state.selected.map((t, i) => {
      const name = t.label || t.id;
      return el('li', {className: t.exclude ? 'excluded' : ''},
        el('span', {className: 'sel-label'}, name), ' ', el('span', {className: 'term-id'}, t.id),
        el('label', {className: 'exclude'},
          el('input', {
            type: 'checkbox', checked: t.exclude, 'data-key': `exclude:${t.id}`, 'aria-label': `Exclude ${name}`,
            onchange: (e) => store.update((s) => setExclusion(s, t.id, e.target.checked)),
          }), ' exclude'),
        el('button', {
          type: 'button', className: 'remove', 'data-key': `remove:${t.id}`, 'aria-label': `Remove ${name}`,
          onclick: () => {
            store.update((s) => unselect(s, t.id));
            const next = $$('button.remove', list)[Math.min(i, store.state.selected.length - 1)];
            (next || $('#selection-h')).focus();
          },
        }, '×'));
    }));
    $('#selection-empty').hidden = state.selected.length > 0;
    $('#clear-terms').hidden = state.selected.length === 0;
    $('#selection-note').hidden = !state.explode || state.selected.length === 0;
    $('#filter-button').disabled = state.selected.length === 0;
  }

  const toggle = (term) => store.update((s) => toggleTerm(s, term));

  /** The labels of terms that came in the address without them; unknown ones are dropped with a message. */
  async function loadLabels() {
    const missing = store.state.selected.filter((t) => !t.label);
    if (missing.length === 0) return;
    status.busy('Loading the selected terms…');
    const labels = new Map();
    const unknown = new Set();
    const problems = [];
    await Promise.all(missing.map(async (t) => {
      try {
        labels.set(t.id, (await getJson(`/api/terms/${encodeURIComponent(t.id)}`)).label);
      } catch (e) {
        problems.push(`${t.id}: ${e.message}`);
        unknown.add(t.id);
      }
    }));
    store.update((s) => withLabels(s, labels, unknown));
    if (problems.length) status.fail(new ApiError(problems.join(' '), 404), 'A term in this link is not available.');
    else status.done('');
  }

  store.subscribe(['selected', 'explode'], show);
  $('#clear-terms').addEventListener('click', () => {
    store.update({selected: []});
    $('#selection-h').focus();
  });

  return {
    loadLabels,

    add: (term) => store.update((s) => select(s, term)),

    /** Selects a term and switches narrower terms on for the filter. */
    addWithNarrower: (term) => store.update((s) => ({...select(s, term), explode: true})),

    /** A toggle button that selects or removes a term. */
    toggleButton: (term) => el('button', {
      type: 'button', className: 'toggle', 'data-select-term': term.id,
      'aria-pressed': String(isSelected(store.state, term.id)), 'aria-label': `Select ${term.label}`,
      onclick: () => toggle(term),
    }, 'Select'),

    /** A MeSH term as a chip that selects it. */
    chip: (term, title = 'Select this term for the filter') => el('button', {
      type: 'button', className: 'chip', 'data-select-term': term.id,
      'aria-pressed': String(isSelected(store.state, term.id)), title,
      onclick: () => toggle(term),
    }, term.label),

    /** Shows the selection as it stands after the address was read again. */
    reset() {
      status.clear();
      show(store.state);
    },
  };
}
