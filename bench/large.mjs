// The large catalogues of the search bench (`npm run seed:large` into bench/out/large/), seeded once and
// reused while the product count matches: on the embedded database a data directory, on PostgreSQL the data
// directory of a private cluster (Debian's binaries) that runs only while the bench does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pgBin, startCluster } from '../scripts/pg-cluster.mjs';
import { onCleanup, outDir, repoRoot } from './server.mjs';

export const LARGE_PRODUCTS = Number(process.env.BENCH_LARGE_PRODUCTS ?? 100_000);
const largeDir = path.join(outDir, 'large');
// Clear of the bench servers (18500-18599) and of the test clusters of `npm run test:pg`.
const PG_PORT_MIN = 18700;
const PG_PORT_MAX = 18749;

const markerOf = (dir) => path.join(dir, 'seeded.json');

function isSeeded(dir) {
  try {
    return JSON.parse(readFileSync(markerOf(dir), 'utf8')).products === LARGE_PRODUCTS;
  } catch {
    return false;
  }
}

/** Runs the seed script (its progress shows), then marks the directory as complete. */
async function seed(dir, args, env = {}) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/core/src/demo/seed-large.ts',
        '--products',
        String(LARGE_PRODUCTS),
        ...args,
      ],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`seed:large failed (exit code ${code})`);
  const seconds = Math.round((Date.now() - started) / 1000);
  await writeFile(
    markerOf(dir),
    `${JSON.stringify({ products: LARGE_PRODUCTS, seconds, date: new Date() })}\n`,
  );
  return seconds;
}

/** The embedded database's data directory with the large catalogue. */
export async function largePglite() {
  const dir = path.join(largeDir, `pglite-${LARGE_PRODUCTS}`);
  let seededInSec;
  if (!isSeeded(dir)) {
    await rm(dir, { recursive: true, force: true });
    console.log(`  seeding ${LARGE_PRODUCTS} products into ${path.relative(repoRoot, dir)} (once)`);
    seededInSec = await seed(dir, ['--data-dir', dir]);
  }
  return { dataDir: dir, seededInSec };
}

/** A running PostgreSQL cluster with the large catalogue; undefined when PostgreSQL is not installed. */
export async function largePostgres() {
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = path.join(largeDir, `pg-${LARGE_PRODUCTS}`);
  const seeded = isSeeded(dir);
  if (!seeded) await rm(dir, { recursive: true, force: true });
  const cluster = await startCluster({
    bin,
    dir,
    portMin: PG_PORT_MIN,
    portMax: PG_PORT_MAX,
    stdio: 'ignore',
  });
  const stop = onCleanup(() => cluster.stop('fast'));
  let seededInSec;
  try {
    if (!seeded) {
      console.log(
        `  seeding ${LARGE_PRODUCTS} products into PostgreSQL at ${path.relative(repoRoot, dir)} (once)`,
      );
      seededInSec = await seed(dir, [], { DATABASE_URL: cluster.url });
    }
  } catch (err) {
    stop();
    cluster.stop('fast');
    throw err;
  }
  return {
    url: cluster.url,
    seededInSec,
    stop() {
      stop();
      cluster.stop('fast');
    },
  };
}

const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'name'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const getJson = async (url) => (await fetch(url)).json();

/** The resident memory of a process in MB (0 once it is gone). */
export function rssMB(pid) {
  try {
    return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)[1]) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Where a process's resident memory is, in MB, by kind of mapping (/proc/PID/smaps): `wasm` the embedded
 * database's WebAssembly memory (the writable part of a reservation of 8 GB or more of address space),
 * `arenas` glibc's per-thread malloc arenas (each at a 64 MB boundary), `brk` the main malloc heap, `anon`
 * the rest of the anonymous memory (V8's heaps of every thread, thread stacks), `files` mapped files (Node,
 * sharp's libraries).
 */
export function rssBreakdown(pid) {
  let text;
  try {
    text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  } catch {
    return undefined;
  }
  const maps = [];
  let map;
  for (const line of text.split('\n')) {
    const header = line.match(/^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \d+\s*(.*)$/);
    if (header) {
      const [, from, to, perm, name] = header;
      const start = BigInt(`0x${from}`);
      const kind =
        name === '[heap]'
          ? 'brk'
          : name.startsWith('/')
            ? 'files'
            : start % 0x4000000n === 0n && perm.startsWith('rw')
              ? 'arenas'
              : 'anon';
      map = { start, end: BigInt(`0x${to}`), perm, kind, kb: 0 };
      const before = maps.at(-1);
      if (perm === '---p' && map.end - start >= 4n << 30n && before?.end === start) before.kind = 'wasm';
      maps.push(map);
    } else if (line.startsWith('Rss:')) map.kb = Number(line.match(/\d+/)[0]);
  }
  const out = { wasm: 0, arenas: 0, brk: 0, anon: 0, files: 0 };
  for (const { kind, kb } of maps) out[kind] += kb;
  for (const key of Object.keys(out)) out[key] = Math.round(out[key] / 1024);
  return out;
}

/**
 * Samples a process's RSS every 250 ms; `max()` is the highest seen since the last `reset()`, `atMax()` where
 * that memory was (`rssBreakdown`, read when a new highest was seen).
 */
export function rssSampler(pid) {
  let max = rssMB(pid);
  let atMax;
  const timer = setInterval(() => {
    const now = rssMB(pid);
    if (now > max + 1) atMax = rssBreakdown(pid);
    max = Math.max(max, now);
  }, 250);
  timer.unref();
  return {
    max: () => Math.round(Math.max(max, rssMB(pid))),
    atMax: () => atMax,
    reset: () => {
      max = rssMB(pid);
      atMax = rssBreakdown(pid);
    },
    stop: () => clearInterval(timer),
  };
}

/**
 * Category listing paths over the whole catalogue: every category (top and sub), every sort, first, second,
 * middle and last page of 24, and the filters of the panel (in stock, a tag, a price band, a variant option).
 */
export async function listingPaths(base) {
  const tree = await getJson(`${base}/api/front/categories`);
  const slugs = [];
  const walk = (nodes) => {
    for (const node of nodes) {
      slugs.push(node.slug);
      walk(node.children ?? []);
    }
  };
  walk(tree);
  const paths = [];
  for (const slug of slugs) {
    const url = `/api/front/categories/${slug}/products`;
    const { listing } = await getJson(`${base}${url}?pageSize=24`);
    const last = listing.pageCount;
    const pages = [...new Set([1, 2, Math.ceil(last / 2), last])].filter((p) => p <= last);
    const f = listing.facets;
    const filters = [
      'stock=1',
      f.tags[0] && `tag=${f.tags[0].slug}`,
      f.priceRange &&
        `min=${Math.ceil(f.priceRange.minMinor / 100) + 100}&max=${Math.floor(f.priceRange.maxMinor / 100) - 100}`,
      f.options[0] && `opt=${encodeURIComponent(`${f.options[0].name}:${f.options[0].values[0]}`)}`,
    ].filter(Boolean);
    for (const sort of LISTING_SORTS) {
      for (const page of pages) paths.push(`${url}?pageSize=24&sort=${sort}&page=${page}`);
      for (const filter of filters) paths.push(`${url}?pageSize=24&sort=${sort}&${filter}`);
    }
  }
  return { categories: slugs.length, paths };
}

/** CPU seconds a process has used (user and system), from /proc. */
export function cpuSeconds(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * autocannon over the paths (each connection walks them in turn); latencies in ms, and the server's CPU
 * time per request (what a busy machine changes least).
 */
export async function load(base, paths, { connections = 4, duration = 20, pid } = {}) {
  const { default: autocannon } = await import('autocannon');
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const shuffled = [...paths].sort(() => Math.random() - 0.5);
  const r = await autocannon({
    url: base,
    connections,
    duration,
    headers: { 'accept-encoding': 'br, gzip' },
    requests: shuffled.map((path) => ({ method: 'GET', path })),
  });
  return {
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p90: r.latency.p90,
    p99: r.latency.p99,
    max: r.latency.max,
    requests: r.requests.total,
    serverCpuMsPerRequest: pid
      ? Math.round(((cpuSeconds(pid) - cpuBefore) * 1000 * 100) / r.requests.total) / 100
      : undefined,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/** Runs a CLI command against the running server (control socket); resolves when it has answered. */
async function cli(dataDir, args) {
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/cli.ts', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`vitrin ${args.join(' ')} failed (${code})`);
}

/** Milliseconds from `since` until `check()` holds (polled every 2 ms). */
async function visibleAfter(since, check) {
  for (;;) {
    if (await check()) return Math.round(performance.now() - since);
    if (performance.now() - since > 10_000) return Number.POSITIVE_INFINITY;
    await sleep(2);
  }
}

/**
 * One product changed by the operator's command (name, then stock), each timed from the command's answer
 * (committed, caches told) until search and the listing show it; then put back as it was.
 */
export async function changeVisibility(base, dataDir, rounds = 5) {
  const { listing } = await getJson(`${base}/api/front/categories/seramik/products?pageSize=48&stock=1`);
  const out = { name: [], stock: [] };
  for (let i = 0; i < rounds; i++) {
    const p = listing.items.find(
      (item) => item.stockType === 1 && item.inStock && !out.name.includes(item.slug),
    );
    const word = `Zebercet${i}x${Date.now().toString(36)}`;
    await cli(dataDir, ['product', 'set', p.slug, 'name', `${p.name} ${word}`]);
    let since = performance.now();
    out.name.push(
      await visibleAfter(since, async () => {
        const found = await getJson(`${base}/api/front/search?q=${word}`);
        return found.listing?.items[0]?.slug === p.slug;
      }),
    );
    await cli(dataDir, ['product', 'set', p.slug, 'name', p.name]);
    const detail = await getJson(`${base}/api/front/products/${p.slug}`);
    const stock = detail.stock?.remaining ?? 10;
    await cli(dataDir, ['product', 'set', p.slug, 'stock', '0']);
    since = performance.now();
    out.stock.push(
      await visibleAfter(since, async () => {
        const body = await getJson(`${base}/api/front/categories/seramik/products?pageSize=48&stock=1`);
        return !body.listing.items.some((item) => item.slug === p.slug);
      }),
    );
    await cli(dataDir, ['product', 'set', p.slug, 'stock', String(stock)]);
  }
  return out;
}

/**
 * `node bench/large.mjs`: category listings (every sort, page and filter) and search on the large catalogue
 * of the embedded database, 4 connections, with the server's RSS idle, after each part and at most, and
 * how soon one product's change shows. Figures in bench/RESULTS.md.
 */
async function main() {
  const { startVitrin, runMain, machineInfo } = await import('./server.mjs');
  runMain(async () => {
    const connections = Number(process.env.BENCH_SEARCH_CONNECTIONS ?? 4);
    const duration = Number(process.env.BENCH_DURATION ?? 20);
    const lite = await largePglite();
    // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=bench/out/prof" for the server's CPU profile
    const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
    // e.g. BENCH_SERVER_ENTRY=apps/server/build-b/main.mjs: another build, to alternate two in the same minutes
    const entry = process.env.BENCH_SERVER_ENTRY;
    const server = await startVitrin({
      name: 'vitrin (large, embedded)',
      dataDir: lite.dataDir,
      nodeArgs,
      entry,
    });
    const rss = rssSampler(server.pid);
    const report = { machine: machineInfo(), date: new Date().toISOString(), products: LARGE_PRODUCTS };
    report.rssStartedMB = Math.round(rssMB(server.pid));
    let started = performance.now();
    const first = await getJson(`${server.url}/api/front/categories/seramik/products`);
    report.firstListingMs = Math.round(performance.now() - started);
    report.seramikProducts = first.listing.total;
    const { categories, paths } = await listingPaths(server.url);
    report.listingPaths = { categories, paths: paths.length };
    await load(server.url, paths, { connections, duration: 3 });
    await sleep(2000);
    report.rssIdleMB = Math.round(rssMB(server.pid));
    report.idleBreakdownMB = rssBreakdown(server.pid);
    rss.reset();
    report.listing = await load(server.url, paths, { connections, duration, pid: server.pid });
    report.listing.rssMaxMB = rss.max();
    report.listing.atMaxMB = rss.atMax();
    console.log('listing', JSON.stringify(report.listing));
    // Broad and narrow words, a typo, an inflection, two words (as bench/run.mjs's list).
    const words = ['sapka', 'kitaplar', 'serammik', 'seramik kupa', 'hediye', 'e-kitap', 'mum', 'vazo'];
    const searchPaths = [];
    for (let size = 1; size <= 48; size++)
      for (const q of words)
        searchPaths.push(`/api/front/search?q=${encodeURIComponent(q)}&pageSize=${size}`);
    rss.reset();
    started = performance.now();
    report.searchCold = await load(server.url, searchPaths, { connections, duration, pid: server.pid });
    report.searchCold.rssMaxMB = rss.max();
    report.searchCold.atMaxMB = rss.atMax();
    console.log('search (cold mix)', JSON.stringify(report.searchCold));
    report.change = await changeVisibility(server.url, lite.dataDir);
    console.log('change visible after (ms)', JSON.stringify(report.change));
    await sleep(2000);
    report.rssAfterMB = Math.round(rssMB(server.pid));
    report.rssMaxMB = Math.max(report.listing.rssMaxMB, report.searchCold.rssMaxMB, rss.max());
    rss.stop();
    await server.stop();
    console.log(JSON.stringify(report, null, 1));
    await mkdir(outDir, { recursive: true });
    await writeFile(path.join(outDir, 'large-listing.json'), `${JSON.stringify(report, null, 1)}\n`);
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) await main();
