// While the server starts, /health answers STARTING with what it is doing: the page says so and waits.

import {$} from './dom.js';

const POLL_MS = 1000;

/** Resolves once the server's API is ready; until then shows the start-up's progress above the steps. */
export async function whenReady() {
  for (;;) {
    const startup = await startupProgress();
    if (!startup) {
      $('#startup').hidden = true;
      return;
    }
    show(startup);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The start-up's progress, or null when the server is past it (or cannot be asked: the app reports that itself). */
async function startupProgress() {
  try {
    const response = await fetch('/health', {headers: {Accept: 'application/json'}, cache: 'no-store'});
    const body = await response.json();
    return body && body.status === 'STARTING' ? body.startup || {} : null;
  } catch (e) {
    return null;
  }
}

function show(startup) {
  const step = startup.step;
  const seconds = Math.round((startup.elapsedMs || 0) / 1000);
  let text = `fairrag is starting (${seconds} s)`;
  if (step) {
    text += `: ${step.name}`;
    if (step.unit && step.total >= 0) {
      text += `, ${step.done.toLocaleString('en')} of ${step.total.toLocaleString('en')} ${step.unit}`;
    } else if (step.unit) {
      text += `, ${step.done.toLocaleString('en')} ${step.unit}`;
    }
  }
  $('#startup-text').textContent = text + '. The steps below work once it is ready.';
  const bar = $('#startup-bar');
  if (step && step.total > 0) {
    bar.max = step.total;
    bar.value = Math.min(step.done, step.total);
  } else {
    bar.removeAttribute('value');
  }
  $('#startup').hidden = false;
}
