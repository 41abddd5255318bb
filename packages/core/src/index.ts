export { type Cache, createCache } from './cache.ts';
export { CatalogError, categoryFieldHelp, productFieldHelp } from './catalog/admin.ts';
export { sanitizeRichText } from './content/sanitize.ts';
export type { ContentService } from './content/service.ts';
export { type Database, type DatabaseOptions, type Db, openDatabase, parseDatabaseUrl } from './db/client.ts';
export { StartupError } from './db/errors.ts';
export { isEmptyShop, seedDemo } from './demo/seed.ts';
export { CACHE_CHANNEL, connectCacheBus, createServices, type Services } from './services.ts';
export {
  isSettingKey,
  type PublicSettings,
  type SettingKey,
  type Settings,
  settingDefinitions,
  settingKeys,
} from './settings/registry.ts';
export { SettingError } from './settings/service.ts';
