// The flow: search → refine with MeSH → filter through the graph → summarize with citations → export.
import {$, $$, Status, el, render} from './dom.js';
import {ApiError, getJson, pidPath, postEventStream, postForFile, postJson} from './api.js';
import {MAX_K, fromUrl, toUrl} from './state.js';
import {renderConcepts} from './concepts.js';
import {whenReady} from './startup.js';

const MAX_SUMMARY_SOURCES = 50;
const MAX_EXPORT = 200;
const ABSTRACT_PREVIEW = 320;

// The same stand-in for an untitled article as the landing pages' (org.fairrag.fdo.ArticleName).
const articleName = (a) => (a.title && a.title.trim()) ||
  (a.pmid ? `Untitled article (PMID ${a.pmid})` : 'Untitled article');

const state = {
  ...fromUrl(location.href),
  results: [], // the search hits
  filtered: null, // the answer of /api/filter while a filter is applied
  unchosen: new Set(), // PIDs the user unticked for summary and export
};
let summarizing = false;

const status = {
  search: new Status($('#search-status'), $('#search-error'), $('#results')),
  terms: new Status($('#terms-status'), $('#terms-error'), $('#term-hits')),
  selection: new Status($('#selection-status'), $('#selection-error'), $('#selected')),
  filter: new Status($('#filter-status'), $('#filter-error'), $('#filter-out')),
  summary: new Status($('#summary-status'), $('#summary-error'), $('#summary-out')),
  export: new Status($('#export-status'), $('#export-error'), null),
};

/** One in-flight request per kind: a new one cancels the old. */
const inFlight = {};
function start(kind) {
  if (inFlight[kind]) inFlight[kind].abort();
  inFlight[kind] = new AbortController();
  return inFlight[kind].signal;
}

let ids = 0;
const uid = (prefix) => `${prefix}-${++ids}`;

// ---------------------------------------------------------------- the address

function saveUrl({push = false} = {}) {
  const url = toUrl(state, location.href);
  if (url !== location.pathname + location.search) {
    history[push ? 'pushState' : 'replaceState'](null, '', url);
  }
}

/** Sets the controls from the state and reruns what the address describes. */
async function restore() {
  Object.assign(state, fromUrl(location.href), {results: [], filtered: null});
  state.unchosen.clear();
  $('#q').value = state.q;
  $('#k').value = String(state.k);
  $('#rq').value = state.rq;
  $(`input[name="mode"][value="${state.mode}"]`).checked = true;
  $(`input[name="scope"][value="${state.scope}"]`).checked = true;
  $('#explode').checked = state.explode;
  render($('#results'));
  renderConcepts($('#concepts'), {}, {});
  render($('#term-hits'));
  render($('#filter-out'));
  Object.values(status).forEach((s) => s.clear());
  renderSelection();
  renderChosen();
  const jobs = [loadLabels()];
  if (state.q) jobs.push(search());
  if (state.rq) jobs.push(findTerms());
  await Promise.all(jobs);
  if (state.filter && state.q && state.selected.length > 0) await applyFilter();
}

// ---------------------------------------------------------------- 1. search

async function search() {
  const signal = start('search');
  status.search.busy('Searching…');
  try {
    const params = new URLSearchParams({q: state.q, k: String(state.k)});
    if (state.notConcepts.length) params.set('notConcepts', state.notConcepts.join(','));
    const body = await getJson('/api/articles/search?' + params, signal);
    state.results = body.results;
    renderConcepts($('#concepts'), body, {remove: (id) => searchConcepts(id, false), restore: (id) => searchConcepts(id, true)});
    renderResults();
    renderChosen();
    status.search.done(body.results.length === 0 ? 'No article matched.'
      : `${body.results.length} articles, best first (${body.tookMs} ms).`);
  } catch (e) {
    status.search.fail(e, 'The search failed:');
  }
}

/** Searches again with or without one concept of the query. */
function searchConcepts(id, on) {
  state.notConcepts = on ? state.notConcepts.filter((c) => c !== id) : [...new Set([...state.notConcepts, id])];
  saveUrl({push: true});
  // The button just pressed is gone: focus moves to its counterpart in the new answer.
  search().then(() => ($(`[data-key="concept-${on ? 'off' : 'on'}:${id}"]`) || $('#q')).focus());
}

function renderResults() {
  const choosing = !state.filtered;
  render($('#results'), state.results.map((a) => el('li', {className: 'article'},
    choosing ? chooseBox(a) : null,
    el('div', {className: 'body'},
      el('h3', {}, el('a', {href: pidPath(a.pid)}, articleName(a))),
      el('p', {className: 'meta'},
        [a.year || 'year unknown', a.journal].filter(Boolean).join(' · '),
        a.score == null ? null : el('span', {className: 'score', title: 'Reciprocal-rank fusion of meaning and words'},
          `score ${a.score.toFixed(4)}`)),
      a.snippet ? el('p', {className: 'snippet'}, a.snippet) : null,
      a.terms.length ? el('ul', {className: 'chips', 'aria-label': 'MeSH terms (select for the filter)'},
        a.terms.map((t) => el('li', {}, termChip(t)))) : null))));
}

// ---------------------------------------------------------------- 2. refine

async function findTerms() {
  const signal = start('terms');
  status.terms.busy('Finding terms…');
  try {
    const body = await getJson('/api/terms/search?' + new URLSearchParams({q: state.rq, k: '10'}), signal);
    render($('#term-hits'), body.results.map(termHit));
    status.terms.done(body.results.length === 0 ? 'No term matched these words.'
      : `${body.results.length} terms, best first.`);
  } catch (e) {
    status.terms.fail(e, 'Finding terms failed:');
  }
}

function termHit(hit) {
  const detail = el('div', {className: 'term-detail', id: uid('detail'), hidden: true});
  let loaded = false;
  const expand = el('button', {
    type: 'button', className: 'secondary', 'aria-expanded': 'false', 'aria-controls': detail.id,
    'aria-label': `Details of ${hit.label}`,
    onclick: async () => {
      const open = expand.getAttribute('aria-expanded') !== 'true';
      expand.setAttribute('aria-expanded', String(open));
      detail.hidden = !open;
      if (open && !loaded) loaded = await loadDetail(hit, detail);
    },
  }, 'Details');
  return el('li', {className: 'term'},
    el('div', {className: 'term-head'},
      el('span', {className: 'term-label'}, hit.label), ' ', el('span', {className: 'term-id'}, hit.id),
      hit.matched && hit.matched !== hit.label
        ? el('span', {className: 'term-matched'}, 'matched “', hit.matched, '”') : null),
    el('div', {className: 'row actions'},
      selectToggle(hit),
      el('button', {
        type: 'button', className: 'secondary', 'data-key': `narrower:${hit.id}`,
        'aria-label': `Select ${hit.label} with narrower terms`,
        onclick: () => selectWithNarrower(hit),
      }, 'Select with narrower terms'),
      expand),
    detail);
}

/** Fills a term's detail region: names, counts, broader terms, the first levels of its narrower tree. */
async function loadDetail(term, region) {
  render(region, el('p', {className: 'status busy'}, 'Loading…'));
  region.setAttribute('aria-busy', 'true');
  try {
    const [d, tree, related] = await Promise.all([
      getJson(`/api/terms/${encodeURIComponent(term.id)}`),
      getJson(`/api/terms/${encodeURIComponent(term.id)}/narrower?depth=2`),
      getJson(`/api/terms/${encodeURIComponent(term.id)}/related?k=5&evidence=1`),
    ]);
    const counts = d.articleCount == null ? null
      : `${d.articleCount} articles tagged with it, ${d.articleCountExploded} with it or a narrower term.`;
    render(region,
      d.scopeNote ? el('p', {className: 'scope'}, d.scopeNote) : null,
      counts ? el('p', {}, counts) : null,
      d.altLabels.length ? [el('h4', {}, 'Also called'),
        el('ul', {className: 'names'}, d.altLabels.map((n) => el('li', {}, n)))] : null,
      d.broader.length ? [el('h4', {}, 'Broader terms'),
        el('ul', {className: 'chips'}, d.broader.map((b) => el('li', {}, termChip(b))))] : null,
      tree.children.length ? [el('h4', {}, 'Narrower terms'), narrowerList(tree.children)] : null,
      related.results.length ? [el('h4', {}, 'In the literature'), literatureList(related)] : null,
      el('p', {}, el('a', {href: pidPath(d.pid)}, `The page of ${d.label}`)));
    return true;
  } catch (e) {
    render(region, el('p', {className: 'alert', role: 'alert'}, 'The details could not be loaded: ', e.message));
    return false;
  } finally {
    region.removeAttribute('aria-busy');
  }
}

/**
 * The concepts the abstracts mention in the same sentences as a term, most strongly associated first, each
 * linked to its page, with one evidence sentence and a link to its article.
 */
function literatureList(related) {
  return el('ul', {className: 'literature'}, related.results.map((r) => {
    const e = r.evidence[0];
    return el('li', {},
      el('div', {},
        el('a', {href: pidPath(r.pid), className: 'node-label'}, r.label), ' ', el('span', {className: 'term-id'}, r.id), ' ',
        r.relation ? el('span', {className: 'relation'}, relationText(related, r), ' ') : null,
        el('span', {className: 'counts'}, `${r.sentences} sentences in ${r.articles} articles`)),
      e ? el('blockquote', {className: 'evidence'}, e.text, ' ',
        el('a', {href: pidPath(e.pid)}, e.pmid ? `PMID ${e.pmid}` : 'article')) : null);
  }));
}

/** "Albuterol treats Asthma": a typed association read in its direction, with the model that typed it. */
function relationText(related, r) {
  const [subject, object] = r.relation.subject === related.id ? [related.label, r.label] : [r.label, related.label];
  return `(${subject} ${r.relation.type.replace('_', ' ')} ${object}, typed by ${r.relation.model})`;
}

/** A level of the narrower tree; a node whose children are known can be opened, one level at a time. */
function narrowerList(nodes) {
  return el('ul', {className: 'tree'}, nodes.map((node) => {
    const children = el('div', {id: uid('narrower'), hidden: true});
    let loaded = false;
    const twisty = !node.hasChildren ? el('span', {className: 'twisty leaf', 'aria-hidden': 'true'})
      : el('button', {
        type: 'button', className: 'twisty', 'aria-expanded': 'false', 'aria-controls': children.id,
        'aria-label': `Narrower terms of ${node.label}`,
        onclick: async () => {
          const open = twisty.getAttribute('aria-expanded') !== 'true';
          twisty.setAttribute('aria-expanded', String(open));
          children.hidden = !open;
          if (open && !loaded) {
            render(children, el('p', {className: 'status busy'}, 'Loading…'));
            try {
              const tree = await getJson(`/api/terms/${encodeURIComponent(node.id)}/narrower?depth=2`);
              render(children, narrowerList(tree.children));
              loaded = true;
            } catch (e) {
              render(children, el('p', {className: 'alert', role: 'alert'}, 'Could not load them: ', e.message));
            }
          }
        },
      });
    return el('li', {},
      el('div', {className: 'node'}, twisty, el('span', {className: 'node-label'}, node.label), ' ',
        el('span', {className: 'term-id'}, node.id), ' ', selectToggle(node)),
      children);
  }));
}

// ---------------------------------------------------------------- the selection

const isSelected = (id) => state.selected.some((t) => t.id === id);

/** A toggle button that selects or removes a term; every toggle for a term shows the same state. */
function selectToggle(term) {
  return el('button', {
    type: 'button', className: 'toggle', 'data-select-term': term.id,
    'aria-pressed': String(isSelected(term.id)), 'aria-label': `Select ${term.label}`,
    onclick: () => toggle(term),
  }, 'Select');
}

/** A MeSH term as a chip that selects it. */
function termChip(term) {
  return el('button', {
    type: 'button', className: 'chip', 'data-select-term': term.id,
    'aria-pressed': String(isSelected(term.id)), title: 'Select this term for the filter',
    onclick: () => toggle(term),
  }, term.label);
}

function toggle(term) {
  if (isSelected(term.id)) remove(term.id);
  else add(term);
}

function add(term) {
  if (!isSelected(term.id)) {
    state.selected.push({id: term.id, label: term.label, exclude: false});
    selectionChanged();
  }
}

function selectWithNarrower(term) {
  add(term);
  setExplode(true);
}

function remove(id) {
  state.selected = state.selected.filter((t) => t.id !== id);
  selectionChanged();
}

function setExclude(id, exclude) {
  state.selected.find((t) => t.id === id).exclude = exclude;
  selectionChanged();
}

function setExplode(on) {
  state.explode = on;
  $('#explode').checked = on;
  selectionChanged();
}

function selectionChanged() {
  renderSelection();
  if (state.filtered) {
    status.filter.done('The selection changed since this filter ran: apply it again to update.');
  }
  saveUrl();
}

function renderSelection() {
  for (const button of $$('[data-select-term]')) {
    button.setAttribute('aria-pressed', String(isSelected(button.dataset.selectTerm)));
  }
  const list = $('#selected');
  render(list, state.selected.map((t, i) => {
    const name = t.label || t.id;
    return el('li', {className: t.exclude ? 'excluded' : ''},
      el('span', {className: 'sel-label'}, name), ' ', el('span', {className: 'term-id'}, t.id),
      el('label', {className: 'exclude'},
        el('input', {
          type: 'checkbox', checked: t.exclude, 'data-key': `exclude:${t.id}`, 'aria-label': `Exclude ${name}`,
          onchange: (e) => setExclude(t.id, e.target.checked),
        }), ' exclude'),
      el('button', {
        type: 'button', className: 'remove', 'data-key': `remove:${t.id}`, 'aria-label': `Remove ${name}`,
        onclick: () => {
          remove(t.id);
          const next = $$('button.remove', list)[Math.min(i, state.selected.length - 1)];
          (next || $('#selection-h')).focus();
        },
      }, '×'));
  }));
  $('#selection-empty').hidden = state.selected.length > 0;
  $('#clear-terms').hidden = state.selected.length === 0;
  $('#selection-note').hidden = !state.explode || state.selected.length === 0;
  $('#filter-button').disabled = state.selected.length === 0;
}

/** The labels of terms that came in the address without them; unknown ones are dropped with a message. */
async function loadLabels() {
  const missing = state.selected.filter((t) => !t.label);
  if (missing.length === 0) return;
  status.selection.busy('Loading the selected terms…');
  const problems = [];
  await Promise.all(missing.map(async (t) => {
    try {
      t.label = (await getJson(`/api/terms/${encodeURIComponent(t.id)}`)).label;
    } catch (e) {
      problems.push(`${t.id}: ${e.message}`);
      state.selected = state.selected.filter((s) => s !== t);
    }
  }));
  renderSelection();
  if (problems.length) {
    status.selection.fail(new ApiError(problems.join(' '), 404), 'A term in this link is not available.');
    saveUrl();
  } else {
    status.selection.done('');
  }
}

// ---------------------------------------------------------------- 3. filter

async function applyFilter() {
  if (state.selected.length === 0) {
    status.filter.fail(new Error('Select at least one term first (step 2).'));
    return;
  }
  const body = {
    terms: state.selected.filter((t) => !t.exclude).map((t) => t.id),
    exclude: state.selected.filter((t) => t.exclude).map((t) => t.id),
    mode: state.mode,
    explode: state.explode,
  };
  if (state.scope === 'collection') {
    if (!state.q) {
      status.filter.fail(new Error('Search first (step 1): the whole collection is filtered for that search.'));
      return;
    }
    Object.assign(body, {q: state.q, k: state.k});
    if (state.notConcepts.length) body.notConcepts = state.notConcepts;
  } else {
    if (state.results.length === 0) {
      status.filter.fail(new Error('There are no search hits to filter: search first (step 1).'));
      return;
    }
    body.articles = state.results.map((a) => a.pid);
  }
  const signal = start('filter');
  status.filter.busy('Filtering through the knowledge graph…');
  try {
    const answer = await postJson('/api/filter', body, signal);
    state.filtered = answer;
    state.filter = true;
    state.unchosen.clear();
    saveUrl();
    renderFilter();
    renderResults();
    renderChosen();
    status.filter.done(`Kept ${answer.kept} of ${answer.input} articles.`);
  } catch (e) {
    status.filter.fail(e, 'The filter failed:');
  }
}

function clearFilter() {
  state.filtered = null;
  state.filter = false;
  state.unchosen.clear();
  saveUrl();
  status.filter.clear();
  renderFilter();
  renderResults();
  renderChosen();
  $('#filter-button').focus();
}

function renderFilter() {
  const f = state.filtered;
  $('#clear-filter').hidden = !f;
  if (!f) {
    render($('#filter-out'));
    return;
  }
  render($('#filter-out'),
    el('ol', {className: 'articles', 'aria-label': 'Filtered articles'}, f.results.map((a) => {
      const abstract = a.abstract && a.abstract.length > ABSTRACT_PREVIEW
        ? a.abstract.slice(0, ABSTRACT_PREVIEW).replace(/\s+\S*$/, '') + ' …' : a.abstract;
      return el('li', {className: 'article'},
        chooseBox(a),
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

// ---------------------------------------------------------------- chosen articles

/** The articles summary and export work on: the filtered ones while a filter is applied, else the hits. */
function chosen() {
  const pool = state.filtered ? state.filtered.results : state.results;
  return pool.filter((a) => !state.unchosen.has(a.pid));
}

function chooseBox(article) {
  return el('input', {
    type: 'checkbox', className: 'choose', checked: !state.unchosen.has(article.pid),
    'data-key': `choose:${article.pid}`,
    'aria-label': `Choose “${articleName(article)}” for the summary and the export`,
    onchange: (e) => {
      if (e.target.checked) state.unchosen.delete(article.pid);
      else state.unchosen.add(article.pid);
      renderChosen();
    },
  });
}

function renderChosen() {
  const n = chosen().length;
  const from = state.filtered ? 'of the filtered articles' : 'of the search hits';
  const text = n === 0 ? 'No article chosen yet: search first, and tick the articles to use.'
    : `${n} article${n === 1 ? '' : 's'} chosen ${from}.`;
  $$('p.chosen').forEach((p) => { p.textContent = text; });
  const summarize = $('#summarize-button');
  summarize.disabled = n === 0 || n > MAX_SUMMARY_SOURCES || summarizing;
  summarize.textContent = n > MAX_SUMMARY_SOURCES ? `At most ${MAX_SUMMARY_SOURCES} articles`
    : `Summarize ${n} article${n === 1 ? '' : 's'}`;
  $$('[data-format]').forEach((b) => { b.disabled = n === 0 || n > MAX_EXPORT; });
}

// ---------------------------------------------------------------- 4. summarize

async function summarize() {
  const articles = chosen();
  if (articles.length === 0) return;
  const byPid = new Map(articles.map((a, i) => [a.pid, {n: i + 1, title: articleName(a)}]));
  const statements = el('div', {className: 'statements', 'aria-live': 'polite'});
  render($('#summary-out'), el('h3', {}, 'Summary'), statements);
  const signal = start('summary');
  const hadFocus = document.activeElement === $('#summarize-button');
  summarizing = true;
  $('#stop-button').hidden = false;
  if (hadFocus) $('#stop-button').focus(); // the summarize button is disabled while it runs
  renderChosen();
  status.summary.busy(`Summarizing ${articles.length} articles…`);
  let summary = null;
  let count = 0;
  let previous = null;
  try {
    await postEventStream('/api/summarize', {
      articles: articles.map((a) => a.pid),
      prompt: $('#prompt').value,
      terms: state.selected.filter((t) => !t.exclude).map((t) => t.id),
    }, (event, data) => {
      if (event === 'statement') {
        statements.append(...statementNodes(data, previous, byPid));
        previous = data;
        count++;
        status.summary.busy(`Summarizing… ${count} statement${count === 1 ? '' : 's'} so far.`);
      } else if (event === 'summary') {
        summary = data;
      }
    }, signal);
    if (!summary) throw new Error('The summary stream ended before the summary was stored; try again.');
    renderSummary(summary, byPid);
    status.summary.done(`Done: ${summary.statements.length} statements, stored with its own PID.`);
  } catch (e) {
    if (e.name === 'AbortError') status.summary.done('Stopped.');
    else status.summary.fail(e, 'The summary failed:');
  } finally {
    const stopHadFocus = document.activeElement === $('#stop-button');
    summarizing = false;
    $('#stop-button').hidden = true;
    renderChosen();
    if (stopHadFocus) $('#summarize-button').focus();
  }
}

function statementNode(statement, byPid) {
  return el('p', {className: 'statement'}, statement.text, statement.cites.map((pid) => {
    const source = byPid.get(pid) || {n: '?', title: pid};
    return [' ', el('a', {
      href: pidPath(pid), className: 'cite', title: source.title,
      'aria-label': `Source ${source.n}: ${source.title}`,
    }, `[${source.n}]`)];
  }));
}

// A statement, after the heading of the selected term it is about when that differs from the previous one's.
function statementNodes(statement, previous, byPid) {
  const heading = statement.term && statement.term.id !== (previous && previous.term && previous.term.id)
    ? [el('h4', {className: 'term-group'}, statement.term.label)] : [];
  return [...heading, statementNode(statement, byPid)];
}

function renderSummary(summary, byPid) {
  render($('#summary-out'),
    el('h3', {}, 'Summary'),
    el('div', {className: 'statements'},
      summary.statements.flatMap((s, i) => statementNodes(s, summary.statements[i - 1], byPid))),
    el('h4', {}, 'Sources'),
    el('ol', {className: 'sources'}, summary.sources.map((pid) => el('li', {},
      el('a', {href: pidPath(pid)}, (byPid.get(pid) || {title: pid}).title)))),
    el('p', {className: 'summary-pid'}, 'This summary’s persistent identifier: ',
      el('a', {href: pidPath(summary.pid), id: 'summary-pid'}, summary.pid), ` · made by ${summary.model}`),
    el('div', {className: 'row'},
      el('button', {type: 'button', className: 'secondary', onclick: () => copyMarkdown(summary, byPid)},
        'Copy as Markdown'),
      el('button', {type: 'button', className: 'secondary', onclick: () => downloadMarkdown(summary, byPid)},
        'Download Markdown')));
}

function markdown(summary, byPid) {
  const lines = ['# Summary', ''];
  if (summary.prompt) lines.push(...summary.prompt.trim().split('\n').map((l) => '> ' + l), '');
  summary.statements.forEach((s, i) => {
    const previous = summary.statements[i - 1];
    if (s.term && s.term.id !== (previous && previous.term && previous.term.id)) lines.push(`### ${s.term.label}`, '');
    const cites = s.cites.map((pid) => `[${(byPid.get(pid) || {n: '?'}).n}](${pid})`).join(' ');
    lines.push(`${s.text} ${cites}`.trim(), '');
  });
  lines.push('## Sources', '');
  summary.sources.forEach((pid, i) => lines.push(`${i + 1}. ${(byPid.get(pid) || {title: pid}).title} <${pid}>`));
  lines.push('', `Summary: <${summary.pid}> · made by ${summary.model} · ${summary.created}`, '');
  return lines.join('\n');
}

async function copyMarkdown(summary, byPid) {
  try {
    await navigator.clipboard.writeText(markdown(summary, byPid));
    status.summary.done('Copied the summary as Markdown.');
  } catch (e) {
    status.summary.fail(new Error('This browser did not allow copying; use Download Markdown instead.'));
  }
}

function downloadMarkdown(summary, byPid) {
  const id = pidPath(summary.pid).split('/').pop();
  save(new Blob([markdown(summary, byPid)], {type: 'text/markdown;charset=utf-8'}), `fairrag-summary-${id}.md`);
}

function save(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = el('a', {href: url, download: filename, hidden: true});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

// ---------------------------------------------------------------- 5. export

async function exportAs(format, button) {
  const articles = chosen();
  const signal = start('export');
  status.export.busy(`Preparing ${button.textContent} for ${articles.length} articles…`);
  try {
    const {blob, filename} = await postForFile(`/api/export?format=${format}`,
      {articles: articles.map((a) => a.pid)}, signal);
    save(blob, filename);
    status.export.done(`Saved ${filename}.`);
  } catch (e) {
    status.export.fail(e, 'The export failed:');
  }
}

// ---------------------------------------------------------------- wiring

$('#search-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const q = $('#q').value.trim();
  if (!q) return;
  const k = Number.parseInt($('#k').value, 10);
  if (q !== state.q) state.notConcepts = [];
  state.q = q;
  state.k = Number.isInteger(k) ? Math.min(Math.max(k, 1), MAX_K) : state.k;
  $('#k').value = String(state.k);
  state.filtered = null;
  state.filter = false;
  state.unchosen.clear();
  renderFilter();
  status.filter.clear();
  saveUrl({push: true});
  search();
});

$('#terms-form').addEventListener('submit', (e) => {
  e.preventDefault();
  const rq = $('#rq').value.trim();
  if (!rq) return;
  state.rq = rq;
  saveUrl({push: true});
  findTerms();
});

$('#filter-form').addEventListener('submit', (e) => {
  e.preventDefault();
  applyFilter();
});
$$('input[name="mode"]').forEach((r) => r.addEventListener('change', () => {
  state.mode = r.value;
  selectionChanged();
}));
$$('input[name="scope"]').forEach((r) => r.addEventListener('change', () => {
  state.scope = r.value;
  saveUrl();
}));
$('#explode').addEventListener('change', (e) => setExplode(e.target.checked));
$('#clear-filter').addEventListener('click', clearFilter);
$('#clear-terms').addEventListener('click', () => {
  state.selected = [];
  selectionChanged();
  $('#selection-h').focus();
});

$('#summary-form').addEventListener('submit', (e) => {
  e.preventDefault();
  summarize();
});
$('#stop-button').addEventListener('click', () => inFlight.summary && inFlight.summary.abort());
$$('[data-format]').forEach((b) => b.addEventListener('click', () => exportAs(b.dataset.format, b)));

window.addEventListener('popstate', restore);

// An answer of the Ask box (ask.js) selects a term, or gives its articles to the steps as if they were hits.
document.addEventListener('fairrag:select-term', (e) => add(e.detail));
document.addEventListener('fairrag:use-articles', (e) => {
  state.results = e.detail.articles.map((a) => ({...a, snippet: null, score: null, year: null, journal: null, terms: []}));
  state.filtered = null;
  state.filter = false;
  state.scope = 'hits';
  $('input[name="scope"][value="hits"]').checked = true;
  state.unchosen.clear();
  saveUrl();
  renderFilter();
  renderResults();
  renderChosen();
  status.filter.clear();
  status.search.done(`${state.results.length} articles from the answer to the question, ready to filter and summarize.`);
});

whenReady().then(() => {
  getJson('/api/summarize/prompt').then((p) => {
    if (!$('#prompt').value) $('#prompt').value = p.prompt;
    $('#model').textContent = `Summaries are made by: ${p.model}.`;
  }).catch((e) => status.summary.fail(e, 'The default prompt could not be loaded:'));
  restore();
});
