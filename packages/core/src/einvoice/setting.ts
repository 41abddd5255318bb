import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orderInvoices, orderNotes } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { EInvoiceProviderName } from './einvoice.ts';
import { type EInvoiceEnv, einvoiceFromEnv } from './providers.ts';

/**
 * What other transactions do to an order's e-invoice (its job written with the move to Kargoya Verildi; a
 * cancellation's note), and the check before the setting is turned on.
 */

const einvoiceRefusal = (status: number, code: string, message: string) =>
  new DomainError(status, code, message);

/**
 * Writes the order's invoice job in the caller's transaction (the state change's): nothing when the order
 * has one already.
 */
export async function enqueueInvoice(tx: Db, orderId: number, provider: EInvoiceProviderName) {
  await tx.insert(orderInvoices).values({ orderId, provider }).onConflictDoNothing();
}

/** What the shop's legal details lack for an e-invoice, in Turkish (empty: complete). */
export function missingLegalDetails(values: {
  unvan: string;
  tax_id: string;
  tax_office: string;
  contact_address: string;
}): string[] {
  const missing: string[] = [];
  if (!values.unvan.trim()) missing.push('ticari unvan (unvan)');
  if (!values.tax_id.trim()) missing.push('vergi kimlik numarası (tax_id)');
  if (!values.tax_office.trim()) missing.push('vergi dairesi (tax_office)');
  if (!values.contact_address.trim()) missing.push('adres (contact_address)');
  return missing;
}

/**
 * Why `einvoice_provider` may not be `parasut` now (null: it may): the shop's legal details and the
 * integrator's keys in the environment.
 */
export function einvoiceSettingRefusal(
  values: Parameters<typeof missingLegalDetails>[0],
  env: EInvoiceEnv,
): DomainError | null {
  const missing = missingLegalDetails(values);
  const provider = einvoiceFromEnv('parasut', env);
  const reasons: string[] = [];
  if (missing.length)
    reasons.push(`Mağazanın yasal bilgileri eksik: ${missing.join(', ')}. Önce bu ayarları girin.`);
  if ('missing' in provider) reasons.push(provider.missing);
  if (!reasons.length) return null;
  return einvoiceRefusal(409, 'EFATURA_ACILAMAZ', `E-fatura (Paraşüt) açılamadı. ${reasons.join(' ')}`);
}

/**
 * In the transaction of an order's cancellation: an invoice not issued yet is not issued any more; an issued
 * one gets a note for the owner (cancelling an e-Arşiv the same day, or a return invoice, is done in Paraşüt,
 * with the accountant where the law needs them).
 */
export async function invoiceOnCancel(tx: Db, orderId: number) {
  const [row] = await tx.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
  if (!row || row.status === 'cancelled') return;
  if (row.status !== 'issued') {
    await tx
      .update(orderInvoices)
      .set({
        status: 'cancelled',
        lastError: 'Sipariş iptal edildi; fatura kesilmedi.',
        nextAttemptAt: null,
        updatedAt: new Date(),
      })
      .where(and(eq(orderInvoices.id, row.id), inArray(orderInvoices.status, ['pending', 'failed'])));
    return;
  }
  const type = row.documentType === 'e_invoice' ? 'e-Fatura' : 'e-Arşiv';
  await tx.insert(orderNotes).values({
    orderId,
    staffId: null,
    body: `Bu siparişin ${type} faturası kesilmişti (${row.invoiceNumber ?? 'numara yok'}) ve sipariş iptal edildi. Faturayı Paraşüt'te iptal edin (e-Arşiv ise kesildiği gün) ya da iade faturası düzenleyin; gerekirse mali müşavirinize danışın.`,
  });
}
