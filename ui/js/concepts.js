// What the search did with the concepts of the query ("also searched as MeSH Mouth Neoplasms — remove"), and the
// way back: removing a concept searches again without it; a removed concept can be put back.

import {el, render} from './dom.js';

/**
 * Shows in `node` the concepts of a search answer: `concepts` (searched, each with a button that removes it) and
 * `conceptsOff` (removed by the user, each with a button that puts it back). Empty when there are none.
 */
export function renderConcepts(node, answer, {remove, restore}) {
  const searched = answer.concepts || [];
  const off = answer.conceptsOff || [];
  render(node,
    searched.length ? el('p', {className: 'concepts-searched'}, 'Also searched as MeSH ',
      searched.map((c, i) => [i > 0 ? (i === searched.length - 1 ? ' and ' : ', ') : null, concept(c,
        el('button', {
          type: 'button', className: 'remove', 'data-key': `concept-off:${c.id}`,
          'aria-label': `Search again without MeSH ${c.label}`, onclick: () => remove(c.id),
        }, 'remove'))]), '.') : null,
    off.length ? el('p', {className: 'concepts-off'}, 'Searched without MeSH ',
      off.map((c, i) => [i > 0 ? ', ' : null, concept(c,
        el('button', {
          type: 'button', className: 'remove', 'data-key': `concept-on:${c.id}`,
          'aria-label': `Search again with MeSH ${c.label}`, onclick: () => restore(c.id),
        }, 'search with it'))]), '.') : null);
  node.hidden = searched.length === 0 && off.length === 0;
}

function concept(c, button) {
  const why = c.text ? `For “${c.text}”` : 'Near the meaning of the search';
  const name = c.matched && c.matched.toLowerCase() !== c.label.toLowerCase() ? `, matched by its name “${c.matched}”` : '';
  return el('span', {className: 'concept'},
    el('span', {className: 'concept-label', title: why + name}, c.label), ' — ', button);
}
