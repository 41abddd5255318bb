import path from 'node:path';
import {
  connectCacheBus,
  createMailer,
  createServices,
  isEmptyShop,
  openDatabase,
  type Services,
  seedDemo,
} from '@vitrin/core';
import { writeDemoBlogImages, writeDemoCatalogImages } from '@vitrin/core/demo/images';
import { createFileStore } from '@vitrin/core/storage/from-config';
import { type Config, logsInfo } from './config.ts';
import { collectGarbageNow } from './heap-growth.ts';

/**
 * Opens the database the configuration names, applies migrations, loads the demo shop into an empty
 * database (unless VITRIN_DEMO=0) and wires the services. `onEmpty` hears of an empty database that is not
 * seeded (asked before the services write their first rows); `onDemoImages` is handed the copying of the
 * demo's pictures, which goes on in the background (settled, copied or not, when it ends).
 */
export async function bootstrap(
  config: Config,
  log: (message: string) => void,
  {
    seed = true,
    onEmpty,
    onDemoImages,
  }: { seed?: boolean; onEmpty?: () => void; onDemoImages?: (copying: Promise<unknown>) => void } = {},
): Promise<Services> {
  let database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  try {
    await database.migrate();
    let seeded = false;
    if (await isEmptyShop(database.db)) {
      if (seed && config.demo) {
        await seedDemo(database.db);
        seeded = true;
        log('Boş veritabanına demo mağaza verisi yüklendi (VITRIN_DEMO=0 ile kapatılır).');
      } else {
        onEmpty?.();
      }
    }
    // Creating the embedded database and loading the demo shop grew its engine's memory for good (600 MB
    // resident against about 140 MB for a shop's everyday queries): a fresh engine on the same files.
    if ((database.created || seeded) && database.reopen) {
      database = await database.reopen();
      // The old engine is garbage now, its WASM memory with it: given back at once, not at the next full
      // collection (a new demo shop idled at 570-600 MB resident until load came, 305 now).
      collectGarbageNow();
    }
    const mailer = createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, 'outbox'),
      from: config.mailFrom,
      // Only the recipient's domain, the subject and the outcome: bodies hold reset links. Each sent mail is
      // an info line, kept out of the log like the server's own info lines when LOG_LEVEL is above info.
      logger: {
        info: logsInfo(config.logLevel)
          ? (fields, message) => log(`${message} ${JSON.stringify(fields)}`)
          : () => {},
        error: (fields, message) => log(`${message} ${JSON.stringify(fields)}`),
      },
    });
    const services = createServices(database, {
      mailer,
      shopUrl: config.publicUrl,
      files: await createFileStore({ dataDir: config.dataDir, s3: config.storage.s3 }),
      // The built-in test bank only in the demo shop and in development: a real shop takes cards through
      // the provider `payment_provider` names (keys from the environment), or offers no card payment.
      payments: { allowTestProvider: config.demo || process.env.NODE_ENV === 'development' },
    });
    if (seed && config.demo) {
      // The demo pictures are copied into the shop's file store in the background: the shop answers at
      // once, images appear as copied.
      const copying = Promise.all([
        writeDemoCatalogImages(services.files).then(
          (n) => n > 0 && log(`${n} demo ürün görseli kopyalandı.`),
          (err: unknown) =>
            log(`Demo görselleri kopyalanamadı: ${err instanceof Error ? err.message : String(err)}`),
        ),
        writeDemoBlogImages(services.files).then(
          (n) => n > 0 && log(`${n} demo blog kapak görseli kopyalandı.`),
          (err: unknown) =>
            log(`Blog görselleri kopyalanamadı: ${err instanceof Error ? err.message : String(err)}`),
        ),
      ]);
      onDemoImages?.(copying);
    }
    // Rows a product import that crashed left in its staging table (never applied: its apply is one transaction).
    await services.productImports.clearCrashedRuns(database.kind === 'pglite');
    await connectCacheBus(services);
    // What other nodes announced while the connection was away never arrived: start from the database again.
    database.onReconnect(() => services.cache.clearLocal());
    return services;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
