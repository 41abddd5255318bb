import { toNestErrors } from '@hookform/resolvers';
import { liraInput, parseLira } from '@vitrin/shared/api/admin/lira';
import {
  type AdminProduct,
  type ProductRequest,
  productRequest,
  variantMatrix,
} from '@vitrin/shared/api/admin/products';
import { type Currency, PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { asRichText } from '@vitrin/shared/rich-text';
import { slugify } from '@vitrin/shared/slug';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';

/** One row of the variant matrix as the form shows it: the price override in lira, empty for the product's. */
export interface VariantRow {
  id?: number | undefined;
  options: Record<string, string>;
  sku: string;
  barcode: string;
  price: string;
  stock: string;
  isActive: boolean;
  images: string[];
}

export interface PersonalizationFieldRow {
  /** Kept for a stored field (orders name it); a new one is made from its label. */
  key: string;
  label: string;
  maxLength: string;
  required: boolean;
}

/**
 * The product form's values: inputs' text as typed. Purchase, sale and market prices are fixed fields; the
 * other price types are extra entries; every price is in the product's one currency.
 */
export interface ProductFormValues {
  name: string;
  sku: string;
  barcode: string;
  brand: string;
  slug: string;
  shortDescription: string;
  description: string;
  stockType: (typeof FORM_STOCK_TYPE)[keyof typeof FORM_STOCK_TYPE];
  categoryId: string;
  vatRate: string;
  currency: Currency;
  purchase: string;
  sale: string;
  market: string;
  extraPrices: { priceType: string; price: string }[];
  stock: string;
  lowStockThreshold: string;
  isActive: boolean;
  optionGroups: { name: string; values: string[] }[];
  variants: VariantRow[];
  personalization: { fields: PersonalizationFieldRow[]; allowImage: boolean; surcharge: string };
  metaTitle: string;
  metaDescription: string;
  images: string[];
  /** Alt text by image path. */
  imageAlts: Record<string, string>;
  tagIds: number[];
  specifications: { key: string; value: string }[];
}

/** The stock types as the form holds them (a radio's value is a string). */
export const FORM_STOCK_TYPE = {
  Single: `${STOCK_TYPE.Single}`,
  Variant: `${STOCK_TYPE.Variant}`,
  Designable: `${STOCK_TYPE.Designable}`,
  Virtual: `${STOCK_TYPE.Virtual}`,
} as const;

/** The fixed price fields and the price type each stands for. */
export const FIXED_PRICES = [
  { type: PRICE_TYPE.Purchase, field: 'purchase', label: 'Alış fiyatı' },
  { type: PRICE_TYPE.Sale, field: 'sale', label: 'Satış fiyatı' },
  { type: PRICE_TYPE.Market, field: 'market', label: 'Piyasa fiyatı' },
] as const;

export const blankProduct: ProductFormValues = {
  name: '',
  sku: '',
  barcode: '',
  brand: '',
  slug: '',
  shortDescription: '',
  description: '',
  stockType: FORM_STOCK_TYPE.Single,
  categoryId: '',
  vatRate: '20',
  currency: 'TRY',
  purchase: '',
  sale: '',
  market: '',
  extraPrices: [],
  stock: '0',
  lowStockThreshold: '',
  isActive: true,
  optionGroups: [],
  variants: [],
  personalization: { fields: [], allowImage: false, surcharge: '' },
  metaTitle: '',
  metaDescription: '',
  images: [],
  imageAlts: {},
  tagIds: [],
  specifications: [],
};

const text = (n: number | null) => (n === null ? '' : String(n));

/** A stored product as its form shows it: prices in lira (`249,90`), as the owner types them. */
export function formOf(p: AdminProduct): ProductFormValues {
  const price = (type: number) => {
    const entry = p.prices.find((e) => e.priceType === type);
    return entry ? liraInput(entry.priceMinor) : '';
  };
  return {
    name: p.name,
    sku: p.sku,
    barcode: p.barcode ?? '',
    brand: p.brand,
    slug: p.slug,
    shortDescription: p.shortDescription,
    // Plain text from before the editor opens as its paragraphs.
    description: asRichText(p.description),
    stockType: String(p.stockType) as ProductFormValues['stockType'],
    categoryId: String(p.categoryId),
    vatRate: String(p.vatRate),
    currency: (p.prices.find((e) => e.priceType === PRICE_TYPE.Sale) ?? p.prices[0])?.currency ?? 'TRY',
    purchase: price(PRICE_TYPE.Purchase),
    sale: price(PRICE_TYPE.Sale),
    market: price(PRICE_TYPE.Market),
    extraPrices: p.prices
      .filter((e) => e.priceType > PRICE_TYPE.Market)
      .map((e) => ({ priceType: String(e.priceType), price: liraInput(e.priceMinor) })),
    stock: text(p.stock),
    lowStockThreshold: text(p.lowStockThreshold),
    isActive: p.isActive,
    optionGroups: p.optionGroups.map((g) => ({ name: g.name, values: [...g.values] })),
    variants: p.variants.map((v) => {
      const sale = v.prices.find((e) => e.priceType === PRICE_TYPE.Sale);
      return {
        id: v.id,
        options: { ...v.options },
        sku: v.sku,
        barcode: v.barcode ?? '',
        price: sale ? liraInput(sale.priceMinor) : '',
        stock: String(v.stock),
        isActive: v.isActive,
        images: v.images,
      };
    }),
    personalization: p.personalization
      ? {
          fields: p.personalization.fields.map((f) => ({
            key: f.key,
            label: f.label,
            maxLength: String(f.maxLength),
            required: f.required,
          })),
          allowImage: p.personalization.allowImage,
          surcharge: p.personalization.surchargeMinor ? liraInput(p.personalization.surchargeMinor) : '',
        }
      : blankProduct.personalization,
    metaTitle: p.metaTitle,
    metaDescription: p.metaDescription,
    images: p.images,
    imageAlts: { ...p.imageAlts },
    tagIds: p.tagIds,
    specifications: p.specifications,
  };
}

/** A personalization field's key made from its label: `Kişi adı` → `kisi_adi`. */
export function keyOf(label: string) {
  const key = slugify(label).replaceAll('-', '_').slice(0, 30);
  return /^[a-z]/.test(key) ? key : `alan_${key}`.slice(0, 30);
}

/** The SKU offered for a new variant: the product's and the variant's values (`TSHIRT-KIRMIZI-S`). */
export function suggestedSku(productSku: string, options: Record<string, string>) {
  return [productSku.trim(), ...Object.values(options).map((v) => slugify(v).toUpperCase())]
    .filter(Boolean)
    .join('-');
}

/**
 * The variant rows for the option groups: every combination of their values, in the groups' order. A row
 * whose values all still exist is kept (its id, SKU, price and stock), also when a group is added or removed; a new
 * combination gets a suggested SKU.
 */
export function regenerateVariants(
  groups: ProductFormValues['optionGroups'],
  rows: VariantRow[],
  productSku: string,
): VariantRow[] {
  const named = groups.filter((g) => g.name.trim() !== '' && g.values.length > 0);
  if (named.length === 0) return [];
  const unused = [...rows];
  return variantMatrix(named).map((options) => {
    // Values of a group that is gone do not count: removing Beden keeps one row per Renk.
    const at = unused.findIndex((row) =>
      Object.entries(row.options).every(([name, value]) => !(name in options) || options[name] === value),
    );
    if (at >= 0) {
      const [row] = unused.splice(at, 1);
      // A SKU still as suggested follows the row's new values; one typed or stored stays.
      const suggested = row && row.sku === suggestedSku(productSku, row.options);
      if (row) return { ...row, options, sku: suggested ? suggestedSku(productSku, options) : row.sku };
    }
    return {
      options,
      sku: suggestedSku(productSku, options),
      barcode: '',
      price: '',
      stock: '0',
      isActive: true,
      images: [],
    };
  });
}

/** The request the API takes, and for each of its price entries the form field that holds it. */
export function toRequest(v: ProductFormValues): { request: ProductRequest; priceFields: string[] } {
  const prices: { priceType: number | string; price: string; currency: Currency }[] = [];
  const priceFields: string[] = [];
  for (const { type, field } of FIXED_PRICES) {
    // Purchase and market prices are optional; a blank sale price is sent, to be refused on its field.
    if (type !== PRICE_TYPE.Sale && v[field].trim() === '') continue;
    prices.push({ priceType: type, price: v[field], currency: v.currency });
    priceFields.push(field);
  }
  v.extraPrices.forEach((entry, i) => {
    prices.push({ priceType: entry.priceType, price: entry.price, currency: v.currency });
    priceFields.push(`extraPrices.${i}`);
  });
  const type = Number(v.stockType);
  const surcharge = parseLira(v.personalization.surcharge || '0');
  const request: ProductRequest = {
    name: v.name,
    sku: v.sku,
    barcode: v.barcode,
    brand: v.brand,
    slug: v.slug,
    shortDescription: v.shortDescription,
    description: v.description,
    stockType: v.stockType,
    categoryId: v.categoryId,
    tagIds: v.tagIds,
    vatRate: v.vatRate,
    prices,
    stock: type === STOCK_TYPE.Variant ? null : v.stock,
    lowStockThreshold: v.lowStockThreshold,
    images: v.images,
    imageAlts: v.imageAlts,
    isActive: v.isActive,
    optionGroups: type === STOCK_TYPE.Variant ? v.optionGroups : [],
    variants:
      type === STOCK_TYPE.Variant
        ? v.variants.map((row) => ({
            ...(row.id === undefined ? {} : { id: row.id }),
            options: row.options,
            sku: row.sku,
            barcode: row.barcode,
            prices:
              row.price.trim() === ''
                ? []
                : [{ priceType: PRICE_TYPE.Sale, price: row.price, currency: v.currency }],
            stock: row.stock,
            images: row.images,
            isActive: row.isActive,
          }))
        : [],
    personalization:
      type === STOCK_TYPE.Designable
        ? {
            fields: v.personalization.fields.map((f) => ({
              key: f.key || keyOf(f.label),
              label: f.label,
              maxLength: f.maxLength,
              required: f.required,
            })),
            allowImage: v.personalization.allowImage,
            surchargeMinor: 'minor' in surcharge ? surcharge.minor : 0,
          }
        : null,
    specifications: v.specifications,
    metaTitle: v.metaTitle,
    metaDescription: v.metaDescription,
  } as ProductRequest;
  return { request, priceFields };
}

/** The form field that shows a message the request's schema (or the API) gave for one of its paths. */
export function formPathOf(path: string, priceFields: string[]): string {
  const parts = path.split('.');
  const [head, second, third] = parts;
  if (path === '' || path === '_') return 'root.server';
  if (head === 'prices') {
    if (second === undefined) return 'sale';
    const field = priceFields[Number(second)] ?? 'sale';
    if (third === 'currency') return 'currency';
    return field.startsWith('extraPrices') ? `${field}.${third ?? 'price'}` : field;
  }
  if (head === 'variants' && second !== undefined && third === 'prices') return `variants.${second}.price`;
  if (head === 'variants' && second !== undefined && third === 'options') return `variants.${second}.sku`;
  if (head === 'variants' && second !== undefined && third === 'images') return `variants.${second}.images`;
  if (head === 'optionGroups' && third === 'values') return `optionGroups.${second}.values`;
  if (path === 'personalization') return 'personalization.fields';
  if (path === 'personalization.surchargeMinor') return 'personalization.surcharge';
  if (head === 'personalization' && parts[3] === 'key') return `personalization.fields.${parts[2]}.label`;
  return path;
}

/**
 * Checks the form with the API's own schema (so its Turkish messages are the server's), each message put on
 * the field that shows it.
 */
export const productResolver: Resolver<ProductFormValues> = async (values, _context, options) => {
  const { request, priceFields } = toRequest(values);
  const errors: Record<string, FieldError> = {};
  const parsed = productRequest.safeParse(request);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path.map(String).join('.'), priceFields);
      errors[path] ??= { type: issue.code, message: issue.message };
    }
  }
  const surcharge = parseLira(values.personalization.surcharge || '0');
  if (values.stockType === FORM_STOCK_TYPE.Designable && 'error' in surcharge) {
    errors['personalization.surcharge'] ??= { type: 'custom', message: surcharge.error };
  }
  if (Object.keys(errors).length === 0) return { values, errors: {} };
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
};
