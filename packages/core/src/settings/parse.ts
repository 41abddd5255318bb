import { isSettingKey, type SettingKey, type Settings, settingDefinitions, settingKeys } from './registry.ts';

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

/** A parsed value as the settings table keeps it: lists (the bank accounts) as JSON. */
export function settingText(value: Settings[SettingKey]): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function assertSettingKey(key: string): asserts key is SettingKey {
  if (!isSettingKey(key)) {
    throw new SettingError(
      'AYAR_BILINMIYOR',
      `Bilinmeyen ayar "${key}". Bilinen ayarlar: ${settingKeys.join(', ')}`,
    );
  }
}
