// A render thread of the render pool (render-pool.ts): React Router answers page requests here, off the
// thread that owns the database, and the answer is compressed here too. Every call a loader makes on its
// load context (`context.product(slug)`, `context.account.customer()`) is sent to the request thread, which
// runs it on the request's real context and sends back the value or the error.
// Plain JavaScript: a worker thread starts without the TypeScript loader of the tests and of the server.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import { compress, encodeAll, ONCE_QUALITY } from '@vitrin/compression/compress';
import { createRequestHandler } from 'react-router';
import { isCompressible, isShareable, MIN_COMPRESSED_BYTES } from './page-answer.mjs';
import { describeError, reviveError } from './thread-errors.mjs';

const { entry, mode } = workerData;
const handle = createRequestHandler(await import(pathToFileURL(entry).href), mode);

/** Calls of the renders in progress that wait for the request thread's answer. */
const waiting = new Map();
let nextCall = 1;

function callRequestThread(id, path, args) {
  const call = nextCall++;
  return new Promise((resolve, reject) => {
    waiting.set(call, { resolve, reject });
    try {
      parentPort.postMessage({ kind: 'call', id, call, path, args });
    } catch (err) {
      // An argument that cannot be copied to the other thread (a function, a stream).
      waiting.delete(call);
      reject(err);
    }
  });
}

/** `context.a.b(...)` as a call of path ['a', 'b']; no path is ever a promise (`then` is not one). */
function remote(id, path) {
  return new Proxy(() => {}, {
    get: (_target, key) =>
      typeof key !== 'string' || key === 'then' ? undefined : remote(id, [...path, key]),
    apply: (_target, _this, args) => callRequestThread(id, path, args),
  });
}

function loadContext(id, values) {
  return new Proxy(values, {
    get: (target, key) =>
      key in target || typeof key !== 'string' || key === 'then' ? target[key] : remote(id, [key]),
  });
}

async function render({ id, url, method, headers, values, encoding, forCache }) {
  const response = await handle(new Request(url, { method, headers }), loadContext(id, values));
  const answer = { kind: 'done', id, status: response.status, headers: [...response.headers] };
  if (!response.body) return answer;
  const body = Buffer.from(await response.arrayBuffer());
  // A page the cache may keep is stored in every encoding (compressed once here, not on the request
  // thread); any other answer in the one encoding this client takes.
  const sent = response.headers;
  if (forCache && isShareable(response.status, sent.get('cache-control'), sent.has('set-cookie'))) {
    const { br, gzip } = encodeAll(body);
    answer.encoded = { br, gzip };
  } else if (
    isCompressible(sent.get('content-type')) &&
    encoding !== 'identity' &&
    body.length >= MIN_COMPRESSED_BYTES
  ) {
    // Only the compressed bytes cross to the request thread: copying the page too cost it a copy more.
    answer.compressed = { encoding, body: compress(body, encoding, ONCE_QUALITY) };
    return answer;
  }
  answer.body = body;
  return answer;
}

parentPort.on('message', (message) => {
  if (message.kind === 'answer') {
    const call = waiting.get(message.call);
    if (!call) return;
    waiting.delete(message.call);
    if ('error' in message) call.reject(reviveError(message.error));
    else call.resolve(message.value);
    return;
  }
  render(message).then(
    (answer) => parentPort.postMessage(answer),
    (err) => parentPort.postMessage({ kind: 'failed', id: message.id, error: describeError(err) }),
  );
});

parentPort.postMessage({ kind: 'ready' });
