import { z } from '../../zod.ts';
import { orderNumberParam } from './orders.ts';
import { SHIPPING_PROVIDER_NAMES } from './settings.ts';

/** Orders whose labels print in one PDF at once (the panel's list selects at most a page of 25 and a bit). */
export const LABELS_ORDERS_MAX = 50;

/** The labels of several orders: each order's latest bought label, merged into one PDF in the order given. */
export const shipmentLabelsRequest = z.object({
  numbers: z
    .array(orderNumberParam, { error: 'Sipariş numaraları bir liste olmalı' })
    .min(1, 'En az bir sipariş seçin')
    .max(LABELS_ORDERS_MAX, `Bir seferde en fazla ${LABELS_ORDERS_MAX} siparişin etiketi yazdırılabilir`)
    .refine((v) => new Set(v).size === v.length, 'Bir sipariş listede iki kez var'),
});
export type ShipmentLabelsRequest = z.output<typeof shipmentLabelsRequest>;

/** One shipment of an order as the panel lists it (outbound labels and returns, newest first). */
export const shipmentListItem = z.object({
  id: z.number().int(),
  kind: z.enum(['outbound', 'return']),
  provider: z.enum(['geliver', 'yurtici']).describe('Where the label was bought'),
  carrier: z.string().describe('The carrier that carries it, as shoppers know it (empty until bought)'),
  trackingNo: z.string(),
  trackingUrl: z.string(),
  labelUrl: z.string().describe("The label's PDF in the panel; empty until the label is bought"),
  status: z.string().describe('pending, created, failed or cancelled'),
  lastError: z.string().describe("The carrier's last refusal or outage, in Turkish; empty when none"),
  createdAt: z.string().describe('ISO 8601'),
});
export type ShipmentListItem = z.output<typeof shipmentListItem>;

export const shipmentListAnswer = z.object({
  shippingProvider: z
    .enum(SHIPPING_PROVIDER_NAMES)
    .describe('Where a new label would be bought (`manual`: none, the tracking number is typed)'),
  shipments: z.array(shipmentListItem),
});
export type ShipmentListAnswer = z.output<typeof shipmentListAnswer>;
