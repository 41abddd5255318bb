/**
 * Products in the panel (`/api/admin/products…`, `catalog.read` to read, `catalog.write` to change): the list's
 * query, the product form's request with its Turkish field messages, bulk actions, stock adjustments and the
 * answers. The form sends its inputs' text; these schemas read numbers and lira amounts from it the way the
 * API reads JSON. Brings zod: imported by path.
 */
import { CURRENCIES, PRICE_TYPE, STOCK_TYPE } from '../../constants.ts';
import { foldTurkish } from '../../turkish-fold.ts';
import { lineText, multilineText, z } from '../../zod.ts';
import { slugInput } from './categories.ts';
import { blank, optionalWhole, whole } from './form-numbers.ts';
import { parseLira } from './lira.ts';
import { loadedVersionField } from './record-version.ts';

export const PRODUCTS_PER_PAGE = 25;
/** A meta title over this is shown cut in search results (advice); over the maximum it is refused. */
export const META_TITLE_ADVISED = 60;
export const META_TITLE_MAX = 70;
export const META_DESCRIPTION_MAX = 160;
export const PRODUCT_NAME_MAX = 200;
export const SKU_MAX = 64;
/** Most variants one product may have (the matrix of its option groups). */
export const VARIANTS_MAX = 200;

export const PRODUCT_STOCK_STATES = ['in_stock', 'low', 'out'] as const;
export type ProductStockState = (typeof PRODUCT_STOCK_STATES)[number];
export const PRODUCT_SORTS = ['newest', 'oldest', 'name', 'price', '-price', 'stock', '-stock'] as const;
export const BULK_ACTIONS = ['activate', 'deactivate', 'move-category', 'change-price-percent'] as const;
/** Why staff change stock by hand; orders write `sipariş` and `sipariş iptali` themselves. */
export const STOCK_ADJUST_REASONS = ['sayım', 'fire', 'iade', 'tedarik', 'düzeltme'] as const;
export type StockAdjustReason = (typeof STOCK_ADJUST_REASONS)[number];
export const STOCK_REASON_LABELS: Record<string, string> = {
  sayım: 'Sayım',
  fire: 'Fire',
  iade: 'İade',
  tedarik: 'Tedarik',
  düzeltme: 'Düzeltme',
  sipariş: 'Sipariş',
  'sipariş iptali': 'Sipariş iptali',
};

const MAX_INT = 2_147_483_647;

const id = (message: string) => whole(message, 1, MAX_INT);

/** A yes/no from JSON or a form (`true`, `"1"`, `"evet"`). */
const yesNo = (message: string) =>
  z.preprocess(
    (v) =>
      typeof v === 'string'
        ? ['1', 'true', 'evet'].includes(v) || (['0', 'false', 'hayır'].includes(v) ? false : v)
        : v,
    z.boolean({ error: message }),
  );

/**
 * A price in lira as typed (`249,90`, `249.90`, `1.249,90`) or as a JSON number, read as kuruş with no floating
 * point: "abc", a negative amount and a third decimal are refused with what is wrong.
 */
export const liraAmount = z
  .union([z.string(), z.number()], { error: 'Fiyatı TL olarak rakamla girin (ör. 249,90)' })
  .transform((v, ctx) => {
    const read = parseLira(typeof v === 'number' ? String(v) : v);
    if ('minor' in read) return read.minor;
    ctx.addIssue({ code: 'custom', message: read.error });
    return z.NEVER;
  });

const currency = z.enum(CURRENCIES, { error: 'Para birimi TRY, USD ya da EUR olmalı' });

/** Price types: 1 purchase, 2 sale, 3 market (the form's fixed fields), 4 instalment sale, 5 wholesale. */
export const priceEntryRequest = z.object({
  priceType: whole('Fiyat tipi 1 ile 5 arasında olmalı', 1, 5),
  price: liraAmount,
  currency: currency.default('TRY'),
});
export type PriceEntryRequest = z.input<typeof priceEntryRequest>;

/** Each type at most once; `saleRequired`: a sale price (type 2) above zero must be among them. */
function checkPrices(
  entries: { priceType: number; price: number }[],
  ctx: z.RefinementCtx,
  saleRequired: boolean,
) {
  const seen = new Set<number>();
  entries.forEach((entry, i) => {
    if (seen.has(entry.priceType)) {
      ctx.addIssue({ code: 'custom', path: [i, 'priceType'], message: 'Bu fiyat tipi bir kez girilebilir' });
    }
    seen.add(entry.priceType);
    if (entry.priceType === PRICE_TYPE.Sale && entry.price === 0) {
      ctx.addIssue({ code: 'custom', path: [i, 'price'], message: 'Satış fiyatı sıfırdan büyük olmalı' });
    }
  });
  if (saleRequired && !seen.has(2)) ctx.addIssue({ code: 'custom', message: 'Satış fiyatını girin' });
}

const productPrices = z
  .array(priceEntryRequest, { error: 'Fiyatlar bir liste olmalı' })
  .max(5, 'En fazla beş fiyat girilebilir')
  .superRefine((entries, ctx) => checkPrices(entries, ctx, true));
/** A variant's own prices replace the product's; empty: the product's prices. */
const variantPrices = z
  .array(priceEntryRequest, { error: 'Fiyatlar bir liste olmalı' })
  .max(5, 'En fazla beş fiyat girilebilir')
  .superRefine((entries, ctx) => checkPrices(entries, ctx, entries.length > 0))
  .default([]);

export const skuField = (label = 'SKU') =>
  lineText({ error: `${label} girin` })
    .trim()
    .min(1, `${label} girin`)
    .max(SKU_MAX, `${label} en fazla ${SKU_MAX} karakter olabilir`)
    .regex(/^[\p{L}\p{N}._/-]+$/u, `${label} yalnızca harf, rakam, nokta, tire, alt çizgi ve / içerebilir`);

/** GTIN/EAN: 8-14 digits; blank is none. */
const barcode = z.preprocess(
  (v) => (blank(v) ? null : typeof v === 'string' ? v.trim() : v),
  z
    .string({ error: 'Barkod 8-14 rakam olmalı' })
    .regex(/^\d{8,14}$/, 'Barkod 8-14 rakam olmalı')
    .nullable(),
);

const stockCount = whole('Stok 0 ya da daha büyük bir tam sayı olmalı', 0, 10_000_000);

/** `folder/file` under /uploads, as the image upload answers it. */
const imagePath = lineText({ error: 'Görsel yolu geçersiz' })
  .trim()
  .regex(/^[\w.-]+(\/[\w.-]+)+$/, 'Görsel yolu klasör/dosya biçiminde olmalı')
  .refine((p) => !p.split('/').includes('..'), 'Görsel yolu geçersiz');
const images = z
  .array(imagePath, { error: 'Görseller bir liste olmalı' })
  .max(20, 'En fazla 20 görsel eklenebilir');
/** Alt text by image path (the product's and its variants'); a blank one is dropped, the name describes it. */
const imageAlts = z
  .record(
    imagePath,
    lineText({ error: 'Görsel açıklaması metin olmalı' })
      .trim()
      .max(200, 'Görsel açıklaması en fazla 200 karakter olabilir'),
    { error: 'Görsel açıklamaları geçersiz' },
  )
  .refine((alts) => Object.keys(alts).length <= 20 * (VARIANTS_MAX + 1), 'Çok fazla görsel açıklaması var');

const optionText = (what: string) =>
  lineText({ error: `${what} girin` })
    .trim()
    .min(1, `${what} girin`)
    .max(40, `${what} en fazla 40 karakter olabilir`);

export const optionGroupRequest = z.object({
  name: optionText('Seçenek adı'),
  values: z
    .array(optionText('Seçenek değeri'), { error: 'Değerler bir liste olmalı' })
    .min(1, 'En az bir değer girin')
    .max(50, 'Bir seçenekte en fazla 50 değer olabilir'),
});

export const variantRequest = z.object({
  /** A stored variant's id when editing; absent for a new one. */
  id: id('Varyant numarası geçersiz').optional(),
  options: z.record(z.string(), z.string(), { error: 'Varyantın seçenekleri geçersiz' }),
  sku: skuField('Varyant SKU'),
  barcode: barcode.default(null),
  prices: variantPrices,
  stock: stockCount.default(0),
  images: images.default([]),
  isActive: yesNo('Varyant etkin mi: evet ya da hayır olmalı').default(true),
});
export type VariantRequest = z.input<typeof variantRequest>;

export const personalizationRequest = z.object({
  fields: z
    .array(
      z.object({
        key: lineText({ error: 'Alan anahtarını girin' })
          .trim()
          .regex(/^[a-z][a-z0-9_]{0,29}$/, 'Alan anahtarı küçük harf, rakam ve _ olmalı (ör. isim)'),
        label: lineText({ error: 'Alan adını girin' })
          .trim()
          .min(1, 'Alan adını girin')
          .max(60, 'Alan adı en fazla 60 karakter olabilir'),
        maxLength: whole('En fazla karakter 1 ile 500 arasında olmalı', 1, 500),
        required: yesNo('Zorunlu mu: evet ya da hayır olmalı').default(false),
      }),
    )
    .max(10, 'En fazla 10 alan eklenebilir'),
  allowImage: yesNo('Görsel yüklenebilsin mi: evet ya da hayır olmalı').default(false),
  /** Extra charge in kuruş of the sale price's currency; 0 for none. */
  surchargeMinor: whole(
    'Ek ücret kuruş olarak 0 ya da daha büyük bir tam sayı olmalı',
    0,
    10_000_000,
  ).default(0),
});

/** Every combination of the groups' values, in the groups' order: what the panel offers as variants. */
export function variantMatrix(groups: { name: string; values: string[] }[]): Record<string, string>[] {
  return groups.reduce<Record<string, string>[]>(
    (rows, group) => rows.flatMap((row) => group.values.map((value) => ({ ...row, [group.name]: value }))),
    [{}],
  );
}

/** A slug typed in a form is transliterated like a name; blank: made from the name or title (the categories' check). */
export const slugField = slugInput;

const productFields = {
  name: lineText({ error: 'Ürün adını girin' })
    .trim()
    .min(2, 'Ürün adı en az 2 karakter olmalı')
    .max(PRODUCT_NAME_MAX, `Ürün adı en fazla ${PRODUCT_NAME_MAX} karakter olabilir`),
  sku: skuField(),
  barcode: barcode.default(null),
  brand: lineText({ error: 'Marka metin olmalı' })
    .trim()
    .max(100, 'Marka en fazla 100 karakter olabilir')
    .default(''),
  /** Blank: made from the name. */
  slug: slugField.default(''),
  shortDescription: multilineText({ error: 'Kısa açıklama metin olmalı' })
    .trim()
    .max(500, 'Kısa açıklama en fazla 500 karakter olabilir')
    .default(''),
  /** HTML (plain text becomes paragraphs), sanitized by the server before it is stored, as a page's body. */
  description: multilineText({ error: 'Açıklama metin olmalı' })
    .max(100_000, 'Açıklama en fazla 100.000 karakter olabilir')
    .default(''),
  stockType: z.preprocess(
    (v) => (typeof v === 'string' && !blank(v) ? Number(v) : v),
    z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)], {
      error: 'Stok tipi 1 (tekil), 2 (varyantlı), 3 (tasarlanabilir) ya da 4 (sanal) olmalı',
    }),
  ),
  categoryId: id('Kategori seçin'),
  tagIds: z
    .array(id('Etiket numarası geçersiz'), { error: 'Etiketler bir liste olmalı' })
    .max(30)
    .default([]),
  vatRate: z.preprocess(
    (v) => (typeof v === 'string' && !blank(v) ? Number(v.replace('%', '').trim()) : v),
    z.union([z.literal(0), z.literal(10), z.literal(20)], { error: 'KDV oranı %0, %10 ya da %20 olmalı' }),
  ),
  prices: productPrices,
  /** Stock types 1 and 3; type 4 may be null (unlimited); type 2 keeps stock in its variants. */
  stock: z.preprocess((v) => (blank(v) ? null : v), stockCount.nullable()).default(null),
  lowStockThreshold: optionalWhole(
    'Düşük stok eşiği 0 ya da daha büyük bir tam sayı olmalı',
    0,
    1_000_000,
  ).default(null),
  images: images.default([]),
  imageAlts: imageAlts.default({}),
  isActive: yesNo('Satışta mı: evet ya da hayır olmalı').default(true),
  optionGroups: z
    .array(optionGroupRequest, { error: 'Seçenek grupları bir liste olmalı' })
    .max(3)
    .default([]),
  variants: z.array(variantRequest, { error: 'Varyantlar bir liste olmalı' }).max(VARIANTS_MAX).default([]),
  personalization: personalizationRequest.nullable().default(null),
  /** Edit only: the `updatedAt` the form loaded; a save over a change made since is refused 409 KAYIT_DEGISTI. */
  loadedUpdatedAt: loadedVersionField,
  specifications: z
    .array(
      z.object({
        key: lineText()
          .trim()
          .min(1, 'Özellik adını girin')
          .max(60, 'Özellik adı en fazla 60 karakter olabilir'),
        value: lineText()
          .trim()
          .min(1, 'Özellik değerini girin')
          .max(200, 'Değer en fazla 200 karakter olabilir'),
      }),
    )
    .max(50)
    .default([]),
  metaTitle: lineText({ error: 'Meta başlık metin olmalı' })
    .trim()
    .max(
      META_TITLE_MAX,
      `Meta başlık en fazla ${META_TITLE_MAX} karakter olabilir (${META_TITLE_ADVISED} önerilir)`,
    )
    .default(''),
  metaDescription: lineText({ error: 'Meta açıklama metin olmalı' })
    .trim()
    .max(META_DESCRIPTION_MAX, `Meta açıklama en fazla ${META_DESCRIPTION_MAX} karakter olabilir`)
    .default(''),
};

type ProductShape = z.output<z.ZodObject<typeof productFields>>;

/** The rules between fields: what each stock type needs, the variant matrix, unique SKUs and keys. */
function productChecks(p: ProductShape, ctx: z.RefinementCtx) {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: 'custom', path, message });
  if (p.stockType !== STOCK_TYPE.Virtual && p.stockType !== STOCK_TYPE.Variant && p.stock === null)
    issue(['stock'], 'Stok adedini girin');
  if (p.stockType === STOCK_TYPE.Variant) {
    if (p.optionGroups.length === 0) issue(['optionGroups'], 'Varyantlı ürün en az bir seçenek grubu ister');
    if (p.variants.length === 0) issue(['variants'], 'Varyantlı ürün en az bir varyant ister');
  } else {
    if (p.variants.length > 0) issue(['variants'], 'Yalnızca varyantlı ürünlerin varyantı olur');
    if (p.optionGroups.length > 0) issue(['optionGroups'], 'Yalnızca varyantlı ürünlerin seçenek grubu olur');
  }
  if (p.stockType === STOCK_TYPE.Designable) {
    if (!p.personalization) issue(['personalization'], 'Tasarlanabilir ürün kişiselleştirme alanları ister');
    else if (p.personalization.fields.length === 0 && !p.personalization.allowImage) {
      issue(['personalization', 'fields'], 'En az bir alan ekleyin ya da görsel yüklemeye izin verin');
    }
  } else if (p.personalization) {
    issue(['personalization'], 'Yalnızca tasarlanabilir ürünler kişiselleştirilir');
  }
  const keys = new Set<string>();
  p.personalization?.fields.forEach((field, i) => {
    if (keys.has(field.key)) issue(['personalization', 'fields', i, 'key'], 'Bu alan anahtarı iki kez var');
    keys.add(field.key);
  });

  // Option groups: names and values unique (Turkish letters folded, so `Kırmızı` and `KIRMIZI` clash).
  const groupNames = new Set<string>();
  p.optionGroups.forEach((group, g) => {
    const name = foldTurkish(group.name);
    if (groupNames.has(name)) issue(['optionGroups', g, 'name'], 'Bu seçenek adı iki kez var');
    groupNames.add(name);
    const values = new Set<string>();
    group.values.forEach((value, v) => {
      const folded = foldTurkish(value);
      if (values.has(folded)) issue(['optionGroups', g, 'values', v], `"${value}" bu grupta iki kez var`);
      values.add(folded);
    });
  });

  // Each variant names one value of every group, and no two variants the same combination; its images are
  // some of the product's own (picked from them in the panel), never another product's or an unknown path.
  const ownImages = new Set(p.images);
  const combos = new Set<string>();
  const skus = new Map<string, string>([[p.sku.toLocaleUpperCase('tr-TR'), 'sku']]);
  p.variants.forEach((variant, i) => {
    const names = Object.keys(variant.options);
    const fits =
      names.length === p.optionGroups.length &&
      p.optionGroups.every((group) => group.values.includes(variant.options[group.name] ?? '\u0000'));
    if (!fits) issue(['variants', i, 'options'], 'Varyant her seçenek grubundan bir değer seçmeli');
    const combo = JSON.stringify(p.optionGroups.map((group) => variant.options[group.name]));
    if (fits && combos.has(combo)) issue(['variants', i, 'options'], 'Bu seçenek birleşimi iki kez var');
    combos.add(combo);
    const sku = variant.sku.toLocaleUpperCase('tr-TR');
    if (skus.has(sku)) issue(['variants', i, 'sku'], 'Bu SKU bu üründe iki kez kullanılmış');
    skus.set(sku, `variants.${i}.sku`);
    variant.images.forEach((path, k) => {
      if (!ownImages.has(path)) {
        issue(['variants', i, 'images', k], 'Varyantın görseli bu ürünün görsellerinden biri olmalı');
      }
    });
  });
}

export const productRequest = z.object(productFields).superRefine(productChecks);
/** A product as the form sends it: create (`POST`) and edit (`PUT`, the whole product) take the same. */
export type ProductRequest = z.input<typeof productRequest>;
export type ProductInput = z.output<typeof productRequest>;

export const productIdParam = id('Ürün numarası geçersiz');

/** The list's query: search (name, SKU, barcode; Turkish letters folded), filters, sort and page. */
export const productListQuery = z.object({
  q: lineText().trim().max(100, 'Arama en fazla 100 karakter olabilir').optional(),
  categoryId: id('Kategori numarası geçersiz').optional().describe('With its subcategories'),
  stock: z.enum(PRODUCT_STOCK_STATES, { error: 'Stok durumu in_stock, low ya da out olmalı' }).optional(),
  active: z
    .enum(['1', '0'], { error: 'Satışta filtresi 1 ya da 0 olmalı' })
    .transform((v) => v === '1')
    .optional(),
  minPrice: liraAmount.optional().describe('Sale price in TL, at least'),
  maxPrice: liraAmount.optional().describe('Sale price in TL, at most'),
  sort: z.enum(PRODUCT_SORTS, { error: 'Sıralama geçersiz' }).default('newest'),
  page: whole('Sayfa numarası geçersiz', 1, 100_000).default(1),
  perPage: whole('Sayfa başına 10 ile 100 arasında olmalı', 10, 100).default(PRODUCTS_PER_PAGE),
});
export type ProductListFilter = z.output<typeof productListQuery>;

export const productBulkRequest = z
  .object({
    ids: z
      .array(id('Ürün numarası geçersiz'), { error: 'Ürünleri seçin' })
      .min(1, 'En az bir ürün seçin')
      .max(1000, 'Bir seferde en fazla 1000 ürün'),
    action: z.enum(BULK_ACTIONS, { error: 'İşlem geçersiz' }),
    categoryId: id('Kategori seçin').optional(),
    percent: z
      .preprocess(
        (v) => (typeof v === 'string' && !blank(v) ? Number(v.trim().replace(',', '.')) : v),
        z
          .number({ error: 'Yüzde bir sayı olmalı (ör. 10 ya da -15)' })
          .min(-90, 'Yüzde en az -90 olabilir')
          .max(500, 'Yüzde en fazla 500 olabilir')
          .refine((n) => Math.round(n * 100) === n * 100, 'Yüzde en çok iki ondalık olabilir'),
      )
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'move-category' && v.categoryId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['categoryId'], message: 'Kategori seçin' });
    }
    if (v.action === 'change-price-percent' && (v.percent === undefined || v.percent === 0)) {
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'Sıfırdan farklı bir yüzde girin' });
    }
  });
export type ProductBulkRequest = z.input<typeof productBulkRequest>;

export const stockAdjustRequest = z.object({
  variantId: id('Varyant numarası geçersiz').optional(),
  change: z
    .preprocess(
      (v) => (typeof v === 'string' && !blank(v) ? Number(v.trim()) : v),
      z
        .number({ error: 'Değişim artı ya da eksi bir tam sayı olmalı (ör. 5 ya da -2)' })
        .int('Değişim artı ya da eksi bir tam sayı olmalı (ör. 5 ya da -2)')
        .min(-10_000_000, 'Değişim çok büyük')
        .max(10_000_000, 'Değişim çok büyük'),
    )
    .refine((n) => n !== 0, 'Değişim sıfır olamaz'),
  reason: z.enum(STOCK_ADJUST_REASONS, { error: 'Neden sayım, fire, iade, tedarik ya da düzeltme olmalı' }),
  note: lineText({ error: 'Not metin olmalı' })
    .trim()
    .max(300, 'Not en fazla 300 karakter olabilir')
    .default(''),
});
export type StockAdjustRequest = z.input<typeof stockAdjustRequest>;

export const stockHistoryQuery = z.object({
  page: whole('Sayfa numarası geçersiz', 1, 100_000).default(1),
});

// ----- Answers -----

const priceEntry = z.object({
  priceType: z.number().int(),
  priceMinor: z.number().int().describe('Kuruş (cents)'),
  currency: z.enum(CURRENCIES),
});

export const adminProductRow = z.object({
  id: z.number().int(),
  sku: z.string(),
  barcode: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  stockType: z.number().int(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  sale: priceEntry.nullable().describe('The sale price entry (type 2), VAT included'),
  stock: z.number().int().nullable().describe('Counted stock; variants summed; null: unlimited'),
  stockState: z.enum(PRODUCT_STOCK_STATES),
  isActive: z.boolean(),
  updatedAt: z.string(),
});
export type AdminProductRow = z.output<typeof adminProductRow>;

export const productListAnswer = z.object({
  items: z.array(adminProductRow),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
export type ProductListAnswer = z.output<typeof productListAnswer>;

const adminVariant = z.object({
  id: z.number().int(),
  options: z.record(z.string(), z.string()),
  sku: z.string(),
  barcode: z.string().nullable(),
  prices: z.array(priceEntry),
  stock: z.number().int(),
  images: z.array(z.string()),
  isActive: z.boolean(),
  position: z.number().int(),
});

/** Everything the form edits, purchase price included: this answer is the only one that carries it. */
export const adminProduct = z.object({
  id: z.number().int(),
  name: z.string(),
  sku: z.string(),
  barcode: z.string().nullable(),
  brand: z.string(),
  slug: z.string(),
  shortDescription: z.string(),
  description: z.string(),
  stockType: z.number().int(),
  categoryId: z.number().int(),
  tagIds: z.array(z.number().int()),
  vatRate: z.number().int(),
  prices: z.array(priceEntry),
  stock: z.number().int().nullable(),
  lowStockThreshold: z.number().int().nullable(),
  images: z.array(z.string()),
  /** Alt text by image path; an image without one is described by the product's name. */
  imageAlts: z.record(z.string(), z.string()),
  isActive: z.boolean(),
  optionGroups: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  variants: z.array(adminVariant),
  personalization: z
    .object({
      fields: z.array(
        z.object({ key: z.string(), label: z.string(), maxLength: z.number().int(), required: z.boolean() }),
      ),
      allowImage: z.boolean(),
      surchargeMinor: z.number().int(),
    })
    .nullable(),
  specifications: z.array(z.object({ key: z.string(), value: z.string() })),
  metaTitle: z.string(),
  metaDescription: z.string(),
  /** Whether orders hold it: a delete then only takes it off sale. */
  inOrders: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminProduct = z.output<typeof adminProduct>;
export const productAnswer = z.object({ product: adminProduct });

export const productDeleteAnswer = z.object({
  result: z.enum(['deleted', 'deactivated']),
  message: z.string(),
});

export const productBulkAnswer = z.object({
  changed: z.number().int().describe('Products the action changed'),
});

export const stockMovement = z.object({
  id: z.number().int(),
  at: z.string(),
  variantId: z.number().int().nullable(),
  variantSku: z.string().nullable(),
  change: z.number().int(),
  stockBefore: z.number().int(),
  stockAfter: z.number().int(),
  reason: z.string(),
  note: z.string(),
  staff: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  orderId: z.number().int().nullable(),
});
export type StockMovement = z.output<typeof stockMovement>;

export const stockAdjustAnswer = z.object({ movement: stockMovement });
export const stockHistoryAnswer = z.object({
  items: z.array(stockMovement),
  page: z.number().int(),
  pageCount: z.number().int(),
  total: z.number().int(),
});
