import type { ChannelAddress, ChannelPackage } from '@vitrin/core/marketplace/channel';

/** For marketplace order tests: a buyer's address as a marketplace's package carries it. */
export const channelAddress: ChannelAddress = {
  firstName: 'Zeynep',
  lastName: 'Kaya',
  phone: '05321234567',
  city: 'İzmir',
  district: 'Karşıyaka',
  neighbourhood: 'Bostanlı Mah.',
  line: 'Cemal Gürsel Cad. No: 5',
  postalCode: '35590',
  taxNumber: null,
  taxOffice: null,
  company: null,
};

let serial = 1000;

/**
 * A marketplace package (as the channel adapter answers it) of `lines` (barcode, quantity) at 250 TL a piece,
 * in `Created`, with its own package and order numbers (`P…`, `TY…`); `extra` overrides any field.
 */
export function channelPackage(
  lines: Array<[barcode: string, quantity: number]>,
  extra: Partial<ChannelPackage> = {},
): ChannelPackage {
  const id = String(++serial);
  return {
    packageId: `P${id}`,
    orderNumber: `TY${id}`,
    status: 'Created',
    orderedAt: '2026-11-29T10:00:00.000Z',
    lastModifiedAt: `2026-11-29T10:${String(serial % 60).padStart(2, '0')}:00.000Z`,
    customer: { firstName: 'Zeynep', lastName: 'Kaya', email: 'pf+abc@trendyolmail.com' },
    shippingAddress: channelAddress,
    invoiceAddress: channelAddress,
    lines: lines.map(([barcode, quantity], i) => ({
      lineId: `${id}-${i}`,
      barcode,
      stockCode: `SC-${barcode}`,
      name: `Trendyol ürünü ${barcode}`,
      quantity,
      unitPriceMinor: 25_000,
      discountMinor: 0,
      vatRate: 20,
    })),
    totalMinor: lines.reduce((sum, [, q]) => sum + q * 25_000, 0),
    cargo: { provider: 'Trendyol Express', trackingNumber: `TEX${id}`, trackingUrl: null },
    ...extra,
  };
}
