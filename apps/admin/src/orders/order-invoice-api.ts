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

type Invoice = Pick<InvoiceView, 'status' | 'attempts'>;

/** An invoice's state in the order's "e-Fatura / e-Arşiv" box, with its badge tone. */
export function invoiceStatus(invoice: Invoice): { tone: Tone; text: string } {
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
