// The product import at 10 000 rows on the embedded database: `node --import tsx bench/import.mjs`
// (BENCH_IMPORT_ROWS to change the count). A fresh data directory under bench/out/import with the demo shop;
// a generated CSV as Turkish Excel saves it (8 000 single products, 500 variant products with three variants
// each); then the dry run, the real run, the same file again (all unchanged), a file changing every price,
// and the first storefront search after it (the catalogue index built again). Times and RSS are printed.
import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { csv, freshShop } from './import-setup.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

const mb = (bytes) => Math.round(bytes / 1024 / 1024);
const rss = () => mb(process.memoryUsage().rss);

async function timed(label, work) {
  const started = performance.now();
  const result = await work();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `${label.padEnd(34)} ${seconds.padStart(6)} s  RSS ${rss()} MB  ${JSON.stringify(result?.summary ?? '')}`,
  );
  return result;
}

const { database, services } = await freshShop('import');
const actor = { kind: 'cli' };
try {
  const file = csv(ROWS);
  console.log(`${ROWS} rows, ${mb(file.bytes.length * 10) / 10} MB; RSS at start ${rss()} MB`);
  await services.catalog.search('çay', listingQuerySchema.parse({}));
  await timed('dry run', () => services.productImports.run(file, { dryRun: true, actor }));
  await timed('real run (creates)', () => services.productImports.run(file, { dryRun: false, actor }));
  await timed('first search after (index rebuilt)', async () => ({
    summary: `${(await services.catalog.search('bardağı', listingQuerySchema.parse({}))).listing?.total} found`,
  }));
  await timed('same file again (unchanged)', () =>
    services.productImports.run(file, { dryRun: false, actor }),
  );
  await timed('every price changed (updates)', () =>
    services.productImports.run(csv(ROWS, 1), { dryRun: false, actor }),
  );
  await timed('export CSV', async () => ({
    summary: `${mb((await services.productImports.exportCsv()).length)} MB`,
  }));
  console.log(`max RSS ${mb(process.resourceUsage().maxRSS * 1024)} MB`);
} finally {
  await database.close();
}
