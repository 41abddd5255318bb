/**
 * Coupons in the panel (`/api/admin/coupons`, `coupons.write`): the form's request schemas with their Turkish
 * field messages, and the answers' schemas. The panel's form sends its inputs' text; these schemas read
 * numbers and dates from it the way the API reads JSON. Brings zod: imported by path.
 */
import { lineText, z } from '../../zod.ts';
import { blank, optionalWhole, whole } from './form-numbers.ts';
import { parseLira } from './lira.ts';

export const COUPON_KINDS = ['percent', 'amount'] as const;
export const COUPON_DESCRIPTION_MAX = 200;
/** Turkey keeps UTC+3 all year: a date and time typed without a zone is the shop's. */
const SHOP_OFFSET = '+03:00';

/** `2026-02-30` has the format but is no day: a Date would roll it over to March. */
function isCalendarDay(v: string): boolean {
  const day = v.slice(0, 10);
  return new Date(`${day}T12:00:00Z`).toISOString().startsWith(day);
}

const DATE_MESSAGE = 'Tarih ve saati GG.AA.YYYY SS:DD olarak seçin';
/** An instant (ISO 8601); a form's `2026-12-01T09:00` is taken as the shop's time. Blank: none. */
const instant = z.preprocess(
  (v) => {
    if (blank(v)) return null;
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(v.trim())) {
      return `${v.trim().length === 16 ? `${v.trim()}:00` : v.trim()}${SHOP_OFFSET}`;
    }
    return v;
  },
  z
    .string({ error: DATE_MESSAGE })
    .refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) && !Number.isNaN(Date.parse(v)) && isCalendarDay(v),
      DATE_MESSAGE,
    )
    .transform((v) => new Date(v).toISOString())
    .nullable(),
);

const CODE_MESSAGE = 'Kod 3-30 karakter olmalı; yalnızca harf, rakam, tire (-) ve alt çizgi (_) içerebilir';

const couponFields = {
  /**
   * Kept as typed (no upper-casing: the Turkish one turns `i` into `İ`); shoppers' codes are matched on a
   * folded key, in any case and with or without Turkish letters (core coupons/code.ts).
   */
  code: lineText({ error: 'Kupon kodunu girin' })
    .trim()
    .min(1, 'Kupon kodunu girin')
    .pipe(z.string().regex(/^[A-Za-zÇĞİÖŞÜçğıöşü0-9_-]{3,30}$/, CODE_MESSAGE)),
  description: lineText({ error: 'Açıklama metin olmalı' })
    .trim()
    .max(COUPON_DESCRIPTION_MAX, `Açıklama en fazla ${COUPON_DESCRIPTION_MAX} karakter olabilir`)
    .default(''),
  kind: z.enum(COUPON_KINDS, { error: 'İndirim türü yüzde ya da tutar olmalı' }),
  /** Percent (1-100), or minor units (kuruş) for an amount. */
  value: whole('İndirim 1 ya da daha büyük bir tam sayı olmalı', 1, 50_000_000_00).describe(
    'Percent (1-100) for kind percent; kuruş (5000 = 50,00 TL) for kind amount. The panel types lira and sends kuruş',
  ),
  minBasketMinor: z
    .preprocess(
      (v) => (blank(v) ? 0 : v),
      whole('En düşük sepet tutarı kuruş olarak 0 ya da daha büyük bir tam sayı olmalı', 0, 50_000_000_00),
    )
    .describe('Kuruş (75000 = 750,00 TL); 0: no lowest basket'),
  startsAt: instant,
  endsAt: instant,
  usageLimit: optionalWhole(
    'Toplam kullanım sınırı boş ya da 1 ya da daha büyük bir tam sayı olmalı',
    1,
    10_000_000,
  ),
  perCustomerLimit: optionalWhole(
    'Müşteri başına sınır boş ya da 1 ya da daha büyük bir tam sayı olmalı',
    1,
    10_000,
  ),
  categoryId: optionalWhole('Kategori numarası geçersiz', 1, 2_147_483_647),
  isPublic: z.boolean({ error: 'Kuponlar sayfasında gösterilsin mi: evet ya da hayır olmalı' }),
  isActive: z.boolean({ error: 'Etkin evet ya da hayır olmalı' }),
};

type CouponShape = {
  kind?: (typeof COUPON_KINDS)[number];
  value?: number;
  startsAt?: string | null;
  endsAt?: string | null;
};

/** The rules between fields; the same for a new coupon and for an edited one (checked merged with the row). */
function crossChecks(v: CouponShape, ctx: z.RefinementCtx) {
  if (v.kind === 'percent' && v.value !== undefined && v.value > 100) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'Yüzde indirim 1 ile 100 arasında olmalı' });
  }
  if (v.startsAt && v.endsAt && v.endsAt <= v.startsAt) {
    ctx.addIssue({
      code: 'custom',
      path: ['endsAt'],
      message: 'Bitiş tarihi başlangıç tarihinden sonra olmalı',
    });
  }
}

export const couponRequest = z
  .object({
    ...couponFields,
    startsAt: couponFields.startsAt.default(null),
    endsAt: couponFields.endsAt.default(null),
    usageLimit: couponFields.usageLimit.default(null),
    perCustomerLimit: couponFields.perCustomerLimit.default(null),
    categoryId: couponFields.categoryId.default(null),
    isPublic: couponFields.isPublic.default(false),
    isActive: couponFields.isActive.default(true),
  })
  .superRefine(crossChecks);
export type CouponRequest = z.input<typeof couponRequest>;
export type CouponInput = z.output<typeof couponRequest>;

/** The panel's coupon form: its inputs' text, the amounts typed in lira. */
export interface CouponFormValues {
  code: string;
  description: string;
  kind: (typeof COUPON_KINDS)[number];
  /** Percent for a percent coupon; lira (`150`, `150,50`) for an amount. */
  value: string;
  /** Lira; blank is none. */
  minBasketMinor: string;
  startsAt: string;
  endsAt: string;
  usageLimit: string;
  perCustomerLimit: string;
  /** A category's id, or blank for every category. */
  categoryId: string;
  isPublic: boolean;
  isActive: boolean;
}

/**
 * The panel's coupon form read into the API's request: an amount coupon's discount and the lowest basket are
 * typed in lira (`150`, `150,50`, `150.50`) and sent as kuruş; a percent stays a percent. Then the same checks
 * as the API's.
 */
export const couponFormRequest = z
  .looseObject({ kind: z.unknown(), value: z.unknown(), minBasketMinor: z.unknown() })
  .transform((form, ctx) => {
    const out: Record<string, unknown> = { ...form };
    const wrong = new Set<string>();
    const lira = (key: 'value' | 'minBasketMinor', min: number, below: string) => {
      const typed = form[key];
      if (typeof typed !== 'string') return;
      if (key === 'minBasketMinor' && blank(typed)) {
        out[key] = 0;
        return;
      }
      const read = parseLira(typed);
      const message = 'error' in read ? read.error : read.minor < min ? below : null;
      if (message) {
        ctx.addIssue({ code: 'custom', path: [key], message });
        wrong.add(key);
        out[key] = 1; // stands in while the other fields are checked below
      } else if ('minor' in read) out[key] = read.minor;
    };
    if (form.kind === 'amount') lira('value', 1, 'İndirim tutarı sıfırdan büyük olmalı');
    lira('minBasketMinor', 0, '');
    if (wrong.size > 0) {
      // The request's checks stop here: the other fields' messages are shown with the amounts' at once.
      for (const issue of couponRequest.safeParse(out).error?.issues ?? []) {
        if (!wrong.has(String(issue.path[0]))) ctx.addIssue({ ...issue, code: 'custom' });
      }
    }
    return out;
  })
  .pipe(couponRequest);

/** An edit: any of the fields; the server checks the rules between them on the coupon as it would be. */
export const couponUpdateRequest = z
  .object({
    code: couponFields.code.optional(),
    description: lineText({ error: 'Açıklama metin olmalı' })
      .trim()
      .max(COUPON_DESCRIPTION_MAX, `Açıklama en fazla ${COUPON_DESCRIPTION_MAX} karakter olabilir`)
      .optional(),
    kind: couponFields.kind.optional(),
    value: couponFields.value.optional(),
    minBasketMinor: couponFields.minBasketMinor.optional(),
    startsAt: couponFields.startsAt.optional(),
    endsAt: couponFields.endsAt.optional(),
    usageLimit: couponFields.usageLimit.optional(),
    perCustomerLimit: couponFields.perCustomerLimit.optional(),
    categoryId: couponFields.categoryId.optional(),
    isPublic: couponFields.isPublic.optional(),
    isActive: couponFields.isActive.optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Değiştirilecek bir alan gönderin',
  })
  .superRefine(crossChecks);
export type CouponUpdateRequest = z.input<typeof couponUpdateRequest>;
export type CouponUpdate = z.output<typeof couponUpdateRequest>;

/** The fields a panel form edits (and the audit log records): all but the running count. */
export const COUPON_FORM_FIELDS = [
  'code',
  'description',
  'kind',
  'value',
  'minBasketMinor',
  'startsAt',
  'endsAt',
  'usageLimit',
  'perCustomerLimit',
  'categoryId',
  'isPublic',
  'isActive',
] as const;

export const couponIdParam = z.coerce
  .number({ error: 'Kupon numarası geçersiz' })
  .int('Kupon numarası geçersiz')
  .min(1, 'Kupon numarası geçersiz')
  .max(2_147_483_647, 'Kupon numarası geçersiz');

/** What a coupon is now: its switch, then its dates and uses. */
export const COUPON_STATES = ['active', 'disabled', 'scheduled', 'ended', 'usedUp'] as const;
export type CouponState = (typeof COUPON_STATES)[number];

export const adminCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(COUPON_KINDS),
  value: z.number().int().describe('Percent, or kuruş for an amount'),
  minBasketMinor: z.number().int(),
  startsAt: z.string().nullable().describe('ISO 8601'),
  endsAt: z.string().nullable().describe('ISO 8601'),
  usageLimit: z.number().int().nullable(),
  perCustomerLimit: z.number().int().nullable(),
  usedCount: z.number().int().describe('Orders that used it'),
  remainingUses: z.number().int().nullable().describe('Uses left under usageLimit; null: no limit'),
  categoryId: z.number().int().nullable(),
  categoryName: z.string().nullable(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  state: z.enum(COUPON_STATES),
  createdAt: z.string().describe('ISO 8601'),
  updatedAt: z.string().describe('ISO 8601'),
});
export type AdminCoupon = z.output<typeof adminCouponSchema>;

export const couponListAnswer = z.object({ items: z.array(adminCouponSchema) });
export const couponAnswer = z.object({ coupon: adminCouponSchema });
