/**
 * The audit log (`/api/admin/audit`, owners only): the list's filters and the answers' schemas. Brings zod:
 * imported by path.
 */
import { z } from '../../zod.ts';
import { pageNumber } from '../page-number.ts';
import { staffIdParam } from './staff.ts';

export const AUDIT_PER_PAGE = 50;
export const AUDIT_ACTOR_KINDS = ['staff', 'cli'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

const DATE_FORMAT = 'Tarih YYYY-AA-GG biçiminde olmalı';

/** A day of the shop's calendar (`2026-11-26`); the shop keeps Turkey's time, UTC+3 all year. */
export const day = z
  .string({ error: DATE_FORMAT })
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
  .refine(isCalendarDay, 'Böyle bir tarih yok');

/** `2026-02-30` has the format but is no day: a Date would roll it over to March. */
function isCalendarDay(v: string): boolean {
  const noon = new Date(`${v}T12:00:00Z`);
  return !Number.isNaN(noon.getTime()) && noon.toISOString().startsWith(v);
}

export const blankIsAbsent = (v: unknown) => (v === '' ? undefined : v);

/** A list's filter by days, `from` and `to` both included (either may be left blank); the audit log's, the orders'. */
export const dayRange = {
  from: z.preprocess(blankIsAbsent, day.optional()),
  to: z.preprocess(blankIsAbsent, day.optional()),
};
export const daysInOrder: [
  (v: { from?: string | undefined; to?: string | undefined }) => boolean,
  { path: string[]; message: string },
] = [
  (v) => !v.from || !v.to || v.from <= v.to,
  { path: ['to'], message: 'Bitiş tarihi başlangıç tarihinden önce olamaz' },
];

export const auditQuery = z
  .object({
    staffId: z.preprocess(blankIsAbsent, staffIdParam.optional()),
    entity: z.preprocess(
      blankIsAbsent,
      z
        .string({ error: 'Kayıt türü geçersiz' })
        .max(40, 'Kayıt türü geçersiz')
        .regex(/^[a-z_.-]+$/, 'Kayıt türü geçersiz')
        .optional(),
    ),
    ...dayRange,
    page: pageNumber,
  })
  .refine(...daysInOrder);
export type AuditQuery = z.input<typeof auditQuery>;
export type AuditFilter = z.output<typeof auditQuery>;

export const auditItemSchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO 8601'),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    staffId: z.number().int().optional(),
    email: z.string().optional(),
  }),
  action: z.string().describe('What was done, e.g. staff.update, settings.set, order.status'),
  entity: z.string().describe('The kind of record, e.g. staff, settings, order'),
  entityId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable().describe('The changed fields before the change'),
  after: z.record(z.string(), z.unknown()).nullable().describe('The changed fields after the change'),
});
export type AuditItem = z.output<typeof auditItemSchema>;

export const auditPageAnswer = z.object({
  items: z.array(auditItemSchema),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type AuditPage = z.output<typeof auditPageAnswer>;

export const auditEntitiesAnswer = z.object({ entities: z.array(z.string()) });
