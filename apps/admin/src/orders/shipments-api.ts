import { queryOptions } from '@tanstack/react-query';
import type { ShipmentListAnswer } from '@vitrin/shared/api/admin/shipment-labels';
import type { ShipmentCancelAnswer } from '@vitrin/shared/api/admin/shipment-returns';
import type { ShipmentAnswer, ShipmentCreateRequest } from '@vitrin/shared/api/admin/shipments';
import { isApiErrorBody } from '@vitrin/shared/api/error-body';
import { ApiError, api, waitText } from '../lib/api.ts';
import { orderPath } from './orders-api.ts';

export const shipmentsKey = (orderNo: string) => ['order', orderNo, 'shipments'] as const;

export const shipmentsQuery = (orderNo: string) =>
  queryOptions({
    queryKey: shipmentsKey(orderNo),
    queryFn: () => api.get<ShipmentListAnswer>(`${orderPath(orderNo)}/shipments`),
  });

export const buyLabel = (orderNo: string, body: ShipmentCreateRequest) =>
  api.post<ShipmentAnswer>(`${orderPath(orderNo)}/shipments`, body);

/** A bought label cancelled at its carrier; the order's state stays as it is (the answer's message says so). */
export const cancelLabel = (orderNo: string, shipmentId: number) =>
  api.post<ShipmentCancelAnswer>(`${orderPath(orderNo)}/shipments/${shipmentId}/cancel`);

/** A delivered order's return shipment; the shopper gets its return code by e-mail (a repeat: the first). */
export const createReturn = (orderNo: string, body: ShipmentCreateRequest) =>
  api.post<ShipmentAnswer>(`${orderPath(orderNo)}/returns`, body);

/**
 * A carrier failure in words the owner can act on: the carrier down or busy (503) says the order is unchanged,
 * what was not done (`undone`: a label bought unless named) and when to try again (unless the carrier's words
 * say it); the rest are the API's own Turkish messages.
 */
export function carrierMessage(error: unknown, undone = 'etiket alınmadı'): string {
  if (!(error instanceof ApiError)) return 'Beklenmeyen bir hata oluştu. Sayfayı yenileyip tekrar deneyin.';
  if (error.status === 503) {
    // The carrier's own words may already say when to try again: then only what did not happen is added.
    if (/yeniden deneyin/i.test(error.message)) return `${error.message} Sipariş değişmedi ve ${undone}.`;
    const wait = error.retryAfter ? `${waitText(error.retryAfter)} sonra` : 'biraz sonra';
    return `${error.message} Sipariş değişmedi ve ${undone}; ${wait} yeniden deneyin.`;
  }
  if (error.status === 429 && error.retryAfter)
    return `${error.message} (Kalan süre: ${waitText(error.retryAfter)}.)`;
  return error.message;
}

/**
 * The labels of the chosen orders as one PDF (`POST /shipments/labels`), saved by the browser as
 * `kargo-etiketleri.pdf`; a refusal comes back as the API's error.
 */
export async function downloadLabels(numbers: string[]): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/admin/shipments/labels', {
      method: 'POST',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ numbers }),
    });
  } catch {
    throw new ApiError(0, 'BAGLANTI_YOK', 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.');
  }
  if (!response.ok) {
    const data: unknown = await response.json().catch(() => undefined);
    const retryAfter = Number(response.headers.get('retry-after')) || undefined;
    throw isApiErrorBody(data)
      ? new ApiError(response.status, data.error.code, data.error.message, data.error.fields, retryAfter)
      : new ApiError(
          response.status,
          'BEKLENMEYEN_YANIT',
          `Sunucu beklenmeyen bir yanıt verdi (${response.status}). Biraz sonra tekrar deneyin.`,
          {},
          retryAfter,
        );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = 'kargo-etiketleri.pdf';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
