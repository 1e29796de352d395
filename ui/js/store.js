// The one store of the flow's state. Steps change it only through update(), which tells each part that
// shows a changed key; the changes themselves are pure functions of the state, tested without a browser.
import {fromUrl} from './state.js';

/** The state when the page opens at `href`: what the address says, and nothing fetched yet. */
export function initialState(href) {
  return {
    ...fromUrl(href),
    results: [], // the search hits (or the articles an answer of the Ask box handed over)
    filtered: null, // the answer of /api/filter while a filter is applied
    unchosen: new Set(), // PIDs the user unticked for summary and export
    summarizing: false,
  };
}

/**
 * A store holding one state object that is never changed in place: `update` replaces the keys it is
 * given, and calls the listeners of those keys whose values are not the same as before (Object.is).
 * `options` reach the listeners unchanged (the address uses them to push or replace a history entry).
 */
export function createStore(initial) {
  let state = {...initial};
  const listeners = [];
  return {
    get state() {
      return state;
    },

    /** `change` is an object of new values, or a function of the state returning one. */
    update(change, options = {}) {
      const patch = typeof change === 'function' ? change(state) : change;
      const changed = Object.keys(patch).filter((key) => !Object.is(state[key], patch[key]));
      if (changed.length === 0) return;
      const previous = state;
      state = {...state, ...patch};
      for (const listener of [...listeners]) {
        if (listener.keys.some((key) => changed.includes(key))) listener.call(state, previous, options);
      }
    },

    /** Calls `call(state, previous, options)` after each update that changes one of `keys`; returns the way to stop. */
    subscribe(keys, call) {
      const listener = {keys, call};
      listeners.push(listener);
      return () => listeners.splice(listeners.indexOf(listener), 1);
    },
  };
}

// ---------------------------------------------------------------- the selected terms

export const isSelected = (state, id) => state.selected.some((t) => t.id === id);

/** The ids of the selected terms that keep articles, and of those that drop them. */
export const includedTerms = (state) => state.selected.filter((t) => !t.exclude).map((t) => t.id);
export const excludedTerms = (state) => state.selected.filter((t) => t.exclude).map((t) => t.id);

export function select(state, term) {
  if (isSelected(state, term.id)) return {};
  return {selected: [...state.selected, {id: term.id, label: term.label, exclude: false}]};
}

export const unselect = (state, id) => ({selected: state.selected.filter((t) => t.id !== id)});

export const toggleTerm = (state, term) => (isSelected(state, term.id) ? unselect(state, term.id) : select(state, term));

export const setExclusion = (state, id, exclude) =>
  ({selected: state.selected.map((t) => (t.id === id ? {...t, exclude} : t))});

/** Labels found for terms that came without one; the ids in `missing` are dropped from the selection. */
export function withLabels(state, labels, missing) {
  return {
    selected: state.selected.filter((t) => !missing.has(t.id))
      .map((t) => (!t.label && labels.has(t.id) ? {...t, label: labels.get(t.id)} : t)),
  };
}

/** What a filter depends on in the selection: equal keys filter alike (labels do not count). */
export function selectionKey(state) {
  return JSON.stringify([includedTerms(state), excludedTerms(state), state.mode, state.explode]);
}

// ---------------------------------------------------------------- the articles summary and export use

/** The filtered articles while a filter is applied, else the hits; less those the user unticked. */
export function chosenArticles(state) {
  const pool = state.filtered ? state.filtered.results : state.results;
  return pool.filter((a) => !state.unchosen.has(a.pid));
}

export function setChosen(state, pid, chosen) {
  const unchosen = new Set(state.unchosen);
  if (chosen) unchosen.delete(pid);
  else unchosen.add(pid);
  return {unchosen};
}
