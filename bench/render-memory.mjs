// `node bench/render-memory.mjs`: the server's memory while it renders pages it has not kept. The built
// server on a fresh demo shop with the page cache off (`PAGE_CACHE_MB=0`, so every page is rendered on the
// render threads); its RSS after start, idle after a warm-up, then under `RENDER_CONNECTIONS` (8) connections
// of product, category, home and content pages for `BENCH_DURATION` s (20) per round, `RENDER_ROUNDS` (2)
// rounds: req/s, p99, the server's CPU per page, answers that were not 200 (503: the render queue was full),
// the highest RSS (sampled every 250 ms, and the kernel's high-water mark) and where it was at its highest
// (bench/large.mjs `rssBreakdown`); idle again after. Server log lines that say a render thread stopped are
// counted. `BENCH_ENV="RENDER_THREADS=1 …"` adds settings to the server. Writes bench/out/render-memory.json.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { cpuSeconds, rssBreakdown, rssSampler } from './large.mjs';
import { rssMB } from './peer-scenarios.mjs';
import { machineInfo, onCleanup, outDir, runMain, startVitrin } from './server.mjs';
import { wrk } from './wrk.mjs';

const connections = Number(process.env.RENDER_CONNECTIONS ?? 8);
const duration = Number(process.env.BENCH_DURATION ?? 20);
const rounds = Number(process.env.RENDER_ROUNDS ?? 2);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const getJson = async (url) => (await fetch(url)).json();

/** Resets the kernel's high-water mark of the process's RSS (VmHWM). */
async function resetHighWater(pid) {
  await writeFile(`/proc/${pid}/clear_refs`, '5');
}

/** Every top category's page, its first 40 products, the home page and a content page. */
async function pagePaths(base) {
  const tree = await getJson(`${base}/api/front/categories`);
  const paths = ['/', '/content/hakkimizda'];
  const products = [];
  for (const category of tree) {
    paths.push(`/shop/${category.slug}`);
    const page = await getJson(`${base}/api/front/categories/${category.slug}/products?pageSize=48`);
    products.push(...page.listing.items.map((p) => `/product/${p.slug}`));
  }
  return [...paths, ...products.slice(0, 40)];
}

runMain(async () => {
  const env = { PAGE_CACHE_MB: '0', LOG_LEVEL: 'warn' };
  for (const pair of (process.env.BENCH_ENV ?? '').split(' ').filter(Boolean)) {
    const [key, ...value] = pair.split('=');
    env[key] = value.join('=');
  }
  // The demo shop is seeded by a first start, and measured on a second one, as a shop runs every day: the
  // engine that created and loaded the database is replaced at the first start (bootstrap.ts), and its WASM
  // memory stays resident until a full collection of the request thread's heap finds it unused.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrin-bench-renders-'));
  // Removed after the servers stop, also when the bench fails (a server that did not start in time).
  onCleanup(() => rm(dataDir, { recursive: true, force: true }));
  await (await startVitrin({ name: 'vitrin (seeding)', env, dataDir })).stop();
  const server = await startVitrin({ name: 'vitrin (renders)', env, dataDir });
  const report = { machine: machineInfo(), date: new Date().toISOString(), env, connections, duration };
  report.rssStartedMB = Math.round(rssMB(server.pid));
  const paths = await pagePaths(server.url);
  report.pages = paths.length;
  // Warm-up: every page a few times, one at a time, then a short settle.
  for (let i = 0; i < 3; i++) for (const p of paths) await (await fetch(server.url + p)).arrayBuffer();
  await sleep(10_000);
  report.rssIdleMB = Math.round(rssMB(server.pid));
  report.idleBreakdownMB = rssBreakdown(server.pid);
  report.rounds = [];
  for (let round = 0; round < rounds; round++) {
    const rss = rssSampler(server.pid);
    rss.reset();
    await resetHighWater(server.pid);
    const cpuBefore = cpuSeconds(server.pid);
    const r = await wrk(server.url, paths, duration, {
      connections,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    const cpu = cpuSeconds(server.pid) - cpuBefore;
    const result = {
      reqPerSec: Math.round(r.reqPerSec),
      p50: r.latencyMs.p50,
      p99: r.latencyMs.p99,
      non2xx: r.non2xx,
      errors: r.errors + r.timeouts,
      serverCpuMsPerPage: Math.round((cpu * 100_000) / r.requests) / 100,
      rssMaxMB: rss.max(),
      highWaterMB: Math.round(rssMB(server.pid, 'VmHWM')),
      atMaxMB: rss.atMax(),
    };
    rss.stop();
    report.rounds.push(result);
    console.log(`round ${round + 1}`, JSON.stringify(result));
  }
  await sleep(10_000);
  report.rssAfterMB = Math.round(rssMB(server.pid));
  report.renderThreadStopped = (server.output().match(/iş parçacığı durdu/g) ?? []).length;
  await server.stop();
  console.log(JSON.stringify(report, null, 1));
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'render-memory.json'), `${JSON.stringify(report, null, 1)}\n`);
});
