// A product changed on one node, searchable on the other (issue 40): two compiled nodes on the PostgreSQL
// database named by DATABASE_URL; an owner renames a product through node A's panel API, and node B's search
// is asked every 20 ms until it finds the new name. The delay is from A's answer to the save (the change is
// committed) to B's first answer that finds it.
//
//   npm run build && DATABASE_URL=postgres://…/copy node bench/cross-node.mjs [runs]
//
// It writes (a staff account, the renamed products): point it at a copy (`createdb -T million million_copy`).
// Ports BENCH_PORT and the next one (default 18612, 18613). Prints one JSON line.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import * as OTPAuth from 'otpauth';
import pg from 'pg';
import { memory } from './proc-stats.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a writable copy of the seeded database');
const runs = Number(process.argv[2] ?? 5);
const firstPort = Number(process.env.BENCH_PORT ?? 18612);
const repoRoot = path.resolve(import.meta.dirname, '..');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

function startNode(port, dataDir) {
  const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/build/main.mjs')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (d) => {
    log = (log + d).slice(-10_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return { child, base: `http://127.0.0.1:${port}`, log: () => log };
}

async function waitOk(url, timeoutMs = 600_000) {
  const started = performance.now();
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {}
    if (performance.now() - started > timeoutMs) throw new Error(`${url}: no answer in ${timeoutMs} ms`);
    await sleep(200);
  }
}

/** An owner made with the CLI, logged in on `base`: the staff cookie. */
async function ownerSession(base, dataDir) {
  const email = `olcum.${Date.now()}@example.com`;
  const printed = execFileSync(
    process.execPath,
    [
      path.join(repoRoot, 'apps/server/build/cli.mjs'),
      'staff',
      'create',
      email,
      '--role',
      'owner',
      '--name',
      'Ölçüm',
    ],
    { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' },
  );
  const otpauth = printed.match(/otpauth:\/\/\S+/)?.[0];
  const password = printed.match(/Şifre:\s*(\S+)/i)?.[1];
  if (!otpauth || !password) throw new Error(`staff create printed no login: ${printed}`);
  const res = await fetch(`${base}/api/admin/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify({ email, password, code: OTPAuth.URI.parse(otpauth).generate() }),
  });
  if (res.status !== 200) throw new Error(`login answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('vitrin_staff='));
  if (!cookie) throw new Error('login set no staff cookie');
  return cookie;
}

/** The edit form as the panel fills it from the product's answer (amounts typed back in lira). */
const typed = (e) => ({
  priceType: e.priceType,
  price: (e.priceMinor / 100).toFixed(2),
  currency: e.currency,
});
const formOf = (p) => ({
  ...p,
  loadedUpdatedAt: p.updatedAt,
  prices: p.prices.map(typed),
  variants: p.variants.map((v) => ({ ...v, prices: v.prices.map(typed) })),
});

/** A made-up word of letters only (a product's new name that nothing else matches). */
const word = (n) =>
  `olcum${(Date.now() * 10 + n).toString(26).replace(/[0-9]/g, (d) => 'qrstuvwxyz'[Number(d)])}`;

const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const { rows: picked } = await client.query(
  'select id from products where is_active order by id desc limit $1',
  [runs],
);
const { rows: counted } = await client.query('select count(*)::int as n from products where is_active');
await client.end();

const dirs = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), 'vitrin-cross-node-')));
const nodes = dirs.map((dir, i) => startNode(firstPort + i, dir));
const [a, b] = nodes;
try {
  // Each node answers a search once its catalogue index is built.
  await Promise.all(nodes.map((n) => waitOk(`${n.base}/api/front/search?q=kupa`)));
  const cookie = await ownerSession(a.base, dirs[0]);
  const delays = [];
  for (const [n, { id }] of picked.entries()) {
    const name = word(n);
    const loaded = await (await fetch(`${a.base}/api/admin/products/${id}`, { headers: { cookie } })).json();
    const saved = await fetch(`${a.base}/api/admin/products/${id}`, {
      method: 'PUT',
      headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      body: JSON.stringify({ ...formOf(loaded.product), name }),
    });
    if (saved.status !== 200) throw new Error(`save answered ${saved.status}: ${await saved.text()}`);
    const committed = performance.now();
    for (;;) {
      const found = await (await fetch(`${b.base}/api/front/search?q=${name}&pageSize=1`)).json();
      if ((found.listing?.total ?? 0) > 0) break;
      if (performance.now() - committed > 60_000) throw new Error(`${name}: not found on node B in 60 s`);
      await sleep(20);
    }
    delays.push(Math.round(performance.now() - committed));
  }
  console.log(
    JSON.stringify({
      products: counted[0].n,
      delaysMs: delays,
      maxDelayMs: Math.max(...delays),
      nodes: nodes.map((n) => memory(n.child.pid)),
      load: load(),
      at: new Date().toISOString(),
    }),
  );
} catch (err) {
  for (const n of nodes) console.error(n.log().slice(-3000));
  throw err;
} finally {
  for (const n of nodes) {
    n.child.kill('SIGTERM');
    await new Promise((r) => n.child.once('exit', r));
  }
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
}
