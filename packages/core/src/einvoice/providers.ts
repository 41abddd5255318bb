import type { EInvoiceProvider, EInvoiceProviderName } from './einvoice.ts';
import { createParasutProvider, PARASUT_BASE_URL, type ParasutOptions } from './parasut/index.ts';

/** The process environment the integrator's keys come from (never the database, never a page). */
export type EInvoiceEnv = Readonly<Record<string, string | undefined>>;

/** The environment variables each provider reads (the panel may say which are set, never their values). */
export const EINVOICE_KEYS: Record<EInvoiceProviderName, readonly string[]> = {
  parasut: [
    'PARASUT_CLIENT_ID',
    'PARASUT_CLIENT_SECRET',
    'PARASUT_USERNAME',
    'PARASUT_PASSWORD',
    'PARASUT_COMPANY_ID',
    'PARASUT_BASE_URL',
  ],
};

/** What the shop adds to an adapter's options beyond its keys (tests: short waits). */
export type EInvoiceTuning = Partial<
  Omit<ParasutOptions, 'clientId' | 'clientSecret' | 'username' | 'password' | 'companyId' | 'baseUrl'>
>;

const isHttpUrl = (url: string) => /^https?:\/\/[^/\s]+/.test(url);

/** The provider built from its environment variables, or why it cannot be (in Turkish). */
export function einvoiceFromEnv(
  name: EInvoiceProviderName,
  env: EInvoiceEnv,
  tuning: EInvoiceTuning = {},
): EInvoiceProvider | { missing: string } {
  const value = (key: string) => env[key]?.trim() ?? '';
  const required = EINVOICE_KEYS[name].filter((k) => k !== 'PARASUT_BASE_URL');
  const absent = required.filter((k) => !value(k));
  if (absent.length)
    return {
      missing: `Paraşüt anahtarları eksik: ${absent.join(', ')} ortam değişken${absent.length > 1 ? 'lerini' : 'ini'} girip sunucuyu yeniden başlatın (ya da e-fatura sağlayıcısını "none" yapın).`,
    };
  if (!/^\d+$/.test(value('PARASUT_COMPANY_ID')))
    return {
      missing: `PARASUT_COMPANY_ID Paraşüt firma numarası olmalıdır (yalnız rakam): "${value('PARASUT_COMPANY_ID')}"`,
    };
  const baseUrl = value('PARASUT_BASE_URL') || PARASUT_BASE_URL;
  if (!isHttpUrl(baseUrl)) return { missing: `PARASUT_BASE_URL bir http(s) adresi olmalıdır: "${baseUrl}"` };
  return createParasutProvider({
    ...tuning,
    clientId: value('PARASUT_CLIENT_ID'),
    clientSecret: value('PARASUT_CLIENT_SECRET'),
    username: value('PARASUT_USERNAME'),
    // A password may begin or end with a space: taken as it is.
    password: env.PARASUT_PASSWORD ?? '',
    companyId: value('PARASUT_COMPANY_ID'),
    baseUrl,
  });
}
