import { type Address, BILLING_TYPES, type CustomerProfile, loginInput } from '@vitrin/shared/api/account';
import { z } from '@vitrin/shared/zod';
import { crossOrigin, errorAnswer, invalid, maintenance, noSession } from '../route.ts';

/** What the account API answers (the shared module has these as types only: the browser needs no zod). */
const customerProfileSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().describe('E.164, e.g. +905321234567'),
  wholesale: z.boolean(),
  marketingConsent: z.boolean(),
}) satisfies z.ZodType<CustomerProfile>;

const addressSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  phone: z.string(),
  provinceCode: z.number().int(),
  province: z.string(),
  district: z.string(),
  line: z.string(),
  postcode: z.string().nullable(),
  billingType: z.enum(BILLING_TYPES),
  tcKimlikNo: z.string().nullable(),
  companyName: z.string().nullable(),
  taxNumber: z.string().nullable(),
  taxOffice: z.string().nullable(),
  isDefaultShipping: z.boolean(),
  isDefaultBilling: z.boolean(),
}) satisfies z.ZodType<Address>;

export const customerAnswer = z.object({ customer: customerProfileSchema });
export const addressAnswer = z.object({ address: addressSchema });
export const addressesAnswer = z.object({ addresses: z.array(addressSchema) });

export const loginBody = loginInput.extend({
  bearer: z
    .boolean()
    .optional()
    .describe('true: answer with the session token for `Authorization: Bearer` instead of setting a cookie'),
});
export const bearerLoginAnswer = z.object({
  customer: customerProfileSchema,
  token: z.string().describe('Shown once; send it as `Authorization: Bearer <token>`'),
  expiresAt: z.string().describe('ISO 8601; the expiry slides forward with use'),
});

/** A panel write: bad fields, no session, another site, maintenance. */
export const panelWrite = { ...invalid, ...noSession, ...crossOrigin, ...maintenance };
export const wrongPassword = {
  403: errorAnswer('SIFRE_HATALI, or KAYNAK_REDDEDILDI'),
  429: errorAnswer('COK_FAZLA_DENEME: five wrong passwords in a row; the message says until when'),
};
