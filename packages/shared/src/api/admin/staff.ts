/**
 * Staff management (`/api/admin/staff`, owners only): request schemas with the panel's field messages, and
 * the answers' schemas. Brings zod: imported by path.
 */
import { STAFF_ROLES } from '../../staff/permissions.ts';
import { lineText, z } from '../../zod.ts';
import { staffEmail } from './session.ts';

export const STAFF_NAME_MAX = 100;

const staffName = lineText({ error: 'Adı girin' })
  .trim()
  .min(1, 'Adı girin')
  .max(STAFF_NAME_MAX, `Ad en fazla ${STAFF_NAME_MAX} karakter olabilir`);

const staffRole = z.enum(STAFF_ROLES, { error: 'Rol sahip, yönetici ya da destek olmalı' });

export const staffCreateRequest = z.object({ email: staffEmail, name: staffName, role: staffRole });
export type StaffCreateRequest = z.input<typeof staffCreateRequest>;

export const staffUpdateRequest = z
  .object({
    name: staffName.optional(),
    role: staffRole.optional(),
    disabled: z.boolean({ error: 'Devre dışı evet ya da hayır olmalı' }).optional(),
  })
  .refine((v) => v.name !== undefined || v.role !== undefined || v.disabled !== undefined, {
    message: 'Değiştirilecek bir alan gönderin (ad, rol ya da devre dışı)',
  });
export type StaffUpdateRequest = z.input<typeof staffUpdateRequest>;

export const staffIdParam = z.coerce
  .number({ error: 'Personel numarası geçersiz' })
  .int('Personel numarası geçersiz')
  .min(1, 'Personel numarası geçersiz')
  .max(2_147_483_647, 'Personel numarası geçersiz');

export const staffRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: z.enum(STAFF_ROLES),
  totpEnabled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable().describe('ISO 8601'),
  createdAt: z.string().describe('ISO 8601'),
});
export type StaffRow = z.output<typeof staffRowSchema>;

export const staffListAnswer = z.object({ items: z.array(staffRowSchema) });
export const staffAnswer = z.object({ staff: staffRowSchema });
export const staffCreatedAnswer = z.object({
  staff: staffRowSchema,
  password: z.string().describe('Generated, shown once'),
});
export type StaffCreatedAnswer = z.output<typeof staffCreatedAnswer>;
