// What the search did with the concepts of the query ("also searched as MeSH Mouth Neoplasms — remove"), and the
// way back: removing a concept searches again without it; a removed concept can be put back. Each concept is also a
// chip that selects it for the filter, the way to keep only the articles the graph says are about it.

import {el, render} from './dom.js';

/**
 * Shows in `node` the concepts of a search answer: `concepts` (searched, each with a button that removes it) and
 * `conceptsOff` (removed by the user, each with a button that puts it back), each named by `chip(term, title)`, a
 * button that selects it for the filter. Empty when there are none.
 */
export function renderConcepts(node, answer, {remove, restore, chip}) {
  const searched = answer.concepts || [];
  const off = answer.conceptsOff || [];
  render(node,
    searched.length ? el('p', {className: 'concepts-searched'}, 'Also searched as MeSH ',
      searched.map((c, i) => [i > 0 ? (i === searched.length - 1 ? ' and ' : ', ') : null, concept(c, chip,
        el('button', {
          type: 'button', className: 'remove', 'data-key': `concept-off:${c.id}`,
          'aria-label': `Search again without MeSH ${c.label}`, onclick: () => remove(c.id),
        }, 'remove'))]), '.') : null,
    off.length ? el('p', {className: 'concepts-off'}, 'Searched without MeSH ',
      off.map((c, i) => [i > 0 ? ', ' : null, concept(c, chip,
        el('button', {
          type: 'button', className: 'remove', 'data-key': `concept-on:${c.id}`,
          'aria-label': `Search again with MeSH ${c.label}`, onclick: () => restore(c.id),
        }, 'search with it'))]), '.') : null);
  node.hidden = searched.length === 0 && off.length === 0;
}

function concept(c, chip, button) {
  const why = c.text ? `For “${c.text}”` : 'Near the meaning of the search';
  const name = c.matched && c.matched.toLowerCase() !== c.label.toLowerCase() ? `, matched by its name “${c.matched}”` : '';
  return el('span', {className: 'concept'},
    chip({id: c.id, label: c.label}, `${why}${name}. Select it for the filter.`), ' — ', button);
}
