/**
 * The staff login and the logged-in staff member's own account (`/api/admin/session`, `/api/admin/me/*`):
 * request schemas with the messages the panel shows next to a field, and the answers' schemas. Brings zod:
 * imported by path.
 */

import { VALIDATION_MESSAGES } from '../../email.ts';
import { type Permission, STAFF_ROLES } from '../../staff/permissions.ts';
import { z } from '../../zod.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account.ts';

/** A malformed address says the seed's `Invalid email address`, as every panel dialog with an e-mail field does. */
export const staffEmail = z
  .string({ error: 'E-posta adresini girin' })
  .trim()
  .toLowerCase()
  .min(1, 'E-posta adresini girin')
  .max(254, 'E-posta adresi en fazla 254 karakter olabilir')
  .pipe(z.email({ error: VALIDATION_MESSAGES.invalidEmail }));

const password = (missing: string) =>
  z
    .string({ error: missing })
    .min(1, missing)
    .max(PASSWORD_MAX_LENGTH, `Şifre en fazla ${PASSWORD_MAX_LENGTH} karakter olabilir`);

const CODE_FORMAT = 'Doğrulama kodu 6 haneli bir sayı olmalı';

/** A 6-digit code from an authenticator app; people type it with a space in the middle. */
export const totpCode = z
  .string({ error: 'Doğrulama kodunu girin' })
  .max(20, CODE_FORMAT)
  .transform((v) => v.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .min(1, 'Doğrulama kodunu girin')
      .regex(/^\d{6}$/, CODE_FORMAT),
  );

export const staffLoginRequest = z.object({
  email: staffEmail,
  password: password('Şifrenizi girin'),
  /** Needed once the account has two-step verification; blank is the same as absent. */
  code: z
    .preprocess((v) => (v === '' || v === null ? undefined : v), totpCode.optional())
    .describe('The 6-digit code of the authenticator app, once two-step verification is set up'),
});
export type StaffLoginRequest = z.input<typeof staffLoginRequest>;

export const totpConfirmRequest = z.object({ code: totpCode });
export type TotpConfirmRequest = z.input<typeof totpConfirmRequest>;
export type TotpConfirmData = z.output<typeof totpConfirmRequest>;

export const staffPasswordRequest = z
  .object({
    currentPassword: password('Mevcut şifrenizi girin'),
    newPassword: password('Yeni şifrenizi girin').min(
      PASSWORD_MIN_LENGTH,
      `Şifre en az ${PASSWORD_MIN_LENGTH} karakter olmalı`,
    ),
  })
  .refine((v) => v.currentPassword !== v.newPassword, {
    path: ['newPassword'],
    message: 'Yeni şifre mevcut şifrenizden farklı olmalı',
  });
export type StaffPasswordRequest = z.input<typeof staffPasswordRequest>;
export type StaffPasswordData = z.output<typeof staffPasswordRequest>;

/** The logged-in staff member as the panel sees themselves. */
export const staffMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  /** The role needs two-step verification (owner, manager): until it is set up the session can do nothing else. */
  totpRequired: z.boolean(),
  permissions: z.array(z.string() as z.ZodType<Permission>),
});
export type StaffMe = z.output<typeof staffMeSchema>;

export const staffSessionAnswer = z.object({ staff: staffMeSchema });
export type StaffSessionAnswer = z.output<typeof staffSessionAnswer>;

export const totpSetupAnswer = z.object({
  secret: z.string().describe('Base32, for typing into an authenticator app by hand'),
  otpauthUri: z.string().describe('otpauth://totp/… for the QR code'),
});
export type TotpSetupAnswer = z.output<typeof totpSetupAnswer>;
