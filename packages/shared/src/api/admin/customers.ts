/**
 * Customers in the staff panel (`/api/admin/customers`): the search, the changes staff may make (wholesale
 * prices, disabling the account), the erasure's confirmation, and the answers' schemas. Brings zod: imported
 * by path.
 */
import { lineText, z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';

export const CUSTOMERS_PER_PAGE = 25;
/** How many of a customer's orders and tickets the detail lists (newest first). */
export const CUSTOMER_DETAIL_ROWS = 50;

export const customerListQuery = z.object({
  q: lineText({ error: 'Arama metni geçersiz' })
    .trim()
    .max(100, 'Arama en fazla 100 karakter olabilir')
    .optional()
    .transform((v) => v || undefined),
  page: pageNumber,
});
export type CustomerListQuery = z.input<typeof customerListQuery>;
export type CustomerListFilter = z.output<typeof customerListQuery>;

export const customerIdParam = z.coerce
  .number({ error: 'Müşteri numarası geçersiz' })
  .int('Müşteri numarası geçersiz')
  .min(1, 'Müşteri numarası geçersiz')
  .max(2_147_483_647, 'Müşteri numarası geçersiz');

export const customerUpdateRequest = z
  .object({
    wholesale: z.boolean({ error: 'Toptan fiyat evet ya da hayır olmalı' }).optional(),
    disabled: z.boolean({ error: 'Devre dışı evet ya da hayır olmalı' }).optional(),
  })
  .refine((v) => v.wholesale !== undefined || v.disabled !== undefined, {
    message: 'Değiştirilecek bir alan gönderin (toptan fiyat ya da devre dışı)',
  });
export type CustomerUpdateRequest = z.input<typeof customerUpdateRequest>;
export type CustomerUpdateData = z.output<typeof customerUpdateRequest>;

/** The erasure is confirmed by typing the customer's e-mail address (compared without regard to case). */
export const customerEraseRequest = z.object({
  confirm: z
    .string({ error: 'Onay için müşterinin e-posta adresini yazın' })
    .trim()
    .min(1, 'Onay için müşterinin e-posta adresini yazın')
    .max(254, 'Onay için müşterinin e-posta adresini yazın'),
});
export type CustomerEraseRequest = z.input<typeof customerEraseRequest>;
export type CustomerEraseData = z.output<typeof customerEraseRequest>;

const iso = () => z.string().describe('ISO 8601');

export const customerRowSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  wholesale: z.boolean(),
  disabled: z.boolean(),
  erased: z.boolean().describe('The account was deleted: its personal data is gone, its orders kept'),
  orderCount: z.number().int(),
  createdAt: iso(),
});
export type CustomerRow = z.output<typeof customerRowSchema>;

export const customerListAnswer = z.object({
  items: z.array(customerRowSchema),
  page: z.number().int(),
  perPage: z.number().int(),
  total: z.number().int(),
  pageCount: z.number().int(),
});
export type CustomerListAnswer = z.output<typeof customerListAnswer>;

const statusView = z.object({ code: z.number().int(), label: z.string(), badge: z.string() });

const orderRow = z.object({
  orderNo: z.string(),
  status: statusView,
  totalMinor: z.number().int(),
  createdAt: iso(),
});

export const customerDetailSchema = customerRowSchema.extend({
  marketingConsent: z.boolean(),
  disabledAt: iso().nullable(),
  erasedAt: iso().nullable(),
  addresses: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      firstName: z.string(),
      lastName: z.string(),
      phone: z.string(),
      province: z.string(),
      district: z.string(),
      line: z.string(),
    }),
  ),
  orders: z.array(orderRow),
  guestOrders: z
    .array(orderRow)
    .describe('Orders placed as a guest with the same e-mail address: not linked to the account'),
  tickets: z.array(
    z.object({
      ticketNo: z.string(),
      subject: z.string(),
      status: z.object({ code: z.string(), label: z.string(), badge: z.string() }),
      updatedAt: iso(),
    }),
  ),
});
export type CustomerDetail = z.output<typeof customerDetailSchema>;

export const customerAnswer = z.object({ customer: customerDetailSchema });

/** What sending the guest orders' linking e-mail answers: how many orders the e-mail names. */
export const guestOrdersLinkAnswer = z.object({ count: z.number().int() });
export type GuestOrdersLinkAnswer = z.output<typeof guestOrdersLinkAnswer>;
