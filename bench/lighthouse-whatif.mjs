// What would a change buy in Lighthouse's performance score? One Lighthouse run (default mobile config) is
// recorded, then scored again from its own trace with parts of the work scaled, so the scenarios differ in
// that part only. Run to run, the score moves by ±0.07 on this machine, more than most single changes make.
// Usage: node bench/lighthouse-whatif.mjs [/path] (default: the demo product page; build first).
//
// Scenarios (simulated throttling multiplies the recorded main-thread time by 4 and replays the network at
// 1.6 Mbps with 150 ms round trips, so both halves matter):
//   - main-thread tasks before / after the first contentful paint, halved (or removed);
//   - the transferred bytes of the scripts, or of the document, halved.
import { execFile } from 'node:child_process';
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROME_FLAGS, CHROME_PATH, onCleanup, outDir, repoRoot, runMain, startVitrin } from './server.mjs';

const run = promisify(execFile);
const LIGHTHOUSE = path.join(repoRoot, 'node_modules/.bin/lighthouse');
const TRACE = 'defaultPass.trace.json';
const LOG = 'defaultPass.devtoolslog.json';

/** Lighthouse's CLI in gather (-G) or audit (-A) mode on one artifacts directory. */
async function lighthouse(url, mode, dir) {
  const args = [url, `-${mode}=${dir}`, '--quiet', '--only-categories=performance'];
  args.push(`--chrome-path=${CHROME_PATH}`, `--chrome-flags=${CHROME_FLAGS.join(' ')}`);
  if (mode === 'A') args.push('--output=json', `--output-path=${dir}.json`);
  await run(LIGHTHOUSE, args, { maxBuffer: 64 * 1024 * 1024 });
  if (mode === 'G') return null;
  const { categories, audits } = JSON.parse(await readFile(`${dir}.json`, 'utf8'));
  const ms = (id) => Math.round(audits[id].numericValue);
  return {
    score: categories.performance.score,
    fcp: ms('first-contentful-paint'),
    lcp: ms('largest-contentful-paint'),
    tbt: ms('total-blocking-time'),
  };
}

/** The main frame's navigation start and first contentful paint, and its main thread's events. */
function mainThread(trace) {
  const events = trace.traceEvents;
  const nav = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
  );
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === nav.pid);
  const own = events.filter((e) => e.pid === nav.pid && e.tid === nav.tid && e.ph === 'X');
  return { nav, fcp, own };
}

/** Scales the main-thread tasks that start in [from, to) (trace microseconds), with what runs inside them. */
function scaleTasks(trace, from, to, factor) {
  const { own } = mainThread(trace);
  for (const task of own.filter((e) => e.name === 'RunTask' && e.ts >= from && e.ts < to)) {
    const start = task.ts;
    const end = task.ts + task.dur;
    for (const e of own) {
      if (e === task || e.ts < start || e.ts > end) continue;
      e.ts = start + (e.ts - start) * factor;
      if (e.dur) e.dur *= factor;
    }
    task.dur *= factor;
  }
}

/** Scales the bytes transferred for the requests whose URL matches. */
function scaleBytes(log, pattern, factor) {
  const ids = new Set(
    log
      .filter((m) => m.method === 'Network.requestWillBeSent' && pattern.test(m.params.request.url))
      .map((m) => m.params.requestId),
  );
  for (const m of log) {
    if (!ids.has(m.params?.requestId)) continue;
    if (m.method === 'Network.loadingFinished' || m.method === 'Network.dataReceived')
      m.params.encodedDataLength = Math.round(m.params.encodedDataLength * factor);
  }
}

runMain(async () => {
  const page = process.argv[2] ?? '/product/mini-tomurcuk-vazo-uclu-set';
  const vitrin = await startVitrin();
  const url = vitrin.url + page;
  // One plain request first, so the recorded run does not pay for a cold server.
  await (await fetch(url)).arrayBuffer();
  const base = path.join(outDir, 'lighthouse-whatif');
  await rm(base, { recursive: true, force: true });
  await mkdir(base, { recursive: true });
  onCleanup(() => rm(base, { recursive: true, force: true }));
  const recorded = path.join(base, 'recorded');
  await lighthouse(url, 'G', recorded);
  const trace = JSON.parse(await readFile(path.join(recorded, TRACE), 'utf8'));
  const { nav, fcp } = mainThread(trace);
  const paint = fcp.ts;
  const end = Number.POSITIVE_INFINITY;
  const document = new RegExp(`${page.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

  const scenarios = [
    ['as recorded', () => {}],
    ['main thread before first paint x0.5', (t) => scaleTasks(t, 0, paint, 0.5)],
    ['main thread after first paint x0.5', (t) => scaleTasks(t, paint, end, 0.5)],
    ['main thread x0.5', (t) => scaleTasks(t, 0, end, 0.5)],
    ['no main-thread work (network only)', (t) => scaleTasks(t, 0, end, 0.01)],
    ['script bytes x0.5', null, (l) => scaleBytes(l, /\/assets\/.*\.js$/, 0.5)],
    ['document bytes x0.5', null, (l) => scaleBytes(l, document, 0.5)],
  ];
  console.log(`${url}: first contentful paint recorded at ${((paint - nav.ts) / 1000).toFixed(0)} ms`);
  console.log('scenario                                  score    FCP    LCP    TBT (ms)');
  const rows = [];
  for (const [name, onTrace, onLog] of scenarios) {
    const dir = path.join(base, name.replace(/[^a-z0-9]+/gi, '-'));
    await mkdir(dir, { recursive: true });
    await copyFile(path.join(recorded, 'artifacts.json'), path.join(dir, 'artifacts.json'));
    const t = JSON.parse(await readFile(path.join(recorded, TRACE), 'utf8'));
    const l = JSON.parse(await readFile(path.join(recorded, LOG), 'utf8'));
    onTrace?.(t);
    onLog?.(l);
    await writeFile(path.join(dir, TRACE), JSON.stringify(t));
    await writeFile(path.join(dir, LOG), JSON.stringify(l));
    const r = await lighthouse(url, 'A', dir);
    rows.push({ scenario: name, ...r });
    console.log(
      `${name.padEnd(40)} ${r.score.toFixed(2).padStart(6)} ${String(r.fcp).padStart(6)} ${String(r.lcp).padStart(6)} ${String(r.tbt).padStart(6)}`,
    );
  }
  await writeFile(path.join(outDir, 'lighthouse-whatif.json'), JSON.stringify({ url, rows }, null, 2));
});
