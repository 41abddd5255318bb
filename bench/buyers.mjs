// Buyers for the money-path part of bench/run.mjs, in a process of their own (as wrk is):
// `node bench/buyers.mjs BASE_URL BUYERS PRODUCT_IDS SECONDS` (ids comma-separated; buyer i buys the i-th). Each buyer, over and over until the time is
// up: a new guest cart with one line (`POST /api/front/cart/items`), then the order
// (`POST /api/front/checkout`, Havale / EFT, a fresh Idempotency-Key). Prints one JSON summary line with
// the orders placed per second and the latency of the order requests.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { guestOrder } from './guest-order.mjs';

const [base, buyers = '20', productIds = '', seconds = '10'] = process.argv.slice(2);
const products = productIds.split(',').map(Number);
const agent = new http.Agent({ keepAlive: true, maxSockets: Number(buyers) * 2 });

function post(path, body, headers = {}) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      base + path,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          // As a browser's same-origin fetch: the cart cookie is refused on writes from other sites.
          origin: base,
          ...headers,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

const statuses = {};
/** The first refused order's answer, to say why in the summary. */
let firstRefusal = null;
const orderTimes = [];
let orders = 0;
const deadline = performance.now() + Number(seconds) * 1000;
const count = (status) => {
  statuses[status] = (statuses[status] ?? 0) + 1;
};

const started = performance.now();
await Promise.all(
  Array.from({ length: Number(buyers) }, async (_, buyer) => {
    for (let n = 0; performance.now() < deadline; n++) {
      const productId = products[buyer % products.length];
      const added = await post('/api/front/cart/items', { productId, quantity: 1 });
      count(`cart ${added.status}`);
      const cookie = [added.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('vitrin_cart='));
      if (added.status !== 201 || !cookie) continue;
      const sent = performance.now();
      const placed = await post('/api/front/checkout', guestOrder(`alici-${buyer}-${n}@example.com`), {
        cookie: cookie.split(';')[0],
        'idempotency-key': randomUUID(),
      });
      orderTimes.push(performance.now() - sent);
      count(`checkout ${placed.status}`);
      if (placed.status !== 201 && !firstRefusal) firstRefusal = placed.body.toString('utf8').slice(0, 300);
      if (placed.status === 201) orders++;
    }
  }),
);
const elapsed = (performance.now() - started) / 1000;
const sorted = orderTimes.sort((a, b) => a - b);
const at = (p) =>
  Math.round((sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0) * 10) / 10;
console.log(
  JSON.stringify({
    orders,
    perSec: Math.round((orders / elapsed) * 10) / 10,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    statuses,
    firstRefusal,
  }),
);
agent.destroy();
