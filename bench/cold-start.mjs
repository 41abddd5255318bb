// Cold start: the time from starting the server process to its first answers (/readyz, then the home page),
// the CPU it spent until then, and its RSS at idle after a short warm-up. The compiled server (what
// `npm start` runs) against the TypeScript sources under tsx (what `npm run serve` ran before 2026-11-25):
// `node --import tsx` (one process) and the `tsx` command (a parent process that starts node, counted too).
// Every run starts on the same demo shop, seeded once before (seeding is not part of a start).
// Usage: npm run build && node bench/cold-start.mjs [runs per variant, default 5]
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { findFreePort, machineInfo, outDir, repoRoot, runMain, serveNodeArgs } from './server.mjs';

const RUNS = Number(process.argv[2] ?? 5);
const VARIANTS = {
  compiled: [...serveNodeArgs(), 'apps/server/build/main.mjs'],
  'node --import tsx': ['--import', 'tsx', 'apps/server/src/main.ts'],
  'tsx command': [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'apps/server/src/main.ts'],
};
/** What a first visitor asks for after the start: pages, the API, a search. */
const WARM_UP = [
  '/',
  '/api/front/categories',
  '/search?q=kupa',
  '/product/isim-yazili-el-yapimi-kupa',
  '/cart',
  '/blog',
];
const IDLE_MS = 5_000;
const CLOCK_TICKS = 100;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The process and its children (the `tsx` command starts node as a child). */
function processTree(pid) {
  try {
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
    return [pid, ...children.filter(Boolean).flatMap((child) => processTree(Number(child)))];
  } catch {
    return [];
  }
}

/** The resident memory of the processes together, in MB. */
function treeRssMB(pids) {
  let kb = 0;
  for (const pid of pids) {
    kb += Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  }
  return Math.round(kb / 1024);
}

/** User and system CPU of the processes, in ms. */
function cpuMs(pids) {
  let ticks = 0;
  for (const pid of pids) {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return Math.round((ticks * 1000) / CLOCK_TICKS);
}

async function answered(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

/** A private copy of the storefront build: a rebuild on the same checkout must not swap it under a run. */
let webBuildDir;

async function start(args, dataDir) {
  const port = await findFreePort();
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      WEB_BUILD_DIR: webBuildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  child.stderr.on('data', (d) => {
    output = (output + d).slice(-20_000);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    for (const pid of processTree(child.pid).reverse()) process.kill(pid, 'SIGTERM');
    await exited;
  };
  while (!(await answered(`${url}/readyz`))) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${output}`);
    if (performance.now() - started > 120_000) {
      await stop();
      throw new Error(`the server was not ready within 120 s:\n${output}`);
    }
    await sleep(10);
  }
  return { child, url, started, stop, output: () => output, readyMs: performance.now() - started };
}

async function measure(name, dataDir) {
  const server = await start(VARIANTS[name], dataDir);
  const pids = processTree(server.child.pid);
  const readyCpuMs = cpuMs(pids);
  if (!(await answered(`${server.url}/`))) throw new Error(`${name}: the home page did not answer 200`);
  const pageMs = performance.now() - server.started;
  for (const page of WARM_UP) await answered(server.url + page);
  await sleep(IDLE_MS);
  const run = {
    readyMs: Math.round(server.readyMs),
    firstPageMs: Math.round(pageMs),
    readyCpuMs,
    rssIdleMB: treeRssMB(processTree(server.child.pid)),
    processes: pids.length,
  };
  await server.stop();
  return run;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

await runMain(async () => {
  if (!existsSync(path.join(repoRoot, 'apps/server/build/main.mjs'))) {
    throw new Error('apps/server/build is missing: run "npm run build" first');
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'vitrin-cold-start-'));
  await mkdir(outDir, { recursive: true });
  webBuildDir = await mkdtemp(path.join(outDir, 'web-build-'));
  await cp(path.join(repoRoot, 'apps/web/build'), webBuildDir, { recursive: true });
  try {
    // Seeds the demo shop and copies its pictures once; every measured start finds them there.
    const seeding = await start(VARIANTS.compiled, dataDir);
    while (!/demo ürün görseli|görselleri kopyalanamadı/.test(seeding.output())) await sleep(100);
    await seeding.stop();

    const runs = Object.fromEntries(Object.keys(VARIANTS).map((name) => [name, []]));
    for (let i = 0; i < RUNS; i++) {
      // Taking turns, so a busier minute of the machine falls on every variant alike.
      const order = Object.keys(VARIANTS);
      if (i % 2) order.reverse();
      for (const name of order) {
        const run = await measure(name, dataDir);
        runs[name].push(run);
        console.log(`${name.padEnd(18)} ${JSON.stringify(run)}`);
      }
    }
    const summary = Object.fromEntries(
      Object.entries(runs).map(([name, list]) => [
        name,
        Object.fromEntries(
          ['readyMs', 'firstPageMs', 'readyCpuMs', 'rssIdleMB'].map((key) => {
            const values = list.map((r) => r[key]);
            return [key, { median: median(values), min: Math.min(...values), max: Math.max(...values) }];
          }),
        ),
      ]),
    );
    console.log('\nmedian (min-max) of', RUNS, 'runs each');
    console.log(
      `${'variant'.padEnd(18)} ${['ready ms', 'first page ms', 'CPU to ready ms', 'RSS idle MB'].map((h) => h.padEnd(22)).join('')}`,
    );
    for (const [name, s] of Object.entries(summary)) {
      const cell = (k) => `${s[k].median} (${s[k].min}-${s[k].max})`.padEnd(22);
      console.log(
        `${name.padEnd(18)} ${cell('readyMs')}${cell('firstPageMs')}${cell('readyCpuMs')}${cell('rssIdleMB')}`,
      );
    }
    await writeFile(
      path.join(outDir, 'cold-start.json'),
      JSON.stringify({ machine: machineInfo(), runs, summary }, null, 2),
    );
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    await rm(webBuildDir, { recursive: true, force: true });
  }
});
