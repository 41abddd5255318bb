import { divideRoundHalfAwayFromZero, parseDecimal } from '@vitrin/shared/money';
import {
  type ChannelAddress,
  type ChannelAttribute,
  type ChannelBatch,
  type ChannelBrand,
  type ChannelCategory,
  ChannelError,
  type ChannelListing,
  type ChannelNewListing,
  type ChannelPackage,
  type ChannelStockPrice,
  isChannelError,
  type MarketplaceChannel,
  PACKAGE_STATUSES,
  type PackageStatus,
} from '../channel.ts';
import { type TrendyolHttpOptions, trendyolHttp } from './http.ts';
import type {
  TrendyolAddress,
  TrendyolBatchAccepted,
  TrendyolBatchResult,
  TrendyolBrand,
  TrendyolCategory,
  TrendyolCategoryAttributes,
  TrendyolCreateItem,
  TrendyolPage,
  TrendyolProduct,
  TrendyolShipmentPackage,
  TrendyolStockPriceItem,
  TrendyolUpdatePackage,
} from './models.ts';

export { TRENDYOL_BASE_URL } from './http.ts';

/** Items in one price-and-inventory or product create request (Trendyol's cap). */
export const TRENDYOL_MAX_ITEMS = 1000;
/** The most pieces of one barcode Trendyol takes as stock. */
export const TRENDYOL_MAX_QUANTITY = 20_000;

export interface TrendyolOptions extends TrendyolHttpOptions {
  /** Listings a page (filterProducts; 100). */
  listingPageSize?: number;
  /** Packages a page (getShipmentPackages; at most 200, 200). */
  packagePageSize?: number;
}

/** TRY as Trendyol writes it (a JSON number, `129.9`) in kuruş, exactly (`12990`); null when not a number. */
export function kurusOf(value: unknown): number | null {
  const d = parseDecimal(value);
  if (!d) return null;
  const kurus =
    d.exponent >= -2
      ? d.coefficient * 10n ** BigInt(d.exponent + 2)
      : divideRoundHalfAwayFromZero(d.coefficient, 10n ** BigInt(-2 - d.exponent));
  return Number(kurus);
}

/** Kuruş as the TRY number Trendyol takes (`12990` → `129.9`: the nearest double, printed exactly). */
export function liraOf(minor: number): number {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`kuruş bir tam sayı olmalı: ${minor}`);
  return minor / 100;
}

const isPackageStatus = (s: string): s is PackageStatus =>
  (PACKAGE_STATUSES as readonly string[]).includes(s);

/** Trendyol's package status as the channel's; `UnPacked` (the package was split) as `Repack`; null when unknown. */
export function packageStatusOf(status: string | undefined): PackageStatus | null {
  if (!status) return null;
  if (status === 'UnPacked') return 'Repack';
  return isPackageStatus(status) ? status : null;
}

/** The statuses at or after Picking / Invoiced: a second notice of either changes nothing. */
const PICKED: ReadonlySet<PackageStatus> = new Set([
  'Picking',
  'Invoiced',
  'Shipped',
  'Delivered',
  'UnDelivered',
  'Returned',
]);
const INVOICED: ReadonlySet<PackageStatus> = new Set([
  'Invoiced',
  'Shipped',
  'Delivered',
  'UnDelivered',
  'Returned',
]);

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const orNull = (v: unknown) => text(v) || null;
const iso = (ms: number | undefined) => new Date(typeof ms === 'number' ? ms : 0).toISOString();

function addressOf(a: TrendyolAddress | undefined): ChannelAddress {
  return {
    firstName: text(a?.firstName),
    lastName: text(a?.lastName),
    phone: orNull(a?.phone),
    city: text(a?.city),
    district: text(a?.district),
    neighbourhood: text(a?.neighborhood),
    line: [text(a?.address1), text(a?.address2)].filter(Boolean).join(' ') || text(a?.fullAddress),
    postalCode: text(a?.postalCode),
    taxNumber: orNull(a?.taxNumber),
    taxOffice: orNull(a?.taxOffice),
    company: orNull(a?.company),
  };
}

/** One shipment package as the channel's; null when its status is one Vitrin does not know. */
export function packageOf(p: TrendyolShipmentPackage): ChannelPackage | null {
  const status = packageStatusOf(p.status ?? p.shipmentPackageStatus);
  const id = p.id ?? p.shipmentPackageId;
  if (!status || id === undefined) return null;
  return {
    packageId: String(id),
    orderNumber: text(p.orderNumber),
    status,
    orderedAt: iso(p.orderDate),
    lastModifiedAt: iso(p.lastModifiedDate ?? p.orderDate),
    customer: {
      firstName: text(p.customerFirstName),
      lastName: text(p.customerLastName),
      email: orNull(p.customerEmail),
    },
    shippingAddress: addressOf(p.shipmentAddress),
    invoiceAddress: addressOf(p.invoiceAddress ?? p.shipmentAddress),
    lines: (p.lines ?? []).map((l) => ({
      lineId: text(l.id),
      barcode: text(l.barcode),
      stockCode: text(l.merchantSku),
      name: text(l.productName),
      quantity: l.quantity ?? 0,
      unitPriceMinor: kurusOf(l.price) ?? 0,
      discountMinor: kurusOf(l.discount) ?? 0,
      vatRate: l.vatBaseAmount ?? 0,
    })),
    totalMinor: kurusOf(p.totalPrice) ?? 0,
    cargo: {
      provider: orNull(p.cargoProviderName),
      trackingNumber: orNull(p.cargoTrackingNumber),
      trackingUrl: orNull(p.cargoTrackingLink),
    },
  };
}

function listingOf(p: TrendyolProduct): ChannelListing {
  const [barcode, stockCode, title] = [p.barcode, p.stockCode, p.title].map(text);
  return {
    barcode: barcode ?? '',
    stockCode: stockCode ?? '',
    title: title ?? '',
    quantity: p.quantity ?? 0,
    salePriceMinor: kurusOf(p.salePrice) ?? 0,
    listPriceMinor: kurusOf(p.listPrice) ?? 0,
    approved: p.approved === true,
    url: orNull(p.productUrl),
  };
}

/** Trendyol's category tree as the channel's (nodes without an id left out). */
export function categoryOf(c: TrendyolCategory): ChannelCategory | null {
  if (typeof c.id !== 'number') return null;
  return {
    id: c.id,
    name: text(c.name),
    parentId: typeof c.parentId === 'number' ? c.parentId : null,
    children: (c.subCategories ?? []).map(categoryOf).filter((x): x is ChannelCategory => x !== null),
  };
}

const brandOf = (b: TrendyolBrand): ChannelBrand | null =>
  typeof b.id === 'number' ? { id: b.id, name: text(b.name) } : null;

export function attributesOf(a: TrendyolCategoryAttributes): ChannelAttribute[] {
  return (a.categoryAttributes ?? []).flatMap((c) =>
    typeof c.attribute?.id === 'number'
      ? [
          {
            id: c.attribute.id,
            name: text(c.attribute.name),
            required: c.required === true,
            allowCustom: c.allowCustom === true,
            varianter: c.varianter === true,
            values: (c.attributeValues ?? []).flatMap((v) =>
              typeof v.id === 'number' ? [{ id: v.id, name: text(v.name) }] : [],
            ),
          },
        ]
      : [],
  );
}

const FINAL = new Set(['SUCCESS', 'FAILED']);

/**
 * A batch as the channel's: done once Trendyol says COMPLETED (product create) or, for price and stock (whose
 * batch carries no status), once every item has SUCCESS or FAILED; only answered items are listed.
 */
export function batchOf(id: string, b: TrendyolBatchResult): ChannelBatch {
  const all = b.items ?? [];
  const answered = all.filter((i) => FINAL.has(String(i.status)));
  const done =
    b.status !== undefined && b.status !== null
      ? b.status === 'COMPLETED'
      : all.length > 0 && answered.length === all.length && answered.length >= (b.itemCount ?? 0);
  return {
    id: b.batchRequestId ?? id,
    status: done ? 'done' : 'pending',
    items: answered.map((i) => ({
      barcode: text(i.requestItem?.barcode) || text(i.requestItem?.product?.barcode),
      ok: i.status === 'SUCCESS',
      reasons: (i.failureReasons ?? [])
        .map((r) => (typeof r === 'string' ? r : text(r?.message)))
        .filter((r) => r.length > 0),
    })),
  };
}

/** Stock as Trendyol takes it: whole pieces from 0 to 20,000. */
const quantityOf = (q: number) => Math.min(TRENDYOL_MAX_QUANTITY, Math.max(0, Math.floor(q)));

/** One barcode's quantity and prices; the list price never below the sale price (Trendyol refuses it). */
export function stockPriceItem(item: ChannelStockPrice): TrendyolStockPriceItem {
  return {
    barcode: item.barcode,
    quantity: quantityOf(item.quantity),
    salePrice: liraOf(item.salePriceMinor),
    listPrice: liraOf(Math.max(item.listPriceMinor, item.salePriceMinor)),
  };
}

export function createItem(item: ChannelNewListing): TrendyolCreateItem {
  return {
    barcode: item.barcode,
    title: item.title,
    productMainId: item.groupCode,
    brandId: item.brandId,
    categoryId: item.categoryId,
    quantity: quantityOf(item.quantity),
    stockCode: item.stockCode,
    dimensionalWeight: item.desi,
    description: item.description,
    currencyType: 'TRY',
    listPrice: liraOf(Math.max(item.listPriceMinor, item.salePriceMinor)),
    salePrice: liraOf(item.salePriceMinor),
    vatRate: item.vatRate,
    images: item.images.map((url) => ({ url })),
    attributes: item.attributes.map((a) => ({
      attributeId: a.attributeId,
      ...(a.valueId !== undefined ? { attributeValueId: a.valueId } : {}),
      ...(a.customValue !== undefined ? { customAttributeValue: a.customValue } : {}),
    })),
  };
}

function checkCount(count: number) {
  if (count === 0)
    throw new ChannelError(
      'Trendyol’a gönderilecek kalem yok.',
      false,
      undefined,
      undefined,
      'KANAL_REDDETTI',
    );
  if (count > TRENDYOL_MAX_ITEMS)
    throw new ChannelError(
      `Trendyol bir istekte en çok ${TRENDYOL_MAX_ITEMS} kalem alır; ${count} kalem bölünerek gönderilmeli.`,
      false,
      undefined,
      undefined,
      'KANAL_REDDETTI',
    );
}

/** The Trendyol adapter of `MarketplaceChannel` (product filter, price-and-inventory, product create V2, orders). */
export function createTrendyolChannel(options: TrendyolOptions): MarketplaceChannel {
  const http = trendyolHttp(options);
  const now = options.now ?? Date.now;
  const seller = encodeURIComponent(options.sellerId);
  const listingSize = options.listingPageSize ?? 100;
  const packageSize = Math.min(200, options.packagePageSize ?? 200);

  async function accepted(path: string, items: unknown[]): Promise<string> {
    const answer = await http.call<TrendyolBatchAccepted | null>('POST', path, { body: { items } });
    const id = answer?.batchRequestId;
    if (!id)
      throw new ChannelError(
        'Trendyol isteği aldı ama toplu işlem numarası vermedi; sonuç bir sonraki turda denetlenecek.',
        true,
        undefined,
        undefined,
        'KANAL_ULASILAMIYOR',
      );
    return id;
  }

  /** The package as Trendyol has it now, or null. */
  async function packageNow(packageId: string): Promise<ChannelPackage | null> {
    const page = await http.call<TrendyolPage<TrendyolShipmentPackage>>(
      'GET',
      `/order/sellers/${seller}/orders`,
      {
        query: { shipmentPackageIds: packageId, page: 0, size: 1 },
      },
    );
    const found = (page?.content ?? []).find((p) => String(p.id ?? p.shipmentPackageId) === packageId);
    return found ? packageOf(found) : null;
  }

  async function update(
    pkg: Pick<ChannelPackage, 'packageId' | 'lines'>,
    status: TrendyolUpdatePackage['status'],
    invoiceNumber?: string,
  ): Promise<void> {
    const body: TrendyolUpdatePackage = {
      lines: pkg.lines.map((l) => ({ lineId: Number(l.lineId), quantity: l.quantity })),
      params: invoiceNumber ? { invoiceNumber } : {},
      status,
    };
    await http.call(
      'PUT',
      `/order/sellers/${seller}/shipment-packages/${encodeURIComponent(pkg.packageId)}`,
      {
        body,
      },
    );
  }

  /**
   * Sends the status; a refusal is looked at against the package as Trendyol has it now: already at or past
   * that status is done (safe to repeat), anything else is the refusal.
   */
  async function notify(
    pkg: Pick<ChannelPackage, 'packageId' | 'lines'>,
    status: TrendyolUpdatePackage['status'],
    invoiceNumber?: string,
  ): Promise<void> {
    try {
      await update(pkg, status, invoiceNumber);
    } catch (err) {
      if (!isChannelError(err, 'KANAL_REDDETTI')) throw err;
      const current = await packageNow(pkg.packageId);
      const reached = status === 'Picking' ? PICKED : INVOICED;
      if (current && reached.has(current.status)) return;
      // Invoiced needs Picking first: a package still Created is picked, then invoiced.
      if (status === 'Invoiced' && current?.status === 'Created') {
        await update(pkg, 'Picking');
        await update(pkg, 'Invoiced', invoiceNumber);
        return;
      }
      throw err;
    }
  }

  return {
    name: 'trendyol',
    maxBatchItems: TRENDYOL_MAX_ITEMS,

    async listings(page) {
      const answer = await http.call<TrendyolPage<TrendyolProduct>>(
        'GET',
        `/product/sellers/${seller}/products`,
        {
          query: { page, size: listingSize },
        },
      );
      return {
        items: (answer?.content ?? []).filter((p) => text(p.barcode)).map(listingOf),
        totalPages: answer?.totalPages ?? 0,
      };
    },

    async pushStockPrices(items) {
      checkCount(items.length);
      return accepted(`/inventory/sellers/${seller}/products/price-and-inventory`, items.map(stockPriceItem));
    },

    async createListings(items) {
      checkCount(items.length);
      return accepted(`/product/sellers/${seller}/v2/products`, items.map(createItem));
    },

    async batch(id) {
      const answer = await http.call<TrendyolBatchResult>(
        'GET',
        `/product/sellers/${seller}/products/batch-requests/${encodeURIComponent(id)}`,
      );
      return batchOf(id, answer ?? {});
    },

    async categories() {
      const answer = await http.call<{ categories?: TrendyolCategory[] } | null>(
        'GET',
        '/product/product-categories',
      );
      return (answer?.categories ?? []).map(categoryOf).filter((c): c is ChannelCategory => c !== null);
    },

    async brands(name) {
      const answer = await http.call<TrendyolBrand[] | null>('GET', '/product/brands/by-name', {
        query: { name },
      });
      return (Array.isArray(answer) ? answer : []).map(brandOf).filter((b): b is ChannelBrand => b !== null);
    },

    async categoryAttributes(categoryId) {
      const answer = await http.call<TrendyolCategoryAttributes | null>(
        'GET',
        `/product/product-categories/${encodeURIComponent(String(categoryId))}/attributes`,
      );
      return attributesOf(answer ?? {});
    },

    async packages(since, page) {
      const answer = await http.call<TrendyolPage<TrendyolShipmentPackage>>(
        'GET',
        `/order/sellers/${seller}/orders`,
        {
          query: {
            startDate: since.getTime(),
            endDate: now(),
            page,
            size: packageSize,
            orderByField: 'PackageLastModifiedDate',
            orderByDirection: 'ASC',
          },
        },
      );
      return {
        items: (answer?.content ?? []).map(packageOf).filter((p): p is ChannelPackage => p !== null),
        totalPages: answer?.totalPages ?? 0,
      };
    },

    markPicking: (pkg) => notify(pkg, 'Picking'),

    async markInvoiced(pkg, invoiceNumber) {
      const number = invoiceNumber.trim();
      if (!number)
        throw new ChannelError('Fatura numarası boş olamaz.', false, undefined, undefined, 'KANAL_REDDETTI');
      await notify(pkg, 'Invoiced', number);
    },
  };
}
