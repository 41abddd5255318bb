// `npm run test:security`: the full security and fault set (vitest project `security`, files
// `*.security.test.ts`) against built servers, first on the embedded database, then on a throwaway PostgreSQL
// cluster (Debian's postgresql, as `npm run test:pg` starts one). Builds the shop first when it is not built, and
// installs Debian's sqlmap when it is missing and we run as root. `node scripts/test-security.mjs FILE...` runs
// only those files.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgBin, startCluster } from './pg-cluster.mjs';
import { printSummary, resultsDir, root, run, saveSummary, vitestCounts } from './suites.mjs';

/** The cluster's port range: the security tests' servers take their own ports in 18000-18999. */
const PG_PORTS = [18440, 18449];

const has = (command) => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** Installs the Debian packages that are missing (as root; otherwise says how). */
async function ensureDebian(packages) {
  const missing = packages.filter(({ present }) => !present()).map(({ name }) => name);
  if (!missing.length) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `Eksik paketler: ${missing.join(', ')}. Kurun: sudo apt-get install -y ${missing.join(' ')}`,
    );
    return false;
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  await run('apt-get', ['update', '-qq'], { env });
  await run('apt-get', ['install', '-y', '-qq', ...missing], { env });
  return packages.every(({ present }) => present());
}

const built = () =>
  existsSync(path.join(root, 'apps/web/build/server/index.js')) &&
  existsSync(path.join(root, 'apps/server/build/main.mjs')) &&
  existsSync(path.join(root, 'apps/admin/build/index.html'));

const seconds = (since) => `${Math.round((performance.now() - since) / 1000)} s`;

/** One pass of the security project; its counts (a missing report counts as one failure). */
async function pass(label, file, env, only) {
  console.log(`\n== security (${label})`);
  const started = performance.now();
  const out = path.join(resultsDir, file);
  rmSync(out, { force: true });
  const code = await run(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      'security',
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${out}`,
      ...only,
    ],
    { env },
  );
  console.log(`security (${label}): ${seconds(started)}`);
  return { code, counts: vitestCounts(out) };
}

const started = performance.now();
const only = process.argv.slice(2);
const suites = {};
const ready = await ensureDebian([
  { name: 'sqlmap', present: () => has('sqlmap') },
  { name: 'postgresql', present: () => Boolean(pgBin()) },
]);
if (!built()) {
  console.log('\n== build (the security tests run the built server)');
  await run('npm', ['run', 'build']);
}
if (!ready || !built()) {
  saveSummary('security', { 'security (set-up)': { passed: 0, failed: 1, skipped: 0 } });
  process.exit(1);
}

// The embedded pass must not inherit a PostgreSQL URL from the caller's environment.
delete process.env.TEST_DATABASE_URL;
const embedded = await pass('PGlite', 'security.json', {}, only);
suites['security (PGlite)'] = embedded.counts;

const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-security-pg-'));
let postgres = { code: 1, counts: { passed: 0, failed: 1, skipped: 0 } };
let stop = () => {};
try {
  const cluster = await startCluster({ bin: pgBin(), dir, portMin: PG_PORTS[0], portMax: PG_PORTS[1] });
  stop = () => cluster.stop('immediate');
  postgres = await pass('PostgreSQL', 'security-pg.json', { TEST_DATABASE_URL: cluster.url }, only);
} finally {
  stop();
  rmSync(dir, { recursive: true, force: true });
}
suites['security (PostgreSQL)'] = postgres.counts;

saveSummary('security', suites);
const total = printSummary(suites);
console.log(`test:security: ${seconds(started)}`);
process.exit(embedded.code === 0 && postgres.code === 0 && total.failed === 0 ? 0 : 1);
