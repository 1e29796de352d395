// The fairrag JSON API: requests, errors in plain words, and server-sent events over a POST.

/** An error the server explained: its message is what people should read. */
export class ApiError extends Error {
  constructor(message, status, code) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

const UNREACHABLE = 'The server could not be reached. Check the connection and try again.';

async function request(url, options = {}) {
  let response;
  try {
    response = await fetch(url, options);
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    throw new ApiError(UNREACHABLE, 0, 'network');
  }
  if (!response.ok) throw await errorOf(response);
  return response;
}

/** The message of a JSON error body {"error": {"code", "message"}}, or a sentence about the status. */
async function errorOf(response) {
  let code = 'http_' + response.status;
  let message = null;
  try {
    const body = await response.json();
    if (body && body.error) {
      code = body.error.code || code;
      message = body.error.message || null;
    }
  } catch (e) {
    // not JSON: fall back to the status
  }
  if (!message) {
    message = response.status === 503 ? 'The server is busy or a part of it is down; try again in a moment.'
      : response.status >= 500 ? 'The server failed to answer (status ' + response.status + ').'
      : 'The request was refused (status ' + response.status + ').';
  }
  return new ApiError(message, response.status, code);
}

export async function getJson(url, signal) {
  const response = await request(url, {headers: {Accept: 'application/json'}, signal});
  return response.json();
}

export async function postJson(url, body, signal) {
  const response = await request(url, {
    method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'application/json'},
    body: JSON.stringify(body), signal,
  });
  return response.json();
}

/** POSTs JSON and returns the answer as a Blob with the file name from Content-Disposition. */
export async function postForFile(url, body, signal) {
  const response = await request(url, {
    method: 'POST', headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body), signal,
  });
  const disposition = response.headers.get('Content-Disposition') || '';
  const match = /filename="([^"]+)"/.exec(disposition);
  return {blob: await response.blob(), filename: match ? match[1] : 'download'};
}

/**
 * POSTs JSON asking for text/event-stream and calls onEvent(name, data) for each event as it arrives
 * (EventSource cannot POST). An `error` event becomes an ApiError.
 */
export async function postEventStream(url, body, onEvent, signal) {
  const response = await request(url, {
    method: 'POST', headers: {'Content-Type': 'application/json', Accept: 'text/event-stream'},
    body: JSON.stringify(body), signal,
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const {value, done} = await reader.read();
    if (value) buffer += value.replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      dispatch(block, onEvent);
    }
    if (done) break;
  }
  if (buffer.trim()) dispatch(buffer, onEvent);
}

function dispatch(block, onEvent) {
  let name = 'message';
  const data = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return;
  const payload = JSON.parse(data.join('\n'));
  if (name === 'error') {
    const e = payload.error || {};
    throw new ApiError(e.message || 'The summary failed.', payload.status || 500, e.code);
  }
  onEvent(name, payload);
}

/** One request in flight per kind: starting one aborts the one before it (a newer search replaces an older). */
export class LatestRequests {
  #controllers = new Map();

  /** The signal of a new request of this kind. */
  start(kind) {
    this.abort(kind);
    const controller = new AbortController();
    this.#controllers.set(kind, controller);
    return controller.signal;
  }

  abort(kind) {
    const controller = this.#controllers.get(kind);
    if (controller) controller.abort();
  }
}

/**
 * Where a PID resolves on this server: its path /pid/<id>. Links go there, so they work whatever base
 * URL the PIDs were minted under (a redirect service, a test host).
 */
export function pidPath(pid) {
  const m = /\/pid\/([0-9a-z]+)$/.exec(pid || '');
  return m ? '/pid/' + m[1] : pid;
}

/**
 * Runs a SPARQL query on this server's endpoint. SELECT and ASK come back as parsed JSON results, graphs
 * as text; `cap` is the row cap when the endpoint lowered the query's LIMIT.
 */
export async function postSparql(query, signal) {
  const response = await request('/sparql', {
    method: 'POST',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Accept: 'application/sparql-results+json, text/turtle;q=0.9',
    },
    body: new URLSearchParams({query}),
    signal,
  });
  const type = (response.headers.get('Content-Type') || '').split(';')[0].trim();
  const cap = response.headers.get('Fairrag-Result-Cap');
  if (type === 'application/sparql-results+json' || type === 'application/json') {
    return {type, json: await response.json(), cap};
  }
  return {type, text: await response.text(), cap};
}
