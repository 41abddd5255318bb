export { type Cache, createCache } from './cache.ts';
export { CatalogError, categoryFieldHelp, productFieldHelp } from './catalog/admin.ts';
export { sanitizeRichText } from './content/sanitize.ts';
export type { ContentService } from './content/service.ts';
export { type AddressBook, createAddressBook, type DefaultKind } from './customers/addresses.ts';
export { AccountError, type AccountErrorCode, accountErrorStatus } from './customers/errors.ts';
export {
  type AccountExport,
  type AccountLogger,
  type ActiveSession,
  type CustomerService,
  type CustomerServiceOptions,
  createCustomerService,
  type NewSession,
  REMEMBERED_SESSION_MS,
  SESSION_MS,
} from './customers/service.ts';
export { type Database, type DatabaseOptions, type Db, openDatabase, parseDatabaseUrl } from './db/client.ts';
export { StartupError } from './db/errors.ts';
export { isEmptyShop, seedDemo } from './demo/seed.ts';
export { createMailer, type Mailer, type MailerOptions, type MailLogger } from './mail/mailer.ts';
export {
  CACHE_CHANNEL,
  connectCacheBus,
  createServices,
  type Services,
  type ServicesOptions,
} from './services.ts';
export {
  isSettingKey,
  type PublicSettings,
  type SettingKey,
  type Settings,
  settingDefinitions,
  settingKeys,
} from './settings/registry.ts';
export { SettingError } from './settings/service.ts';
