// The product import of 10,000 rows (issue 40) on the PostgreSQL database named by DATABASE_URL, through the
// core service the panel's import calls: `DATABASE_URL=postgres://…/copy node --import tsx bench/import-10k.mjs`.
// It writes: point it at a copy (`createdb -T million million_copy`), not a database whose figures matter.
// The file is bench/import-setup.mjs's CSV as Turkish Excel saves it (16 single products and a variant product
// with three variants per 20 rows). Prints one JSON line: the dry run, the real run (creates, or unchanged
// when the database has had the file before), every price changed (updates), the first search after, the
// products in the database, the process's memory and the load average.
import { loadavg } from 'node:os';
import { openDatabase } from '@vitrin/core/db/client';
import { createServices } from '@vitrin/core/services';
import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { csv } from './import-setup.mjs';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL: a writable copy of the seeded database');
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const mb = (bytes) => Math.round(bytes / 1024 / 1024);

async function timed(work) {
  const started = performance.now();
  const result = await work();
  return { seconds: Math.round((performance.now() - started) / 100) / 10, summary: result?.summary };
}

const database = await openDatabase({ databaseUrl });
const services = createServices(database);
const actor = { kind: 'cli' };
try {
  const loadBefore = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const [{ n: products }] = await database.query('select count(*)::int as n from products');
  const file = csv(ROWS);
  const dryRun = await timed(() => services.productImports.run(file, { dryRun: true, actor }));
  const realRun = await timed(() => services.productImports.run(file, { dryRun: false, actor }));
  const pricesChanged = await timed(() =>
    services.productImports.run(csv(ROWS, 1), { dryRun: false, actor }),
  );
  const firstSearch = await timed(async () => ({
    summary: (await services.catalog.search('bardağı', listingQuerySchema.parse({}))).listing?.total,
  }));
  console.log(
    JSON.stringify({
      rows: ROWS,
      productsBefore: products,
      dryRun,
      realRun,
      pricesChanged,
      firstSearch,
      maxRssMB: mb(process.resourceUsage().maxRSS * 1024),
      loadBefore,
      loadAfter: loadavg()
        .map((l) => l.toFixed(1))
        .join(' '),
      at: new Date().toISOString(),
    }),
  );
} finally {
  await database.close();
}
