// Unit tests of the web app's API client against a real local HTTP server (node --test ui/test).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import {ApiError, getJson, pidPath, postEventStream} from '../js/api.js';

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
