/**
 * The product import (`POST /api/admin/imports/products`, its progress at `/api/admin/imports/{id}`) and the
 * product export (`/api/admin/exports/products.csv|xlsx`): the columns both use, the limits and the answers.
 * Brings zod: imported by path.
 */
import { z } from '../../zod.ts';

/** The largest file the import reads. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** The most rows (after the header) one import takes. */
export const IMPORT_MAX_ROWS = 50_000;

/**
 * The columns of the import and the export, in the export's order: the English key and the Turkish header
 * (either is accepted, in any case, with Turkish letters or without). `required`: the header must be there.
 */
export const PRODUCT_COLUMNS = [
  { key: 'sku', title: 'SKU', required: true },
  { key: 'parent_sku', title: 'Ana Ürün SKU' },
  { key: 'name', title: 'Ürün Adı', required: true },
  { key: 'slug', title: 'Slug' },
  { key: 'stock_type', title: 'Stok Tipi' },
  { key: 'category', title: 'Kategori', required: true },
  { key: 'brand', title: 'Marka' },
  { key: 'barcode', title: 'Barkod' },
  { key: 'short_description', title: 'Kısa Açıklama' },
  { key: 'description', title: 'Açıklama' },
  { key: 'sale_price', title: 'Satış Fiyatı', required: true },
  { key: 'market_price', title: 'Piyasa Fiyatı' },
  { key: 'purchase_price', title: 'Alış Fiyatı' },
  { key: 'instalment_price', title: 'Taksitli Satış Fiyatı' },
  { key: 'wholesale_price', title: 'Toptan Satış Fiyatı' },
  { key: 'currency', title: 'Para Birimi' },
  { key: 'vat_rate', title: 'KDV Oranı' },
  { key: 'stock', title: 'Stok' },
  { key: 'active', title: 'Aktif' },
  { key: 'options', title: 'Seçenekler' },
] as const satisfies readonly { key: string; title: string; required?: boolean }[];

export type ProductColumn = (typeof PRODUCT_COLUMNS)[number]['key'];

const flag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false')])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** `?dryRun=1` checks every row and changes nothing; `?id=` names the run for its progress (else one is made). */
export const importQuery = z.object({
  dryRun: flag.describe('1: check only, change nothing'),
  id: z
    .string()
    .regex(/^[A-Za-z0-9-]{8,64}$/, 'Kimlik 8-64 harf, rakam ya da tire olmalıdır')
    .optional()
    .describe('A name of this run (e.g. a UUID the panel made) to follow its progress while it runs'),
});

export const importIdParam = {
  id: z.string().regex(/^[A-Za-z0-9-]{8,64}$/, 'Kimlik 8-64 harf, rakam ya da tire olmalıdır'),
};

const summary = z.object({
  create: z.number().int().describe('Products and variants that would be (or were) created'),
  update: z.number().int(),
  unchanged: z.number().int(),
  errors: z.number().int().describe('Rows with at least one error'),
});
export type ImportSummary = z.infer<typeof summary>;

const rowErrors = z
  .array(
    z.object({
      line: z
        .number()
        .int()
        .describe(
          'The row as a spreadsheet numbers it: the header is row 1, the first product row 2 (a CSV cell with line breaks is still one row)',
        ),
      sku: z.string().nullable().describe('The SKU the row names, as written (null when its cell is empty)'),
      errors: z.array(
        z.object({
          field: z.string().describe('The column key'),
          message: z
            .string()
            .describe('Turkish, naming the row and its SKU: `Satır 104 (VA-KIR-0004): Satış Fiyatı …`'),
        }),
      ),
    }),
  )
  .describe('The rows with errors, in file order');
export type ImportRowErrors = z.infer<typeof rowErrors>;

/** The most products and variants whose changes an answer lists field by field. */
export const IMPORT_CHANGES_LISTED = 1_000;

const changes = z
  .array(
    z.object({
      line: z.number().int().describe('The row, numbered as `rows`'),
      sku: z.string(),
      parentSku: z.string().nullable().describe('A variant’s product; null for a product'),
      fields: z.array(
        z.object({
          field: z.string().describe('The column key (`sale_price`, `stock`, …)'),
          title: z.string().describe('The column’s Turkish header'),
          from: z
            .string()
            .nullable()
            .describe('The stored value in Turkish formatting (`229,90`); null: none'),
          to: z.string().nullable().describe('The value after the import; null: removed'),
        }),
      ),
    }),
  )
  .describe(
    `Each stored product or variant the file changes (would change, in a dry run), field by field with old and new values, in file order; the first ${IMPORT_CHANGES_LISTED.toLocaleString('en')}`,
  );
export type ImportChanges = z.infer<typeof changes>;

export const importAnswer = z.object({
  id: z.string(),
  dryRun: z.boolean(),
  rows: rowErrors,
  summary,
  created: z
    .array(z.string())
    .describe('SKUs of the products and variants created (a dry run: that would be), in file order'),
  updated: z
    .array(z.string())
    .describe('SKUs of the stored products and variants changed (would be changed)'),
  changes,
  changesLeftOut: z.number().int().describe('Changed products and variants not listed in `changes`'),
});
export type ImportAnswer = z.infer<typeof importAnswer>;

/** The answer of a real run refused for its rows (422): nothing was written. */
export const importRefusal = importAnswer.extend({
  error: z.object({ code: z.literal('ICE_AKTARMA_HATALI'), message: z.string() }),
});
export type ImportRefusal = z.infer<typeof importRefusal>;

export const IMPORT_PHASES = ['read', 'check', 'write', 'done', 'failed'] as const;
export const importProgressAnswer = z.object({
  id: z.string(),
  dryRun: z.boolean(),
  phase: z
    .enum(IMPORT_PHASES)
    .describe(
      'read: the file; check: the rows against the catalogue; write: the rows that change anything, then their apply in one transaction; done; failed (see `result` or error)',
    ),
  done: z.number().int().describe('Rows handled in this phase: checked, or written to the staging table'),
  total: z
    .number()
    .int()
    .describe(
      'Rows of this phase: in the file (0 while it is read), then those to write (0: nothing changes)',
    ),
  startedAt: z.string().describe('ISO 8601'),
  result: importAnswer.nullable().describe('When done (or refused for its rows)'),
});
export type ImportProgress = z.infer<typeof importProgressAnswer>;
