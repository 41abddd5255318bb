import { provinceByName } from '@vitrin/shared/address/turkey';
import { MARKETPLACE_LABELS, type OrderChannel } from '@vitrin/shared/api/admin/orders';
import { ORDER_STATE, ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { vatPortion } from '@vitrin/shared/pricing';
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, max, notLike, or, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import { distribute } from '../cart/totals.ts';
import { newOrderNo } from '../checkout/order-number.ts';
import { stockLeft, uniqueViolation } from '../checkout/place-order.ts';
import type { Db } from '../db/client.ts';
import { pgError } from '../db/errors.ts';
import {
  type ChannelName,
  channelListings,
  channelOrders,
  type OrderAddress,
  orderHistory,
  orderInvoices,
  orderItems,
  orderNotes,
  orders,
  products,
  productVariants,
  type VatLine,
} from '../db/schema.ts';
import { DomainError, isDomainError } from '../errors.ts';
import type { OrderService } from '../orders/service.ts';
import { returnRefundedUnits, type Tx, takeStockAgain } from '../orders/stock.ts';
import { carrierPath } from '../shipping/sync.ts';
import {
  type ChannelAddress,
  ChannelError,
  type ChannelPackage,
  type MarketplaceChannel,
  type PackageStatus,
} from './channel.ts';

/**
 * A marketplace's orders in the shop (issue 43). Each new package of the channel's becomes one Vitrin order,
 * in the same list and flows as the storefront's: the channel's customer and addresses copied in, payment
 * method `marketplace` (the marketplace collected the money: no payment step, payment status `paid`), no
 * e-mail to the buyer (the marketplace writes to its buyers; their address is masked). Its lines are matched
 * by barcode (a linked listing's product or variant, else a variant's or a product's own barcode) and take
 * stock with the same conditional updates a storefront order and a payment retry use (`takeStockAgain`), in
 * the transaction that writes the order, so a storefront checkout and an import never both get the last piece.
 *
 * Stock short: the marketplace already sold it, so the order is still recorded (the sale happened), the
 * lines the stock could not cover take nothing, and `channel_orders.shortfall` names them (barcode, name,
 * wanted, available) with a history note for the owner, who restocks or cancels the package on the channel
 * (UnSupplied comes back here as a cancellation). A barcode no product has is a shortfall too (available
 * null). A package seen again creates nothing (the unique index on channel and package id): its status is
 * brought into the order instead.
 *
 * The channel's package states come in through the order state table as the `channel` actor (one step at a
 * time, as the carrier's scans do): Shipped → Kargoya Verildi (with the package's carrier and number),
 * Delivered → Teslim Edildi, UnDelivered → Teslim Edilemedi, Cancelled / UnSupplied → İptal Edildi (stock
 * back, as the panel's cancel does). Returned: before delivery a cancellation; after delivery the order stays
 * Teslim Edildi (nothing leaves it) and the units still counted go back to stock as a return (`iade`), once.
 *
 * Status back (`sendPackageStatuses`) is derived from the rows, so it is durable by construction: an order in
 * Hazırlanıyor or later whose Picking was not sent sends it; one with an invoice number (typed by the owner,
 * or its issued e-invoice's) whose Invoiced was not sent sends that, with back-off while the channel is away.
 */

type OrderRow = typeof orders.$inferSelect;
type ChannelOrderRow = typeof channelOrders.$inferSelect;

export interface MarketplaceOrderDeps {
  db: Db;
  /** State changes go through the order service (its e-invoice and audit hooks; no mail for these orders). */
  orders: Pick<OrderService, 'changeStatus'>;
  /** The exchange rates copied into every order (`usd_rate`, `eur_rate`). */
  rates: () => Promise<{ usd_rate: string; eur_rate: string }>;
  now?: () => Date;
}

/** What one page of packages came to. */
export interface ImportResult {
  /** Orders made from packages seen for the first time. */
  created: { orderNo: string; packageId: string; shortfall: number }[];
  /** Packages already in the shop whose status was brought in. */
  updated: number;
  /** Packages seen for the first time already cancelled: nothing was sold, nothing is made. */
  skipped: number;
  /** Status changes the state table refused (the order stays; the reason is on its channel row). */
  refused: { orderNo: string; reason: string }[];
}

/** The Vitrin state each package state leads to (none: the package is still on its way to the carrier). */
const TARGET: Partial<Record<PackageStatus, OrderState>> = {
  Shipped: ORDER_STATE.Shipped,
  Delivered: ORDER_STATE.Delivered,
  UnDelivered: ORDER_STATE.NotDelivered,
  Cancelled: ORDER_STATE.Cancelled,
  UnSupplied: ORDER_STATE.Cancelled,
  Returned: ORDER_STATE.Cancelled,
};

/** The Vitrin state a package's status brings its order to, or null when it asks for no move. */
export function targetState(status: PackageStatus): OrderState | null {
  return TARGET[status] ?? null;
}

const ATTEMPTS = 5;

/** How a refusal of the channel's starts on the row: such a row is not sent again until the owner acts. */
export const REFUSED = 'Trendyol reddetti: ';
const DEADLOCK = '40P01';

/**
 * Brings one page of the channel's packages into the shop, oldest change first: a new package becomes an
 * order, a known one has its status brought in. Each package is its own transaction; a failure of one is
 * thrown (the round keeps its cursor before it and reads the page again).
 */
export async function importPackages(
  deps: MarketplaceOrderDeps,
  channel: ChannelName,
  packages: readonly ChannelPackage[],
): Promise<ImportResult> {
  const result: ImportResult = {
    created: [],
    updated: 0,
    skipped: 0,
    refused: [],
  };
  for (const pkg of packages) {
    const known = await findPackage(deps.db, channel, pkg.packageId);
    if (!known) {
      const made = await createFromPackage(deps, channel, pkg);
      if (made === 'skipped') {
        result.skipped++;
        continue;
      }
      if (made !== 'exists') {
        result.created.push({
          orderNo: made.orderNo,
          packageId: pkg.packageId,
          shortfall: made.shortfall,
        });
        const refusal = await bringStatus(deps, made.orderId, pkg, channel);
        if (refusal) result.refused.push({ orderNo: made.orderNo, reason: refusal });
        continue;
      }
    }
    const row = known ?? (await findPackage(deps.db, channel, pkg.packageId))!;
    result.updated++;
    const refusal = await bringStatus(deps, row.orderId, pkg, channel);
    if (refusal) {
      const [order] = await deps.db
        .select({ orderNo: orders.orderNo })
        .from(orders)
        .where(eq(orders.id, row.orderId));
      result.refused.push({ orderNo: order?.orderNo ?? '', reason: refusal });
    }
  }
  return result;
}

/**
 * Where the round starts reading packages again: the latest change of a package the shop holds (the channel
 * answers changes since it inclusive, so that one is read again and changes nothing). Null before the first.
 */
export async function packagesCursor(db: Db, channel: ChannelName): Promise<Date | null> {
  const [row] = await db
    .select({ at: max(channelOrders.channelModifiedAt) })
    .from(channelOrders)
    .where(eq(channelOrders.channel, channel));
  return row?.at ?? null;
}

async function findPackage(db: Db, channel: ChannelName, packageId: string) {
  const [row] = await db
    .select()
    .from(channelOrders)
    .where(and(eq(channelOrders.channel, channel), eq(channelOrders.packageId, packageId)));
  return row;
}

/** A package line matched to the catalogue (nulls: no product has its barcode). */
interface Matched {
  productId: number | null;
  variantId: number | null;
  stockType: number;
  name: string;
  sku: string;
  options: Record<string, string>;
  image: string | null;
}

/**
 * The product or variant of each barcode: a linked listing's first, else a variant's own barcode, else a
 * product's (as linking does).
 */
async function matchBarcodes(
  db: Db,
  channel: ChannelName,
  barcodes: string[],
): Promise<Map<string, Matched>> {
  const found = new Map<string, { productId: number; variantId: number | null }>();
  if (barcodes.length === 0) return new Map();
  const linked = await db
    .select({
      barcode: channelListings.barcode,
      productId: channelListings.productId,
      variantId: channelListings.variantId,
    })
    .from(channelListings)
    .where(
      and(
        eq(channelListings.channel, channel),
        inArray(channelListings.barcode, barcodes),
        isNotNull(channelListings.productId),
      ),
    );
  for (const l of linked) found.set(l.barcode, { productId: l.productId!, variantId: l.variantId });
  const rest = () => barcodes.filter((b) => !found.has(b));
  if (rest().length) {
    const variants = await db
      .select({
        barcode: productVariants.barcode,
        productId: productVariants.productId,
        id: productVariants.id,
      })
      .from(productVariants)
      .where(inArray(productVariants.barcode, rest()))
      .orderBy(asc(productVariants.id));
    for (const v of variants)
      if (!found.has(v.barcode!)) found.set(v.barcode!, { productId: v.productId, variantId: v.id });
  }
  if (rest().length) {
    const own = await db
      .select({ barcode: products.barcode, id: products.id })
      .from(products)
      .where(inArray(products.barcode, rest()))
      .orderBy(asc(products.id));
    for (const p of own)
      if (!found.has(p.barcode!)) found.set(p.barcode!, { productId: p.id, variantId: null });
  }
  if (found.size === 0) return new Map();
  const productIds = [...new Set([...found.values()].map((f) => f.productId))];
  const variantIds = [...found.values()].flatMap((f) => f.variantId ?? []);
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      stockType: products.stockType,
      images: products.images,
    })
    .from(products)
    .where(inArray(products.id, productIds));
  const variantRows = variantIds.length
    ? await db
        .select({
          id: productVariants.id,
          sku: productVariants.sku,
          options: productVariants.options,
          images: productVariants.images,
        })
        .from(productVariants)
        .where(inArray(productVariants.id, variantIds))
    : [];
  const byProduct = new Map(productRows.map((p) => [p.id, p]));
  const byVariant = new Map(variantRows.map((v) => [v.id, v]));
  const out = new Map<string, Matched>();
  for (const [barcode, f] of found) {
    const p = byProduct.get(f.productId);
    if (!p) continue;
    const v = f.variantId === null ? undefined : byVariant.get(f.variantId);
    out.set(barcode, {
      productId: p.id,
      variantId: v ? v.id : null,
      stockType: p.stockType,
      name: p.name,
      sku: v?.sku ?? p.sku,
      options: v?.options ?? {},
      image: v?.images[0] ?? p.images[0] ?? null,
    });
  }
  return out;
}

/** A marketplace's address as an order keeps it (a company's tax number makes it a corporate invoice). */
export function orderAddress(a: ChannelAddress): OrderAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    phone: a.phone ?? '',
    provinceCode: provinceByName(a.city)?.code ?? 0,
    province: a.city,
    district: a.district,
    line: [a.neighbourhood, a.line].filter((s) => s.trim()).join(', '),
    postcode: a.postalCode.trim() || null,
    billingType: a.taxNumber ? 'corporate' : 'individual',
    tcKimlikNo: null,
    companyName: a.company,
    taxNumber: a.taxNumber,
    taxOffice: a.taxOffice,
  };
}

/** VAT per rate of the package's lines, its shipping (20 %) and discount spread over the lines. */
function vatLinesOf(
  lines: { grossMinor: number; vatRate: number }[],
  shippingMinor: number,
  discountMinor: number,
) {
  const cut = distribute(
    discountMinor,
    lines.map((l) => l.grossMinor),
  );
  const byRate = new Map<number, number>();
  for (const [i, l] of lines.entries()) {
    byRate.set(l.vatRate, (byRate.get(l.vatRate) ?? 0) + l.grossMinor - cut[i]!);
  }
  if (shippingMinor > 0) byRate.set(20, (byRate.get(20) ?? 0) + shippingMinor);
  return [...byRate]
    .sort((a, b) => a[0] - b[0])
    .map(
      ([rate, grossMinor]) =>
        ({
          rate,
          grossMinor,
          vatMinor: vatPortion(grossMinor, rate),
        }) as VatLine,
    );
}

type Created = { orderId: number; orderNo: string; shortfall: number };

/** A new package as an order, in one transaction (retried on a colliding number or a deadlock). */
async function createFromPackage(
  deps: MarketplaceOrderDeps,
  channel: ChannelName,
  pkg: ChannelPackage,
): Promise<Created | 'exists' | 'skipped'> {
  // Cancelled before the shop ever saw it: nothing was sold.
  if (pkg.status === 'Cancelled' || pkg.status === 'UnSupplied') return 'skipped';
  const matched = await matchBarcodes(
    deps.db,
    channel,
    pkg.lines.map((l) => l.barcode),
  );
  const rates = await deps.rates();
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.db.transaction((tx) => writeOrder(tx, deps, channel, pkg, matched, rates));
    } catch (err) {
      const constraint = uniqueViolation(err);
      // Another node made this package's order first: the package is known now.
      if (constraint === 'channel_orders_package_idx') return 'exists';
      if (constraint === 'orders_order_no_idx' && attempt < ATTEMPTS) continue;
      if (pgError(err)?.code === DEADLOCK && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

async function writeOrder(
  tx: Tx,
  deps: MarketplaceOrderDeps,
  channel: ChannelName,
  pkg: ChannelPackage,
  matched: Map<string, Matched>,
  rates: { usd_rate: string; eur_rate: string },
): Promise<Created> {
  const at = deps.now?.() ?? new Date();
  const label = MARKETPLACE_LABELS[channel];
  const lines = pkg.lines.map((l) => {
    const m = matched.get(l.barcode);
    return {
      productId: m?.productId ?? null,
      variantId: m?.variantId ?? null,
      stockType: m?.stockType ?? 1,
      name: m?.name ?? l.name,
      sku: m?.sku ?? l.stockCode,
      options: m?.options ?? {},
      image: m?.image ?? null,
      quantity: l.quantity,
      unitPriceMinor: l.unitPriceMinor,
      originalPriceMinor: l.unitPriceMinor,
      originalCurrency: 'TRY',
      vatRate: l.vatRate,
      lineTotalMinor: l.unitPriceMinor * l.quantity,
      stockTaken: false,
    };
  });
  const subtotalMinor = lines.reduce((sum, l) => sum + l.lineTotalMinor, 0);
  // The package's total is what the buyer paid: above the lines is shipping, below them a discount.
  const shippingMinor = Math.max(0, pkg.totalMinor - subtotalMinor);
  const discountMinor = Math.max(0, subtotalMinor - pkg.totalMinor);
  const shipping = orderAddress(pkg.shippingAddress);
  const [order] = await tx
    .insert(orders)
    .values({
      orderNo: newOrderNo(),
      customerId: null,
      email: pkg.customer.email ?? '',
      phone: pkg.shippingAddress.phone ?? pkg.invoiceAddress.phone ?? '',
      status: ORDER_STATE.Received,
      paymentMethod: 'marketplace',
      paymentStatus: 'paid',
      instalments: 1,
      subtotalMinor,
      discountMinor,
      shippingMinor,
      totalMinor: pkg.totalMinor,
      vatLines: vatLinesOf(
        lines.map((l) => ({
          grossMinor: l.lineTotalMinor,
          vatRate: l.vatRate,
        })),
        shippingMinor,
        discountMinor,
      ),
      usdRate: rates.usd_rate,
      eurRate: rates.eur_rate,
      shippingAddress: shipping,
      billingAddress: orderAddress(pkg.invoiceAddress),
      note: '',
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: orders.id, orderNo: orders.orderNo });
  const orderId = order!.id;
  // The package's row first: a second import of it (another node) fails here and rolls this one back.
  await tx.insert(channelOrders).values({
    orderId,
    channel,
    packageId: pkg.packageId,
    channelOrderNumber: pkg.orderNumber,
    lines: pkg.lines.map((l) => ({
      lineId: l.lineId,
      barcode: l.barcode,
      quantity: l.quantity,
    })),
    channelStatus: pkg.status,
    channelModifiedAt: new Date(pkg.lastModifiedAt),
    createdAt: at,
    updatedAt: at,
  });
  const items = await tx
    .insert(orderItems)
    .values(lines.map((l) => ({ ...l, orderId })))
    .returning({ id: orderItems.id });
  const short = await takeStockAgain(tx, orderId, { shortOk: true });
  const shortfall: ChannelOrderRow['shortfall'] = [];
  for (const [i, line] of lines.entries()) {
    const barcode = pkg.lines[i]!.barcode;
    if (line.productId === null) {
      shortfall.push({
        barcode,
        name: line.name,
        wanted: line.quantity,
        available: null,
      });
      continue;
    }
    if (!short.some((x) => x.id === items[i]!.id)) continue;
    shortfall.push({
      barcode,
      name: line.name,
      wanted: line.quantity,
      available: await stockLeft(tx, { productId: line.productId, variantId: line.variantId }),
    });
  }
  let note = `${label} siparişi ${pkg.orderNumber}, paket ${pkg.packageId}.`;
  if (shortfall.length) {
    note += ` Stok yetmedi: ${shortfall
      .map((s) =>
        s.available === null
          ? `"${s.name}" (barkod ${s.barcode}) hiçbir ürünle eşleşmedi`
          : `"${s.name}" ${s.wanted} adet istendi, stokta ${s.available} vardı`,
      )
      .join('; ')}. Stoğu tamamlayın ya da paketi ${label}'da tedarik edilemedi olarak iptal edin.`;
    await tx.update(channelOrders).set({ shortfall }).where(eq(channelOrders.orderId, orderId));
  }
  // The history (which the order's link shows too) names only the channel as the actor; the package's
  // numbers and any shortfall are the staff's, in an internal note.
  await tx.insert(orderHistory).values({
    orderId,
    fromStatus: null,
    toStatus: ORDER_STATE.Received,
    actor: 'channel',
    note: '',
    createdAt: at,
  });
  await tx.insert(orderNotes).values({ orderId, staffId: null, body: note, createdAt: at });
  return { orderId, orderNo: order!.orderNo, shortfall: shortfall.length };
}

/**
 * Brings a package's status into its order: the moves through the state table as the `channel` actor, then
 * the channel row's status. Answers why nothing moved when the table refuses (also kept as the row's error).
 * Seen again, the same status finds the order there already: nothing moves twice, no stock goes back twice.
 */
async function bringStatus(
  deps: MarketplaceOrderDeps,
  orderId: number,
  pkg: ChannelPackage,
  channel: ChannelName,
): Promise<string | null> {
  const { db } = deps;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const label = MARKETPLACE_LABELS[channel];
  const from = order.status as OrderState;
  let refusal: string | null = null;
  if (pkg.status === 'Returned' && from === ORDER_STATE.Delivered) {
    // Nothing leaves Teslim Edildi: the returned units go back to stock (once: counted as refunded).
    await db.transaction(async (tx) => {
      const units = await tx
        .select({
          itemId: orderItems.id,
          quantity: sql<number>`${orderItems.quantity} - ${orderItems.refundedQuantity}`,
        })
        .from(orderItems)
        .where(
          and(eq(orderItems.orderId, orderId), sql`${orderItems.quantity} > ${orderItems.refundedQuantity}`),
        );
      if (units.length) await returnRefundedUnits(tx, orderId, units);
      await recordChannelStatus(tx, orderId, pkg, null);
    });
    return null;
  }
  const target = targetState(pkg.status);
  if (target !== null) {
    const cargo = {
      cargoCompany: pkg.cargo.provider?.trim() || `${label} kargo`,
      trackingNo: pkg.cargo.trackingNumber?.trim() || pkg.packageId,
    };
    const steps = carrierPath(from, target, order as OrderRow, 'channel', cargo);
    if (steps === null) {
      refusal = `${label} "${pkg.status}" bildirdi, ancak sipariş "${ORDER_STATES[from].label}" durumunda olduğundan "${ORDER_STATES[target].label}" durumuna taşınamadı.`;
    } else {
      for (const step of steps) {
        try {
          await deps.orders.changeStatus(order.id, step, {
            actor: 'channel',
            ...cargo,
          });
        } catch (err) {
          // The panel moved the order meanwhile: its change stands; the next read of the package goes on.
          if (!isDomainError(err, 'SIPARIS_DURUMU_DEGISTI', 'GECERSIZ_DURUM_GECISI', 'STOK_YETERSIZ'))
            throw err;
          refusal = err.message;
          break;
        }
      }
    }
  }
  await recordChannelStatus(db, orderId, pkg, refusal);
  return refusal;
}

async function recordChannelStatus(db: Db, orderId: number, pkg: ChannelPackage, refusal: string | null) {
  await db
    .update(channelOrders)
    .set({
      channelStatus: pkg.status,
      channelModifiedAt: new Date(pkg.lastModifiedAt),
      ...(refusal ? { lastError: refusal } : {}),
      updatedAt: new Date(),
    })
    .where(eq(channelOrders.orderId, orderId));
}

// --- status back ----------------------------------------------------------------------------------------

/** What one pass of `sendPackageStatuses` did. */
export interface StatusBackResult {
  picking: number;
  invoiced: number;
  /** Calls the channel did not take: retried later (`retryable`) or left for the owner. */
  failed: { orderNo: string; message: string; retryable: boolean }[];
}

/** Package states in which the seller still sends Picking, and Invoiced. */
const BEFORE_PICKING: readonly PackageStatus[] = ['Awaiting', 'Created'];
const BEFORE_INVOICED: readonly PackageStatus[] = ['Awaiting', 'Created', 'Picking'];

const MINUTE = 60_000;
/** The wait after the n-th failed try in a row: 1, 2, 4 … minutes, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60 * MINUTE, MINUTE * 2 ** Math.max(0, attempts - 1));

/**
 * Tells the channel what the shop did with its packages, from the orders' state: an order in Hazırlanıyor or
 * later (not cancelled) whose Picking was not sent sends it; one with an invoice number (typed, or its issued
 * e-invoice's) whose Invoiced was not sent sends that. A retryable failure waits (attempts, back-off); a
 * refusal is kept for the owner and not sent again until the row changes (a new invoice number).
 */
export async function sendPackageStatuses(
  deps: Pick<MarketplaceOrderDeps, 'db' | 'now'>,
  channel: MarketplaceChannel,
): Promise<StatusBackResult> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const result: StatusBackResult = { picking: 0, invoiced: 0, failed: [] };
  const due = await db
    .select({
      row: channelOrders,
      orderNo: orders.orderNo,
      status: orders.status,
      issuedNumber: orderInvoices.invoiceNumber,
    })
    .from(channelOrders)
    .innerJoin(orders, eq(orders.id, channelOrders.orderId))
    .leftJoin(
      orderInvoices,
      and(eq(orderInvoices.orderId, channelOrders.orderId), eq(orderInvoices.status, 'issued')),
    )
    .where(
      and(
        eq(channelOrders.channel, channel.name),
        gte(orders.status, ORDER_STATE.Preparing),
        lte(orders.status, ORDER_STATE.NotDelivered),
        or(isNull(channelOrders.nextAttemptAt), lte(channelOrders.nextAttemptAt, now)),
        // A refusal waits for the owner (a new invoice number clears it): nothing repeats it.
        or(isNull(channelOrders.lastError), notLike(channelOrders.lastError, `${REFUSED}%`)),
        // Only while the package is still the seller's to move (the carrier does the rest).
        inArray(channelOrders.channelStatus, [...BEFORE_INVOICED]),
        or(
          and(isNull(channelOrders.pickingSentAt), inArray(channelOrders.channelStatus, [...BEFORE_PICKING])),
          and(
            isNull(channelOrders.invoicedSentAt),
            or(isNotNull(channelOrders.invoiceNumber), isNotNull(orderInvoices.invoiceNumber)),
          ),
        ),
      ),
    )
    .orderBy(asc(channelOrders.orderId));
  for (const { row, orderNo, issuedNumber } of due) {
    // A refusal waits for the owner: it is not sent again until something on the row changes.
    const pkg = { packageId: row.packageId, lines: packageLines(row) };
    try {
      if (!row.pickingSentAt && BEFORE_PICKING.includes(row.channelStatus as PackageStatus)) {
        await channel.markPicking(pkg);
        await db
          .update(channelOrders)
          .set({
            // What the channel holds now (the next read of the package says it again).
            channelStatus: 'Picking',
            pickingSentAt: now,
            attempts: 0,
            nextAttemptAt: null,
            lastError: null,
            updatedAt: now,
          })
          .where(eq(channelOrders.orderId, row.orderId));
        result.picking++;
      }
      const invoiceNumber = row.invoiceNumber ?? issuedNumber;
      if (!row.invoicedSentAt && invoiceNumber) {
        await channel.markInvoiced(pkg, invoiceNumber);
        await db
          .update(channelOrders)
          .set({
            invoiceNumber,
            channelStatus: 'Invoiced',
            invoicedSentAt: now,
            attempts: 0,
            nextAttemptAt: null,
            lastError: null,
            updatedAt: now,
          })
          .where(eq(channelOrders.orderId, row.orderId));
        result.invoiced++;
      }
    } catch (err) {
      if (!(err instanceof ChannelError)) throw err;
      const attempts = row.attempts + 1;
      const wait = Math.max(err.retryAt?.getTime() ?? 0, now.getTime() + retryDelayMs(attempts));
      await db
        .update(channelOrders)
        .set(
          err.retryable
            ? {
                attempts,
                nextAttemptAt: new Date(wait),
                lastError: err.message,
                updatedAt: now,
              }
            : {
                attempts: 0,
                nextAttemptAt: null,
                lastError: `${REFUSED}${err.message}`,
                updatedAt: now,
              },
        )
        .where(eq(channelOrders.orderId, row.orderId));
      result.failed.push({
        orderNo,
        message: err.message,
        retryable: err.retryable,
      });
    }
  }
  return result;
}

function packageLines(row: ChannelOrderRow): ChannelPackage['lines'] {
  return row.lines.map((l) => ({
    lineId: l.lineId,
    barcode: l.barcode,
    stockCode: '',
    name: '',
    quantity: l.quantity,
    unitPriceMinor: 0,
    discountMinor: 0,
    vatRate: 0,
  }));
}

// --- the panel ------------------------------------------------------------------------------------------

/** The marketplace block of an order's panel detail: null for the storefront's orders. */
export async function channelView(db: Db, orderId: number): Promise<OrderChannel | null> {
  const [row] = await db.select().from(channelOrders).where(eq(channelOrders.orderId, orderId));
  if (!row) return null;
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    name: row.channel,
    label: MARKETPLACE_LABELS[row.channel],
    orderNumber: row.channelOrderNumber,
    packageId: row.packageId,
    status: row.channelStatus,
    pickingSentAt: iso(row.pickingSentAt),
    invoiceNumber: row.invoiceNumber,
    invoicedSentAt: iso(row.invoicedSentAt),
    lastError: row.lastError,
    nextAttemptAt: iso(row.nextAttemptAt),
    shortfall: row.shortfall,
  };
}

const notChannelOrder = () =>
  new DomainError(
    409,
    'PAZARYERI_SIPARISI_DEGIL',
    'Bu sipariş bir pazaryerinden gelmedi; fatura numarası yalnızca pazaryeri siparişlerine girilir.',
  );
const alreadyInvoiced = (label: string, number: string) =>
  new DomainError(
    409,
    'FATURA_BILDIRILDI',
    `${label} bu paketin faturasını ${number} numarasıyla aldı; numara artık değiştirilemez.`,
  );

/**
 * The owner's invoice number of a marketplace order (typed in the panel): kept on its channel row and sent
 * as Invoiced by the next round (a refusal or a wait of an earlier call is cleared). Refused for an order of
 * the storefront's, and once the marketplace took a number.
 */
export async function setChannelInvoice(
  db: Db,
  order: { id: number; orderNo: string },
  invoiceNumber: string,
  actor: AuditActor,
): Promise<OrderChannel> {
  const [row] = await db.select().from(channelOrders).where(eq(channelOrders.orderId, order.id));
  if (!row) throw notChannelOrder();
  if (row.invoicedSentAt) throw alreadyInvoiced(MARKETPLACE_LABELS[row.channel], row.invoiceNumber ?? '');
  await db.transaction(async (tx) => {
    await tx
      .update(channelOrders)
      .set({ invoiceNumber, attempts: 0, nextAttemptAt: null, lastError: null, updatedAt: new Date() })
      .where(and(eq(channelOrders.orderId, order.id), isNull(channelOrders.invoicedSentAt)));
    await recordAudit(tx, {
      actor,
      action: 'order.channel_invoice',
      entity: 'order',
      entityId: order.orderNo,
      before: { invoiceNumber: row.invoiceNumber },
      after: { invoiceNumber },
    });
  });
  return (await channelView(db, order.id))!;
}
