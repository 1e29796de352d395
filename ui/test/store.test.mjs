// Unit tests of the web app's store and the state changes the steps make through it (node --test ui/test).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {
  chosenArticles, createStore, excludedTerms, includedTerms, initialState, isSelected, select, selectionKey,
  setChosen, setExclusion, toggleTerm, unselect, withLabels,
} from '../js/store.js';

const BASE = 'http://fairrag.test/';
const MOUTH = {id: 'D009062', label: 'Mouth Neoplasms'};
const HEAD = {id: 'D006258', label: 'Head and Neck Neoplasms'};

test('the first state is the address, with nothing fetched and nothing unticked', () => {
  const s = initialState(BASE + '?q=mouth%20cancer&terms=D009062&filter=1');
  assert.equal(s.q, 'mouth cancer');
  assert.deepEqual(s.selected, [{id: 'D009062', label: null, exclude: false}]);
  assert.equal(s.filter, true);
  assert.deepEqual(s.results, []);
  assert.equal(s.filtered, null);
  assert.equal(s.unchosen.size, 0);
  assert.equal(s.summarizing, false);
});

test('a listener hears the keys it named, with the state before, the state after and the options', () => {
  const store = createStore({q: '', k: 10, results: []});
  const heard = [];
  store.subscribe(['q'], (state, previous, options) => heard.push([previous.q, state.q, options]));
  store.update({k: 20});
  store.update({q: 'asthma'}, {history: 'push'});
  assert.deepEqual(heard, [['', 'asthma', {history: 'push'}]]);
  assert.equal(store.state.k, 20);
});

test('an update that changes nothing tells no one', () => {
  const results = [];
  const store = createStore({q: 'asthma', results});
  let calls = 0;
  store.subscribe(['q', 'results'], () => calls++);
  store.update({q: 'asthma', results});
  store.update(() => ({}));
  assert.equal(calls, 0);
});

test('the state is replaced, never changed in place, so the state a listener was given stays as it was', () => {
  const store = createStore(initialState(BASE));
  const before = store.state;
  store.update((s) => select(s, MOUTH));
  assert.deepEqual(before.selected, []);
  assert.deepEqual(store.state.selected, [{...MOUTH, exclude: false}]);
});

test('a listener that stops hears nothing more; the others still do', () => {
  const store = createStore({q: ''});
  const heard = [];
  const stop = store.subscribe(['q'], (s) => heard.push('a:' + s.q));
  store.subscribe(['q'], (s) => heard.push('b:' + s.q));
  store.update({q: 'x'});
  stop();
  store.update({q: 'y'});
  assert.deepEqual(heard, ['a:x', 'b:x', 'b:y']);
});

test('a listener sees the other keys of the same update already changed', () => {
  const store = createStore({filtered: {results: []}, filter: true});
  let seen = null;
  store.subscribe(['filtered'], (s) => { seen = s.filter; });
  store.update({filtered: null, filter: false});
  assert.equal(seen, false);
});

test('selecting a term twice keeps it once; toggling selects and removes; exclusion marks one term', () => {
  const store = createStore(initialState(BASE));
  store.update((s) => select(s, MOUTH));
  store.update((s) => select(s, MOUTH));
  store.update((s) => toggleTerm(s, HEAD));
  assert.deepEqual(store.state.selected.map((t) => t.id), ['D009062', 'D006258']);
  store.update((s) => setExclusion(s, HEAD.id, true));
  assert.deepEqual(includedTerms(store.state), ['D009062']);
  assert.deepEqual(excludedTerms(store.state), ['D006258']);
  store.update((s) => toggleTerm(s, MOUTH));
  assert.equal(isSelected(store.state, MOUTH.id), false);
  store.update((s) => unselect(s, HEAD.id));
  assert.deepEqual(store.state.selected, []);
});

test('labels fill the terms that came without one; unknown terms are dropped; a term selected meanwhile stays', () => {
  const state = {selected: [{id: 'D009062', label: null, exclude: true}, {id: 'D999999', label: null, exclude: false},
    {...HEAD, exclude: false}]};
  const after = withLabels(state, new Map([['D009062', 'Mouth Neoplasms']]), new Set(['D999999']));
  assert.deepEqual(after.selected, [{id: 'D009062', label: 'Mouth Neoplasms', exclude: true}, {...HEAD, exclude: false}]);
});

test('the selection key changes with what the filter sends, not with labels', () => {
  const s = {...initialState(BASE + '?terms=D009062'), mode: 'any', explode: false};
  const labelled = {...s, ...withLabels(s, new Map([['D009062', 'Mouth Neoplasms']]), new Set())};
  assert.equal(selectionKey(labelled), selectionKey(s));
  assert.notEqual(selectionKey({...s, mode: 'all'}), selectionKey(s));
  assert.notEqual(selectionKey({...s, explode: true}), selectionKey(s));
  assert.notEqual(selectionKey({...s, ...setExclusion(s, 'D009062', true)}), selectionKey(s));
});

test('the chosen articles are the filtered ones while a filter is applied, else the hits, less the unticked', () => {
  const hits = [{pid: 'a'}, {pid: 'b'}, {pid: 'c'}];
  let s = {...initialState(BASE), results: hits};
  s = {...s, ...setChosen(s, 'b', false)};
  assert.deepEqual(chosenArticles(s).map((a) => a.pid), ['a', 'c']);
  s = {...s, filtered: {results: [{pid: 'b'}, {pid: 'c'}]}};
  assert.deepEqual(chosenArticles(s).map((a) => a.pid), ['c']);
  const before = s.unchosen;
  s = {...s, ...setChosen(s, 'b', true)};
  assert.deepEqual(chosenArticles(s).map((a) => a.pid), ['b', 'c']);
  assert.equal(before.has('b'), true, 'the set of the state before is not changed');
});
