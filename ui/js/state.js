// The state of the flow, kept in the address so that a link reproduces a search and its refinements.

export const DEFAULT_K = 10;
export const MAX_K = 100;
/** The keys of the state that the address keeps (toUrl reads only these). */
export const ADDRESS_KEYS = ['q', 'notConcepts', 'k', 'rq', 'selected', 'mode', 'explode', 'scope', 'filter'];
const TERM_ID = /^(D\d{6,9}|[a-z][a-z0-9_-]{0,31}:[A-Za-z0-9_.-]{1,128})$/;

/** The state a URL describes; anything malformed is dropped rather than trusted. */
export function fromUrl(href) {
  const p = new URL(href).searchParams;
  const k = Number.parseInt(p.get('k') || '', 10);
  const ids = (name) => (p.get(name) || '').split(',').map((s) => s.trim()).filter((s) => TERM_ID.test(s));
  const exclude = new Set(ids('exclude'));
  const selected = [...new Set([...ids('terms'), ...exclude])]
    .map((id) => ({id, label: null, exclude: exclude.has(id)}));
  return {
    q: (p.get('q') || '').trim(),
    notConcepts: [...new Set(ids('notConcepts'))],
    k: Number.isInteger(k) && k >= 1 && k <= MAX_K ? k : DEFAULT_K,
    rq: (p.get('rq') || '').trim(),
    selected,
    mode: p.get('mode') === 'all' ? 'all' : 'any',
    explode: p.get('explode') === 'true',
    scope: p.get('scope') === 'collection' ? 'collection' : 'hits',
    filter: p.get('filter') === '1',
  };
}

/** The address of a state, with only what differs from the defaults; a question (?ask=, ask.js) stays. */
export function toUrl(state, base) {
  const url = new URL(base);
  const question = url.searchParams.get('ask');
  url.search = '';
  url.hash = '';
  const p = url.searchParams;
  if (state.q) p.set('q', state.q);
  if (state.notConcepts.length) p.set('notConcepts', state.notConcepts.join(','));
  if (state.k !== DEFAULT_K) p.set('k', String(state.k));
  if (state.rq) p.set('rq', state.rq);
  const terms = state.selected.filter((t) => !t.exclude).map((t) => t.id);
  const exclude = state.selected.filter((t) => t.exclude).map((t) => t.id);
  if (terms.length) p.set('terms', terms.join(','));
  if (exclude.length) p.set('exclude', exclude.join(','));
  if (state.mode !== 'any') p.set('mode', state.mode);
  if (state.explode) p.set('explode', 'true');
  if (state.scope !== 'hits') p.set('scope', state.scope);
  if (state.filter) p.set('filter', '1');
  if (question) p.set('ask', question);
  return url.pathname + url.search;
}
