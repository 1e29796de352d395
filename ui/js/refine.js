// Step 2, refine: MeSH terms found from plain words, each with its details (names, counts, broader terms,
// the narrower tree opened one level at a time, the concepts the literature mentions with it) and the
// buttons that select it.
import {$, Status, el, render} from './dom.js';
import {getJson, pidPath} from './api.js';

export function createRefineStep(store, requests, selection) {
  const status = new Status($('#terms-status'), $('#terms-error'), $('#term-hits'));
  let ids = 0;
  const uid = (prefix) => `${prefix}-${++ids}`;

  async function run() {
    const signal = requests.start('terms');
    status.busy('Finding terms…');
    try {
      const body = await getJson('/api/terms/search?' + new URLSearchParams({q: store.state.rq, k: '10'}), signal);
      render($('#term-hits'), body.results.map(termHit));
      status.done(body.results.length === 0 ? 'No term matched these words.'
        : `${body.results.length} terms, best first.`);
    } catch (e) {
      status.fail(e, 'Finding terms failed:');
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
        selection.toggleButton(hit),
        el('button', {
          type: 'button', className: 'secondary', 'data-key': `narrower:${hit.id}`,
          'aria-label': `Select ${hit.label} with narrower terms`,
          onclick: () => selection.addWithNarrower(hit),
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
          el('ul', {className: 'chips'}, d.broader.map((b) => el('li', {}, selection.chip(b))))] : null,
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
            if (open && !loaded) loaded = await loadNarrower(node, children);
          },
        });
      return el('li', {},
        el('div', {className: 'node'}, twisty, el('span', {className: 'node-label'}, node.label), ' ',
          el('span', {className: 'term-id'}, node.id), ' ', selection.toggleButton(node)),
        children);
    }));
  }

  async function loadNarrower(node, region) {
    render(region, el('p', {className: 'status busy'}, 'Loading…'));
    try {
      const tree = await getJson(`/api/terms/${encodeURIComponent(node.id)}/narrower?depth=2`);
      render(region, narrowerList(tree.children));
      return true;
    } catch (e) {
      render(region, el('p', {className: 'alert', role: 'alert'}, 'Could not load them: ', e.message));
      return false;
    }
  }

  $('#terms-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const rq = $('#rq').value.trim();
    if (!rq) return;
    store.update({rq}, {history: 'push'});
    run();
  });

  return {
    run,

    /** Sets the control from the store, with no terms found yet (the address was read again); see search's reset. */
    reset({first = false} = {}) {
      if (!first || store.state.rq) $('#rq').value = store.state.rq;
      render($('#term-hits'));
      status.clear();
    },
  };
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
export function relationText(related, r) {
  const [subject, object] = r.relation.subject === related.id ? [related.label, r.label] : [r.label, related.label];
  return `(${subject} ${r.relation.type.replaceAll('_', ' ')} ${object}, typed by ${r.relation.model})`;
}
