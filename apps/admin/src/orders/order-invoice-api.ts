import { queryOptions } from '@tanstack/react-query';
import type { EInvoiceHealthAnswer, InvoiceAnswer, InvoiceView } from '@vitrin/shared/api/admin/invoices';
import { api } from '../lib/api.ts';
import type { Tone } from '../ui/badge.tsx';
import { orderPath } from './orders-api.ts';

/** `GET /api/admin/einvoice/health`: the setting, the integrator's keys and calls, the invoices waiting. */
export const einvoiceHealthQuery = queryOptions({
  queryKey: ['einvoice', 'health'],
  queryFn: () => api.get<EInvoiceHealthAnswer>('/einvoice/health'),
});

/** Issues the order's invoice now (201), or answers the one asked for before (200). */
export const requestInvoice = (orderNo: string) => api.post<InvoiceAnswer>(`${orderPath(orderNo)}/invoice`);

type Invoice = Pick<InvoiceView, 'status' | 'attempts'> & { reversal?: InvoiceView['reversal'] };

/** An invoice's state in the order's "e-Fatura / e-Arşiv" box, with its badge tone. */
export function invoiceStatus(invoice: Invoice): { tone: Tone; text: string } {
  const reversal = invoice.reversal;
  if (reversal) {
    if (reversal.kind === 'note') return { tone: 'warn', text: 'Muhasebecinize danışın' };
    if (reversal.done)
      return reversal.kind === 'cancel'
        ? { tone: 'neutral', text: 'İptal edildi' }
        : { tone: 'neutral', text: 'İade faturası kesildi' };
    if (invoice.status === 'failed') return { tone: 'bad', text: 'İptal / iade edilemedi' };
    return invoice.attempts > 0
      ? { tone: 'warn', text: 'İptal / iade ediliyor (yeniden denenecek)' }
      : { tone: 'info', text: 'İptal / iade ediliyor' };
  }
  switch (invoice.status) {
    case 'pending':
      return invoice.attempts > 0
        ? { tone: 'warn', text: 'Kesiliyor (yeniden denenecek)' }
        : { tone: 'info', text: 'Kesiliyor' };
    case 'issued':
      return { tone: 'good', text: 'Kesildi' };
    case 'failed':
      return { tone: 'bad', text: 'Kesilemedi' };
    case 'cancelled':
      return { tone: 'neutral', text: 'İptal edildi (kesilmedi)' };
    default:
      return { tone: 'neutral', text: String(invoice.status) };
  }
}

/**
 * What became of an issued invoice whose order was cancelled or refunded, in a sentence for the box (null:
 * nothing happened to it).
 */
export function reversalText(reversal: InvoiceView['reversal']): string | null {
  if (!reversal) return null;
  const why = reversal.reason === 'cancelled' ? 'Sipariş iptal edildiği' : 'Siparişin ödemesi iade edildiği';
  if (reversal.kind === 'note')
    return `${why} için bu e-Fatura geri alınmalı; ancak e-Fatura mağazaca iptal edilemez: alıcı firma faturayı reddetmeli ya da kendi iade faturasını düzenlemelidir. Muhasebecinize (mali müşavirinize) danışın; not siparişin notlarına da yazıldı.`;
  if (reversal.done && reversal.kind === 'cancel')
    return `${why} için e-Arşiv fatura, kesildiği gün Paraşüt'te iptal edildi.`;
  if (reversal.done)
    return `${why} için Paraşüt'te iade faturası kesildi (${reversal.number ?? 'numara yok'}).`;
  return `${why} için fatura Paraşüt'te geri alınıyor: kesildiği gün iptal edilir, daha sonraysa iade faturası kesilir. Paraşüt'e ulaşılamazsa yeniden denenir.`;
}

/** The invoice's kind as the law names it. */
export const invoiceTypeText = (type: InvoiceView['type']) =>
  type === 'e_invoice' ? 'e-Fatura' : type === 'e_archive' ? 'e-Arşiv fatura' : null;

/**
 * The button the box offers (null: none): "Faturayı kes" while no invoice was asked for and e-invoicing is on,
 * "Yeniden dene" for one waiting for its next try or failed (the server tries it at once; a failed one after
 * the owner has fixed its cause, as the box says); the server decides whether the order may have an invoice.
 */
export function invoiceAction(invoice: Invoice | null, enabled: boolean): string | null {
  if (!invoice) return enabled ? 'Faturayı kes' : null;
  const retryable = invoice.status === 'failed' || (invoice.status === 'pending' && invoice.attempts > 0);
  return retryable && enabled ? 'Yeniden dene' : null;
}

/** Whether the order's page shows the box: e-invoicing is on, or the order has an invoice from before. */
export const invoiceBoxShown = (invoice: unknown, provider: 'none' | 'parasut' | undefined) =>
  Boolean(invoice) || provider === 'parasut';
