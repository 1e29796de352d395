// Step 4, summarize with citations: the chosen articles and the user's prompt, statements shown as they
// stream in (each citing its sources by number), then the stored summary with its PID, as Markdown too.
import {$, Status, download, el, render} from './dom.js';
import {getJson, pidPath, postEventStream} from './api.js';
import {chosenArticles, includedTerms} from './store.js';
import {articleName} from './article.js';

export function createSummarizeStep(store, requests) {
  const status = new Status($('#summary-status'), $('#summary-error'), $('#summary-out'));
  const button = $('#summarize-button');
  const stop = $('#stop-button');
  // The chosen articles (PIDs, in order) of the summary on screen, or null when none is shown.
  let shownFor = null;

  async function summarize() {
    const articles = chosenArticles(store.state);
    if (articles.length === 0) return;
    const byPid = sourcesOf(articles);
    shownFor = chosenKey(store.state);
    const statements = el('div', {className: 'statements', 'aria-live': 'polite'});
    render($('#summary-out'), el('h3', {}, 'Summary'), statements);
    const signal = requests.start('summary');
    const hadFocus = document.activeElement === button;
    stop.hidden = false;
    if (hadFocus) stop.focus(); // the summarize button is disabled while it runs
    store.update({summarizing: true});
    status.busy(`Summarizing ${articles.length} articles…`);
    let summary = null;
    let count = 0;
    let previous = null;
    try {
      await postEventStream('/api/summarize', {
        articles: articles.map((a) => a.pid),
        prompt: $('#prompt').value,
        terms: includedTerms(store.state),
      }, (event, data) => {
        if (event === 'statement') {
          statements.append(...statementNodes(data, previous, byPid));
          previous = data;
          count++;
          status.busy(`Summarizing… ${count} statement${count === 1 ? '' : 's'} so far.`);
        } else if (event === 'summary') {
          summary = data;
        }
      }, signal);
      if (!summary) throw new Error('The summary stream ended before the summary was stored; try again.');
      showSummary(summary, byPid);
      status.done(`Done: ${summary.statements.length} statements, stored with its own PID.`);
    } catch (e) {
      if (e.name === 'AbortError') status.done('Stopped.');
      else status.fail(e, 'The summary failed:');
    } finally {
      const stopHadFocus = document.activeElement === stop;
      stop.hidden = true;
      store.update({summarizing: false});
      if (stopHadFocus) button.focus();
    }
  }

  function showSummary(summary, byPid) {
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

  async function copyMarkdown(summary, byPid) {
    try {
      await navigator.clipboard.writeText(markdown(summary, byPid));
      status.done('Copied the summary as Markdown.');
    } catch (e) {
      status.fail(new Error('This browser did not allow copying; use Download Markdown instead.'));
    }
  }

  function downloadMarkdown(summary, byPid) {
    const id = pidPath(summary.pid).split('/').pop();
    download(new Blob([markdown(summary, byPid)], {type: 'text/markdown;charset=utf-8'}), `fairrag-summary-${id}.md`);
  }

  // A summary stays on screen only while the articles it was made of are the ones chosen: its citations number them.
  // Checked again when a summary ends, in case the choice changed while it was being made.
  store.subscribe(['results', 'filtered', 'unchosen', 'summarizing'], (state) => {
    if (shownFor === null || state.summarizing || chosenKey(state) === shownFor) return;
    shownFor = null;
    render($('#summary-out'));
    status.done(chosenArticles(state).length === 0 ? ''
      : 'The chosen articles changed since this summary: summarize again.');
  });

  $('#summary-form').addEventListener('submit', (e) => {
    e.preventDefault();
    summarize();
  });
  stop.addEventListener('click', () => requests.abort('summary'));

  return {
    /** Puts the server's default prompt in the (empty) prompt box, and names the model that summarizes. */
    async loadPrompt() {
      try {
        const p = await getJson('/api/summarize/prompt');
        if (!$('#prompt').value) $('#prompt').value = p.prompt;
        $('#model').textContent = `Summaries are made by: ${p.model}.`;
      } catch (e) {
        status.fail(e, 'The default prompt could not be loaded:');
      }
    },

    reset: () => status.clear(),
  };
}

const chosenKey = (state) => chosenArticles(state).map((a) => a.pid).join(' ');

/** The chosen articles by PID, numbered from 1 as the citations show them. */
export function sourcesOf(articles) {
  return new Map(articles.map((a, i) => [a.pid, {n: i + 1, title: articleName(a)}]));
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
  return [...(startsGroup(statement, previous) ? [el('h4', {className: 'term-group'}, statement.term.label)] : []),
    statementNode(statement, byPid)];
}

const startsGroup = (statement, previous) =>
  statement.term && statement.term.id !== (previous && previous.term && previous.term.id);

/**
 * Text as Markdown shows it, never as markup: the characters that make links, HTML, emphasis or code are escaped
 * (a prompt or a title holding `<img onerror=…>` or `[x](javascript:…)` stays text in any Markdown viewer), and so is
 * what would start a heading, quote or list at the start of a line.
 */
export function markdownText(text) {
  return String(text).replace(/[\\`*_[\]<>&~|]/g, '\\$&').replace(/^(\s*)([#>+-])/gm, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/gm, '$1\\$2');
}

/** The summary as Markdown: the prompt quoted, statements under their terms citing numbered sources, the PID. */
export function markdown(summary, byPid) {
  const lines = ['# Summary', ''];
  if (summary.prompt) lines.push(...summary.prompt.trim().split('\n').map((l) => '> ' + markdownText(l)), '');
  summary.statements.forEach((s, i) => {
    if (startsGroup(s, summary.statements[i - 1])) lines.push(`### ${markdownText(s.term.label)}`, '');
    const cites = s.cites.map((pid) => `[${(byPid.get(pid) || {n: '?'}).n}](${pid})`).join(' ');
    lines.push(`${markdownText(s.text)} ${cites}`.trim(), '');
  });
  lines.push('## Sources', '');
  summary.sources.forEach((pid, i) => lines.push(`${i + 1}. ${markdownText((byPid.get(pid) || {title: pid}).title)} <${pid}>`));
  lines.push('', `Summary: <${summary.pid}> · made by ${summary.model} · ${summary.created}`, '');
  return lines.join('\n');
}
