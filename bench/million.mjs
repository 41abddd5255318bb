// A node's start on a large catalogue (issue 40): how long until it answers a category listing and a search,
// and its resident memory idle and at its highest. The compiled server (`npm run build` first) on the
// PostgreSQL database named by DATABASE_URL, already seeded (`npm run seed:large -- --products N`).
//
//   DATABASE_URL=postgres://… node bench/million.mjs [rows|snapshot|both] [runs]
//
// `rows`: the catalogue index's snapshot is deleted first, so the node builds the index from the products'
// rows (and then writes the snapshot, which the bench waits for); `snapshot`: the node starts from the
// snapshot. Port BENCH_PORT (default 18581). Prints one JSON line per run, with the load average.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serveEnv, serveNodeArgs } from '../scripts/serve-command.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: the seeded database');
const mode = process.argv[2] ?? 'both';
const runs = Number(process.argv[3] ?? 1);
const port = Number(process.env.BENCH_PORT ?? 18581);
const base = `http://127.0.0.1:${port}`;
const repoRoot = path.resolve(import.meta.dirname, '..');

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () => loadavg()[0].toFixed(1);

/** VmRSS and VmHWM (the highest) of a process, in MB. */
function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), max: Math.round(kb('VmHWM') / 1024) };
}

async function sql(text, params) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

/** When `path` first answers 200 (polled every 25 ms), in ms from `started`. */
async function firstOk(url, started, timeoutMs = 300_000) {
  for (;;) {
    const at = performance.now();
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
      await res.arrayBuffer();
      if (res.ok) return Math.round(performance.now() - started);
    } catch {}
    if (at - started > timeoutMs) throw new Error(`${url}: no answer in ${timeoutMs} ms`);
    await sleep(25);
  }
}

async function run(kind) {
  if (kind === 'rows') await sql('delete from catalogue_snapshots').catch(() => {});
  const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-million-'));
  const loadBefore = load();
  const started = performance.now();
  // As `npm run serve` starts it.
  const server = spawn(
    process.execPath,
    [...serveNodeArgs(), path.join(repoRoot, 'apps/server/build/main.mjs')],
    {
      env: {
        ...process.env,
        ...serveEnv(),
        PORT: String(port),
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let log = '';
  server.stdout.on('data', (d) => {
    log += d;
  });
  server.stderr.on('data', (d) => {
    log += d;
  });
  try {
    const readyz = await firstOk(`${base}/readyz`, started);
    // A category listing and a search, each first asked once /readyz answers: they wait for the index.
    const tree = await (await fetch(`${base}/api/front/categories`)).json();
    const slug = tree[0]?.slug ?? tree.categories?.[0]?.slug;
    const listing = await firstOk(`${base}/api/front/categories/${slug}/products?pageSize=48`, started);
    const search = await firstOk(`${base}/api/front/search?q=vazo`, started);
    const atReady = memory(server.pid);
    // Every sort of a few categories, and a mix of searches: what a first visitor would ask.
    const sorts = ['newest', 'name', 'price_asc', 'price_desc'];
    const words = [
      'vazo',
      'kupa',
      'seramik',
      'hediye',
      'tabak',
      'serammik',
      'bardak',
      'mum',
      'fincan',
      'kolye',
    ];
    const slugs = (tree.categories ?? tree).map((c) => c.slug).slice(0, 6);
    const asked = performance.now();
    for (const s of slugs)
      for (const sort of sorts)
        await (
          await fetch(`${base}/api/front/categories/${s}/products?pageSize=48&sort=${sort}`)
        ).arrayBuffer();
    for (const w of words) await (await fetch(`${base}/api/front/search?q=${w}`)).arrayBuffer();
    const warmMs = Math.round(performance.now() - asked);
    await sleep(10_000);
    const idle = memory(server.pid);
    let snapshotSavedMs;
    if (kind === 'rows') {
      // The node writes the snapshot in the background after a build from the rows.
      const waitFrom = performance.now();
      for (let i = 0; i < 600; i++) {
        if ((await sql('select 1 from catalogue_snapshots')).length) break;
        await sleep(500);
      }
      snapshotSavedMs = Math.round(performance.now() - waitFrom);
    }
    const indexLine = /Arama dizini hazır: (\d+) ürün, (\d+) ms/.exec(log);
    const result = {
      kind,
      products: indexLine ? Number(indexLine[1]) : undefined,
      indexMs: indexLine ? Number(indexLine[2]) : undefined,
      readyzMs: readyz,
      firstListingMs: listing,
      firstSearchMs: search,
      warmAnswersMs: warmMs,
      rssAtReadyMB: atReady.rss,
      rssIdleMB: idle.rss,
      rssMaxMB: memory(server.pid).max,
      snapshotSavedAfterMs: snapshotSavedMs,
      loadBefore,
      loadAfter: load(),
      at: new Date().toISOString(),
    };
    console.log(JSON.stringify(result));
    return result;
  } catch (err) {
    console.error(log.slice(-4000));
    throw err;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let i = 0; i < runs; i++) {
  if (mode === 'rows' || mode === 'both') await run('rows');
  if (mode === 'snapshot' || mode === 'both') await run('snapshot');
}
