// Shared helpers for the bench scripts: start a server as a child process on a free port, wait until it
// answers, and stop it again — also when the bench itself fails or is interrupted.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CHROMIUM, CHROMIUM_FLAGS } from '../scripts/chromium.mjs';
import { serveEnv, serveNodeArgs } from '../scripts/serve-command.mjs';

export { serveEnv, serveNodeArgs };

export const repoRoot = path.resolve(import.meta.dirname, '..');
export const outDir = path.join(repoRoot, 'bench', 'out');

/** Chromium for Lighthouse (bench/lighthouse.mjs, bench/lighthouse-whatif.mjs), run as the e2e tests run it. */
export const CHROME_PATH = process.env.CHROME_PATH ?? CHROMIUM;
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

const HOST = '127.0.0.1';
// A fixed range keeps the bench clear of the dev server (3000) and whatever else runs on the machine.
const PORT_MIN = Number(process.env.BENCH_PORT_MIN ?? 18500);
const PORT_MAX = Number(process.env.BENCH_PORT_MAX ?? 18599);
// The first start seeds the demo shop into a fresh database, which takes a while on a slow machine.
// BENCH_READY_TIMEOUT_S waits longer on a machine busy with other work.
const READY_TIMEOUT_MS = Number(process.env.BENCH_READY_TIMEOUT_S ?? 90) * 1000;
const STOP_TIMEOUT_MS = 15_000;

/** Servers still running, so that an error or Ctrl-C anywhere can still stop them all. */
const running = new Set();

function portIsFree(port) {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, HOST, () => probe.close(() => resolve(true)));
  });
}

/** Ports already handed out in this process: the first server may not be listening yet when we ask again. */
const handedOut = new Set();

export async function findFreePort() {
  // Start at a random place so two bench runs at once are unlikely to race for the same port.
  const span = PORT_MAX - PORT_MIN + 1;
  const start = Math.floor(Math.random() * span);
  for (let i = 0; i < span; i++) {
    const port = PORT_MIN + ((start + i) % span);
    if (!handedOut.has(port) && (await portIsFree(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error(`no free port between ${PORT_MIN} and ${PORT_MAX}`);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Start `node ...args` with PORT/HOST set and wait until `readyPath` answers 200.
 * Output is kept (last 20 kB) so that a server which dies at start-up can say why.
 */
export async function startServer({ name, args, env = {}, readyPath = '/', onStop }) {
  const port = await findFreePort();
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    // Cookie-carrying writes are accepted from the shop's own origin (PUBLIC_URL) only: the bench's address.
    env: { ...process.env, PUBLIC_URL: `http://${HOST}:${port}`, ...env, PORT: String(port), HOST },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const server = {
    name,
    port,
    pid: child.pid,
    url: `http://${HOST}:${port}`,
    output: () => output,
    async stop() {
      if (!running.delete(server)) return;
      if (child.exitCode === null && child.signalCode === null) {
        // SIGTERM lets the server finish open requests and close its database cleanly.
        child.kill('SIGTERM');
        const timer = sleep(STOP_TIMEOUT_MS).then(() => 'timeout');
        if ((await Promise.race([exited, timer])) === 'timeout') {
          child.kill('SIGKILL');
          await exited;
        }
      }
      await onStop?.();
    },
  };
  running.add(server);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let died = null;
  exited.then((how) => {
    died = how;
  });
  while (true) {
    if (died) {
      await server.stop();
      throw new Error(`${name} exited during start-up (${died.signal ?? died.code}):\n${output}`);
    }
    try {
      const res = await fetch(server.url + readyPath, { signal: AbortSignal.timeout(2_000) });
      await res.arrayBuffer();
      if (res.status === 200) return server;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`${name} was not ready within ${READY_TIMEOUT_MS / 1000} s:\n${output}`);
    }
    await sleep(250);
  }
}

/**
 * The built Vitrin server, by default on a fresh data directory, so every run measures the same seeded demo
 * shop; `dataDir` reuses a prepared one (kept afterwards), `env` adds settings (DATABASE_URL, PAGE_CACHE_MB),
 * `nodeArgs` Node options (`--cpu-prof` to profile), `entry` another build of the server (A/B runs of two builds).
 * It serves a private copy of apps/web/build: a rebuild during the bench (other work on the same checkout)
 * would otherwise swap the assets under the running server and the browser would load 404s.
 */
export async function startVitrin({
  name = 'vitrin',
  dataDir: givenDataDir,
  env = {},
  nodeArgs = [],
  entry = 'apps/server/build/main.mjs',
} = {}) {
  const buildDir = path.join(repoRoot, 'apps/web/build');
  if (!existsSync(path.join(buildDir, 'server/index.js'))) {
    throw new Error('apps/web/build is missing: run "npm run build" first');
  }
  // Inside the repository, so the copied server bundle still resolves its packages from node_modules.
  await mkdir(outDir, { recursive: true });
  const webBuildDir = await mkdtemp(path.join(outDir, 'web-build-'));
  await cp(buildDir, webBuildDir, { recursive: true });
  const dataDir = givenDataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'vitrin-bench-')));
  // A data directory whose demo pictures were drawn on an earlier run gets none drawn now.
  const drawsImages = !existsSync(path.join(dataDir, 'uploads', 'catalog', 'products'));
  const cleanUp = () =>
    Promise.all([
      givenDataDir ? undefined : rm(dataDir, { recursive: true, force: true }),
      rm(webBuildDir, { recursive: true, force: true }),
    ]);
  try {
    const server = await startServer({
      name,
      // The compiled server (`npm run build`), as `npm start` runs it; `nodeArgs` come after, so they win.
      args: [...serveNodeArgs(), ...nodeArgs, entry],
      env: {
        ...serveEnv(),
        DATA_DIR: dataDir,
        WEB_BUILD_DIR: webBuildDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        ...env,
      },
      readyPath: '/readyz',
      onStop: cleanUp,
    });
    // A fresh shop copies its demo pictures in the background; measuring meanwhile would measure that.
    const deadline = Date.now() + 120_000;
    while (
      drawsImages &&
      !/demo ürün görseli kopyalandı|görselleri kopyalanamadı/.test(server.output()) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 250));
    }
    return Object.assign(server, { dataDir });
  } catch (err) {
    await cleanUp();
    throw err;
  }
}

/** The trivial Fastify server the Vitrin figures are compared with. */
export function startHello(env = {}) {
  return startServer({ name: 'hello', args: [path.join(repoRoot, 'bench/hello-server.mjs')], env });
}

/** Other things to tear down with the servers (a browser); each runs once. */
const cleanups = new Set();

export function onCleanup(fn) {
  cleanups.add(fn);
  return () => cleanups.delete(fn);
}

export async function stopAll() {
  const pending = [...cleanups];
  cleanups.clear();
  await Promise.allSettled([...pending.map((fn) => fn()), ...[...running].map((server) => server.stop())]);
}

/**
 * Run `main`, always stopping the servers afterwards. Exit code 0 unless something threw:
 * missed targets are reported, not treated as failures.
 */
export function runMain(main) {
  const interrupt = (signal) => {
    console.error(`\n${signal}: stopping servers`);
    stopAll().finally(() => process.exit(130));
  };
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  main()
    .then(() => stopAll())
    .catch(async (err) => {
      console.error(err instanceof Error ? (err.stack ?? err.message) : err);
      await stopAll();
      process.exitCode = 1;
    });
}

/**
 * Milliseconds of CPU the whole machine spent busy so far (all processes: server, database, load generator).
 * Divided by the operations done between two readings, it is the cost of one operation, a figure that moves
 * far less with the machine's speed of the moment than a rate does.
 */
export function machineBusyMs() {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = fields.map(Number);
  return ((user + nice + system + irq + softirq + steal) * 1000) / 100;
}

/** CPU, cores, memory, Node version and current load for the results files. */
export function machineInfo() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
  };
}
