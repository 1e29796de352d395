// Unit tests of the web app's API client against a real local HTTP server (node --test ui/test).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import {ApiError, LatestRequests, getJson, pidPath, postEventStream, postForFile, postJson} from '../js/api.js';

let server;
let base;
const routes = new Map();

before(async () => {
  server = http.createServer((req, res) => {
    const handle = routes.get(req.url);
    if (!handle) {
      res.writeHead(404, {'Content-Type': 'application/json'}).end('{"error":{"code":"not_found","message":"No such route."}}');
      return;
    }
    handle(req, res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${server.address().port}`;
});

after(() => server.close());

/** Answers with what the request was: method, the headers that matter and the body as sent. */
function echo(req, res) {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => { body += chunk; });
  req.on('end', () => res.writeHead(200, {'Content-Type': 'application/json'}).end(JSON.stringify({
    method: req.method, contentType: req.headers['content-type'], accept: req.headers.accept, body,
  })));
}

/** Writes the pieces one by one, each in a write of its own, so that events arrive split anywhere. */
function streamPieces(pieces) {
  return async (req, res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    for (const piece of pieces) {
      res.write(piece);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    res.end();
  };
}

test('events split across chunks, with CRLF line ends, comments and multi-line data, arrive whole', async () => {
  const text = 'event: sentence\r\ndata: {"text": "Oral cancer",\r\ndata:  "sources": [1]}\r\n\r\n'
    + ': a comment line\n\nevent: done\ndata: {"pid": "http://x/pid/b"}\n\n';
  const pieces = [];
  for (let i = 0; i < text.length; i += 7) pieces.push(text.slice(i, i + 7));
  routes.set('/sse', streamPieces(pieces));
  const seen = [];
  await postEventStream(base + '/sse', {}, (name, data) => seen.push([name, data]));
  assert.deepEqual(seen, [['sentence', {text: 'Oral cancer', sources: [1]}], ['done', {pid: 'http://x/pid/b'}]]);
});

test('a last event without its blank line is still delivered', async () => {
  routes.set('/sse-tail', streamPieces(['event: done\ndata: {"n": 1}']));
  const seen = [];
  await postEventStream(base + '/sse-tail', {}, (name, data) => seen.push([name, data]));
  assert.deepEqual(seen, [['done', {n: 1}]]);
});

test('an error event becomes an ApiError with the server\'s message', async () => {
  routes.set('/sse-error', streamPieces(['event: error\ndata: {"status": 429, "error": {"code": "summary_quota", "message": "Too many summaries."}}\n\n']));
  await assert.rejects(postEventStream(base + '/sse-error', {}, () => {}), (e) => e instanceof ApiError
    && e.status === 429 && e.code === 'summary_quota' && e.message === 'Too many summaries.');
});

test('a JSON error answer is read for its message; anything else gets a sentence about the status', async () => {
  await assert.rejects(getJson(base + '/missing'), (e) => e.status === 404 && e.code === 'not_found'
    && e.message === 'No such route.');
  routes.set('/html-503', (req, res) => res.writeHead(503, {'Content-Type': 'text/html'}).end('<h1>busy</h1>'));
  await assert.rejects(getJson(base + '/html-503'), (e) => e.status === 503 && e.code === 'http_503'
    && /busy/.test(e.message));
});

test('an unreachable server is said in plain words', async () => {
  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const port = closed.address().port;
  await new Promise((resolve) => closed.close(resolve));
  await assert.rejects(getJson(`http://127.0.0.1:${port}/x`), (e) => e.code === 'network');
});

test('a PID links to its path on this server, whatever base it was minted under', () => {
  assert.equal(pidPath('https://w3id.org/fairrag/pid/bcdfghjkmnpq3'), '/pid/bcdfghjkmnpq3');
  assert.equal(pidPath('/other'), '/other');
});

test('the event stream is asked for by a POST of JSON', async () => {
  let seen = null;
  routes.set('/sse-request', (req, res) => {
    let body = '';
    req.on('data', (chunk) => { body += chunk; });
    req.on('end', () => {
      seen = {method: req.method, accept: req.headers.accept, type: req.headers['content-type'], body: JSON.parse(body)};
      res.writeHead(200, {'Content-Type': 'text/event-stream'}).end('data: {}\n\n');
    });
  });
  await postEventStream(base + '/sse-request', {articles: ['p1'], prompt: 'Why?'}, () => {});
  assert.deepEqual(seen, {method: 'POST', accept: 'text/event-stream', type: 'application/json',
    body: {articles: ['p1'], prompt: 'Why?'}});
});

test('an event without a name is a message; an event without data, a field without a colon and unknown fields are ignored', async () => {
  routes.set('/sse-fields', streamPieces(['data:{"a":1}\n\n', 'event: ping\n\n', 'event: statement\nid: 7\nretry: 10\ndata\n',
    'data: {"b": 2}\n\n', ': keep-alive\n\n']));
  const seen = [];
  await postEventStream(base + '/sse-fields', {}, (name, data) => seen.push([name, data]));
  // "data" alone is an empty data line: the event's data is "\n{"b": 2}", still one JSON value.
  assert.deepEqual(seen, [['message', {a: 1}], ['statement', {b: 2}]]);
});

test('characters whose bytes are split between chunks arrive whole', async () => {
  const bytes = Buffer.from('event: statement\ndata: {"text": "Näsopharyngeal 癌 — ok"}\n\n', 'utf8');
  routes.set('/sse-utf8', async (req, res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    for (let i = 0; i < bytes.length; i += 3) {
      res.write(bytes.subarray(i, i + 3));
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    res.end();
  });
  const seen = [];
  await postEventStream(base + '/sse-utf8', {}, (name, data) => seen.push(data.text));
  assert.deepEqual(seen, ['Näsopharyngeal 癌 — ok']);
});

test('events before an error event are delivered; the error stops the stream with the server\'s code', async () => {
  routes.set('/sse-late-error', streamPieces(['event: statement\ndata: {"n": 1}\n\n',
    'event: error\ndata: {"error": {"code": "model_failed", "message": "The model failed."}}\n\n',
    'event: statement\ndata: {"n": 2}\n\n']));
  const seen = [];
  await assert.rejects(postEventStream(base + '/sse-late-error', {}, (name, data) => seen.push(data.n)),
    (e) => e instanceof ApiError && e.status === 500 && e.code === 'model_failed' && e.message === 'The model failed.');
  assert.deepEqual(seen, [1]);
});

test('a refused event-stream request is an ApiError before any event', async () => {
  routes.set('/sse-refused', (req, res) => res.writeHead(400, {'Content-Type': 'application/json'})
    .end('{"error":{"code":"bad_request","message":"No articles were given."}}'));
  let events = 0;
  await assert.rejects(postEventStream(base + '/sse-refused', {}, () => events++),
    (e) => e.status === 400 && e.code === 'bad_request' && e.message === 'No articles were given.');
  assert.equal(events, 0);
});

test('stopping a stream part way rejects with an AbortError, not an ApiError', async () => {
  let release;
  routes.set('/sse-endless', (req, res) => {
    res.writeHead(200, {'Content-Type': 'text/event-stream'});
    res.write('event: statement\ndata: {"n": 1}\n\n');
    release = () => res.end();
  });
  const controller = new AbortController();
  const stream = postEventStream(base + '/sse-endless', {}, () => controller.abort(), controller.signal);
  await assert.rejects(stream, (e) => e.name === 'AbortError' && !(e instanceof ApiError));
  release();
});

test('postJson sends JSON and reads JSON', async () => {
  routes.set('/echo', echo);
  const answer = await postJson(base + '/echo', {terms: ['D009062'], mode: 'all'});
  assert.deepEqual(answer, {method: 'POST', contentType: 'application/json', accept: 'application/json',
    body: '{"terms":["D009062"],"mode":"all"}'});
});

test('a server error without a JSON body is said with its status', async () => {
  routes.set('/boom', (req, res) => res.writeHead(500, {'Content-Type': 'text/plain'}).end('stack trace'));
  await assert.rejects(postJson(base + '/boom', {}), (e) => e instanceof ApiError && e.status === 500
    && e.message === 'The server failed to answer (status 500).');
  routes.set('/refused', (req, res) => res.writeHead(413).end());
  await assert.rejects(getJson(base + '/refused'), (e) => e.code === 'http_413'
    && e.message === 'The request was refused (status 413).');
});

test('a file comes with the name the server gave it, or "download"', async () => {
  routes.set('/file', (req, res) => res.writeHead(200, {
    'Content-Type': 'application/x-research-info-systems', 'Content-Disposition': 'attachment; filename="fairrag-articles.ris"',
  }).end('TY  - JOUR\nER  - \n'));
  const {blob, filename} = await postForFile(base + '/file', {articles: ['p']});
  assert.equal(filename, 'fairrag-articles.ris');
  assert.equal(await blob.text(), 'TY  - JOUR\nER  - \n');
  routes.set('/file-unnamed', (req, res) => res.writeHead(200, {'Content-Type': 'text/csv'}).end('a,b\n'));
  assert.equal((await postForFile(base + '/file-unnamed', {})).filename, 'download');
});

test('a new request of a kind aborts the one before it, and only that kind', () => {
  const requests = new LatestRequests();
  const firstSearch = requests.start('search');
  const filter = requests.start('filter');
  const secondSearch = requests.start('search');
  assert.equal(firstSearch.aborted, true);
  assert.equal(secondSearch.aborted, false);
  assert.equal(filter.aborted, false);
  requests.abort('filter');
  assert.equal(filter.aborted, true);
  requests.abort('summary'); // nothing of that kind: nothing happens
});
