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

/** The shopper's link to the order's invoice PDF, served by the shop (the guest link's token kept). */
export const invoicePdfPath = (orderNo: string, token?: string | null) =>
  `/api/front/orders/${encodeURIComponent(orderNo)}/invoice${token ? `?token=${encodeURIComponent(token)}` : ''}`;

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

/** The owner's note on an e-Fatura whose order was cancelled or refunded: the law needs the accountant. */
export const E_FATURA_REVERSAL_NOTE = (number: string | null, reason: 'cancelled' | 'refunded') =>
  `Bu siparişin e-Fatura faturası kesilmişti (${number ?? 'numara yok'}) ve sipariş ${
    reason === 'cancelled' ? 'iptal edildi' : 'iade edildi'
  }. e-Fatura mağazaca iptal edilemez: alıcı firma faturayı reddetmeli ya da kendi iade faturasını düzenlemelidir. Muhasebecinize (mali müşavirinize) danışın.`;

/**
 * In the transaction of an order's cancellation, or of its payment refunded in full: an invoice not issued
 * yet is not issued any more; an issued one is undone. An e-Fatura gets the owner's note (the law needs
 * their accountant); an e-Arşiv's job is set waiting again, its reversal to do, which a round carries out
 * (cancelled at Paraşüt the day it was issued, otherwise a return document). Asked twice, nothing more.
 */
export async function invoiceOnCancel(
  tx: Db,
  orderId: number,
  reason: 'cancelled' | 'refunded' = 'cancelled',
) {
  const [row] = await tx.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
  if (!row || row.status === 'cancelled') return;
  const progress = row.progress;
  if (progress.reversal) return;
  // Issued: the document exists at Paraşüt (its PDF may not be stored yet).
  const issued = row.status === 'issued' || Boolean(progress.documentId);
  if (!issued) {
    if (reason === 'refunded') return;
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
  const requestedAt = new Date().toISOString();
  if ((row.documentType ?? progress.documentType) === 'e_invoice') {
    await tx
      .update(orderInvoices)
      .set({
        progress: { ...progress, reversal: { reason, requestedAt, kind: 'note', done: true } },
        updatedAt: new Date(),
      })
      .where(eq(orderInvoices.id, row.id));
    await tx.insert(orderNotes).values({
      orderId,
      staffId: null,
      body: E_FATURA_REVERSAL_NOTE(row.invoiceNumber, reason),
    });
    return;
  }
  await tx
    .update(orderInvoices)
    .set({
      progress: { ...progress, reversal: { reason, requestedAt } },
      status: 'pending',
      attempts: 0,
      lastError: null,
      nextAttemptAt: null,
      updatedAt: new Date(),
    })
    .where(eq(orderInvoices.id, row.id));
}
