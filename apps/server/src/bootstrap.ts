import {
  connectCacheBus,
  createServices,
  isEmptyShop,
  openDatabase,
  type Services,
  seedDemo,
} from '@vitrin/core';
import type { Config } from './config.ts';

/**
 * Opens the database the configuration names, applies migrations, loads the demo shop into an empty
 * database (unless VITRIN_DEMO=0) and wires the services.
 */
export async function bootstrap(
  config: Config,
  log: (message: string) => void,
  { seed = true }: { seed?: boolean } = {},
): Promise<Services> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.dbPoolSize,
  });
  try {
    await database.migrate();
    if (seed && config.demo && (await isEmptyShop(database.db))) {
      await seedDemo(database.db);
      log('Boş veritabanına demo mağaza verisi yüklendi (VITRIN_DEMO=0 ile kapatılır).');
    }
    const services = createServices(database);
    await connectCacheBus(services);
    return services;
  } catch (err) {
    await database.close().catch(() => {});
    throw err;
  }
}
