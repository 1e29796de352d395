// Unit tests of the web app's address state (node --test ui/test).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {ADDRESS_KEYS, DEFAULT_K, MAX_K, fromUrl, toUrl} from '../js/state.js';

const BASE = 'http://fairrag.test/';

test('a state survives the round trip through its address', () => {
  const state = {
    q: 'mouth cancer', notConcepts: ['D009062'], k: 25, rq: 'gum', mode: 'all', explode: true, scope: 'collection', filter: true,
    selected: [{id: 'D009062', label: null, exclude: false}, {id: 'D006258', label: null, exclude: true}],
  };
  const again = fromUrl(new URL(toUrl(state, BASE), BASE).href);
  assert.deepEqual(again, state);
});

test('the defaults leave the address bare', () => {
  const defaults = fromUrl(BASE);
  assert.equal(defaults.k, DEFAULT_K);
  assert.equal(toUrl(defaults, BASE), '/');
});

test('malformed values are dropped, not trusted', () => {
  const s = fromUrl(BASE + '?k=' + (MAX_K + 1) + '&terms=D009062,<script>,D1,mesh:ok_id&exclude=javascript:alert(1)'
    + '&mode=most&scope=everything&explode=yes&filter=true&notConcepts=D009062,<b>,D009062');
  assert.equal(s.k, DEFAULT_K);
  assert.deepEqual(s.selected.map((t) => t.id), ['D009062', 'mesh:ok_id']);
  assert.equal(s.mode, 'any');
  assert.equal(s.scope, 'hits');
  assert.equal(s.explode, false);
  assert.equal(s.filter, false);
  assert.deepEqual(s.notConcepts, ['D009062']);
});

test('a term both selected and excluded is kept once, excluded', () => {
  const s = fromUrl(BASE + '?terms=D009062&exclude=D009062');
  assert.deepEqual(s.selected, [{id: 'D009062', label: null, exclude: true}]);
});

test('the address keeps exactly the keys ADDRESS_KEYS names', () => {
  const state = fromUrl(BASE);
  const changed = {
    q: 'asthma', notConcepts: ['D001249'], k: 5, rq: 'wheeze', selected: [{id: 'D001249', label: 'Asthma', exclude: false}],
    mode: 'all', explode: true, scope: 'collection', filter: true,
  };
  assert.deepEqual(Object.keys(changed).sort(), [...ADDRESS_KEYS].sort());
  for (const key of ADDRESS_KEYS) {
    assert.notEqual(toUrl({...state, [key]: changed[key]}, BASE), '/', key + ' is kept in the address');
  }
  const withOthers = {...state, results: [{pid: 'x'}], filtered: {results: []}, unchosen: new Set(['x']), summarizing: true};
  assert.equal(toUrl(withOthers, BASE), '/');
});

test('a question in the address (the Ask box) stays when the flow writes its state', () => {
  assert.equal(toUrl({...fromUrl(BASE), q: 'asthma'}, BASE + '?ask=How%20many%3F&q=old'), '/?q=asthma&ask=How+many%3F');
});
