// `node bench/feeds.mjs --data-dir DIR` (after `npm run build`; DIR from `npm run seed:large`): the product
// feeds at a large catalogue on the embedded database. Times the first build of each feed (the requests
// wait for it), then changes a price with the CLI and measures, while the feeds are rebuilt in the
// background, how long the rebuild takes, the server's RSS, and the category listing's latency under load
// (compared with the same load before, with no rebuild). Writes bench/out/feeds.json.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { listingPaths, load, rssMB, rssSampler } from './large.mjs';
import { machineInfo, outDir, repoRoot, runMain, startVitrin } from './server.mjs';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' } } });
const dataDir = path.resolve(values['data-dir'] ?? 'data-large');
const FEEDS = ['/feeds/google.xml', '/feeds/products.xml'];
const SLUG = 'el-yapimi-sirli-kupa-ege-mavisi';
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const load1 = () => Math.round(loadavg()[0] * 10) / 10;

/** The feed as a bot fetches it (gzip, undone by fetch); its ETag, seconds taken and XML bytes. */
async function fetchFeed(base, feed) {
  const started = performance.now();
  const res = await fetch(`${base}${feed}`, { headers: { 'accept-encoding': 'gzip' } });
  const bytes = (await res.arrayBuffer()).byteLength;
  return { etag: res.headers.get('etag'), seconds: (performance.now() - started) / 1000, bytes };
}

/** When the comparison feed says it was built (its `built` attribute, read from the start of the feed). */
async function builtAt(base) {
  const res = await fetch(`${base}/feeds/products.xml`);
  const reader = res.body.getReader();
  let head = '';
  while (!head.includes('">')) head += Buffer.from((await reader.read()).value).toString('utf8');
  await reader.cancel();
  return Date.parse(/built="([^"]+)"/.exec(head)[1]);
}

/** Whether the feed still has this ETag (a 304: nothing sent, nothing built). */
async function unchanged(base, feed, etag) {
  const res = await fetch(`${base}${feed}`, { headers: { 'if-none-match': etag } });
  await res.arrayBuffer();
  return res.status === 304;
}

async function cli(args) {
  const code = await new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/build/cli.mjs', ...args], {
      cwd: repoRoot,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`vitrin ${args.join(' ')} failed (${code})`);
}

runMain(async () => {
  const duration = Number(process.env.BENCH_DURATION ?? 20);
  const server = await startVitrin({ name: 'vitrin (feeds)', dataDir });
  const base = server.url;
  const rss = rssSampler(server.pid);
  const report = { machine: machineInfo(), date: new Date().toISOString(), loadBefore: load1() };
  // The catalogue index and the listing's caches first, as on a server that has been up a while.
  await (await fetch(`${base}/api/front/search?q=kupa`)).arrayBuffer();
  const { paths } = await listingPaths(base);
  await load(base, paths, { duration: 3 });
  report.rssIdleMB = Math.round(rssMB(server.pid));

  report.first = {};
  const etags = {};
  for (const feed of FEEDS) {
    rss.reset();
    const before = Math.round(rssMB(server.pid));
    const f = await fetchFeed(base, feed);
    etags[feed] = f.etag;
    report.first[feed] = {
      seconds: Math.round(f.seconds * 10) / 10,
      xmlMB: Math.round(f.bytes / 1e5) / 10,
      rssMB: [before, rss.max()],
      load: load1(),
    };
    console.log('first request', feed, JSON.stringify(report.first[feed]));
  }
  // The listing with no build running (also lets the gap after the builds above pass).
  report.listingIdle = await load(base, paths, { duration, pid: server.pid });
  report.listingIdle.load = load1();
  console.log('listing, no build', JSON.stringify(report.listingIdle));

  const stale = [];
  for (let round = 0; round < Number(process.env.BENCH_ROUNDS ?? 2); round++) {
    await cli(['product', 'set', SLUG, 'price', round ? '432,10' : '431,10']);
    const changedAt = performance.now();
    rss.reset();
    const rssBefore = Math.round(rssMB(server.pid));
    // Until the rebuild is done both feeds answer 304 to their old ETag; they are never waited for.
    let done;
    const rebuilt = (async () => {
      for (;;) {
        const started = performance.now();
        const still = await unchanged(base, FEEDS[1], etags[FEEDS[1]]);
        stale.push(performance.now() - started);
        if (!still) {
          done = Math.round((performance.now() - changedAt) / 100) / 10;
          return;
        }
        await sleep(250);
      }
    })();
    // Load on the listing in runs of 5 s from the change until the rebuild is done; the runs wholly within
    // the build are told apart afterwards (a rebuild may wait for its gap first).
    const runs = [];
    while (done === undefined && runs.length < 100) {
      const from = Date.now();
      const r = await load(base, paths, { duration: 5, pid: server.pid });
      runs.push({ ...r, from, to: Date.now() });
    }
    await rebuilt;
    const doneAt = Date.now();
    const started = await builtAt(base);
    for (const feed of FEEDS) etags[feed] = (await fetchFeed(base, feed)).etag;
    const during = runs.filter((r) => r.from >= started && r.to <= doneAt);
    report[`rebuild${round + 1}`] = {
      secondsFromChange: done,
      buildSeconds: Math.round((doneAt - started) / 1000),
      rssMB: [rssBefore, rss.max()],
      listingDuring: during.map(({ p50, p99, max, reqPerSec, errors, non2xx }) => ({
        p50,
        p99,
        max,
        reqPerSec,
        errors: errors + non2xx,
      })),
      load: load1(),
    };
    console.log(`rebuild ${round + 1}`, JSON.stringify(report[`rebuild${round + 1}`]));
  }
  stale.sort((a, b) => a - b);
  report.staleAnswerMs = {
    n: stale.length,
    p50: Math.round(stale[Math.floor(stale.length / 2)]),
    max: Math.round(stale[stale.length - 1]),
  };
  report.loadAfter = load1();
  rss.stop();
  await server.stop();
  console.log(JSON.stringify(report, null, 1));
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'feeds.json'), `${JSON.stringify(report, null, 1)}\n`);
});
