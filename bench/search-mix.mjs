// Search and listings on a large catalogue (issue 40), through the API of one node on PostgreSQL:
//
//   DATABASE_URL=postgres://…/million node bench/search-mix.mjs
//
// The compiled server (`npm run build` first; BENCH_ENTRY names another entry) on the database named by
// DATABASE_URL, already seeded (`npm run seed:large -- --products N`). Once the node answers a listing:
// - search: a cold mix of 1,000 different queries made from the catalogue's names, a quarter with a typo
//   (bench/search-terms.mjs), each asked once by BENCH_CONNECTIONS shoppers at once (8): no answer is kept
//   for a query asked once, so every request is a whole search;
// - listings: every category with every sort and the pages 1, 2, 5, 10 and the last, each asked once (first
//   asks are not answered from the kept answers), facets included in each answer.
// Prints one JSON line: latencies (p50/p99/max, ms), requests per second, resident memory idle and at its
// highest, the load average. Port BENCH_PORT (default 18611).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveEnv, serveNodeArgs } from '../scripts/serve-command.mjs';
import { cpuMs, memory } from './proc-stats.mjs';
import { productNames, searchMix } from './search-terms.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the seeded database');
const port = Number(process.env.BENCH_PORT ?? 18611);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const entry = process.env.BENCH_ENTRY ?? 'apps/server/build/main.mjs';
const base = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');
const PAGE_SIZE = 24;
const SORTS = ['relevance', 'newest', 'name', 'price_asc', 'price_desc'];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET; its time in ms and its body. */
function get(url) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      })
      .on('error', reject);
  });
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Asks every path once, `connections` at a time; latencies, throughput and the server's CPU per request. */
async function once(paths, pid) {
  const cpuBefore = cpuMs(pid);
  const times = [];
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (next < paths.length) {
        const r = await get(base + paths[next++]);
        if (r.status !== 200) failed++;
        times.push(r.ms);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const sorted = times.sort((a, b) => a - b);
  const ms = (n) => Math.round(n * 10) / 10;
  return {
    requests: times.length,
    failed,
    reqPerSec: Math.round(times.length / seconds),
    p50: ms(percentile(sorted, 50)),
    p99: ms(percentile(sorted, 99)),
    max: ms(sorted.at(-1)),
    serverCpuMsPerRequest: ms((cpuMs(pid) - cpuBefore) / times.length),
  };
}

/** Waits until `url` answers 200 (the first listing waits for the catalogue index). */
async function firstOk(url, timeoutMs = 600_000) {
  const started = performance.now();
  for (;;) {
    try {
      const r = await get(url);
      if (r.status === 200) return Math.round(performance.now() - started);
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error(`${url}: no answer in ${timeoutMs} ms`);
    await sleep(100);
  }
}

/** Every category's slug, subcategories too. */
function slugsOf(tree) {
  const out = [];
  const walk = (list) => {
    for (const c of list ?? []) {
      out.push(c.slug);
      walk(c.children);
    }
  };
  walk(Array.isArray(tree) ? tree : tree.categories);
  return out;
}

const names = await productNames(databaseUrl);
const counter = new pg.Client({ connectionString: databaseUrl });
await counter.connect();
const products = Number(
  (await counter.query('select count(*) as n from products where is_active')).rows[0].n,
);
await counter.end();
const terms = searchMix(names, 1000);
const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-search-mix-'));
// BENCH_NODE_ARGS: Node options for the server, e.g. "--cpu-prof --cpu-prof-dir=bench/out/prof".
const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
const args = [
  ...serveNodeArgs(),
  ...nodeArgs,
  ...(entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry]),
];
const server = spawn(process.execPath, args, {
  cwd: repoRoot,
  env: {
    ...process.env,
    ...serveEnv(),
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
server.stdout.on('data', (d) => {
  log = (log + d).slice(-20_000);
});
server.stderr.on('data', (d) => {
  log = (log + d).slice(-20_000);
});
try {
  await firstOk(`${base}/readyz`);
  const tree = JSON.parse((await get(`${base}/api/front/categories`)).body);
  const slugs = slugsOf(tree);
  const indexMs = await firstOk(`${base}/api/front/categories/${slugs[0]}/products`);
  // What a node that has served a while holds: each sort's order made once (a search and a listing of
  // each), so that the mix measures searches and listings, not the first use of an order.
  const warmup = performance.now();
  for (const sort of SORTS) {
    await get(`${base}/api/front/search?q=${encodeURIComponent(terms[0])}&sort=${sort}&pageSize=1`);
    await get(`${base}/api/front/categories/${slugs[0]}/products?sort=${sort}&pageSize=1`);
  }
  const warmupMs = Math.round(performance.now() - warmup);
  await sleep(5_000);
  const idle = memory(server.pid);
  const loadBefore = load();

  const search = await once(
    terms.map((q) => `/api/front/search?q=${encodeURIComponent(q)}`),
    server.pid,
  );

  const listingPaths = [];
  for (const slug of slugs) {
    const first = JSON.parse(
      (await get(`${base}/api/front/categories/${slug}/products?pageSize=${PAGE_SIZE}&sort=name&page=1`))
        .body,
    );
    const total = first.listing?.total ?? first.total ?? 0;
    const last = Math.max(1, Math.ceil(total / PAGE_SIZE));
    const pages = [...new Set([1, 2, 5, 10, last].filter((p) => p <= last))];
    for (const sort of SORTS)
      for (const page of pages)
        if (!(sort === 'name' && page === 1))
          listingPaths.push(
            `/api/front/categories/${slug}/products?pageSize=${PAGE_SIZE}&sort=${sort}&page=${page}`,
          );
  }
  const listings = await once(listingPaths, server.pid);
  const result = {
    products,
    terms: terms.length,
    connections,
    firstListingMs: indexMs,
    warmupMs,
    search,
    listings,
    rssIdleMB: idle.rss,
    rssMaxMB: memory(server.pid).max,
    loadBefore,
    loadAfter: load(),
    at: new Date().toISOString(),
  };
  console.log(JSON.stringify(result));
} catch (err) {
  console.error(log.slice(-4000));
  throw err;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
  agent.destroy();
}
