import { apiErrorBodySchema } from '@vitrin/shared/api/errors';
import {
  cardPaymentRequest,
  orderAccessQuery,
  orderListQuery,
  paymentSessionQuery,
  signedPaymentResult,
  verifyPaymentRequest,
} from '@vitrin/shared/api/order-requests';
import type {
  CardChallenge,
  OrderDetail,
  OrderList,
  OrderSummary,
  PaymentOutcome,
  PaymentSession,
} from '@vitrin/shared/api/orders';
import { z } from '@vitrin/shared/zod';
import type { Operation } from '../operation.ts';

/** Orders after placement and card payments in the OpenAPI document (their answers as zod schemas). */

const error = (description: string) => ({ description, schema: apiErrorBodySchema });
const invalid = { 400: error('GECERSIZ_ISTEK: `fields` names each bad field in Turkish') };
const notFound = { 404: error('SIPARIS_BULUNAMADI: unknown, another customer’s, or a wrong token') };
const maintenance = { 503: error('Mağaza bakımda (yazma istekleri)') };
const crossOrigin = { 403: error('KAYNAK_REDDEDILDI: a cookie-carrying write from another site') };
const tooMany = { 429: error('COK_FAZLA_ISTEK: too many attempts from this address') };

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

const list = z.object({
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

const detail = summary.extend({
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
      actor: z.enum(['customer', 'payment', 'system', 'operator']),
      note: z.string(),
    }),
  ),
  cargo: z.object({ company: z.string(), trackingNo: z.string() }).nullable().describe('States 2 and 3 only'),
  lastPayment: z
    .object({
      status: z.enum(['pending', 'succeeded', 'failed', 'refund_pending', 'refunded']),
      failureCode: z.string().nullable(),
      cardLast4: z.string().nullable(),
    })
    .nullable(),
  bankAccounts: z.array(z.object({ bank: z.string(), holder: z.string(), iban: z.string() })),
  paymentDueAt: z.string().nullable(),
  canCancel: z.boolean(),
  canPay: z.boolean(),
  payUrl: z.string().nullable().describe('/secure-pay?order=&token= when canPay'),
}) satisfies z.ZodType<OrderDetail>;

const session = z.object({
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
}) satisfies z.ZodType<PaymentSession>;

const challenge = z.object({
  challenge: z.string().describe('The 3-D Secure step id: send it to /payments/verify'),
  cardLast4: z.string(),
  amountMinor: z.number().int(),
  expiresAt: z.string(),
  prompt: z.string(),
}) satisfies z.ZodType<CardChallenge>;

const outcome = z.object({
  outcome: z.enum(['paid', 'failed']),
  orderNo: z.string(),
  state,
  failure: z.object({ code: z.string(), message: z.string() }).nullable(),
  next: z.string().describe('paid: /order-success?order=&token=; failed: /secure-pay?order=&token='),
}) satisfies z.ZodType<PaymentOutcome>;

export const orderOperations: Operation[] = [
  {
    method: 'get',
    path: '/api/front/orders',
    summary: "The logged-in customer's orders, newest first, paged (panel: Siparişlerim)",
    tag: 'orders',
    auth: true,
    query: orderListQuery,
    responses: {
      200: { description: 'Orders', schema: list },
      ...invalid,
      401: error('OTURUM_GECERSIZ: no valid session'),
    },
  },
  {
    method: 'get',
    path: '/api/front/orders/{orderNo}',
    summary:
      'One order with lines, totals, addresses, payment and history: its customer, or `?token=` of the guest link',
    tag: 'orders',
    query: orderAccessQuery,
    responses: { 200: { description: 'Order', schema: detail }, ...notFound },
  },
  {
    method: 'post',
    path: '/api/front/orders/{orderNo}/cancel',
    summary: 'Cancels the order (states 0 and 1): stock and coupon use are given back',
    tag: 'orders',
    query: orderAccessQuery,
    responses: {
      200: { description: 'The cancelled order', schema: detail },
      ...crossOrigin,
      ...notFound,
      409: error('GECERSIZ_DURUM_GECISI (not cancellable now) or SIPARIS_DURUMU_DEGISTI (changed meanwhile)'),
      ...maintenance,
    },
  },
  {
    method: 'get',
    path: '/api/front/payments/session',
    summary: 'What /secure-pay shows first: amount, instalments, whether the order can be paid now',
    tag: 'payments',
    query: paymentSessionQuery,
    responses: { 200: { description: 'Payment session', schema: session }, ...invalid, ...notFound },
  },
  {
    method: 'post',
    path: '/api/front/payments/card',
    summary: 'Card form (Luhn, expiry, CVC, holder): begins a payment attempt and opens the 3-D Secure step',
    tag: 'payments',
    body: cardPaymentRequest,
    responses: {
      201: { description: 'The verification-code step', schema: challenge },
      ...invalid,
      ...crossOrigin,
      ...notFound,
      409: error('ODEME_YAPILAMAZ: paid, cancelled or not a card order'),
      ...tooMany,
      ...maintenance,
    },
  },
  {
    method: 'post',
    path: '/api/front/payments/verify',
    summary: 'Verification code: the bank signs its answer, the shop verifies it and applies the outcome',
    tag: 'payments',
    body: verifyPaymentRequest,
    responses: {
      200: { description: 'Paid, or failed with the reason (the order is then in state 7)', schema: outcome },
      ...invalid,
      ...crossOrigin,
      409: error('ODEME_SONUCU_KULLANILDI: this step was already completed'),
      ...tooMany,
      ...maintenance,
    },
  },
  {
    method: 'post',
    path: '/api/front/payments/result',
    summary: "A payment provider's signed result, as it comes back through the browser",
    tag: 'payments',
    body: signedPaymentResult,
    responses: {
      200: { description: 'Applied', schema: outcome },
      400: error('ODEME_IMZASI_GECERSIZ: the signature does not check out'),
      ...crossOrigin,
      409: error('ODEME_SONUCU_KULLANILDI: a replayed result'),
      ...tooMany,
      ...maintenance,
    },
  },
];
