import type { EInvoiceHealthAnswer } from '@vitrin/shared/api/admin/invoices';
import type { AdminSettings } from '@vitrin/shared/api/admin/settings';
import type { Tone } from '../ui/badge.tsx';

/** What the shop's legal details lack for an e-invoice (the server refuses to turn it on until all are set). */
export function missingLegalDetails(
  s: Pick<AdminSettings, 'unvan' | 'tax_id' | 'tax_office' | 'contact_address'>,
): string[] {
  const missing: string[] = [];
  if (!s.unvan.trim()) missing.push('ticari unvan');
  if (!s.tax_id.trim()) missing.push('VKN / TCKN');
  if (!s.tax_office.trim()) missing.push('vergi dairesi');
  if (!s.contact_address.trim()) missing.push('adres');
  return missing;
}

/**
 * E-invoicing's state in a few words with its tone: off, keys missing, its last call failed after (or
 * without) a good one, invoices that need the owner, working, or not called yet.
 */
export function einvoiceState(h: EInvoiceHealthAnswer): { tone: Tone; text: string } {
  if (h.provider === 'none') return { tone: 'neutral', text: 'Kapalı' };
  if (!h.configured) return { tone: 'bad', text: 'Anahtarlar eksik' };
  const failedLast =
    h.lastErrorAt !== null &&
    (h.lastSuccessAt === null || Date.parse(h.lastErrorAt) > Date.parse(h.lastSuccessAt));
  if (failedLast) return { tone: 'bad', text: 'Son çağrı başarısız' };
  if (h.failed > 0) return { tone: 'warn', text: 'Kesilemeyen fatura var' };
  if (h.lastSuccessAt !== null) return { tone: 'good', text: 'Çalışıyor' };
  return { tone: 'neutral', text: 'Henüz çağrı yok' };
}
