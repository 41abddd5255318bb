import { DomainError } from '../errors.ts';
import { isSettingKey, type SettingKey, type Settings, settingDefinitions, settingKeys } from './registry.ts';

/** A setting the registry does not know, or a value it refuses (the CLI's and the panel's): 400. */
export const settingError = (code: 'AYAR_BILINMIYOR' | 'AYAR_DEGERI_GECERSIZ', message: string) =>
  new DomainError(400, code, message);

/** Parses a stored or submitted text value; throws AYAR_DEGERI_GECERSIZ with a Turkish message when it is bad. */
export function parseSetting<K extends SettingKey>(key: K, raw: string): Settings[K] {
  const result = settingDefinitions[key].schema.safeParse(raw);
  if (!result.success) {
    const reason = result.error.issues.map((i) => i.message).join(' ');
    throw settingError('AYAR_DEGERI_GECERSIZ', `"${key}" için geçersiz değer "${raw}": ${reason}`);
  }
  return result.data as Settings[K];
}

/** A parsed value as the settings table keeps it: lists (the bank accounts) as JSON. */
export function settingText(value: Settings[SettingKey]): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function assertSettingKey(key: string): asserts key is SettingKey {
  if (!isSettingKey(key)) {
    throw settingError(
      'AYAR_BILINMIYOR',
      `Bilinmeyen ayar "${key}". Bilinen ayarlar: ${settingKeys.join(', ')}`,
    );
  }
}
