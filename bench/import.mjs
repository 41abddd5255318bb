// The product import at 10 000 rows on the embedded database: `node --import tsx bench/import.mjs`
// (BENCH_IMPORT_ROWS to change the count). A fresh data directory under bench/out/import with the demo shop;
// a generated CSV as Turkish Excel saves it (8 000 single products, 500 variant products with three variants
// each); then the dry run, the real run, the same file again (all unchanged), a file changing every price,
// and the first storefront search after it (the catalogue index built again). Times and RSS are printed.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '@vitrin/core/db/client';
import { seedDemo } from '@vitrin/core/demo/seed';
import { createServices } from '@vitrin/core/services';
import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { outDir } from './server.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);
const HEADER =
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Alış Fiyatı;KDV Oranı;Stok;Seçenekler';
const CATEGORIES = ['kupalar', 'tabaklar', 'Seramik', 'Tekstil > Havlular ve Peştemaller'];

/** `rows` rows: per 20, 16 single products and a variant product with three variants (20 rows per 17 products). */
function csv(rows, priceOffset = 0) {
  const lines = [HEADER];
  for (let i = 0; lines.length <= rows; i++) {
    const lira = `${100 + (i % 900) + priceOffset},${String(i % 100).padStart(2, '0')}`;
    const category = CATEGORIES[i % CATEGORIES.length];
    if (i % 17 === 16 && lines.length + 4 <= rows + 1) {
      lines.push(
        `B-${i};;Toplu Tişört ${i};${category};Marka ${i % 50};;${lira};;20;;"Renk=Kırmızı|Mavi|Yeşil"`,
      );
      for (const [k, renk] of ['Kırmızı', 'Mavi', 'Yeşil'].entries()) {
        lines.push(`B-${i}-${k};B-${i};;;;;;;;${i % 30};Renk=${renk}`);
      }
    } else {
      lines.push(
        `B-${i};;Toplu Ürün ${i} Çay Bardağı;${category};Marka ${i % 50};;${lira};50,00;20;${i % 40};`,
      );
    }
  }
  return { bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`), name: 'toplu.csv' };
}

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

const dir = path.join(outDir, 'import');
await rm(dir, { recursive: true, force: true });
const database = await openDatabase({ dataDir: dir });
await database.migrate();
await seedDemo(database.db);
const services = createServices(database);
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
