import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, ChannelInvoiceRequest, OrderChannel } from '@vitrin/shared/api/admin/orders';
import { formatDateTime } from '@vitrin/shared/dates';
import { api } from '../lib/api.ts';
import type { Tone } from '../ui/badge.tsx';
import { orderKey, orderPath } from './orders-api.ts';

/** A package's statuses on the marketplace, in Turkish (an unknown one is shown as it came). */
const PACKAGE_STATUSES: Record<string, string> = {
  Awaiting: 'Ödeme bekleniyor',
  Created: 'Oluşturuldu',
  Picking: 'Hazırlanıyor',
  Invoiced: 'Faturalandı',
  Shipped: 'Kargoya verildi',
  AtCollectionPoint: 'Teslim noktasında',
  Delivered: 'Teslim edildi',
  UnDelivered: 'Teslim edilemedi',
  Cancelled: 'İptal edildi',
  UnPacked: 'Paket bölündü',
  Returned: 'İade edildi',
  UnSupplied: 'Tedarik edilemedi',
};

export const packageStatusText = (status: string) => PACKAGE_STATUSES[status] ?? status;

/** One step the shop tells the marketplace back (Picking, Invoiced): done, waiting, or failing. */
export interface StatusStep {
  tone: Tone;
  text: string;
}

/** Whether the marketplace took `Picking`: sent (when), or waiting for the order to be Hazırlanıyor. */
export function pickingStep(c: OrderChannel): StatusStep {
  if (c.pickingSentAt) return { tone: 'good', text: `Bildirildi (${formatDateTime(c.pickingSentAt)})` };
  if (c.lastError) return { tone: 'bad', text: 'Bildirilemedi; yeniden denenecek' };
  return { tone: 'neutral', text: 'Sipariş “Hazırlanıyor” olunca bildirilir' };
}

/** Whether the marketplace took `Invoiced`: sent with its number, a number waiting to go, or none yet. */
export function invoicedStep(c: OrderChannel): StatusStep {
  if (c.invoicedSentAt)
    return {
      tone: 'good',
      text: `Bildirildi${c.invoiceNumber ? `: ${c.invoiceNumber}` : ''} (${formatDateTime(c.invoicedSentAt)})`,
    };
  if (c.invoiceNumber) {
    if (c.lastError) return { tone: 'bad', text: `${c.invoiceNumber} bildirilemedi; yeniden denenecek` };
    return {
      tone: 'warn',
      text: c.pickingSentAt
        ? `${c.invoiceNumber} bir sonraki eşitlemede bildirilecek`
        : `${c.invoiceNumber}, “Hazırlanıyor” bildirildikten sonra gönderilecek`,
    };
  }
  return { tone: 'neutral', text: 'Fatura numarası bekleniyor' };
}

/** The invoice number is typed until the marketplace has taken one. */
export const invoiceTypable = (c: OrderChannel) => c.invoicedSentAt === null;

/** Saves the typed invoice number; the answer is the channel block, put into the order's detail at once. */
export function useChannelInvoice(orderNo: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChannelInvoiceRequest) =>
      api.put<OrderChannel>(`${orderPath(orderNo)}/channel-invoice`, body),
    onSuccess: (channel) => {
      client.setQueryData<AdminOrderDetail>(orderKey(orderNo), (d) => (d ? { ...d, channel } : d));
      void client.invalidateQueries({ queryKey: orderKey(orderNo), exact: true });
    },
  });
}
