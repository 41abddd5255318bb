// `npm run test:pg`: the integration suite on a throwaway PostgreSQL cluster (Debian's postgresql), started
// in its own data directory on a free port in 18000-18999 and removed afterwards.
import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { printSummary, resultsDir, run, saveSummary, vitestCounts } from './suites.mjs';

function pgBin() {
  const base = '/usr/lib/postgresql';
  const versions = existsSync(base) ? readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions)
    if (existsSync(path.join(base, v, 'bin', 'initdb'))) return path.join(base, v, 'bin');
  return undefined;
}

async function ensurePostgres() {
  if (pgBin()) return pgBin();
  if (process.getuid?.() !== 0) {
    console.error('PostgreSQL bulunamadı. Kurun: sudo apt-get install -y postgresql');
    return undefined;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', 'postgresql'], { env });
  return pgBin();
}

function freePort() {
  return new Promise((resolve, reject) => {
    const tryPort = (port) => {
      if (port > 18999) return reject(new Error('18000-18999 arasında boş port yok'));
      const server = net.createServer();
      server.once('error', () => tryPort(port + 1));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(port)));
    };
    tryPort(18000 + Math.floor(Math.random() * 900));
  });
}

const bin = await ensurePostgres();
if (!bin) {
  saveSummary('pg', { 'integration (PostgreSQL)': { passed: 0, failed: 1, skipped: 0 } });
  process.exit(1);
}
const asRoot = process.getuid?.() === 0;
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-'));
chmodSync(dir, 0o777);
const dataDir = path.join(dir, 'data');
const port = await freePort();
// PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` user.
const pgExec = (cmd, args) =>
  asRoot
    ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, cmd), ...args], { stdio: 'inherit' })
    : execFileSync(path.join(bin, cmd), args, { stdio: 'inherit' });

let code = 1;
try {
  pgExec('initdb', [
    '-D',
    dataDir,
    '--auth=trust',
    '--no-sync',
    '-U',
    'postgres',
    '-E',
    'UTF8',
    '--locale=C.UTF-8',
  ]);
  pgExec('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'log'),
    '-w',
    'start',
    '-o',
    `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c synchronous_commit=off`,
  ]);
  const out = path.join(resultsDir, 'integration-pg.json');
  code = await run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'integration',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
    ],
    { env: { TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` } },
  );
  const suites = { 'integration (PostgreSQL)': vitestCounts(out) };
  saveSummary('pg', suites);
  printSummary(suites);
} finally {
  try {
    pgExec('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
  } catch {}
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
