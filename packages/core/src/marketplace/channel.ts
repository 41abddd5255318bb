import { DomainError } from '../errors.ts';

/**
 * A marketplace channel (issue 43): where the shop's stock and prices are sold besides the storefront and
 * whose orders come into the same panel. Trendyol first (`trendyol/`); Hepsiburada, N11 and Amazon TR later
 * as adapters of this interface. Amounts are kuruş (integers), dates ISO strings, quantities whole pieces.
 */

/** A listing of the seller's on the marketplace, by barcode (what links it to a product or variant). */
export interface ChannelListing {
  barcode: string;
  /** The seller's own code of it (Trendyol's `stockCode`, the order lines' `merchantSku`). */
  stockCode: string;
  title: string;
  quantity: number;
  salePriceMinor: number;
  listPriceMinor: number;
  approved: boolean;
  /** Where the shopper sees it on the marketplace, when it is for sale. */
  url: string | null;
}

/** The quantity and prices of one barcode as the channel is told (TRY; list price never below sale price). */
export interface ChannelStockPrice {
  barcode: string;
  quantity: number;
  salePriceMinor: number;
  listPriceMinor: number;
}

/** A product the owner puts on the marketplace: the channel's own category, brand and attributes mapped. */
export interface ChannelNewListing extends ChannelStockPrice {
  stockCode: string;
  title: string;
  description: string;
  /** The channel's category and brand ids (Trendyol's `categoryId`, `brandId`). */
  categoryId: number;
  brandId: number;
  vatRate: number;
  /** Absolute image addresses the channel fetches. */
  images: string[];
  /** Variant grouping (Trendyol's `productMainId`): the product's SKU for all its variants. */
  groupCode: string;
  /** Desi (volumetric weight) for the carrier; the product's weight when no dimensions are known. */
  desi: number;
  attributes: { attributeId: number; valueId?: number; customValue?: string }[];
}

/** A node of the channel's category tree; a product goes only into a leaf (no children). */
export interface ChannelCategory {
  id: number;
  name: string;
  parentId: number | null;
  children: ChannelCategory[];
}

/** A brand as the channel knows it (Trendyol's `brandId` of a product). */
export interface ChannelBrand {
  id: number;
  name: string;
}

/** One attribute of a channel category: `required` ones must be given to put a product there. */
export interface ChannelAttribute {
  id: number;
  name: string;
  required: boolean;
  /** A free text value is taken (else one of `values`). */
  allowCustom: boolean;
  /** Varies by variant (size, colour). */
  varianter: boolean;
  values: { id: number; name: string }[];
}

/** What an asynchronous request (price and stock, product create) came to, item by item. */
export interface ChannelBatch {
  id: string;
  /** `done` once every item has an answer; the channel keeps a batch for hours, not forever. */
  status: 'pending' | 'done';
  items: { barcode: string; ok: boolean; reasons: string[] }[];
}

/** The states of a channel's package, by the channel's own name (Trendyol's). */
export const PACKAGE_STATUSES = [
  'Awaiting',
  'Created',
  'Picking',
  'Invoiced',
  'Shipped',
  'Delivered',
  'UnDelivered',
  'Cancelled',
  'Returned',
  'UnSupplied',
  'Repack',
] as const;
export type PackageStatus = (typeof PACKAGE_STATUSES)[number];

export interface ChannelAddress {
  firstName: string;
  lastName: string;
  phone: string | null;
  city: string;
  district: string;
  neighbourhood: string;
  line: string;
  postalCode: string;
  /** The buyer's tax number (VKN) and office when the invoice goes to a company, else null. */
  taxNumber: string | null;
  taxOffice: string | null;
  company: string | null;
}

/** One order package of the channel's (Trendyol's shipment package): what becomes one Vitrin order. */
export interface ChannelPackage {
  /** The package's id (Trendyol's `shipmentPackageId`, `id`): the key that makes a second import a no-op. */
  packageId: string;
  /** The marketplace's order number (several packages may share it). */
  orderNumber: string;
  status: PackageStatus;
  orderedAt: string;
  lastModifiedAt: string;
  customer: { firstName: string; lastName: string; email: string | null };
  shippingAddress: ChannelAddress;
  invoiceAddress: ChannelAddress;
  lines: {
    /** The channel's line id (needed to move the package to Picking / Invoiced). */
    lineId: string;
    barcode: string;
    stockCode: string;
    name: string;
    quantity: number;
    /** Price of one piece as the buyer paid it, VAT included, after the line's discounts. */
    unitPriceMinor: number;
    discountMinor: number;
    vatRate: number;
  }[];
  /** What the buyer paid for the package, VAT included. */
  totalMinor: number;
  cargo: { provider: string | null; trackingNumber: string | null; trackingUrl: string | null };
}

/**
 * What kind of failure a `ChannelError` is, for the caller that decides what to do next:
 * - `KANAL_ULASILAMIYOR` the channel is away (no connection, a timeout, a 5xx): retryable;
 * - `KANAL_YOGUN` the channel is rate-limiting (429): retryable, at `retryAt`;
 * - `KANAL_YETKI_YOK` the keys or the User-Agent were refused (401/403): not retryable, the owner fixes the keys;
 * - `KANAL_AYNI_ISTEK` the identical request was already taken a short while ago (Trendyol: the same
 *   price-and-inventory body within 15 minutes): not retryable as it is — the channel already has these values,
 *   so the caller counts them as sent and sends only what changes next;
 * - `KANAL_BULUNAMADI` no such package, batch or listing on the channel (404);
 * - `KANAL_REDDETTI` any other refusal of the request (400, 409…), with the channel's own words.
 */
export const CHANNEL_ERROR_CODES = [
  'KANAL_ULASILAMIYOR',
  'KANAL_YOGUN',
  'KANAL_YETKI_YOK',
  'KANAL_AYNI_ISTEK',
  'KANAL_BULUNAMADI',
  'KANAL_REDDETTI',
] as const;
export type ChannelErrorCode = (typeof CHANNEL_ERROR_CODES)[number];

/**
 * Why a call to the channel failed: a `DomainError` (the one error of the domain) with a `ChannelErrorCode`.
 * `retryable` (the channel is away, busy or rate-limiting): the same call is tried again later, at `retryAt`
 * at the earliest when the channel said when; otherwise (refused: bad keys, a request the channel will never
 * take) the owner is told `message` (Turkish) and nothing repeats it. `channelStatus` is the channel's own HTTP
 * answer; `status` what Vitrin's API answers if the error reaches it (503 retryable, else 502).
 */
export interface ChannelError extends DomainError<ChannelErrorCode> {
  readonly retryable: boolean;
  readonly channelStatus?: number;
  /** The channel refused the request as a repeat of one it already took: its values are already there. */
  readonly alreadyApplied: boolean;
}

interface ChannelErrorConstructor {
  /** `status` is the channel's HTTP answer; without `code`, KANAL_ULASILAMIYOR when retryable, else KANAL_REDDETTI. */
  new (
    message: string,
    retryable: boolean,
    status?: number,
    retryAt?: Date,
    code?: ChannelErrorCode,
  ): ChannelError;
  [Symbol.hasInstance](value: unknown): value is ChannelError;
}

const CHANNEL_CODES: ReadonlySet<string> = new Set(CHANNEL_ERROR_CODES);

/**
 * Makes a channel error (`new ChannelError(message, retryable, status?, retryAt?, code?)`); `instanceof
 * ChannelError` is true of the domain errors it makes.
 */
export const ChannelError = function ChannelError(
  message: string,
  retryable: boolean,
  status?: number,
  retryAt?: Date,
  code?: ChannelErrorCode,
): ChannelError {
  const kind = code ?? (retryable ? 'KANAL_ULASILAMIYOR' : 'KANAL_REDDETTI');
  const err = new DomainError<ChannelErrorCode>(
    retryable ? 503 : 502,
    kind,
    message,
    undefined,
    retryAt ? { retryAt } : {},
  );
  return Object.assign(err, {
    retryable,
    alreadyApplied: kind === 'KANAL_AYNI_ISTEK',
    ...(status !== undefined ? { channelStatus: status } : {}),
  });
} as unknown as ChannelErrorConstructor;

Object.defineProperty(ChannelError, Symbol.hasInstance, {
  value: (value: unknown) =>
    value instanceof DomainError &&
    CHANNEL_CODES.has(value.code) &&
    typeof (value as Partial<ChannelError>).retryable === 'boolean',
});

/** Whether `err` is a channel error (with `code` one of `codes` when given). */
export function isChannelError(err: unknown, ...codes: ChannelErrorCode[]): err is ChannelError {
  return err instanceof ChannelError && (codes.length === 0 || codes.includes(err.code));
}

/** A marketplace as Vitrin uses it; every method may throw `ChannelError`. */
export interface MarketplaceChannel {
  readonly name: 'trendyol';
  /** One page of the seller's listings (page from 0). */
  listings(page: number): Promise<{ items: ChannelListing[]; totalPages: number }>;
  /** Sends quantities and prices (at most `maxBatchItems` at once); the channel's batch id. */
  pushStockPrices(items: ChannelStockPrice[]): Promise<string>;
  /** Puts new products on the channel (at most `maxBatchItems`); the batch id to follow. */
  createListings(items: ChannelNewListing[]): Promise<string>;
  batch(id: string): Promise<ChannelBatch>;
  /** The channel's whole category tree (roots first). */
  categories(): Promise<ChannelCategory[]>;
  /** The channel's brands by name (Trendyol: the exact name, case-sensitive). */
  brands(name: string): Promise<ChannelBrand[]>;
  /** The attributes of one leaf category, with their values. */
  categoryAttributes(categoryId: number): Promise<ChannelAttribute[]>;
  /** Packages changed since `since` (inclusive), one page (from 0), oldest change first. */
  packages(since: Date, page: number): Promise<{ items: ChannelPackage[]; totalPages: number }>;
  /** Tells the channel the seller is picking the package's lines. */
  markPicking(pkg: Pick<ChannelPackage, 'packageId' | 'lines'>): Promise<void>;
  /** Tells the channel the package is invoiced, with the invoice's number. */
  markInvoiced(pkg: Pick<ChannelPackage, 'packageId' | 'lines'>, invoiceNumber: string): Promise<void>;
  readonly maxBatchItems: number;
}
