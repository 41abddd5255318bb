/**
 * Orders in the panel (`/api/admin/orders`): the list's filters, the state change (one order or several),
 * payment marks and internal notes, with the panel's field messages; the answers' schemas. Brings zod:
 * imported by path.
 */
import { CARRIER_CODES, normalizeTrackingNo, TRACKING_NO_PATTERN } from '../../cargo.ts';
import {
  ORDER_STATE,
  ORDER_STATE_CODES,
  PAYMENT_METHODS,
  type PaymentMethodCode,
} from '../../order-states.ts';
import { lineText, multilineText, z } from '../../zod.ts';
import type { OrderDetail } from '../orders.ts';
import { pageNumber } from '../page-number.ts';
import { blankIsAbsent, dayRange, daysInOrder } from './audit.ts';
import { invoiceSchema } from './invoices.ts';

export const ADMIN_ORDERS_PER_PAGE = 25;
/** Where an order came from, for the list's filter: a marketplace's package, or the storefront. */
export const ORDER_CHANNELS = ['trendyol', 'storefront'] as const;
export type OrderChannelFilter = (typeof ORDER_CHANNELS)[number];
/** The marketplaces whose packages become orders (issue 43), and how the panel names them. */
export const MARKETPLACE_LABELS = { trendyol: 'Trendyol' } as const;
export type MarketplaceName = keyof typeof MARKETPLACE_LABELS;
/** The longest invoice number the panel takes (a GİB number is 16 characters). */
export const CHANNEL_INVOICE_NUMBER_MAX = 40;
export const ORDER_NOTE_MAX = 2000;
export const BULK_ORDERS_MAX = 100;

const PAYMENT_METHOD_CODES = Object.keys(PAYMENT_METHODS) as [PaymentMethodCode, ...PaymentMethodCode[]];

const STATE_MESSAGE = 'Durum 0-7 arasında bir sayı olmalı';
const isState = (v: number) => (ORDER_STATE_CODES as number[]).includes(v);
/** A state code in the query string (text) or in a body (a number). */
const orderState = z.coerce
  .number({ error: STATE_MESSAGE })
  .int(STATE_MESSAGE)
  .refine(isState, STATE_MESSAGE);
const bodyState = z.number({ error: 'Yeni durumu seçin' }).int(STATE_MESSAGE).refine(isState, STATE_MESSAGE);

export const orderNumberParam = z.string().regex(/^[A-Za-z0-9-]{1,40}$/, 'Sipariş numarası geçersiz');

export const adminOrderListQuery = z
  .object({
    q: z.preprocess(
      blankIsAbsent,
      lineText({ error: 'Arama metni geçersiz' })
        .trim()
        .max(100, 'Arama en fazla 100 karakter olabilir')
        .optional(),
    ),
    status: z.preprocess(blankIsAbsent, orderState.optional()),
    paymentMethod: z.preprocess(
      blankIsAbsent,
      z
        .enum(PAYMENT_METHOD_CODES, {
          error: 'Ödeme yöntemi kart, havale, kapıda ödeme ya da pazaryeri olmalı',
        })
        .optional(),
    ),
    /** Where the order came from: a marketplace (its packages) or the shop's own storefront. */
    channel: z.preprocess(
      blankIsAbsent,
      z.enum(ORDER_CHANNELS, { error: 'Kanal "trendyol" ya da "storefront" olmalı' }).optional(),
    ),
    ...dayRange,
    page: pageNumber,
  })
  .refine(...daysInOrder);
export type AdminOrderListQuery = z.input<typeof adminOrderListQuery>;
export type AdminOrderFilter = z.output<typeof adminOrderListQuery>;

const carrier = z.enum(CARRIER_CODES, { error: 'Listeden bir kargo firması seçin' });
/** Typed with spaces or dashes as printed on a receipt: saved without them (`normalizeTrackingNo`). */
const trackingNo = lineText({ error: 'Takip numarasını yazın' })
  .transform(normalizeTrackingNo)
  .pipe(
    z
      .string()
      .min(1, 'Takip numarasını yazın')
      .max(40, 'Takip numarası en fazla 40 karakter olabilir')
      .regex(
        TRACKING_NO_PATTERN,
        'Takip numarası yalnızca harf ve rakamdan oluşmalı (boşluk ve tire silinir)',
      ),
  );
const statusNote = multilineText({ error: 'Not metin olmalı' })
  .trim()
  .max(500, 'Not en fazla 500 karakter olabilir');

const statusFields = {
  status: bodyState,
  cargoCompany: carrier.optional(),
  trackingNo: trackingNo.optional(),
  note: statusNote.optional(),
};

/** Kargoya Verildi (Shipped) names the carrier and the tracking number: on their fields. */
export const orderStatusRequest = z.object(statusFields).superRefine((v, ctx) => {
  if (v.status !== ORDER_STATE.Shipped) return;
  if (!v.cargoCompany)
    ctx.addIssue({ code: 'custom', path: ['cargoCompany'], message: 'Kargo firmasını seçin' });
  if (!v.trackingNo)
    ctx.addIssue({ code: 'custom', path: ['trackingNo'], message: 'Takip numarasını yazın' });
});
export type OrderStatusRequest = z.input<typeof orderStatusRequest>;

/** Several orders to one state; shipping is one by one (each parcel has its own tracking number). */
export const bulkOrderStatusRequest = z.object({
  numbers: z
    .array(orderNumberParam, { error: 'Sipariş seçin' })
    .min(1, 'En az bir sipariş seçin')
    .max(BULK_ORDERS_MAX, `Bir seferde en fazla ${BULK_ORDERS_MAX} sipariş değiştirilebilir`)
    .refine((v) => new Set(v).size === v.length, 'Bir sipariş listede iki kez var'),
  status: statusFields.status.refine(
    (v) => v !== 2,
    'Kargoya verme toplu yapılamaz: her siparişin kendi takip numarası var',
  ),
  note: statusNote.optional(),
});
export type BulkOrderStatusRequest = z.input<typeof bulkOrderStatusRequest>;

/** A Havale / EFT order's money arrived (`paid`) or was sent back after a cancellation (`refunded`). */
export const orderPaymentRequest = z.object({
  status: z.enum(['paid', 'refunded'], { error: 'Ödeme durumu "paid" ya da "refunded" olmalı' }),
});
export type OrderPaymentRequest = z.input<typeof orderPaymentRequest>;

export const orderNoteRequest = z.object({
  body: multilineText({ error: 'Notu yazın' })
    .trim()
    .min(1, 'Notu yazın')
    .max(ORDER_NOTE_MAX, `Not en fazla ${ORDER_NOTE_MAX} karakter olabilir`),
});
export type OrderNoteRequest = z.input<typeof orderNoteRequest>;

const stateView = z.object({ code: z.number().int(), label: z.string(), badge: z.string() });

export const adminOrderRowSchema = z.object({
  orderNo: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  state: stateView,
  customerName: z.string(),
  email: z.string(),
  totalMinor: z.number().int(),
  paymentMethod: z.enum(PAYMENT_METHOD_CODES),
  paymentMethodLabel: z.string(),
  paymentStatus: z.string(),
  paymentStatusLabel: z.string(),
  channel: z
    .object({ name: z.enum(['trendyol']), label: z.string(), orderNumber: z.string() })
    .nullable()
    .describe("The marketplace the order came from and its order number there; null for the storefront's"),
});
export type AdminOrderRow = z.output<typeof adminOrderRowSchema>;

export const adminOrderListAnswer = z.object({
  items: z.array(adminOrderRowSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AdminOrderList = z.output<typeof adminOrderListAnswer>;

export const orderNoteSchema = z.object({
  id: z.number().int(),
  body: z.string(),
  at: z.string().describe('ISO 8601'),
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
});
export type OrderNote = z.output<typeof orderNoteSchema>;

export const adminOrderHistoryEntrySchema = z.object({
  id: z.number().int(),
  state: stateView,
  at: z.string().describe('ISO 8601'),
  actor: z.enum(['customer', 'payment', 'system', 'operator', 'carrier', 'channel']),
  note: z.string(),
  staff: z
    .object({ id: z.number().int(), name: z.string() })
    .nullable()
    .describe('Who made it in the panel (a state change, a Havale / EFT marked paid or refunded)'),
});
export type AdminOrderHistoryEntry = z.output<typeof adminOrderHistoryEntrySchema>;

/**
 * An order made from a marketplace's package: the marketplace, its order and package numbers, the package's
 * last status there, what the shop told it back (Picking, Invoiced with the invoice number) and the last
 * error (the channel refusing or away, a status the state table could not take), and the lines the shop's
 * stock could not cover when the package came in (`available` null: no product has the barcode).
 */
export const orderChannelSchema = z.object({
  name: z.enum(['trendyol']),
  label: z.string(),
  orderNumber: z.string(),
  packageId: z.string(),
  status: z.string().describe("The package's status on the marketplace (Created, Picking, Shipped…)"),
  pickingSentAt: z.string().nullable().describe('ISO 8601; when the marketplace took Picking'),
  invoiceNumber: z.string().nullable(),
  invoicedSentAt: z.string().nullable().describe('ISO 8601; when the marketplace took Invoiced'),
  lastError: z.string().nullable(),
  nextAttemptAt: z
    .string()
    .nullable()
    .describe('ISO 8601; when a call the marketplace did not answer is tried again'),
  shortfall: z.array(
    z.object({
      barcode: z.string(),
      name: z.string(),
      wanted: z.number().int(),
      available: z.number().int().nullable(),
    }),
  ),
});
export type OrderChannel = z.output<typeof orderChannelSchema>;

/** The invoice number of a marketplace order, typed by the owner: sent to the marketplace as Invoiced. */
export const channelInvoiceRequest = z.object({
  invoiceNumber: lineText({ error: 'Fatura numarasını yazın' })
    .trim()
    .min(1, 'Fatura numarasını yazın')
    .max(
      CHANNEL_INVOICE_NUMBER_MAX,
      `Fatura numarası en fazla ${CHANNEL_INVOICE_NUMBER_MAX} karakter olabilir`,
    )
    .regex(/^[A-Za-z0-9/-]+$/, 'Fatura numarası yalnızca harf, rakam, "-" ve "/" içerebilir'),
});
export type ChannelInvoiceRequest = z.input<typeof channelInvoiceRequest>;

export const adminOrderDetailAnswer = z.object({
  order: z
    .looseObject({ orderNo: z.string(), state: stateView })
    .describe("The order as its customer's detail shows it (lines, totals, addresses, payment, history)"),
  customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  notes: z.array(orderNoteSchema).describe('Staff only, oldest first; never in a customer answer'),
  history: z
    .array(adminOrderHistoryEntrySchema)
    .describe('State changes and payment marks, oldest first, with the staff member who made each'),
  nextStates: z
    .array(z.object({ code: z.number().int(), label: z.string() }))
    .describe('The states the panel may move the order to now'),
  trackingUrl: z.string().nullable(),
  canMarkPaid: z.boolean(),
  canMarkRefunded: z.boolean(),
  invoice: invoiceSchema
    .nullable()
    .optional()
    .describe("The order's e-invoice (e-Arşiv or e-Fatura), null when none was asked for"),
  channel: orderChannelSchema
    .nullable()
    .describe("The marketplace package the order was made from; null for the storefront's orders"),
});
export type AdminOrderDetail = Omit<z.output<typeof adminOrderDetailAnswer>, 'order'> & {
  order: OrderDetail;
};

export const bulkOrderStatusAnswer = z.object({
  results: z.array(
    z.object({
      orderNo: z.string(),
      ok: z.boolean(),
      error: z.object({ code: z.string(), message: z.string() }).optional(),
    }),
  ),
});
export type BulkOrderStatusAnswer = z.output<typeof bulkOrderStatusAnswer>;
