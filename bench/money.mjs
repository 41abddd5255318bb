// Money-path bench: add-to-cart and order placement on PostgreSQL (a private cluster with PostgreSQL's
// default durability: every commit waits for the disk). Usage: `node bench/money.mjs` after `npm run build`.
// Targets (the money-path issue): add-to-cart >= 1 000 operations/s; order placement >= 150 orders/s with
// 20 concurrent buyers. Figures go to bench/out/money.json; PASS/MISS is a report (exit code 0).
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { pgBin, startCluster } from '../scripts/pg-cluster.mjs';
import { machineBusyMs, machineInfo, onCleanup, outDir, repoRoot, runMain, startVitrin } from './server.mjs';
import { LOADGEN, wrk } from './wrk.mjs';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const BUYERS = 20;
/** Guest carts the add-to-cart load is spread over (each request adds one more to one of them). */
const CARTS = 200;
const run = promisify(execFile);

async function postJson(url, body, headers = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, body: await res.json().catch(() => null) };
}

/**
 * Products of stock type 1 from every category, each given stock enough for every order of the bench
 * (through the CLI, which tells the server). Each buyer buys its own: 20 buyers of one product would
 * queue on that product's stock row, which measures one hot row rather than the shop.
 */
async function benchProducts(base, databaseUrl, count) {
  const tree = await (await fetch(`${base}/api/front/categories`)).json();
  const cards = [];
  for (const category of tree) {
    const page = await (
      await fetch(`${base}/api/front/categories/${category.slug}/products?pageSize=48`)
    ).json();
    cards.push(...page.listing.items.filter((p) => p.stockType === 1 && p.inStock));
  }
  const chosen = cards.slice(0, count);
  if (chosen.length === 0) throw new Error('no single in-stock product in the demo catalogue');
  for (const card of chosen) {
    await run(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli.ts', 'product', 'set', card.slug, 'stock', '9999999'],
      { cwd: repoRoot, env: { ...process.env, DATABASE_URL: databaseUrl } },
    );
  }
  return chosen;
}

/** New guest carts, each with one line: their cookies. */
async function guestCarts(base, productId, count) {
  const cookies = [];
  for (let i = 0; i < count; i++) {
    const res = await postJson(`${base}/api/front/cart/items`, { productId, quantity: 1 });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith('vitrin_cart='));
    if (res.status !== 201 || !cookie)
      throw new Error(`cart not created (HTTP ${res.status}): ${JSON.stringify(res.body)}`);
    cookies.push(cookie.split(';')[0]);
  }
  return cookies;
}

function buyers(base, productIds) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, 'buyers.mjs'),
        base,
        String(BUYERS),
        productIds.join(','),
        String(DURATION),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (c) => {
      output += c;
    });
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/buyers.mjs failed (${code})`));
      resolve(JSON.parse(output.trim().split('\n').at(-1)));
    });
  });
}

const round2 = (n) => Math.round(n * 100) / 100;

runMain(async () => {
  const bin = pgBin();
  if (!bin) {
    console.log('PostgreSQL is not installed (/usr/lib/postgresql/*/bin): nothing to measure');
    return;
  }
  if (LOADGEN !== 'wrk') {
    console.log('wrk is not installed (apt-get install wrk): nothing to measure');
    return;
  }
  const machine = machineInfo();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'vitrin-bench-money-'));
  const cluster = await startCluster({
    bin,
    dir,
    portMin: 18750,
    portMax: 18799,
    stdio: 'ignore',
    durable: true,
  });
  const stopCluster = onCleanup(async () => {
    cluster.stop('immediate');
    await rm(dir, { recursive: true, force: true });
  });
  const vitrin = await startVitrin({
    name: 'vitrin (PostgreSQL)',
    env: { DATABASE_URL: process.env.BENCH_PG_SOCKET ? cluster.socketUrl : cluster.url },
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/out/prof" for the server's CPU profile
    nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
  });
  const products = await benchProducts(vitrin.url, cluster.url, BUYERS);
  const product = products[0];
  console.log(`bench money path: PostgreSQL (durable), ${products.length} products, ${DURATION} s each`);

  const cookies = await guestCarts(vitrin.url, product.id, CARTS);
  const body = JSON.stringify({ productId: product.id, quantity: 1 });
  // Browsers send Origin with every POST; the cart cookie is refused on writes from other sites.
  const options = { connections: CONNECTIONS, headers: { origin: vitrin.url } };
  await wrk(`${vitrin.url}/api/front/cart/items`, ['POST', body, ...cookies], WARMUP, options);
  let busy = machineBusyMs();
  const add = await wrk(`${vitrin.url}/api/front/cart/items`, ['POST', body, ...cookies], DURATION, options);
  add.cpuMsPerOp = round2((machineBusyMs() - busy) / add.requests);
  console.log(
    `  add to cart (${CONNECTIONS} connections, ${CARTS} carts): ${add.reqPerSec.toFixed(0)} ops/s, ` +
      `p95 ${add.latencyMs.p95} ms, p99 ${add.latencyMs.p99} ms, non-2xx/errors ${add.non2xx + add.errors + add.timeouts}, ` +
      `${add.cpuMsPerOp} ms of machine CPU per add`,
  );
  busy = machineBusyMs();
  const orders = await buyers(
    vitrin.url,
    products.map((p) => p.id),
  );
  // Each buyer's loop is an add to the cart and an order: the CPU figure is that loop's.
  orders.cpuMsPerOrder = round2((machineBusyMs() - busy) / orders.orders);
  console.log(
    `  order placement (${BUYERS} buyers): ${orders.perSec} orders/s, p95 ${orders.p95} ms, ${JSON.stringify(orders.statuses)}, ` +
      `${orders.cpuMsPerOrder} ms of machine CPU per order (with its add to the cart)`,
  );
  // An e-mail that failed would not fail its order (it is logged), so the bench counts them. They are sent
  // in the background after each answer: the last ones get a few seconds to arrive.
  const count = await run(path.join(bin, 'psql'), ['-XAtc', 'select count(*) from orders', cluster.url]);
  const placed = Number(count.stdout.trim());
  const outbox = path.join(vitrin.dataDir, 'outbox');
  // The buyers' confirmations only: the owner's new-order notices go to the outbox too.
  const countMails = async () => {
    const files = (await readdir(outbox).catch(() => [])).filter((f) => f.endsWith('.eml'));
    const heads = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
    return heads.filter((text) => /^To: .*alici-\d+-\d+@example\.com/m.test(text)).length;
  };
  const deadline = Date.now() + 10_000;
  let mails = await countMails();
  while (mails < placed && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    mails = await countMails();
  }
  console.log(`  ${placed} orders in the database, ${mails} confirmation e-mails in the outbox`);
  await vitrin.stop();
  stopCluster();
  cluster.stop('fast');
  await rm(dir, { recursive: true, force: true });

  const addClean = add.requests > 0 && add.non2xx + add.errors + add.timeouts === 0;
  const ordersClean =
    orders.orders > 0 && mails === placed && Object.keys(orders.statuses).every((k) => / 20[01]$/.test(k));
  const checks = [
    [
      'add-to-cart >= 1000 operations/s on PostgreSQL',
      `${add.reqPerSec.toFixed(0)} ops/s`,
      addClean && add.reqPerSec >= 1000,
    ],
    [
      `order placement >= 150 orders/s on PostgreSQL with ${BUYERS} buyers`,
      `${orders.perSec} orders/s`,
      ordersClean && orders.perSec >= 150,
    ],
  ];
  console.log();
  for (const [target, actual, pass] of checks)
    console.log(`${pass ? 'PASS' : 'MISS'}  ${target} (${actual})`);
  const loadAfter = machineInfo().loadAverage;
  console.log(
    `\nload average (1 min) ${machine.loadAverage[0]} before, ${loadAfter[0]} after, ${machine.cores} cores`,
  );
  await writeFile(
    path.join(outDir, 'money.json'),
    `${JSON.stringify({ date: new Date().toISOString(), machine, addToCart: add, orders, checks }, null, 2)}\n`,
  );
});
