/**
 * Validation of catalogue queries (listing filters, search text). Server-side only: it brings zod, which the
 * browser bundle must not carry; the types and constants the storefront needs are in `catalog.ts`.
 */
import { isSlug } from '../slug.ts';
import { lineText, multilineText, z } from '../zod.ts';
import { DEFAULT_PAGE_SIZE, LISTING_SORTS, MAX_PAGE_SIZE, MAX_QUERY_LENGTH } from './catalog.ts';

/**
 * One value or several (`?tag=a&tag=b`). A bad value gets its own message under the parameter's name (a
 * union would answer only "Geçersiz değer").
 */
const many = (item: z.ZodType<string>, max: number, message: string) =>
  z.preprocess(
    (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]),
    z
      .array(z.string())
      .max(max, message)
      .superRefine((values, ctx) => {
        const bad = values.map((v) => item.safeParse(v).error).find((e) => e !== undefined);
        if (bad) ctx.addIssue({ code: 'custom', message: bad.issues[0]!.message });
      }),
  );

/** A price bound in whole or decimal lira as typed in a filter form ("250" or "249.90"). */
const lira = z
  .string()
  .trim()
  .regex(/^\d{1,7}([.,]\d{1,2})?$/, 'Fiyat, en fazla iki ondalıklı pozitif bir sayı olmalıdır.')
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100));

/**
 * Filters, sorting and paging of every product listing (category, tag, search), as they appear in the URL.
 * The same schema validates the API query and the page URL, so a bad value names its field in both.
 */
export const listingQuerySchema = z
  .object({
    page: z
      .string()
      .regex(/^[1-9]\d{0,4}$/, 'Sayfa numarası 1 ile 99999 arasında bir tam sayı olmalıdır.')
      .transform(Number)
      .optional()
      .default(1),
    pageSize: z
      .string()
      .regex(/^\d{1,3}$/, 'Sayfa boyutu bir tam sayı olmalıdır.')
      .transform(Number)
      .pipe(
        z
          .number()
          .min(1, 'Sayfa boyutu en az 1 olmalıdır.')
          .max(MAX_PAGE_SIZE, `Sayfa boyutu en fazla ${MAX_PAGE_SIZE} olabilir.`),
      )
      .optional()
      .default(DEFAULT_PAGE_SIZE),
    sort: z
      .enum(LISTING_SORTS, { error: `Sıralama şunlardan biri olmalıdır: ${LISTING_SORTS.join(', ')}.` })
      .optional()
      .default('newest'),
    min: lira.optional(),
    max: lira.optional(),
    stock: z.enum(['1'], { error: 'Stok filtresi yalnızca 1 olabilir.' }).optional(),
    tag: many(
      z.string().refine(isSlug, 'Etiket geçerli bir kısa ad olmalıdır.'),
      20,
      'En fazla 20 etiket seçilebilir.',
    ),
    opt: many(
      lineText()
        .max(120)
        .regex(/^[^:]{1,40}:.{1,60}$/, 'Seçenek filtresi "Ad:Değer" biçiminde olmalıdır (ör. Renk:Mavi).'),
      10,
      'En fazla 10 seçenek filtresi seçilebilir.',
    ),
  })
  .refine((q) => q.min === undefined || q.max === undefined || q.min <= q.max, {
    path: ['max'],
    message: 'En yüksek fiyat, en düşük fiyattan küçük olamaz.',
  });
export type ListingQuery = z.output<typeof listingQuerySchema>;

/**
 * A search query: trimmed, at most 200 characters; quotes, %, _ and backslashes are plain text. Pasted
 * line breaks and tabs are spaces like any other.
 */
export const searchTextSchema = multilineText({ error: 'Arama metni gerekli.' })
  .max(MAX_QUERY_LENGTH, `Arama metni en fazla ${MAX_QUERY_LENGTH} karakter olabilir.`)
  .transform((q) => q.trim().replace(/\s+/g, ' '));

export const searchQuerySchema = z.object({ q: searchTextSchema.optional().default('') });
