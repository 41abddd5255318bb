import type { ShippingProviderName } from '@vitrin/shared/api/admin/settings';
import type { ShipmentListItem } from '@vitrin/shared/api/admin/shipment-labels';
import { ORDER_STATE } from '@vitrin/shared/order-states';

type Shipment = Pick<ShipmentListItem, 'kind' | 'status'>;

/** States in which the carrier has the parcel (or delivered it): its outbound label can no longer be cancelled. */
const TAKEN: readonly number[] = [ORDER_STATE.InTransit, ORDER_STATE.Delivered, ORDER_STATE.NotDelivered];

/** A shipment's state in the order's "Kargo etiketi" box (a return's label carries the shopper's return code). */
export function shipmentStatusText(s: Shipment): string {
  switch (s.status) {
    case 'pending':
      return 'etiket bekleniyor';
    case 'created':
      return s.kind === 'return' ? 'iade kodu alındı' : 'etiket alındı';
    case 'failed':
      return 'alınamadı';
    case 'cancelled':
      return 'iptal edildi';
    default:
      return s.status;
  }
}

/**
 * Whether a bought label may be cancelled now (the server checks again): a return's any time, an outbound one
 * until the carrier has taken the parcel (Kargoda, Teslim Edildi, Teslim Edilemedi).
 */
export const cancellable = (s: Shipment, orderStatus: number) =>
  s.status === 'created' && (s.kind === 'return' || !TAKEN.includes(orderStatus));

/**
 * Whether the box offers to buy a label: a carrier chosen, no bought outbound label, and the order may go to
 * "Kargoya Verildi" now, or stayed there after its label was cancelled (a new one replaces it).
 */
export function labelOffered(view: {
  provider: ShippingProviderName;
  shipments: readonly Shipment[];
  orderStatus: number;
  canShip: boolean;
}): boolean {
  const outbound = view.shipments.filter((s) => s.kind === 'outbound');
  if (view.provider === 'manual' || outbound.some((s) => s.status === 'created')) return false;
  return (
    view.canShip ||
    (view.orderStatus === ORDER_STATE.Shipped && outbound.some((s) => s.status === 'cancelled'))
  );
}

/**
 * Whether the box offers a return shipment: the order delivered, no return label bought yet, and a carrier to
 * buy it from (the outbound label's, or the chosen one).
 */
export function returnOffered(view: {
  provider: ShippingProviderName;
  shipments: readonly Shipment[];
  orderStatus: number;
}): boolean {
  if (view.orderStatus !== ORDER_STATE.Delivered) return false;
  if (view.shipments.some((s) => s.kind === 'return' && s.status === 'created')) return false;
  return (
    view.provider !== 'manual' || view.shipments.some((s) => s.kind === 'outbound' && s.status === 'created')
  );
}
