/**
 * `npm run seed:large -- [--products N] [--data-dir DIR]`: the demo shop plus N generated products
 * (default 100 000), for load tests. Embedded database in DIR (default `data-large/`), or the PostgreSQL
 * server named by DATABASE_URL. Refuses a database that already holds more than the demo shop.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { count } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../db/client.ts';
import { categories, products, tags } from '../db/schema.ts';
import { readDemoData } from './data.ts';
import { largeCatalogProduct } from './large-catalog.ts';
import { type CatalogRefs, insertProducts, isEmptyShop, seedDemo } from './seed.ts';

/** Products per multi-row batch: large enough to amortise round trips, small enough to keep memory flat. */
const BATCH = 2_000;

async function catalogRefs(db: Db): Promise<CatalogRefs> {
  const cats = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories);
  const tagRows = await db.select().from(tags);
  return {
    categoryIds: new Map(cats.map((c) => [c.slug, c.id])),
    categoryNames: new Map(cats.map((c) => [c.slug, c.name])),
    tagIds: new Map(tagRows.map((t) => [t.slug, t.id])),
    tagNames: new Map(tagRows.map((t) => [t.slug, t.name])),
  };
}

/**
 * Adds `total` generated products to a database that holds exactly the demo shop, in one transaction (all
 * or nothing). Returns false, writing nothing, when the shop already has other products.
 */
export async function seedLarge(
  database: Database,
  total: number,
  log: (message: string) => void = () => {},
): Promise<boolean> {
  await database.migrate();
  if (await isEmptyShop(database.db)) await seedDemo(database.db);
  const demo = await readDemoData();
  const [row] = await database.db.select({ n: count() }).from(products);
  if ((row?.n ?? 0) !== demo.products.length) return false;

  const refs = await catalogRefs(database.db);
  const started = Date.now();
  const now = new Date();
  await database.db.transaction(async (tx) => {
    for (let from = 0; from < total; from += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, total - from) }, (_, i) =>
        largeCatalogProduct(demo, from + i),
      );
      await insertProducts(tx as unknown as Db, batch, refs, now);
      const done = from + batch.length;
      const perSecond = Math.round(done / ((Date.now() - started) / 1000));
      log(`${done.toLocaleString('tr-TR')} / ${total.toLocaleString('tr-TR')} ürün (${perSecond}/sn)`);
    }
  });
  // Fresh statistics, so that the planner knows the tables are large now.
  await database.query('analyze');
  // Lets the server drop the write-ahead log of the bulk insert (PGlite kept ~700 MB of it for 100 000
  // products); only a superuser may, and elsewhere the next scheduled checkpoint does the same.
  await database.query('checkpoint').catch(() => {});
  return true;
}

async function main() {
  const { values } = parseArgs({
    options: {
      products: { type: 'string', default: '100000' },
      'data-dir': { type: 'string', default: 'data-large' },
    },
  });
  const total = Number(values.products);
  if (!Number.isInteger(total) || total < 1)
    throw new Error(`--products bir pozitif tam sayı olmalıdır: ${values.products}`);
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = path.resolve(values['data-dir']);
  const database = await openDatabase({ databaseUrl, dataDir, poolSize: 2 });
  const target = databaseUrl ? 'PostgreSQL (DATABASE_URL)' : dataDir;
  console.log(`Büyük katalog: ${total.toLocaleString('tr-TR')} ürün → ${target}`);
  const started = Date.now();
  try {
    const done = await seedLarge(database, total, (m) => console.log(`  ${m}`));
    if (!done) {
      console.error(
        'Bu veritabanında demo mağazadan fazlası var (büyük katalog zaten yüklenmiş olabilir); hiçbir şey yazılmadı. Boş bir --data-dir ya da veritabanı kullanın.',
      );
      process.exitCode = 1;
      return;
    }
    console.log(`Tamamlandı: ${((Date.now() - started) / 1000).toFixed(0)} sn.`);
  } finally {
    await database.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
