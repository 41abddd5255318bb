// Test support for the `cluster` project: real app nodes (`main.ts` in child processes) on the PostgreSQL
// database of `npm run test:pg`, and the CLI against it.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, openDatabase } from '@vitrin/core';
import { openTestDatabase } from '@vitrin/testing/database';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { type Cluster, freePort, pgBin, startCluster } from '../../../scripts/pg-cluster.mjs';
import { SERVER_ENTRY, serveEnv, serveNodeArgs } from '../../../scripts/serve-command.mjs';
import { registration } from './accounts.ts';
import { tempDir } from './server.ts';

export const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
const cliEntry = path.join(root, 'apps/server/src/cli.ts');

/** Fails the suite early with the command that gives it what it needs. */
export function requireClusterSetup(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error('This suite needs PostgreSQL: run it with `npm run test:pg` (TEST_DATABASE_URL).');
  requireBuild();
  return url;
}

export function requireBuild() {
  if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
    throw new Error('The storefront is not built: run `npm run build` first (npm run test:pg does).');
  }
}

export interface AppNode {
  url: string;
  child: ChildProcess;
  output: string[];
}

/**
 * Starts the built server on `databaseUrl` (empty: the embedded database in `dataDir`) and waits until it is
 * ready; its `url` is its PUBLIC_URL. Its port is a free one in `ports`; `env` adds to or overrides its
 * environment. `compiled`: `apps/server/build/main.mjs`, exactly what `npm run serve` runs, instead of the
 * sources.
 */
export async function startNode(
  databaseUrl: string,
  dataDir: string,
  ports: [number, number] = [18800, 18899],
  env: Record<string, string> = {},
  entry: 'sources' | 'compiled' = 'sources',
): Promise<AppNode> {
  return untilReady(await launchNode(databaseUrl, dataDir, ports, env, entry));
}

/** Starts the server as `startNode` does without waiting for it (`untilReady` waits). */
export async function launchNode(
  databaseUrl: string,
  dataDir: string,
  ports: [number, number] = [18800, 18899],
  env: Record<string, string> = {},
  entry: 'sources' | 'compiled' = 'sources',
  port?: number,
): Promise<AppNode> {
  const chosen = port ?? (await freePort(...ports));
  const output: string[] = [];
  const url = `http://127.0.0.1:${chosen}`;
  const compiled = path.join(root, SERVER_ENTRY);
  if (entry === 'compiled' && !existsSync(compiled))
    throw new Error('The server is not compiled: run `npm run build` first.');
  // With the Node options and environment of `npm run serve`, as the shop runs.
  const main = entry === 'compiled' ? [compiled] : ['--import', 'tsx', serverEntry];
  const child = spawn(process.execPath, [...serveNodeArgs(), ...main], {
    cwd: root,
    env: {
      ...process.env,
      ...serveEnv(),
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(chosen),
      PUBLIC_URL: url,
      HOST: '127.0.0.1',
      VITRIN_DEMO: '0',
      LOG_LEVEL: 'warn',
      // No balancer in front to notice a stopping node: it stops at once (the balancer's tests set their own).
      SHUTDOWN_DRAIN_MS: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  return { url, child, output };
}

/** Waits until `node` answers `/readyz` with 200; fails with its output when it exits or never does. */
export async function untilReady(node: AppNode): Promise<AppNode> {
  const { url, child, output } = node;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return node;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(
    `server did not start (exit ${child.exitCode ?? child.signalCode ?? 'none'}):\n${output.join('')}`,
  );
}

/** Stops a node with `signal` (SIGKILL: the machine's power goes out) and waits until it is gone. */
export function stopNode(node: AppNode, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (node.child.exitCode !== null || node.child.signalCode !== null) return resolve();
    node.child.once('exit', () => resolve());
    node.child.kill(signal);
  });
}

export function cli(args: string[], databaseUrl: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliEntry, ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** A guest's cart on `node` with `quantity` of the product (and variant); answers the cookie that finds it. */
export async function guestCart(
  node: AppNode,
  productId: number,
  quantity: number,
  variantId?: number,
): Promise<string> {
  const res = await fetch(`${node.url}/api/front/cart/items`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: node.url },
    body: JSON.stringify({ productId, quantity, variantId }),
  });
  const cookie = res.headers.get('set-cookie')?.split(';')[0];
  if (res.status !== 201 || !cookie?.startsWith('vitrin_cart='))
    throw new Error(`adding to the cart answered ${res.status}: ${await res.text()}`);
  return cookie;
}

/**
 * A customer registered on `node` (from the address `from`, when the node trusts a proxy) with a support ticket
 * of theirs: their cookies and the ticket's number.
 */
export async function customerWithTicket(node: AppNode, from = '198.51.100.7') {
  const headers = { 'content-type': 'application/json', origin: node.url, 'x-forwarded-for': from };
  const registered = await fetch(`${node.url}/api/front/auth/register`, {
    method: 'POST',
    headers,
    body: JSON.stringify(registration(1)),
  });
  if (registered.status !== 201)
    throw new Error(`registering answered ${registered.status}: ${await registered.text()}`);
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const opened = await fetch(`${node.url}/api/front/support/tickets`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ subject: 'Kargom nerede', message: 'Siparişim hâlâ gelmedi.' }),
  });
  if (opened.status !== 201)
    throw new Error(`opening a ticket answered ${opened.status}: ${await opened.text()}`);
  const { ticketNo } = ((await opened.json()) as { ticket: { ticketNo: string } }).ticket;
  return { cookie, ticketNo };
}

const checkoutForm = guestCheckoutForm();

/** Places the guest cart of `cookie` as an order (the test shop's guest address, transfer payment). */
export function checkout(node: AppNode, cookie: string, key: string) {
  return fetch(`${node.url}/api/front/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: node.url, cookie, 'idempotency-key': key },
    body: JSON.stringify(checkoutForm),
  });
}

/** A PostgreSQL cluster of a test's own with the test shop, and an app node on it. */
export interface OwnCluster {
  /** The running cluster: `stop('fast')` ends every backend, as a restart does. */
  cluster: Cluster;
  shop: TestShop;
  node: AppNode;
  /** Starts PostgreSQL again on its port after `cluster.stop`. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A PostgreSQL cluster the test may stop and start (the shared one of `npm run test:pg` serves others) on a
 * port in `ports.cluster`, migrated and seeded with the test shop (`prepare` adds to it), and a node of the
 * built server on it on a port in `ports.node`.
 */
export async function startOwnCluster(
  ports: { cluster: [number, number]; node: [number, number] },
  prepare: (db: Database['db'], shop: TestShop) => Promise<void> = async () => {},
): Promise<OwnCluster> {
  requireBuild();
  const bin = pgBin();
  if (!bin) throw new Error('This suite needs PostgreSQL: apt-get install postgresql');
  const clusterDir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-own-'));
  const dataDir = tempDir();
  const [portMin, portMax] = ports.cluster;
  const own = {
    cluster: await startCluster({ bin, dir: clusterDir, portMin, portMax, stdio: 'ignore' }),
  } as OwnCluster;
  const database = await openDatabase({ databaseUrl: own.cluster.url, poolSize: 2 });
  try {
    await database.migrate();
    own.shop = await seedTestShop(database.db);
    await prepare(database.db, own.shop);
  } finally {
    await database.close();
  }
  own.node = await startNode(own.cluster.url, dataDir.dir, ports.node);
  own.restart = async () => {
    own.cluster = await startCluster({ bin, dir: clusterDir, port: own.cluster.port, stdio: 'ignore' });
  };
  own.close = async () => {
    await stopNode(own.node);
    own.cluster.stop('immediate');
    rmSync(clusterDir, { recursive: true, force: true });
    dataDir.remove();
  };
  return own;
}

/**
 * The database of a test that starts the server on `dataDir`: the embedded one there or, under
 * TEST_DATABASE_URL, a fresh PostgreSQL database (`url`, empty for the embedded one). Migrated and seeded
 * with the test shop, which `prepare` adds to. `open` opens it again: the embedded one only while no server
 * holds it.
 */
export async function shopDatabase(
  dataDir: string,
  prepare: (database: Database, shop: TestShop) => Promise<void> = async () => {},
) {
  const fresh = process.env.TEST_DATABASE_URL ? await openTestDatabase() : undefined;
  const url = fresh?.url ?? '';
  const open = () => openDatabase(url ? { databaseUrl: url, poolSize: 2 } : { dataDir });
  const database = await open();
  let shop: TestShop;
  try {
    await database.migrate();
    shop = await seedTestShop(database.db);
    await prepare(database, shop);
  } finally {
    await database.close();
  }
  return { url, shop, open, dispose: async () => fresh?.dispose() };
}
