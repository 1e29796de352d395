// SPARQL JSON results as a table: IRIs that are PIDs link to their landing pages, language tags shown.
import {el} from './dom.js';
import {pidPath} from './api.js';

/** A scrollable table of result rows; `label` names the region for assistive technology. */
export function resultsTable(vars, rows, label = 'Query results') {
  return el('div', {className: 'table-wrap', tabIndex: 0, role: 'region', 'aria-label': label},
    el('table', {},
      el('caption', {}, `${rows.length} result row${rows.length === 1 ? '' : 's'}`),
      el('thead', {}, el('tr', {}, vars.map((v) => el('th', {scope: 'col'}, v)))),
      el('tbody', {}, rows.map((row) => el('tr', {}, vars.map((v) => el('td', {}, cell(row[v]))))))));
}

function cell(term) {
  if (!term) return '';
  if (term.type === 'uri') {
    const href = pidPath(term.value);
    return /^(https?:)?\//.test(href) ? el('a', {href}, term.value) : term.value;
  }
  if (term['xml:lang']) return [term.value, ' ', el('span', {className: 'lang'}, '@' + term['xml:lang'])];
  return term.value;
}
