import {
  type AdminSettings,
  SETTINGS_FIELD_KEYS,
  type SettingsFieldKey,
  type SettingsUpdate,
} from '@vitrin/shared/api/admin/settings';
import { sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { settings as settingsTable } from '../db/schema.ts';
import type { EInvoiceEnv } from '../einvoice/providers.ts';
import { einvoiceSettingRefusal } from '../einvoice/setting.ts';
import { DomainError, isDomainError } from '../errors.ts';
import { type MarketplaceEnv, trendyolSettingRefusal } from '../marketplace/setting.ts';
import { parseSetting, settingText } from './parse.ts';
import type { SettingKey, Settings } from './registry.ts';

/** A value the registry refuses: 400 GECERSIZ_ISTEK with a Turkish message per field; nothing was written. */
const settingsInputError = (fields: Record<string, string>) =>
  new DomainError(
    400,
    'GECERSIZ_ISTEK',
    'Gönderilen ayarlarda hata var; lütfen işaretli alanları düzeltin.',
    fields,
  );

/** The registry's text form of a panel value (the CLI types the same text). */
const asText = (key: SettingsFieldKey, value: unknown): string =>
  key === 'is_online' ? (value ? '1' : '0') : settingText(value as Settings[SettingKey]);

/**
 * The settings as the panel shows and saves them (`settings.write`): one save (a section) comes checked whole
 * by the panel's schema (its route parsed it), is checked by the registry the CLI uses, and is written in one
 * transaction with one audit entry per changed setting; then every cache drops, so the storefront follows at
 * once.
 */
export function createSettingsAdmin(
  db: Db,
  cache: Cache,
  all: () => Promise<Settings>,
  env: EInvoiceEnv,
  marketplaceEnv: MarketplaceEnv = env,
) {
  async function view(): Promise<AdminSettings> {
    const values = await all();
    const picked = Object.fromEntries(SETTINGS_FIELD_KEYS.map((k) => [k, values[k]]));
    return { ...picked, is_online: values.is_online === 1 } as AdminSettings;
  }

  return {
    view,
    async save(actor: AuditActor, data: SettingsUpdate): Promise<AdminSettings> {
      const keys = SETTINGS_FIELD_KEYS.filter((k) => data[k] !== undefined);
      const rows = keys.map((key) => {
        const raw = asText(key, data[key]);
        try {
          return { key, value: settingText(parseSetting(key, raw)) };
        } catch (err) {
          if (isDomainError(err, 'AYAR_DEGERI_GECERSIZ')) throw settingsInputError({ [key]: err.message });
          throw err;
        }
      });
      const before = await all();
      // E-invoicing turned on needs the shop's legal details (these saved with it count) and Paraşüt's keys.
      if (data.einvoice_provider === 'parasut') {
        const after = {
          ...before,
          ...Object.fromEntries(rows.map((r) => [r.key, parseSetting(r.key, r.value)])),
        };
        const refusal = einvoiceSettingRefusal(after as Settings, env);
        if (refusal) throw refusal;
      }
      // Trendyol turned on needs the seller's keys in the environment.
      if (data.trendyol_sync === 'on') {
        const refusal = trendyolSettingRefusal(marketplaceEnv);
        if (refusal) throw refusal;
      }
      await db.transaction(async (tx) => {
        for (const row of rows) {
          await tx
            .insert(settingsTable)
            .values(row)
            .onConflictDoUpdate({
              target: settingsTable.key,
              set: { value: row.value, updatedAt: sql`now()` },
            });
          await recordAudit(tx, {
            actor,
            action: 'settings.set',
            entity: 'settings',
            entityId: row.key,
            before: { [row.key]: before[row.key] },
            after: { [row.key]: parseSetting(row.key, row.value) },
          });
        }
      });
      await cache.invalidateAll();
      return view();
    },
  };
}
