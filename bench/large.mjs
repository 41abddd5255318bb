// The large catalogues of the search bench (`npm run seed:large` into bench/out/large/), seeded once and
// reused while the product count matches: on the embedded database a data directory, on PostgreSQL the data
// directory of a private cluster (Debian's binaries) that runs only while the bench does.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pgBin, startCluster } from '../scripts/pg-cluster.mjs';
import { onCleanup, outDir, repoRoot } from './server.mjs';

export const LARGE_PRODUCTS = Number(process.env.BENCH_LARGE_PRODUCTS ?? 100_000);
const largeDir = path.join(outDir, 'large');
// Clear of the bench servers (18500-18599) and of the test clusters of `npm run test:pg`.
const PG_PORT_MIN = 18700;
const PG_PORT_MAX = 18749;

const markerOf = (dir) => path.join(dir, 'seeded.json');

function isSeeded(dir) {
  try {
    return JSON.parse(readFileSync(markerOf(dir), 'utf8')).products === LARGE_PRODUCTS;
  } catch {
    return false;
  }
}

/** Runs the seed script (its progress shows), then marks the directory as complete. */
async function seed(dir, args, env = {}) {
  const started = Date.now();
  const code = await new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'packages/core/src/demo/seed-large.ts',
        '--products',
        String(LARGE_PRODUCTS),
        ...args,
      ],
      { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] },
    );
    child.on('close', resolve);
  });
  if (code !== 0) throw new Error(`seed:large failed (exit code ${code})`);
  const seconds = Math.round((Date.now() - started) / 1000);
  await writeFile(
    markerOf(dir),
    `${JSON.stringify({ products: LARGE_PRODUCTS, seconds, date: new Date() })}\n`,
  );
  return seconds;
}

/** The embedded database's data directory with the large catalogue. */
export async function largePglite() {
  const dir = path.join(largeDir, `pglite-${LARGE_PRODUCTS}`);
  let seededInSec;
  if (!isSeeded(dir)) {
    await rm(dir, { recursive: true, force: true });
    console.log(`  seeding ${LARGE_PRODUCTS} products into ${path.relative(repoRoot, dir)} (once)`);
    seededInSec = await seed(dir, ['--data-dir', dir]);
  }
  return { dataDir: dir, seededInSec };
}

/** A running PostgreSQL cluster with the large catalogue; undefined when PostgreSQL is not installed. */
export async function largePostgres() {
  const bin = pgBin();
  if (!bin) return undefined;
  const dir = path.join(largeDir, `pg-${LARGE_PRODUCTS}`);
  const seeded = isSeeded(dir);
  if (!seeded) await rm(dir, { recursive: true, force: true });
  const cluster = await startCluster({
    bin,
    dir,
    portMin: PG_PORT_MIN,
    portMax: PG_PORT_MAX,
    stdio: 'ignore',
  });
  const stop = onCleanup(() => cluster.stop('fast'));
  let seededInSec;
  try {
    if (!seeded) {
      console.log(
        `  seeding ${LARGE_PRODUCTS} products into PostgreSQL at ${path.relative(repoRoot, dir)} (once)`,
      );
      seededInSec = await seed(dir, [], { DATABASE_URL: cluster.url });
    }
  } catch (err) {
    stop();
    cluster.stop('fast');
    throw err;
  }
  return {
    url: cluster.url,
    seededInSec,
    stop() {
      stop();
      cluster.stop('fast');
    },
  };
}
