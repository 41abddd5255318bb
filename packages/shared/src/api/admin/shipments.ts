import { z } from '../../zod.ts';

/** Parcels of one shipment the panel may send (a carrier takes them as one package of their total). */
export const SHIPMENT_PARCELS_MAX = 10;
/** A parcel's most kg and desi (carriers' own limits are lower; theirs refuse with their words). */
export const PARCEL_MAX = 1000;

export const shipmentParcelSchema = z.object({
  weightKg: z
    .number({ error: 'Ağırlık (kg) sayı olmalı' })
    .positive('Ağırlık sıfırdan büyük olmalı')
    .max(PARCEL_MAX, `Ağırlık en fazla ${PARCEL_MAX} kg olabilir`),
  desi: z
    .number({ error: 'Desi sayı olmalı' })
    .positive('Desi sıfırdan büyük olmalı')
    .max(PARCEL_MAX, `Desi en fazla ${PARCEL_MAX} olabilir`)
    .optional(),
});

/** A label bought for an order: its parcels, or one parcel of the shop's default (1 kg, 1 desi) when none. */
export const shipmentCreateRequest = z.object({
  parcels: z
    .array(shipmentParcelSchema, { error: 'Koliler bir liste olmalı' })
    .min(1, 'En az bir koli gönderin')
    .max(SHIPMENT_PARCELS_MAX, `Bir gönderide en fazla ${SHIPMENT_PARCELS_MAX} koli olabilir`)
    .optional(),
});
export type ShipmentCreateRequest = z.output<typeof shipmentCreateRequest>;

export const shipmentIdParam = z.coerce
  .number({ error: 'Gönderi numarası geçersiz' })
  .int('Gönderi numarası geçersiz')
  .min(1, 'Gönderi numarası geçersiz')
  .max(2_147_483_647, 'Gönderi numarası geçersiz');

export const shipmentAnswer = z.object({
  shipment: z.object({
    id: z.number().int(),
    orderNo: z.string(),
    kind: z.enum(['outbound', 'return']),
    provider: z.enum(['geliver', 'yurtici']).describe('Where the label was bought'),
    carrier: z.string().describe('The carrier that carries it, as shoppers know it'),
    trackingNo: z.string(),
    trackingUrl: z.string().describe("The carrier's tracking page of the parcel"),
    labelUrl: z.string().describe("The label's PDF in the panel (staff only)"),
    status: z.enum(['pending', 'created', 'failed', 'cancelled']),
  }),
});
export type ShipmentAnswer = z.output<typeof shipmentAnswer>;
