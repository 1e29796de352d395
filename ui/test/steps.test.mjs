// Unit tests of what the steps compute without a page: the filter's request, the summary's Markdown and
// sources, a typed relation's sentence, an article's name (node --test ui/test).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {initialState} from '../js/store.js';
import {filterRequest} from '../js/filter.js';
import {markdown, markdownText, sourcesOf} from '../js/summarize.js';
import {relationText} from '../js/refine.js';
import {ABSTRACT_PREVIEW, abstractPreview, articleName} from '../js/article.js';
import {searchOutcome} from '../js/search.js';

const BASE = 'http://fairrag.test/';

test('the filter sends the hits, the included and the excluded terms, the mode and explode', () => {
  const state = {...initialState(BASE + '?terms=D009062&exclude=D006258&mode=all&explode=true'),
    results: [{pid: 'http://x/pid/a'}, {pid: 'http://x/pid/b'}]};
  assert.deepEqual(filterRequest(state).body, {terms: ['D009062'], exclude: ['D006258'], mode: 'all', explode: true,
    articles: ['http://x/pid/a', 'http://x/pid/b']});
});

test('the filter of the whole collection sends the search instead of the hits', () => {
  const state = initialState(BASE + '?q=mouth%20cancer&k=30&notConcepts=D009062&terms=D009062&scope=collection');
  assert.deepEqual(filterRequest(state).body, {terms: ['D009062'], exclude: [], mode: 'any', explode: false,
    q: 'mouth cancer', k: 30, notConcepts: ['D009062']});
});

test('the filter says what is missing instead of sending a request the server would refuse', () => {
  assert.match(filterRequest(initialState(BASE)).missing, /Select at least one term/);
  assert.match(filterRequest(initialState(BASE + '?terms=D009062')).missing, /no search hits/);
  assert.match(filterRequest(initialState(BASE + '?terms=D009062&scope=collection')).missing, /Search first/);
});

test('sources are numbered from 1 in the order chosen, untitled ones named as everywhere', () => {
  const byPid = sourcesOf([{pid: 'p1', title: 'Oral cancer. '}, {pid: 'p2', title: '', pmid: '123'}]);
  assert.deepEqual([...byPid], [['p1', {n: 1, title: 'Oral cancer.'}], ['p2', {n: 2, title: 'Untitled article (PMID 123)'}]]);
});

test('the Markdown quotes the prompt, heads each group of statements with its term, cites by number and lists the sources', () => {
  const byPid = sourcesOf([{pid: 'http://x/pid/a', title: 'A'}, {pid: 'http://x/pid/b', title: 'B'}]);
  const term = {id: 'D009062', label: 'Mouth Neoplasms'};
  const md = markdown({
    pid: 'http://x/pid/s', model: 'extractive', created: '2026-11-22T00:00:00Z', prompt: 'What works?\nBe brief.',
    statements: [{text: 'Surgery helps.', cites: ['http://x/pid/a'], term}, {text: 'So does radiotherapy.', cites: ['http://x/pid/a', 'http://x/pid/b'], term},
      {text: 'Unsourced.', cites: ['http://x/pid/z']}],
    sources: ['http://x/pid/a', 'http://x/pid/b'],
  }, byPid);
  assert.equal(md, [
    '# Summary', '', '> What works?', '> Be brief.', '',
    '### Mouth Neoplasms', '',
    'Surgery helps. [1](http://x/pid/a)', '',
    'So does radiotherapy. [1](http://x/pid/a) [2](http://x/pid/b)', '',
    'Unsourced. [?](http://x/pid/z)', '',
    '## Sources', '', '1. A <http://x/pid/a>', '2. B <http://x/pid/b>', '',
    'Summary: <http://x/pid/s> · made by extractive · 2026-11-22T00:00:00Z', ''].join('\n'));
});

test('the Markdown keeps markup in a prompt, a statement, a term or a title as text', () => {
  assert.equal(markdownText('<img src=x onerror=alert(1)>'), '\\<img src=x onerror=alert(1)\\>');
  assert.equal(markdownText('[x](javascript:alert(2))'), '\\[x\\](javascript:alert(2))');
  assert.equal(markdownText('# Not a heading\n- not a list\n1995. not a list either'),
    '\\# Not a heading\n\\- not a list\n1995\\. not a list either');
  assert.equal(markdownText('p < 0.05 in 3 of 4 *trials* & `code` ~x~ a|b \\'),
    'p \\< 0.05 in 3 of 4 \\*trials\\* \\& \\`code\\` \\~x\\~ a\\|b \\\\');
  assert.equal(markdownText('Surgery helps.'), 'Surgery helps.');
  const byPid = sourcesOf([{pid: 'http://x/pid/a', title: 'A <b>bold</b> title'}]);
  const md = markdown({pid: 'http://x/pid/s', model: 'm', created: 'c', prompt: '<script>x</script>',
    statements: [{text: '<a href="javascript:alert(3)">click</a>', cites: ['http://x/pid/a']}], sources: ['http://x/pid/a']}, byPid);
  assert.ok(!/(^|[^\\])<(script|a|b)\b/m.test(md), md); // every < of the text is escaped
  assert.ok(md.includes('\\<a href="javascript:alert(3)"\\>click\\</a\\> [1](http://x/pid/a)'), md);
});

test('a typed relation reads in its direction, whichever side the term is on', () => {
  const related = {id: 'D001249', label: 'Asthma'};
  const albuterol = {label: 'Albuterol', relation: {subject: 'D000420', type: 'treats', model: 'm'}};
  assert.equal(relationText(related, albuterol), '(Albuterol treats Asthma, typed by m)');
  const cough = {label: 'Cough', relation: {subject: 'D001249', type: 'associated_with', model: 'm'}};
  assert.equal(relationText(related, cough), '(Asthma associated with Cough, typed by m)');
});

test('an untitled article has one name; a long abstract is cut at a word', () => {
  assert.equal(articleName({title: '  ', pmid: '42'}), 'Untitled article (PMID 42)');
  assert.equal(articleName({}), 'Untitled article');
  const long = 'word '.repeat(100);
  const preview = abstractPreview(long);
  assert.ok(preview.endsWith(' …') && preview.length <= ABSTRACT_PREVIEW + 2 && !/wor …$/.test(preview));
  assert.equal(abstractPreview('short'), 'short');
});

test('a search whose hits hold none of its words and none of its concepts says they are only near in meaning', () => {
  const hit = (...matchedBy) => ({pid: 'p', matchedBy});
  assert.equal(searchOutcome({results: [], tookMs: 3}), 'No article matched.');
  assert.match(searchOutcome({results: [hit('meaning'), hit('meaning')], tookMs: 3}),
    /^No article holds these words or is about a MeSH concept found in them: these 2 are only the nearest by meaning/);
  assert.equal(searchOutcome({results: [hit('meaning'), hit('meaning', 'words')], tookMs: 3}), '2 articles, best first (3 ms).');
  assert.equal(searchOutcome({results: [hit('concepts'), hit('meaning')], tookMs: 3}), '2 articles, best first (3 ms).');
});
