// Building DOM nodes without HTML strings: every piece of data becomes a text node, never markup.

/**
 * el('a', {href: '/x', className: 'c', 'aria-label': 'Go'}, 'text', child) — properties for known DOM
 * properties (className, hidden, disabled, checked, value, type...), attributes for anything with a dash
 * (aria-*, data-*), event listeners for on* functions; strings become text nodes.
 */
export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null) continue;
    if (key.startsWith('on') && typeof value === 'function') {
      node.addEventListener(key.slice(2).toLowerCase(), value);
    } else if (key.includes('-') || key === 'role') {
      node.setAttribute(key, String(value));
    } else {
      node[key] = value;
    }
  }
  append(node, children);
  return node;
}

function append(node, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(node, child);
    else node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** Replaces the children of `node`, keeping keyboard focus on the element with the same data-key. */
export function render(node, ...children) {
  const active = document.activeElement;
  const key = active && node.contains(active) ? active.dataset.key : undefined;
  node.replaceChildren();
  append(node, children);
  if (key) {
    const again = node.querySelector(`[data-key="${CSS.escape(key)}"]`);
    if (again) again.focus();
  }
}

export const $ = (selector, root = document) => root.querySelector(selector);
export const $$ = (selector, root = document) => [...root.querySelectorAll(selector)];

/**
 * Shows the progress of one request in a section: a status line (polite live region) and an alert for
 * errors. `busy(text)` while working, `done(text)` after, `fail(error)` shows the error's message.
 */
export class Status {
  constructor(statusNode, alertNode, busyRegion) {
    this.statusNode = statusNode;
    this.alertNode = alertNode;
    this.busyRegion = busyRegion;
  }

  busy(text) {
    this.alertNode.hidden = true;
    this.alertNode.textContent = '';
    this.statusNode.classList.add('busy');
    this.statusNode.textContent = text;
    if (this.busyRegion) this.busyRegion.setAttribute('aria-busy', 'true');
  }

  done(text = '') {
    this.statusNode.classList.remove('busy');
    this.statusNode.textContent = text;
    if (this.busyRegion) this.busyRegion.removeAttribute('aria-busy');
  }

  fail(error, what) {
    if (error && error.name === 'AbortError') return; // replaced by a newer request, or stopped
    this.done('');
    this.alertNode.textContent = (what ? what + ' ' : '') + (error && error.message ? error.message : String(error));
    this.alertNode.hidden = false;
  }

  clear() {
    this.done('');
    this.alertNode.hidden = true;
    this.alertNode.textContent = '';
  }
}

/** Hands a Blob to the browser as a download named `filename`. */
export function download(blob, filename) {
  const url = URL.createObjectURL(blob);
  const a = el('a', {href: url, download: filename, hidden: true});
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
