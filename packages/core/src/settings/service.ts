import type { GlobalSetting } from '@vitrin/shared/api/home';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { settings as settingsTable } from '../db/schema.ts';
import { einvoiceSettingRefusal } from '../einvoice/setting.ts';
import { trendyolSettingRefusal } from '../marketplace/setting.ts';
import { createSettingsAdmin } from './admin.ts';
import { assertSettingKey, parseSetting, settingText } from './parse.ts';

export { assertSettingKey, parseSetting, settingText } from './parse.ts';

import {
  isSettingKey,
  type PublicSettings,
  type SettingKey,
  type Settings,
  settingDefinitions,
  settingKeys,
} from './registry.ts';

export function createSettingsService(
  db: Db,
  cache: Cache,
  options: {
    env?: Readonly<Record<string, string | undefined>>;
    /** Where TRENDYOL_* are read (the check before `trendyol_sync` is turned on); `env` by default. */
    marketplaceEnv?: Readonly<Record<string, string | undefined>>;
  } = {},
) {
  const all = cache.value('settings', async (): Promise<Settings> => {
    const rows = await db.select().from(settingsTable);
    const values = Object.fromEntries(settingKeys.map((k) => [k, settingDefinitions[k].default]));
    for (const row of rows) {
      if (!isSettingKey(row.key)) continue;
      // A value that no longer parses (e.g. written by hand) falls back to the default instead of
      // taking the shop down.
      const parsed = settingDefinitions[row.key].schema.safeParse(row.value);
      if (parsed.success) values[row.key] = parsed.data;
    }
    return values as Settings;
  });

  return {
    all,
    /** The panel's settings page: what it shows, and one section's save. */
    admin: createSettingsAdmin(
      db,
      cache,
      all,
      options.env ?? process.env,
      options.marketplaceEnv ?? options.env ?? process.env,
    ),
    async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
      return (await all())[key];
    },
    async public(): Promise<GlobalSetting> {
      const values = await all();
      return Object.fromEntries(
        settingKeys.filter((k) => settingDefinitions[k].public).map((k) => [k, values[k]]),
      ) as PublicSettings satisfies GlobalSetting;
    },
    /**
     * Validates and stores one setting from its text form; drops every cache that may hold it. With `actor`
     * (the CLI's `settings set`), its audit entry is written in the same transaction.
     */
    async set(key: string, raw: string, actor?: AuditActor): Promise<Settings[SettingKey]> {
      assertSettingKey(key);
      const value = parseSetting(key, raw);
      // E-invoicing needs the shop's legal details and the integrator's keys before it may be turned on.
      if (key === 'einvoice_provider' && value === 'parasut') {
        const refusal = einvoiceSettingRefusal(await all(), options.env ?? process.env);
        if (refusal) throw refusal;
      }
      if (key === 'trendyol_sync' && value === 'on') {
        const refusal = trendyolSettingRefusal(options.marketplaceEnv ?? options.env ?? process.env);
        if (refusal) throw refusal;
      }
      const stored = settingText(value);
      const before = actor ? (await all())[key] : undefined;
      await db.transaction(async (tx) => {
        await tx
          .insert(settingsTable)
          .values({ key, value: stored })
          .onConflictDoUpdate({ target: settingsTable.key, set: { value: stored, updatedAt: sql`now()` } });
        // Before: what the shop used until now (a default when no row was there), as the panel's entries.
        if (actor) {
          await recordAudit(tx, {
            actor,
            action: 'settings.set',
            entity: 'settings',
            entityId: key,
            before: { [key]: before ?? null },
            after: { [key]: value },
          });
        }
      });
      await cache.invalidateAll();
      return value;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
