/**
 * The panel's dashboard (`/api/admin/dashboard`) and the orders export (`/api/admin/exports/orders.csv|xlsx`).
 * Brings zod: imported by path.
 */
import { z } from '../../zod.ts';
import { blankIsAbsent, day, daysInOrder } from './audit.ts';

/** The longest export: a year and a day (a leap year's whole year). */
export const EXPORT_MAX_DAYS = 366;
const DAY_MS = 24 * 60 * 60_000;

const requiredDay = (name: string) =>
  z.preprocess(blankIsAbsent, z.string({ error: `${name} tarihi gerekli` }).pipe(day));

/** `?from=&to=`: whole days of the shop's calendar (Turkey time), both included, at most a year. */
export const exportQuery = z
  .object({ from: requiredDay('Başlangıç'), to: requiredDay('Bitiş') })
  .refine(...daysInOrder)
  .refine((v) => (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS < EXPORT_MAX_DAYS, {
    path: ['to'],
    message: `Tarih aralığı en fazla ${EXPORT_MAX_DAYS} gün olabilir`,
  });
export type ExportRange = z.output<typeof exportQuery>;

const tally = z.object({
  orders: z.number().int(),
  revenueMinor: z
    .number()
    .int()
    .optional()
    .describe('TRY kuruş, VAT included; absent for a role without `reports.read` (support)'),
});

/** The shop's legal details an invoice needs, by setting, with the label the settings screen gives them. */
export const LEGAL_DETAILS = {
  unvan: 'Ticari unvan',
  tax_id: 'VKN / TCKN',
  tax_office: 'Vergi dairesi',
  mersis_no: 'MERSİS numarası',
} as const;
export type LegalDetail = keyof typeof LEGAL_DETAILS;

/** The nightly backup: when it runs, how many are kept, and how the last one went. */
export const backupState = z.object({
  database: z
    .enum(['embedded', 'postgres'])
    .describe(
      'postgres: the nightly backup is a pg_dump made by one app node; the server’s own backups hold no files',
    ),
  time: z.string().nullable().describe('HH:MM Turkey time; null: nightly backup switched off'),
  keep: z.number().int(),
  last: z
    .object({
      at: z.string().describe('ISO 8601'),
      ok: z.boolean(),
      file: z.string().nullable(),
      sizeBytes: z.number().int().nullable(),
      reason: z.string().nullable().describe('Why it failed, in Turkish'),
    })
    .nullable(),
});
export type BackupState = z.output<typeof backupState>;

export const dashboardAnswer = z
  .object({
    today: tally.describe('Since 00:00 today, Turkey time'),
    month: tally.describe('Since the 1st of this month, Turkey time'),
    byState: z.array(z.object({ code: z.number().int(), label: z.string(), count: z.number().int() })),
    lowStock: z.object({
      threshold: z.number().int(),
      items: z.array(
        z.object({
          productId: z.number().int(),
          variantId: z.number().int().nullable(),
          name: z.string(),
          sku: z.string(),
          options: z.record(z.string(), z.string()),
          stock: z.number().int(),
        }),
      ),
    }),
    openTickets: z.number().int(),
    cartRecovery: z
      .object({
        reminded: z.number().int().describe('Abandoned-cart reminder e-mails sent this month'),
        recovered: z
          .number()
          .int()
          .describe('Of those, the carts an order of the customer followed within 7 days'),
        revenueMinor: z
          .number()
          .int()
          .optional()
          .describe('Their orders’ totals, TRY kuruş, VAT included; absent without `reports.read`'),
      })
      .describe('Since the 1st of this month, Turkey time'),
    pendingReviews: z.number().int().describe('Product reviews waiting for moderation'),
    days: z
      .array(tally.extend({ day: z.string().describe('YYYY-MM-DD, Turkey time') }))
      .optional()
      .describe('The last 30 days, oldest first, today last; absent without `reports.read`'),
    legalDetailsMissing: z
      .array(z.enum(Object.keys(LEGAL_DETAILS) as [LegalDetail, ...LegalDetail[]]))
      .describe("The settings an invoice needs that are still empty, or the fresh shop's placeholder unvan"),
    recent: z.array(
      z.object({
        orderNo: z.string(),
        at: z.string().describe('ISO 8601'),
        name: z.string(),
        status: z.number().int(),
        totalMinor: z.number().int(),
      }),
    ),
    backup: backupState.optional(),
  })
  .describe(
    'Orders count whatever their state; revenue counts orders that are not cancelled (6) and whose payment did not fail (state 7, payment failed): the VAT-included total in TRY.',
  );
export type DashboardAnswer = z.output<typeof dashboardAnswer>;
