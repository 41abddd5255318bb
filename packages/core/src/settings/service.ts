import type { GlobalSetting } from '@vitrin/shared/api/home';
import { sql } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { settings as settingsTable } from '../db/schema.ts';
import {
  isSettingKey,
  type PublicSettings,
  type SettingKey,
  type Settings,
  settingDefinitions,
  settingKeys,
} from './registry.ts';

export class SettingError extends Error {
  constructor(
    readonly code: 'AYAR_BILINMIYOR' | 'AYAR_DEGERI_GECERSIZ',
    message: string,
  ) {
    super(message);
    this.name = 'SettingError';
  }
}

/** Parses a stored or submitted text value; throws SettingError with a Turkish message when it is bad. */
export function parseSetting<K extends SettingKey>(key: K, raw: string): Settings[K] {
  const result = settingDefinitions[key].schema.safeParse(raw);
  if (!result.success) {
    const reason = result.error.issues.map((i) => i.message).join(' ');
    throw new SettingError('AYAR_DEGERI_GECERSIZ', `"${key}" için geçersiz değer "${raw}": ${reason}`);
  }
  return result.data as Settings[K];
}

export function assertSettingKey(key: string): asserts key is SettingKey {
  if (!isSettingKey(key)) {
    throw new SettingError(
      'AYAR_BILINMIYOR',
      `Bilinmeyen ayar "${key}". Bilinen ayarlar: ${settingKeys.join(', ')}`,
    );
  }
}

export function createSettingsService(db: Db, cache: Cache) {
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
    async get<K extends SettingKey>(key: K): Promise<Settings[K]> {
      return (await all())[key];
    },
    async public(): Promise<GlobalSetting> {
      const values = await all();
      return Object.fromEntries(
        settingKeys.filter((k) => settingDefinitions[k].public).map((k) => [k, values[k]]),
      ) as PublicSettings satisfies GlobalSetting;
    },
    /** Validates and stores one setting from its text form; drops every cache that may hold it. */
    async set(key: string, raw: string): Promise<Settings[SettingKey]> {
      assertSettingKey(key);
      const value = parseSetting(key, raw);
      const stored = String(value);
      await db
        .insert(settingsTable)
        .values({ key, value: stored })
        .onConflictDoUpdate({ target: settingsTable.key, set: { value: stored, updatedAt: sql`now()` } });
      await cache.invalidateAll();
      return value;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
