// Soak: the built server under a steady mixed load for SOAK_MINUTES (default 10), its RSS sampled every
// 10 s, to see whether memory stays flat once warm (goal: growth <= 5 % after the warm-up).
// Usage: npm run bench:soak (builds first) or node bench/soak.mjs. Writes bench/out/soak.json.
//
// SOAK_SHOPPERS shoppers (default 16) walk a journey over and over at a steady total rate of SOAK_RATE
// requests a second (default 150): home page, a category page (its sorts and pages in turn) and its API
// listing, a product page and its API answer, a search page and the search API, add to cart, the cart page,
// and every SOAK_CHECKOUT_EVERY-th journey (default 4) the order as a guest paying by bank transfer.
// The first SOAK_WARMUP_MINUTES (default 2) are the warm-up; growth is the RSS of the last minute against
// the first minute after it (mean of the samples in each).
import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { guestOrder } from './guest-order.mjs';
import { rssMB } from './peer-scenarios.mjs';
import { machineInfo, outDir, repoRoot, runMain, startVitrin } from './server.mjs';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 10);
const WARMUP_MINUTES = Number(process.env.SOAK_WARMUP_MINUTES ?? Math.min(2, MINUTES / 5));
const SHOPPERS = Number(process.env.SOAK_SHOPPERS ?? 16);
const RATE = Number(process.env.SOAK_RATE ?? 150);
const CHECKOUT_EVERY = Number(process.env.SOAK_CHECKOUT_EVERY ?? 4);
// Node options for the server, e.g. V8 flags to measure: SOAK_NODE_ARGS="--max-semi-space-size=2".
const NODE_ARGS = (process.env.SOAK_NODE_ARGS ?? '').split(' ').filter(Boolean);
const SAMPLE_MS = 10_000;
const GROWTH_LIMIT = 0.05;
const HEADERS = { 'accept-encoding': 'br, gzip' };
const SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name'];
const TERMS = ['kupa', 'vazo', 'defter', 'havlu', 'deri', 'seramik kupa', 'sapka', 'mum', 'kolye', 'çini'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
const round1 = (n) => Math.round(n * 10) / 10;

/** Categories, product slugs, and in-stock products of stock type 1 given stock for every order. */
async function shop(server) {
  const get = async (p) => (await fetch(server.url + p)).json();
  const categories = (await get('/api/front/categories')).flatMap((c) => [c, ...(c.children ?? [])]);
  const slugs = new Set();
  const buyable = [];
  for (const c of categories) {
    for (const item of (await get(`/api/front/categories/${c.slug}/products?pageSize=48`)).listing.items) {
      slugs.add(item.slug);
      if (
        item.stockType === 1 &&
        item.inStock &&
        buyable.length < 10 &&
        !buyable.some((b) => b.id === item.id)
      )
        buyable.push(item);
    }
  }
  // Through the CLI, as an operator would: it tells the running server over its control socket.
  const cli = path.join(repoRoot, 'apps/server/build/cli.mjs');
  for (const product of buyable) {
    await promisify(execFile)(process.execPath, [cli, 'product', 'set', product.slug, 'stock', '9999999'], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: server.dataDir },
    });
  }
  return { categories: categories.map((c) => c.slug), slugs: [...slugs], buyable: buyable.map((p) => p.id) };
}

runMain(async () => {
  const machine = machineInfo();
  const vitrin = await startVitrin({ name: 'vitrin (soak)', nodeArgs: NODE_ARGS });
  const { categories, slugs, buyable } = await shop(vitrin);
  console.log(
    `soak: ${MINUTES} min (warm-up ${WARMUP_MINUTES}), ${SHOPPERS} shoppers, ${RATE} req/s, ` +
      `${categories.length} categories, ${slugs.length} products, server pid ${vitrin.pid}`,
  );

  const counts = {};
  const failures = {};
  /** The first refused answer of each step, to say why. */
  const firstFailure = {};
  let requests = 0;
  let orders = 0;
  const count = (step, status, ok) => {
    requests++;
    const key = `${step} ${status}`;
    counts[key] = (counts[key] ?? 0) + 1;
    if (!ok) failures[key] = (failures[key] ?? 0) + 1;
  };

  // The shop's own origin (PUBLIC_URL, by default http://localhost:PORT): cookie-carrying writes from any
  // other are refused.
  const origin = `http://localhost:${vitrin.port}`;
  const started = performance.now();
  const deadline = started + MINUTES * 60_000;
  // Each shopper sends one request every SHOPPERS / RATE seconds: a steady rate, not as fast as it can.
  const gapMs = (SHOPPERS / RATE) * 1000;

  async function shopper(n) {
    let next = performance.now() + (n * gapMs) / SHOPPERS;
    const paced = async (step, pathname, init = {}, ok = (s) => s >= 200 && s < 300) => {
      next += gapMs;
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      else next = performance.now();
      try {
        const res = await fetch(vitrin.url + pathname, {
          ...init,
          headers: { ...HEADERS, ...init.headers },
          redirect: 'manual',
        });
        const body = await res.arrayBuffer();
        const good = ok(res.status);
        count(step, res.status, good);
        if (!good) firstFailure[step] ??= Buffer.from(body).toString('utf8').slice(0, 300);
        return res;
      } catch (err) {
        count(step, err.code ?? 'error', false);
        return null;
      }
    };
    const postJson = (step, pathname, body, headers = {}) =>
      paced(step, pathname, {
        method: 'POST',
        body: JSON.stringify(body),
        headers: { 'content-type': 'application/json', origin, ...headers },
      });

    for (let j = n; performance.now() < deadline; j += SHOPPERS) {
      const category = categories[j % categories.length];
      const sort = SORTS[Math.floor(j / categories.length) % SORTS.length];
      const page = 1 + (Math.floor(j / 7) % 2);
      const slug = slugs[(j * 7) % slugs.length];
      const term = TERMS[j % TERMS.length];
      await paced('home page', '/');
      await paced('category page', `/shop/${category}?sort=${sort}&page=${page}`);
      await paced(
        'listing api',
        `/api/front/categories/${category}/products?pageSize=12&sort=${sort}&page=${page}`,
      );
      await paced('product page', `/product/${slug}`);
      await paced('product api', `/api/front/products/${slug}`);
      await paced('search page', `/search?q=${encodeURIComponent(term)}`);
      await paced('search api', `/api/front/search?q=${encodeURIComponent(term)}&pageSize=12`);
      const added = await postJson('add to cart', '/api/front/cart/items', {
        productId: buyable[j % buyable.length],
        quantity: 1,
      });
      const cookie = added?.headers
        .getSetCookie()
        .find((c) => c.startsWith('vitrin_cart='))
        ?.split(';')[0];
      if (!cookie) continue;
      await paced('cart page', '/cart', { headers: { cookie } });
      if (j % CHECKOUT_EVERY !== 0) continue;
      const placed = await postJson(
        'checkout',
        '/api/front/checkout',
        guestOrder(`soak-${n}-${j}@example.com`),
        { cookie, 'idempotency-key': randomUUID() },
      );
      if (placed?.status === 201) orders++;
    }
  }

  const samples = [];
  const sample = () => {
    const minute = (performance.now() - started) / 60_000;
    const rss = round1(rssMB(vitrin.pid));
    samples.push({ minute: round1(minute), rssMB: rss, requests });
    const failed = Object.values(failures).reduce((a, b) => a + b, 0);
    console.log(
      `  ${minute.toFixed(1).padStart(5)} min  RSS ${String(rss).padStart(6)} MB  ${requests} requests, ${orders} orders, ${failed} failed`,
    );
  };
  sample();
  const timer = setInterval(sample, SAMPLE_MS);
  await Promise.all(Array.from({ length: SHOPPERS }, (_, n) => shopper(n)));
  clearInterval(timer);
  sample();
  const seconds = (performance.now() - started) / 1000;
  await vitrin.stop();

  // Growth after the warm-up: the first minute after it against the last minute.
  const after = samples.filter((s) => s.minute >= WARMUP_MINUTES);
  const first = after.filter((s) => s.minute < WARMUP_MINUTES + 1).map((s) => s.rssMB);
  const last = after.filter((s) => s.minute >= MINUTES - 1).map((s) => s.rssMB);
  const growth = first.length && last.length ? mean(last) / mean(first) - 1 : Number.NaN;
  const failed = Object.values(failures).reduce((a, b) => a + b, 0);
  const summary = {
    date: new Date().toISOString(),
    machine: { ...machine, loadAverageAfter: machineInfo().loadAverage },
    settings: {
      minutes: MINUTES,
      warmupMinutes: WARMUP_MINUTES,
      shoppers: SHOPPERS,
      rate: RATE,
      nodeArgs: NODE_ARGS,
    },
    requests,
    reqPerSec: round1(requests / seconds),
    orders,
    failed,
    counts,
    firstFailure,
    rssMB: {
      start: samples[0]?.rssMB,
      afterWarmup: round1(mean(first)),
      end: round1(mean(last)),
      min: Math.min(...after.map((s) => s.rssMB)),
      max: Math.max(...samples.map((s) => s.rssMB)),
    },
    growthAfterWarmup: round1(growth * 100),
    samples,
  };
  console.log(`\nrequests by step and status: ${JSON.stringify(counts)}`);
  if (failed) console.log(`first failure of each step: ${JSON.stringify(firstFailure)}`);
  console.log(
    `${requests} requests (${summary.reqPerSec}/s), ${orders} orders, ${failed} failed; RSS after warm-up ` +
      `${summary.rssMB.afterWarmup} MB, at the end ${summary.rssMB.end} MB, max ${summary.rssMB.max} MB`,
  );
  console.log(
    `${growth <= GROWTH_LIMIT && failed === 0 ? 'PASS' : 'MISS'}  RSS growth after warm-up <= 5 % and no failed request (${summary.growthAfterWarmup} %, ${failed} failed)`,
  );
  await mkdir(outDir, { recursive: true });
  const file = path.join(outDir, 'soak.json');
  await writeFile(file, `${JSON.stringify(summary, null, 2)}\n`);
  console.log(`written: ${path.relative(process.cwd(), file)}`);
});
