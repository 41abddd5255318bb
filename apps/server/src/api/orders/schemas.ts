import type {
  OrderDetail,
  OrderList,
  OrderSummary,
  PaymentOutcome,
  PaymentSession,
  PaymentStep,
} from '@vitrin/shared/api/orders';
import { z } from '@vitrin/shared/zod';
import { errorAnswer } from '../route.ts';

/** What the order and payment routes answer, as zod schemas (the shared module has them as types). */

export const notFound = {
  404: errorAnswer('SIPARIS_BULUNAMADI: unknown, another customer’s, or a wrong token'),
};

const state = z.object({
  code: z.number().int().min(0).max(7),
  label: z.string().describe('Glossary label, e.g. Sipariş Alındı'),
  badge: z.enum(['secondary', 'info', 'primary', 'warning', 'success', 'danger', 'dark']),
});
const paymentMethod = z.enum(['card', 'transfer', 'cod']);
const paymentStatus = z.enum(['pending', 'paid', 'failed', 'not_required', 'refund_pending', 'refunded']);

const summary = z.object({
  orderNo: z.string(),
  createdAt: z.string().describe('ISO 8601'),
  state,
  totalMinor: z.number().int().describe('TRY minor units (kuruş)'),
  itemCount: z.number().int(),
  paymentMethod,
  paymentStatus,
}) satisfies z.ZodType<OrderSummary>;

export const list = z.object({
  orders: z.array(summary),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
}) satisfies z.ZodType<OrderList>;

const address = z.object({
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  provinceCode: z.number().int(),
  province: z.string(),
  district: z.string(),
  line: z.string(),
  postcode: z.string().nullable(),
  billingType: z.enum(['individual', 'corporate']),
  tcKimlikNo: z.string().nullable(),
  companyName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  taxOffice: z.string().nullable(),
});

export const detail = summary.extend({
  invoicePdfUrl: z
    .string()
    .nullable()
    .optional()
    .describe("The shop's link to the order's e-invoice PDF, once issued"),
  email: z.string(),
  phone: z.string(),
  paymentMethodLabel: z.string(),
  paymentStatusLabel: z.string(),
  instalments: z.number().int(),
  lines: z.array(
    z.object({
      productId: z.number().int().nullable(),
      slug: z.string().nullable(),
      variantId: z.number().int().nullable(),
      name: z.string(),
      sku: z.string(),
      options: z.record(z.string(), z.string()),
      personalization: z
        .object({ fields: z.record(z.string(), z.string()), image: z.string().optional() })
        .nullable(),
      image: z.string().nullable(),
      quantity: z.number().int(),
      unitPriceMinor: z.number().int(),
      lineTotalMinor: z.number().int(),
      vatRate: z.number().int(),
    }),
  ),
  totals: z.object({
    subtotalMinor: z.number().int(),
    discountMinor: z.number().int(),
    shippingMinor: z.number().int(),
    codFeeMinor: z.number().int(),
    instalmentFeeMinor: z.number().int(),
    totalMinor: z.number().int(),
    vatLines: z.array(
      z.object({ rate: z.number().int(), grossMinor: z.number().int(), vatMinor: z.number().int() }),
    ),
  }),
  couponCode: z.string().nullable(),
  shippingAddress: address.nullable(),
  billingAddress: address,
  note: z.string(),
  history: z.array(
    z.object({
      state,
      fromCode: z.number().int().nullable(),
      at: z.string(),
      actor: z.enum(['customer', 'payment', 'system', 'operator', 'carrier']),
      note: z.string(),
    }),
  ),
  shipments: z
    .array(
      z.object({
        carrier: z.string(),
        trackingNo: z.string(),
        trackingUrl: z.string().nullable().describe("The carrier's tracking page of this parcel"),
      }),
    )
    .describe('The parcels whose labels the shop bought (states 2 and 3)'),
  cargo: z
    .object({
      company: z.string(),
      trackingNo: z.string(),
      trackingUrl: z
        .string()
        .nullable()
        .describe("The carrier's page of the parcel; null for a carrier not listed"),
    })
    .nullable()
    .describe('States 2 and 3 only'),
  lastPayment: z
    .object({
      status: z.enum(['pending', 'succeeded', 'failed', 'refund_pending', 'refunded']),
      failureCode: z.string().nullable(),
      cardLast4: z.string().nullable(),
      provider: z.string().describe('test, iyzico or paytr'),
      mode: z.enum(['test', 'sandbox', 'live']),
      paidTotalMinor: z
        .number()
        .int()
        .nullable()
        .describe('What the card was charged, instalment interest included (kuruş)'),
    })
    .nullable(),
  bankAccounts: z.array(z.object({ bank: z.string(), holder: z.string(), iban: z.string() })),
  paymentDueAt: z.string().nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
  payUrl: z.string().nullable().describe('/secure-pay?order=&token= when canPay'),
}) satisfies z.ZodType<OrderDetail>;

export const session = z.object({
  orderNo: z.string(),
  state,
  paymentStatus,
  amountMinor: z.number().int(),
  instalments: z.number().int(),
  monthlyMinor: z.number().int(),
  itemCount: z.number().int(),
  shopName: z.string(),
  payable: z.boolean(),
  reason: z.string().nullable().describe('Why it cannot be paid now (Turkish)'),
  next: z.string().describe('/order-success?order=&token='),
  test: z
    .object({
      cards: z.array(z.object({ number: z.string(), outcome: z.string() })),
      verificationCode: z.string(),
    })
    .nullable()
    .describe('The built-in test provider: cards to try and the verification code'),
  provider: z
    .object({
      name: z.string(),
      mode: z.enum(['test', 'sandbox', 'live']),
      form: z.enum(['card', 'hosted']),
    })
    .nullable()
    .describe(
      'Who takes the card: our card form (card) or the provider form in an iframe (hosted); null: none',
    ),
  lastFailure: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe('Why the last attempt failed, while the order can be paid again'),
  verifying: z
    .boolean()
    .describe(
      'The last attempt (a hosted form) awaits the provider answer: wait and ask again, do not pay again',
    ),
}) satisfies z.ZodType<PaymentSession>;

export const outcome = z.object({
  outcome: z.enum(['paid', 'failed']),
  orderNo: z.string(),
  state,
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  next: z.string().describe('paid: /order-success?order=&token=; failed: /secure-pay?order=&token='),
}) satisfies z.ZodType<PaymentOutcome>;

export const challenge = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('challenge'),
    challenge: z.string().describe('The 3-D Secure step id: send it to /payments/verify'),
    cardLast4: z.string(),
    amountMinor: z.number().int(),
    expiresAt: z.string(),
    prompt: z.string(),
  }),
  z.object({ kind: z.literal('html'), html: z.string().describe("The bank's 3-D Secure page, shown as is") }),
  z.object({ kind: z.literal('iframe'), url: z.string().describe("The provider's hosted form") }),
  z.object({ kind: z.literal('outcome'), outcome }),
]) satisfies z.ZodType<PaymentStep>;
