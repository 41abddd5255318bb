import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PackageStatus } from '@vitrin/core/marketplace/channel';
import type {
  TrendyolAddress,
  TrendyolBatchResult,
  TrendyolCategory,
  TrendyolCategoryAttributes,
  TrendyolErrors,
  TrendyolOrderLine,
  TrendyolProduct,
  TrendyolShipmentPackage,
} from '@vitrin/core/marketplace/trendyol/models';

/**
 * A local stand-in for Trendyol's partner API (developers.trendyol.com), under `/integration` as the gateway
 * answers it:
 * - every call needs `User-Agent: {sellerId} - {integrator}` (403 without) and HTTP Basic with the API key and
 *   secret (401 `ClientApiAuthenticationException` otherwise); the seller id in the path must be the keys' (403);
 * - `GET /product/sellers/{id}/products` (filterProducts: `page` from 0, `size` ≤ 200, `barcode`, `approved`);
 * - `POST /product/sellers/{id}/v2/products` (product create V2) and
 *   `POST /inventory/sellers/{id}/products/price-and-inventory`: at most 1,000 items (400 above), answered
 *   `{ batchRequestId }`; the identical price-and-inventory body within 15 minutes (by the stand-in's clock) is
 *   refused with 400 and Trendyol's words "15 dakika boyunca aynı isteği tekrarlı olarak atamazsınız!";
 * - `GET /product/sellers/{id}/products/batch-requests/{batchId}`: IN_PROGRESS for the first `batchReads`
 *   reads, then the items' SUCCESS / FAILED with `failureReasons` (a price-and-inventory batch has no batch
 *   status, only its items', as Trendyol documents). Item checks: an unknown barcode, stock above 20,000, a
 *   list price below the sale price; for a create, a barcode already there, an unknown brand or category, no
 *   image, a title above 100 characters. Accepted items change the listings (a created one waits for approval);
 * - `GET /product/product-categories` (getCategoryTree, `TRENDYOL_TEST_TREE`), `GET /product/brands/by-name?name=`
 *   (the exact name), `GET /product/product-categories/{id}/attributes` (`TRENDYOL_TEST_ATTRIBUTES`); a create
 *   also fails an item without a required attribute or with a value the attribute does not have;
 * - `GET /order/sellers/{id}/orders` (getShipmentPackages): `startDate`/`endDate` in ms on the last-modified
 *   date, `page` from 0, `size` ≤ 200, `orderByField=PackageLastModifiedDate`, `orderByDirection` (DESC by
 *   default), `status`, `shipmentPackageIds`, `orderNumber`;
 * - `PUT /order/sellers/{id}/shipment-packages/{packageId}` (updatePackage): Created → Picking → Invoiced (with
 *   `params.invoiceNumber`), the package's own line ids and quantities; anything else 400.
 * - `POST /webhook/sellers/{id}/webhooks` (createWebhook: url, BASIC_AUTHENTICATION with username and password
 *   or API_KEY sent as `x-api-key`, subscribedStatuses upper case, none for all), `GET` the list, `DELETE …/{id}`;
 *   each status change of a package posts the whole package (getShipmentPackages' model) to the subscribed ones.
 *
 * The control side for tests: `seedListings`, `approve`, `addPackage` (a new order), `setPackageStatus` (what
 * Trendyol and the carrier do: Shipped, Delivered, Cancelled, Returned…), `failNext` (500, a dropped
 * connection, 401, 403, 429 with Retry-After), `limitPerMinute` (429 past it), the clock (`advance`, `setNow`)
 * for the 15-minute rule and the dates, `requests` (what came in; no Authorization kept),
 * `stockPriceBodies()`, `webhookDeliveries` and `settleWebhooks()`. Start it on port 0.
 */
export const TRENDYOL_TEST_SELLER = {
  sellerId: '968512',
  apiKey: 'ty-test-key-4b7e',
  apiSecret: 'ty-test-secret-91ac',
} as const;

/** Brands and categories the stand-in knows (product create refuses any other). */
export const TRENDYOL_TEST_BRANDS = [1791, 102_354, 187_803] as const;
export const TRENDYOL_TEST_CATEGORIES = [387, 1081, 91_266] as const;

/** The brands' names (getBrandsByName finds a brand by its exact name, as Trendyol does). */
export const TRENDYOL_TEST_BRAND_NAMES: Record<(typeof TRENDYOL_TEST_BRANDS)[number], string> = {
  1791: 'Vitrin',
  102354: 'Kuzey Seramik',
  187803: 'Atölye Nar',
};

/** getCategoryTree: the test categories are leaves; 368, 1060 and 91_200 have children (no product goes there). */
export const TRENDYOL_TEST_TREE: TrendyolCategory[] = [
  {
    id: 368,
    name: 'Aksesuar',
    parentId: null,
    subCategories: [{ id: 387, name: 'Kol Saati', parentId: 368, subCategories: [] }],
  },
  {
    id: 1060,
    name: 'Ev & Mobilya',
    parentId: null,
    subCategories: [
      {
        id: 1070,
        name: 'Mutfak',
        parentId: 1060,
        subCategories: [{ id: 1081, name: 'Kupa & Bardak', parentId: 1070, subCategories: [] }],
      },
    ],
  },
  {
    id: 91_200,
    name: 'Kırtasiye',
    parentId: null,
    subCategories: [{ id: 91_266, name: 'Defter', parentId: 91_200, subCategories: [] }],
  },
];

/** Renk (colour) as Trendyol's categories have it: required, free text. */
const renk = (categoryId: number) => ({
  categoryId,
  attribute: { id: 47, name: 'Renk' },
  required: true,
  allowCustom: true,
  varianter: false,
  slicer: true,
  attributeValues: [],
});

/** getCategoryAttributes of the test categories: Kupa & Bardak needs Renk and Menşei, Kol Saati Renk. */
export const TRENDYOL_TEST_ATTRIBUTES: Record<
  number,
  NonNullable<TrendyolCategoryAttributes['categoryAttributes']>
> = {
  387: [
    renk(387),
    {
      categoryId: 387,
      attribute: { id: 14, name: 'Materyal' },
      required: false,
      allowCustom: false,
      varianter: false,
      slicer: false,
      attributeValues: [
        { id: 82, name: 'Deri' },
        { id: 107, name: 'Çelik' },
      ],
    },
  ],
  1081: [
    renk(1081),
    {
      categoryId: 1081,
      attribute: { id: 1192, name: 'Menşei' },
      required: true,
      allowCustom: false,
      varianter: false,
      slicer: false,
      attributeValues: [
        { id: 10_617_344, name: 'TR' },
        { id: 10_617_345, name: 'CN' },
      ],
    },
    {
      categoryId: 1081,
      attribute: { id: 343, name: 'Hacim' },
      required: false,
      allowCustom: false,
      varianter: true,
      slicer: false,
      attributeValues: [
        { id: 5_001, name: '250 ml' },
        { id: 5_002, name: '350 ml' },
      ],
    },
  ],
  91266: [],
};

const MAX_ITEMS = 1000;
const MAX_QUANTITY = 20_000;
const DUPLICATE_WINDOW_MS = 15 * 60_000;
const DUPLICATE_MESSAGE = '15 dakika boyunca aynı isteği tekrarlı olarak atamazsınız!';

export type TrendyolFault =
  /** Answers 500 (by default before doing anything; `carryOut` does the call first). */
  | { status: 500; carryOut?: boolean }
  /** Drops the connection without an answer (the client sees a network error). */
  | { status: 'drop' }
  /** Answers 401 as for refused keys, or 403 as the gateway does. */
  | { status: 401 }
  | { status: 403 }
  /** Answers 429 with Retry-After (seconds, 7 by default; `null` sends none). */
  | { status: 429; retryAfterSeconds?: number | null };

interface Match {
  method?: string;
  path?: string | RegExp;
}

/** A listing as a test seeds it (prices TRY, as Trendyol keeps them). */
export interface SeedListing {
  barcode: string;
  stockCode?: string;
  title?: string;
  productMainId?: string;
  quantity?: number;
  salePrice?: number;
  listPrice?: number;
  vatRate?: number;
  approved?: boolean;
  onSale?: boolean;
}

/** A new order package as a test makes it (prices TRY, one piece, VAT included). */
export interface NewPackage {
  orderNumber?: string;
  lines: {
    barcode: string;
    quantity: number;
    price: number;
    discount?: number;
    name?: string;
    vatRate?: number;
  }[];
  customer?: { firstName?: string; lastName?: string; email?: string };
  address?: Partial<TrendyolAddress>;
  invoiceAddress?: Partial<TrendyolAddress>;
  status?: PackageStatus;
}

interface Batch {
  id: string;
  kind: 'create' | 'stock-price';
  created: number;
  reads: number;
  items: Record<string, unknown>[];
  result: TrendyolBatchResult['items'] | null;
}

interface Webhook {
  id: number;
  url: string;
  authenticationType: string;
  username?: string;
  password?: string;
  apiKey?: string;
  /** Upper case, as Trendyol names them (CREATED, PICKING…); empty: every status. */
  subscribedStatuses: string[];
  active: boolean;
}

/** One package posted to a webhook: the receiver's answer (-1 no answer, 0 still on its way). */
export interface WebhookDelivery {
  webhookId: number;
  packageId: number;
  status: string;
  answer: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly key = 'ClientApiBusinessException',
  ) {
    super(message);
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
/** TRY with two decimals, as Trendyol's amounts come. */
const lira = (n: number) => Math.round(n * 100) / 100;

export interface TrendyolServerOptions {
  sellerId?: string;
  apiKey?: string;
  apiSecret?: string;
  /** Reads of a batch before its result (1). */
  batchReads?: number;
  /** The stand-in's clock at start (the real time unless given); it runs on with the real time from there. */
  now?: Date;
  port?: number;
}

export async function startTrendyolServer(options: TrendyolServerOptions = {}) {
  const seller = {
    sellerId: options.sellerId ?? TRENDYOL_TEST_SELLER.sellerId,
    apiKey: options.apiKey ?? TRENDYOL_TEST_SELLER.apiKey,
    apiSecret: options.apiSecret ?? TRENDYOL_TEST_SELLER.apiSecret,
  };
  const basic = `Basic ${Buffer.from(`${seller.apiKey}:${seller.apiSecret}`).toString('base64')}`;
  const state = {
    origin: '',
    batchReads: options.batchReads ?? 1,
    /** The stand-in's clock minus the real one (moved by `advance` and `setNow`). */
    offset: options.now ? options.now.getTime() - Date.now() : 0,
    perMinute: Number.POSITIVE_INFINITY,
    window: { start: 0, count: 0 },
  };
  const listings = new Map<string, TrendyolProduct>();
  const packages = new Map<number, TrendyolShipmentPackage>();
  const batches = new Map<string, Batch>();
  /** Accepted price-and-inventory bodies by their text, with when (the 15-minute rule). */
  const sentBodies = new Map<string, number>();
  const stockPriceBodies: { at: number; items: Record<string, unknown>[] }[] = [];
  const faults: { fault: TrendyolFault; match: Match }[] = [];
  const webhooks = new Map<number, Webhook>();
  const webhookDeliveries: WebhookDelivery[] = [];
  const pendingDeliveries = new Set<Promise<void>>();
  let webhookSerial = 0;
  const requests: Array<{
    method: string;
    path: string;
    query: Record<string, string>;
    body: unknown;
    userAgent: string | null;
    status: number;
  }> = [];
  let packageSerial = 3_400_000_000;
  let lineSerial = 910_000_000;

  const now = () => Date.now() + state.offset;

  function touch(p: TrendyolShipmentPackage, status: PackageStatus) {
    // Each change a later last-modified date, so paging by that date is strict.
    const at = Math.max(now(), (p.lastModifiedDate ?? 0) + 1);
    p.status = status;
    p.shipmentPackageStatus = status;
    p.lastModifiedDate = at;
    p.packageHistories = [...(p.packageHistories ?? []), { createdDate: at, status }];
    notifyWebhooks(p);
  }

  /** Posts the whole package to each active webhook subscribed to its status (all when it names none). */
  function notifyWebhooks(p: TrendyolShipmentPackage) {
    const status = String(p.status).toUpperCase();
    const body = JSON.stringify(p);
    for (const hook of webhooks.values()) {
      if (!hook.active) continue;
      if (hook.subscribedStatuses.length > 0 && !hook.subscribedStatuses.includes(status)) continue;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (hook.authenticationType === 'API_KEY') headers['x-api-key'] = hook.apiKey ?? '';
      else
        headers.authorization = `Basic ${Buffer.from(`${hook.username ?? ''}:${hook.password ?? ''}`).toString('base64')}`;
      const delivery: WebhookDelivery = {
        webhookId: hook.id,
        packageId: p.id!,
        status: p.status!,
        answer: 0,
      };
      webhookDeliveries.push(delivery);
      const sent = fetch(hook.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(5_000) })
        .then(
          async (res) => {
            delivery.answer = res.status;
            await res.arrayBuffer();
          },
          () => {
            delivery.answer = -1;
          },
        )
        .finally(() => pendingDeliveries.delete(sent));
      pendingDeliveries.add(sent);
    }
  }

  function createWebhook(body: unknown): { id: number } {
    const json = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const url = str(json.url);
    if (!/^https?:\/\/\S+$/.test(url)) throw new Refusal(400, 'Webhook url bilgisi geçersiz.', 'webhook.url');
    const authenticationType = str(json.authenticationType);
    if (authenticationType === 'API_KEY' ? !str(json.apiKey) : authenticationType !== 'BASIC_AUTHENTICATION')
      throw new Refusal(400, 'authenticationType BASIC_AUTHENTICATION ya da API_KEY (apiKey ile) olmalıdır.');
    if (authenticationType === 'BASIC_AUTHENTICATION' && (!str(json.username) || !str(json.password)))
      throw new Refusal(400, 'BASIC_AUTHENTICATION için username ve password zorunludur.');
    if ([...webhooks.values()].filter((w) => w.active).length >= 15)
      throw new Refusal(400, 'En fazla 15 webhook oluşturulabilir.');
    const statuses = Array.isArray(json.subscribedStatuses)
      ? json.subscribedStatuses.map((x) => str(x).toUpperCase())
      : [];
    const id = ++webhookSerial;
    webhooks.set(id, {
      id,
      url,
      authenticationType,
      username: str(json.username) || undefined,
      password: str(json.password) || undefined,
      apiKey: str(json.apiKey) || undefined,
      subscribedStatuses: statuses.filter(Boolean),
      active: true,
    });
    return { id };
  }

  function seedListing(s: SeedListing): TrendyolProduct {
    const salePrice = s.salePrice ?? 100;
    const product: TrendyolProduct = {
      id: randomUUID().replaceAll('-', ''),
      barcode: s.barcode,
      stockCode: s.stockCode ?? s.barcode,
      productMainId: s.productMainId ?? s.stockCode ?? s.barcode,
      title: s.title ?? `Ürün ${s.barcode}`,
      quantity: s.quantity ?? 0,
      salePrice,
      listPrice: s.listPrice ?? salePrice,
      vatRate: s.vatRate ?? 20,
      approved: s.approved ?? true,
      archived: false,
      onSale: s.onSale ?? s.approved ?? true,
      locked: false,
      rejected: false,
      blacklisted: false,
      productUrl: `https://www.trendyol.com/vitrin/urun-p-${s.barcode}`,
      lastUpdateDate: now(),
    };
    listings.set(s.barcode, product);
    return product;
  }

  function addPackage(input: NewPackage): TrendyolShipmentPackage {
    const id = ++packageSerial;
    const address: TrendyolAddress = {
      firstName: input.customer?.firstName ?? 'Zeynep',
      lastName: input.customer?.lastName ?? 'Kaya',
      address1: 'Caferağa Mah. Moda Cad. No: 5 D: 3',
      city: 'İstanbul',
      cityCode: 34,
      district: 'Kadıköy',
      neighborhood: 'Caferağa',
      postalCode: '34710',
      countryCode: 'TR',
      phone: '05321234567',
      ...input.address,
    };
    const lines: TrendyolOrderLine[] = input.lines.map((l) => {
      const listing = listings.get(l.barcode);
      const discount = l.discount ?? 0;
      return {
        id: ++lineSerial,
        quantity: l.quantity,
        barcode: l.barcode,
        merchantSku: listing?.stockCode ?? l.barcode,
        productName: l.name ?? listing?.title ?? l.barcode,
        amount: lira(l.price + discount / l.quantity),
        discount: lira(discount),
        price: lira(l.price),
        currencyCode: 'TRY',
        vatBaseAmount: l.vatRate ?? listing?.vatRate ?? 20,
        orderLineItemStatusName: 'Created',
      };
    });
    const total = lines.reduce((sum, l) => sum + Math.round((l.price ?? 0) * 100) * (l.quantity ?? 0), 0);
    const discount = lines.reduce((sum, l) => sum + Math.round((l.discount ?? 0) * 100), 0);
    const p: TrendyolShipmentPackage = {
      id,
      shipmentPackageId: id,
      orderNumber: input.orderNumber ?? String(10_000_000_000 + id),
      orderDate: now(),
      customerFirstName: address.firstName,
      customerLastName: address.lastName,
      customerEmail: input.customer?.email ?? `pf+${id}@trendyolmail.com`,
      shipmentAddress: { ...address, fullName: `${address.firstName} ${address.lastName}` },
      invoiceAddress: { ...address, ...input.invoiceAddress },
      lines,
      grossAmount: (total + discount) / 100,
      totalDiscount: discount / 100,
      totalPrice: total / 100,
      currencyCode: 'TRY',
      cargoProviderName: 'Trendyol Express Marketplace',
      cargoTrackingNumber: 7_330_000_000_000 + id,
      cargoTrackingLink: `https://kargotakip.trendyol.com/?orderNumber=${id}`,
      packageHistories: [],
    };
    touch(p, input.status ?? 'Created');
    // Trendyol takes the sold pieces off the listing's stock.
    for (const l of input.lines) {
      const listing = listings.get(l.barcode);
      if (listing) listing.quantity = Math.max(0, (listing.quantity ?? 0) - l.quantity);
    }
    packages.set(id, p);
    return p;
  }

  function ownSeller(id: string) {
    if (id !== seller.sellerId)
      throw new Refusal(403, 'Bu satıcı için yetkiniz yok.', 'ClientApiAuthorizationException');
  }

  function itemsOf(body: unknown): Record<string, unknown>[] {
    const items = (body as { items?: unknown } | null)?.items;
    if (!Array.isArray(items) || items.length === 0) throw new Refusal(400, 'items alanı boş olamaz.');
    if (items.length > MAX_ITEMS)
      throw new Refusal(400, `Bir istekte en fazla ${MAX_ITEMS} ürün gönderilebilir.`, 'items.size');
    return items.map((i) => (typeof i === 'object' && i !== null ? (i as Record<string, unknown>) : {}));
  }

  function newBatch(kind: Batch['kind'], items: Record<string, unknown>[]): { batchRequestId: string } {
    const id = `${randomUUID()}-${Math.floor(now() / 1000)}`;
    batches.set(id, { id, kind, created: now(), reads: 0, items, result: null });
    return { batchRequestId: id };
  }

  function stockPriceReasons(item: Record<string, unknown>): string[] {
    const reasons: string[] = [];
    const listing = listings.get(str(item.barcode));
    if (!listing) return ['Ürün bulunamadı. Barkod bilgisini kontrol ediniz.'];
    const quantity = item.quantity === undefined ? listing.quantity : num(item.quantity);
    if (quantity === null || quantity === undefined || quantity < 0 || !Number.isInteger(quantity))
      reasons.push('Stok adedi geçersiz.');
    else if (quantity > MAX_QUANTITY) reasons.push(`Stok adedi en fazla ${MAX_QUANTITY} olabilir.`);
    const sale = item.salePrice === undefined ? listing.salePrice : num(item.salePrice);
    const list = item.listPrice === undefined ? listing.listPrice : num(item.listPrice);
    if (sale === null || list === null || sale === undefined || list === undefined || sale <= 0)
      reasons.push('Fiyat bilgisi geçersiz.');
    else if (list < sale) reasons.push('Liste fiyatı satış fiyatından düşük olamaz.');
    return reasons;
  }

  function createReasons(item: Record<string, unknown>): string[] {
    const reasons: string[] = [];
    const barcode = str(item.barcode);
    if (!barcode) reasons.push('Barkod zorunludur.');
    else if (listings.has(barcode)) reasons.push(`${barcode} barkodlu ürün daha önce oluşturulmuş.`);
    const title = str(item.title);
    if (!title) reasons.push('Ürün adı zorunludur.');
    else if (title.length > 100) reasons.push('Ürün adı en fazla 100 karakter olabilir.');
    if (!(TRENDYOL_TEST_BRANDS as readonly number[]).includes(Number(item.brandId)))
      reasons.push(`Marka bulunamadı: ${String(item.brandId)}`);
    if (!(TRENDYOL_TEST_CATEGORIES as readonly number[]).includes(Number(item.categoryId)))
      reasons.push(`Kategori bulunamadı: ${String(item.categoryId)}`);
    if (!Array.isArray(item.images) || item.images.length === 0) reasons.push('En az bir görsel zorunludur.');
    if (!str(item.productMainId) || !str(item.stockCode))
      reasons.push('productMainId ve stockCode zorunludur.');
    reasons.push(...attributeReasons(Number(item.categoryId), item.attributes));
    const sale = num(item.salePrice);
    const list = num(item.listPrice);
    if (sale === null || list === null || sale <= 0) reasons.push('Fiyat bilgisi geçersiz.');
    else if (list < sale) reasons.push('Liste fiyatı satış fiyatından düşük olamaz.');
    const quantity = num(item.quantity);
    if (quantity === null || quantity < 0 || quantity > MAX_QUANTITY) reasons.push('Stok adedi geçersiz.');
    if (str(item.currencyType) !== 'TRY') reasons.push('currencyType TRY olmalıdır.');
    return reasons;
  }

  /** The category's required attributes given, and each value one of the attribute's (unless custom is allowed). */
  function attributeReasons(categoryId: number, attributes: unknown): string[] {
    const known = TRENDYOL_TEST_ATTRIBUTES[categoryId];
    if (!known) return [];
    const given = (Array.isArray(attributes) ? attributes : []).map(
      (a) => (typeof a === 'object' && a !== null ? a : {}) as Record<string, unknown>,
    );
    const reasons: string[] = [];
    for (const a of known) {
      const mine = given.find((g) => num(g.attributeId) === a.attribute?.id);
      const name = a.attribute?.name ?? String(a.attribute?.id);
      if (!mine) {
        if (a.required) reasons.push(`Zorunlu kategori özelliği eksik: ${name}`);
        continue;
      }
      const valueId = num(mine.attributeValueId);
      if (valueId !== null) {
        if (!(a.attributeValues ?? []).some((v) => v.id === valueId))
          reasons.push(`${name} özelliği için geçersiz değer: ${valueId}`);
      } else if (!a.allowCustom || !str(mine.customAttributeValue))
        reasons.push(`${name} özelliği için listeden bir değer seçilmelidir.`);
    }
    return reasons;
  }

  /** Carries the batch's items out (once) and answers its result. */
  function settle(batch: Batch): TrendyolBatchResult['items'] {
    if (batch.result) return batch.result;
    batch.result = batch.items.map((item) => {
      const reasons = batch.kind === 'create' ? createReasons(item) : stockPriceReasons(item);
      if (reasons.length === 0) {
        if (batch.kind === 'create')
          seedListing({
            barcode: str(item.barcode),
            stockCode: str(item.stockCode),
            productMainId: str(item.productMainId),
            title: str(item.title),
            quantity: num(item.quantity) ?? 0,
            salePrice: num(item.salePrice) ?? 0,
            listPrice: num(item.listPrice) ?? 0,
            vatRate: num(item.vatRate) ?? 20,
            approved: false,
          });
        else {
          const listing = listings.get(str(item.barcode))!;
          if (item.quantity !== undefined) listing.quantity = num(item.quantity) ?? listing.quantity;
          if (item.salePrice !== undefined) listing.salePrice = num(item.salePrice) ?? listing.salePrice;
          if (item.listPrice !== undefined) listing.listPrice = num(item.listPrice) ?? listing.listPrice;
          listing.lastUpdateDate = now();
        }
      }
      return {
        requestItem: batch.kind === 'create' ? { product: item, barcode: str(item.barcode) } : item,
        status: reasons.length ? 'FAILED' : 'SUCCESS',
        failureReasons: reasons,
      };
    });
    return batch.result;
  }

  function batchAnswer(batch: Batch): TrendyolBatchResult {
    batch.reads++;
    const done = batch.reads > state.batchReads;
    const items = done ? settle(batch) : [];
    const failed = (items ?? []).filter((i) => i.status === 'FAILED').length;
    return {
      batchRequestId: batch.id,
      // Price-and-inventory batches carry no status of their own: their items say it.
      ...(batch.kind === 'create' ? { status: done ? 'COMPLETED' : 'IN_PROGRESS' } : {}),
      creationDate: batch.created,
      lastModification: now(),
      sourceType: batch.kind === 'create' ? 'API' : 'API_PRICE_INVENTORY',
      itemCount: batch.items.length,
      failedItemCount: failed,
      items,
    };
  }

  function page<T>(all: T[], query: Record<string, string>, max: number, fallback: number) {
    const size = Math.min(max, Math.max(1, Number(query.size) || fallback));
    const pageNo = Math.max(0, Math.floor(Number(query.page) || 0));
    return {
      page: pageNo,
      size,
      totalElements: all.length,
      totalPages: Math.ceil(all.length / size),
      content: all.slice(pageNo * size, (pageNo + 1) * size),
    };
  }

  function ordersPage(query: Record<string, string>) {
    const start = query.startDate ? Number(query.startDate) : Number.NEGATIVE_INFINITY;
    const end = query.endDate ? Number(query.endDate) : Number.POSITIVE_INFINITY;
    if (Number.isNaN(start) || Number.isNaN(end))
      throw new Refusal(400, 'startDate ve endDate milisaniye olmalıdır.');
    const ids = query.shipmentPackageIds
      ? new Set(query.shipmentPackageIds.split(',').map((s) => s.trim()))
      : null;
    const desc = (query.orderByDirection ?? 'DESC').toUpperCase() !== 'ASC';
    const all = [...packages.values()]
      .filter((p) => {
        const at = p.lastModifiedDate ?? 0;
        return (
          at >= start &&
          at <= end &&
          (!query.status || p.status === query.status) &&
          (!query.orderNumber || p.orderNumber === query.orderNumber) &&
          (!ids || ids.has(String(p.id)))
        );
      })
      .sort((a, b) => (a.lastModifiedDate! - b.lastModifiedDate! || a.id! - b.id!) * (desc ? -1 : 1));
    return page(all, query, 200, 50);
  }

  function updatePackage(id: number, body: unknown) {
    const p = packages.get(id);
    if (!p) throw new Refusal(404, 'Paket bulunamadı.', 'shipment.package.not.found');
    const json = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    const status = str(json.status);
    if (status !== 'Picking' && status !== 'Invoiced')
      throw new Refusal(400, 'Paket yalnız Picking veya Invoiced statüsüne güncellenebilir.');
    const lines = Array.isArray(json.lines) ? (json.lines as Record<string, unknown>[]) : [];
    if (lines.length === 0) throw new Refusal(400, 'lines alanı boş olamaz.');
    for (const l of lines) {
      const own = p.lines?.find((o) => o.id === num(l?.lineId));
      if (!own) throw new Refusal(400, `Pakette ${String(l?.lineId)} numaralı satır yok.`);
      const q = num(l?.quantity);
      if (q === null || q < 1 || q > (own.quantity ?? 0))
        throw new Refusal(400, `${String(l?.lineId)} numaralı satırın adedi geçersiz.`);
    }
    const from = p.status;
    if (status === 'Picking' && from !== 'Created')
      throw new Refusal(
        400,
        `${from} statüsündeki paket Picking statüsüne güncellenemez.`,
        'shipment.package.status',
      );
    if (status === 'Invoiced') {
      if (from !== 'Picking')
        throw new Refusal(
          400,
          `${from} statüsündeki paket Invoiced statüsüne güncellenemez.`,
          'shipment.package.status',
        );
      const invoiceNumber = str((json.params as Record<string, unknown> | undefined)?.invoiceNumber);
      if (!invoiceNumber) throw new Refusal(400, 'Invoiced statüsü için invoiceNumber zorunludur.');
      (p as TrendyolShipmentPackage & { invoiceNumber?: string }).invoiceNumber = invoiceNumber;
    }
    touch(p, status);
    return null;
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): unknown {
    let m = /^\/product\/sellers\/([^/]+)\/products$/.exec(path);
    if (m && method === 'GET') {
      ownSeller(m[1]!);
      const approved = query.approved === undefined ? undefined : query.approved === 'true';
      const all = [...listings.values()].filter(
        (l) =>
          (approved === undefined || l.approved === approved) &&
          (!query.barcode || l.barcode === query.barcode),
      );
      return page(all, query, 200, 50);
    }
    m = /^\/product\/sellers\/([^/]+)\/v2\/products$/.exec(path);
    if (m && method === 'POST') {
      ownSeller(m[1]!);
      return newBatch('create', itemsOf(body));
    }
    if (path === '/product/product-categories' && method === 'GET') return { categories: TRENDYOL_TEST_TREE };
    m = /^\/product\/product-categories\/(\d+)\/attributes$/.exec(path);
    if (m && method === 'GET') {
      const id = Number(m[1]);
      const attributes = TRENDYOL_TEST_ATTRIBUTES[id];
      if (!attributes) throw new Refusal(404, 'Kategori bulunamadı.', 'category.not.found');
      return { id, name: String(id), displayName: String(id), categoryAttributes: attributes };
    }
    if (path === '/product/brands/by-name' && method === 'GET') {
      const name = query.name ?? '';
      if (!name.trim()) throw new Refusal(400, 'name alanı zorunludur.');
      // Trendyol matches the exact name, case-sensitive.
      return Object.entries(TRENDYOL_TEST_BRAND_NAMES)
        .filter(([, n]) => n === name)
        .map(([id, n]) => ({ id: Number(id), name: n }));
    }
    m = /^\/product\/sellers\/([^/]+)\/products\/batch-requests\/([^/]+)$/.exec(path);
    if (m && method === 'GET') {
      ownSeller(m[1]!);
      const batch = batches.get(decodeURIComponent(m[2]!));
      // Trendyol keeps a batch's result for 4 hours.
      if (!batch || now() - batch.created > 4 * 3_600_000)
        throw new Refusal(404, 'Batch request bulunamadı.', 'batch.request.not.found');
      return batchAnswer(batch);
    }
    m = /^\/inventory\/sellers\/([^/]+)\/products\/price-and-inventory$/.exec(path);
    if (m && method === 'POST') {
      ownSeller(m[1]!);
      const items = itemsOf(body);
      const key = JSON.stringify(body);
      const before = sentBodies.get(key);
      if (before !== undefined && now() - before < DUPLICATE_WINDOW_MS)
        throw new Refusal(400, DUPLICATE_MESSAGE, 'price.inventory.duplicate.request');
      sentBodies.set(key, now());
      stockPriceBodies.push({ at: now(), items });
      return newBatch('stock-price', items);
    }
    m = /^\/order\/sellers\/([^/]+)\/orders$/.exec(path);
    if (m && method === 'GET') {
      ownSeller(m[1]!);
      return ordersPage(query);
    }
    m = /^\/order\/sellers\/([^/]+)\/shipment-packages\/(\d+)$/.exec(path);
    if (m && method === 'PUT') {
      ownSeller(m[1]!);
      return updatePackage(Number(m[2]), body);
    }
    m = /^\/webhook\/sellers\/([^/]+)\/webhooks$/.exec(path);
    if (m) {
      ownSeller(m[1]!);
      if (method === 'POST') return createWebhook(body);
      if (method === 'GET')
        return [...webhooks.values()].map(({ password: _p, apiKey: _k, ...shown }) => ({
          ...shown,
          status: shown.active ? 'ACTIVE' : 'PASSIVE',
        }));
    }
    m = /^\/webhook\/sellers\/([^/]+)\/webhooks\/(\d+)$/.exec(path);
    if (m && method === 'DELETE') {
      ownSeller(m[1]!);
      if (!webhooks.delete(Number(m[2]))) throw new Refusal(404, 'Webhook bulunamadı.', 'webhook.not.found');
      return null;
    }
    throw new Refusal(404, 'Bulunamadı.', `${method} ${path}`);
  }

  const matches = (f: Match, method: string, path: string) =>
    (!f.method || f.method === method) &&
    (!f.path || (typeof f.path === 'string' ? f.path === path : f.path.test(path)));

  function takeFault(method: string, path: string): TrendyolFault | null {
    const i = faults.findIndex((f) => matches(f.match, method, path));
    return i < 0 ? null : faults.splice(i, 1)[0]!.fault;
  }

  const errorBody = (status: number, message: string, key: string, exception: string): TrendyolErrors => ({
    timestamp: now(),
    exception,
    errors: [{ key, message, errorCode: status }],
  });

  function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    if (payload === null || payload === undefined) {
      res.writeHead(status, headers);
      res.end();
      return;
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(payload));
  }

  /** Whether this call is past the per-minute limit (by the stand-in's clock). */
  function overLimit(): boolean {
    if (now() - state.window.start >= 60_000) state.window = { start: now(), count: 0 };
    state.window.count++;
    return state.window.count > state.perMinute;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', state.origin);
    const method = req.method ?? 'GET';
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const query = Object.fromEntries(url.searchParams);
    const entry = {
      method,
      path: url.pathname.replace(/^\/integration/, ''),
      query,
      body: undefined as unknown,
      userAgent: req.headers['user-agent'] ?? null,
      status: 0,
    };
    requests.push(entry);
    const reply = (status: number, payload: unknown, headers: Record<string, string> = {}) => {
      entry.status = status;
      send(res, status, payload, headers);
    };
    if (!url.pathname.startsWith('/integration/'))
      return reply(404, errorBody(404, 'Bulunamadı.', 'not.found', 'NotFoundException'));
    try {
      entry.body = raw ? JSON.parse(raw) : undefined;
    } catch {
      return reply(400, errorBody(400, 'Geçersiz JSON.', 'invalid.json', 'ClientApiBusinessException'));
    }
    const path = entry.path;
    const fault = takeFault(method, path);
    if (fault?.status === 'drop') {
      entry.status = -1;
      req.socket.destroy();
      return;
    }
    const userAgent = str(entry.userAgent);
    if (
      !/^\d+ - [A-Za-z0-9]{1,30}$/.test(userAgent) ||
      !userAgent.startsWith(`${seller.sellerId} - `) ||
      fault?.status === 403
    )
      return reply(
        403,
        errorBody(
          403,
          'Erişim engellendi: User-Agent bilgisi eksik ya da hatalı.',
          'forbidden',
          'AccessDeniedException',
        ),
      );
    if (req.headers.authorization !== basic || fault?.status === 401)
      return reply(
        401,
        errorBody(
          401,
          'supplierID, API Key veya API Secure Key bilgilerinden birisi eksik/yanlış.',
          'ClientApiAuthenticationException',
          'ClientApiAuthenticationException',
        ),
      );
    if (fault?.status === 429 || overLimit()) {
      // A fault's Retry-After (7 s unless told; null: none); past the per-minute limit, none.
      const seconds =
        fault?.status === 429 ? (fault.retryAfterSeconds === undefined ? 7 : fault.retryAfterSeconds) : null;
      return reply(
        429,
        errorBody(429, 'Too Many Requests', 'too.many.requests', 'TooManyRequestsException'),
        seconds === null ? {} : { 'retry-after': String(seconds) },
      );
    }
    const serverError = () =>
      reply(
        500,
        errorBody(
          500,
          'Sistemsel bir sorun meydana geldi, tekrar deneyiniz.',
          'internal',
          'InternalServerError',
        ),
      );
    if (fault?.status === 500 && !fault.carryOut) return serverError();
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, path, query, entry.body);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      status = err.status;
      const exception = status === 403 ? 'ClientApiAuthorizationException' : 'ClientApiBusinessException';
      payload = errorBody(err.status, err.message, err.key, exception);
    }
    // Carried out, but the answer is a 500: the caller cannot tell it was done.
    if (fault?.status === 500) return serverError();
    reply(status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { errors: [{ key: 'internal', message: String(err) }] });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const url = `${state.origin}/integration`;

  return {
    /** The API's base URL (`TRENDYOL_BASE_URL` of a shop on this stand-in). */
    url,
    ...seller,
    /** The environment a shop on this stand-in reads (`channelFromEnv('trendyol', env)`). */
    env: {
      TRENDYOL_SELLER_ID: seller.sellerId,
      TRENDYOL_API_KEY: seller.apiKey,
      TRENDYOL_API_SECRET: seller.apiSecret,
      TRENDYOL_BASE_URL: url,
    } as Record<string, string>,
    /** Every call that came in (path without `/integration`), with its answer's status (-1: dropped). */
    requests,

    /** Puts listings on the seller's account (prices TRY); an existing barcode is replaced. */
    seedListings(items: SeedListing[]) {
      return items.map(seedListing);
    },
    listing: (barcode: string) => listings.get(barcode),
    listings: () => [...listings.values()],
    /** Trendyol approves a created product (it can be sold and its stock sent). */
    approve(barcode: string) {
      const l = listings.get(barcode);
      if (l) Object.assign(l, { approved: true, onSale: true, lastUpdateDate: now() });
    },
    /** A new order: a package in `Created` (or `status`), its pieces taken off the listings' stock. */
    addPackage,
    package: (id: string | number) => packages.get(Number(id)),
    packages: () => [...packages.values()],
    /**
     * What Trendyol or the carrier does to a package: Shipped, Delivered, UnDelivered, Cancelled, Returned,
     * UnSupplied…; a cancelled or returned package's pieces go back on the listings' stock.
     */
    setPackageStatus(id: string | number, status: PackageStatus) {
      const p = packages.get(Number(id));
      if (!p) throw new Error(`no package ${id}`);
      if ((status === 'Cancelled' || status === 'Returned') && p.status !== status)
        for (const l of p.lines ?? []) {
          const listing = listings.get(l.barcode ?? '');
          if (listing) listing.quantity = (listing.quantity ?? 0) + (l.quantity ?? 0);
        }
      touch(p, status);
      return p;
    },
    /** Webhooks made through the API (`POST /webhook/sellers/{id}/webhooks`), with their keys. */
    webhooks: () => [...webhooks.values()],
    /** Each package posted to a webhook on a status change, with the receiver's answer. */
    webhookDeliveries,
    /** Waits until every webhook post under way has its answer. */
    async settleWebhooks() {
      while (pendingDeliveries.size > 0) await Promise.all([...pendingDeliveries]);
    },
    /** Every accepted price-and-inventory body's items, in order. */
    stockPriceBodies: () => stockPriceBodies,
    /** The next `count` calls (of `method` and `path` under /integration when given) fail as `fault` says. */
    failNext(count: number, fault: TrendyolFault, match: Match = {}) {
      for (let i = 0; i < count; i++) faults.push({ fault, match });
    },
    /** Calls a minute past which the stand-in answers 429 with Retry-After 60 (no limit by default). */
    limitPerMinute(perMinute: number) {
      state.perMinute = perMinute;
      state.window = { start: now(), count: 0 };
    },
    /** Reads of a batch before its result. */
    setBatchReads(reads: number) {
      state.batchReads = reads;
    },
    /** The stand-in's clock (the 15-minute rule, batches' 4 hours, packages' dates): the real time moved on by `advance` / `setNow`. */
    now: () => new Date(now()),
    advance(ms: number) {
      state.offset += ms;
    },
    setNow(at: Date) {
      state.offset = at.getTime() - Date.now();
    },
    /** Batches made so far, with their answer once settled. */
    batch: (id: string) => batches.get(id),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TrendyolContractServer = Awaited<ReturnType<typeof startTrendyolServer>>;
