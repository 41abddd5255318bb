// `npm run test:pg`: the integration suite on a throwaway PostgreSQL cluster (Debian's postgresql), started
// in its own data directory on a free port in 18000-18999 and removed afterwards.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pgBin, startCluster } from './pg-cluster.mjs';
import { printSummary, resultsDir, run, saveSummary, vitestCounts } from './suites.mjs';

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

const bin = await ensurePostgres();
if (!bin) {
  saveSummary('pg', { 'integration (PostgreSQL)': { passed: 0, failed: 1, skipped: 0 } });
  process.exit(1);
}
const repoRoot = path.resolve(import.meta.dirname, '..');
const only = process.argv.slice(2);
const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-pg-'));

let code = 1;
let stop = () => {};
try {
  const cluster = await startCluster({ bin, dir, portMin: 18000, portMax: 18999 });
  stop = () => cluster.stop('immediate');
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
      // `node scripts/test-pg.mjs FILE...` runs only those integration files (and no app-node tests).
      ...only,
    ],
    { env: { TEST_DATABASE_URL: cluster.url } },
  );
  if (only.length) {
    const suites = { 'integration (PostgreSQL)': vitestCounts(out) };
    saveSummary('pg', suites);
    printSummary(suites);
  } else {
    // Several app nodes on one database (page cache invalidation by LISTEN/NOTIFY) run the built server.
    if (!existsSync(path.join(repoRoot, 'apps/web/build/server/index.js')))
      await run('npm', ['run', 'build']);
    const clusterOut = path.join(resultsDir, 'cluster-pg.json');
    const clusterCode = await run(
      'npx',
      [
        'vitest',
        'run',
        '--project',
        'cluster',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${clusterOut}`,
      ],
      { env: { TEST_DATABASE_URL: cluster.url } },
    );
    code = code || clusterCode;
    const suites = {
      'integration (PostgreSQL)': vitestCounts(out),
      'app nodes (PostgreSQL)': vitestCounts(clusterOut),
    };
    saveSummary('pg', suites);
    printSummary(suites);
  }
} finally {
  stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(code);
