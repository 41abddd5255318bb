import { setImmediate as nextTurn } from 'node:timers/promises';
import { PRODUCT_COLUMNS, type ProductColumn } from '@vitrin/shared/api/admin/imports';
import { slugify } from '@vitrin/shared/slug';
import { transliterateTurkish } from '@vitrin/shared/turkish-fold';
import type { OptionGroup } from '../db/schema.ts';
import { storedDescription } from '../html/sanitize.ts';
import * as read from './cells.ts';
import { unguarded } from './csv.ts';
import { importError } from './errors.ts';
import type { Cell, Table } from './table.ts';

/** The price columns and their price types (1 purchase, 2 sale, 3 market, 4 instalment, 5 wholesale). */
export const PRICE_COLUMNS = {
  purchase_price: 1,
  sale_price: 2,
  market_price: 3,
  instalment_price: 4,
  wholesale_price: 5,
} as const satisfies Partial<Record<ProductColumn, number>>;

/** A price cell: the amount in minor units, null to remove the entry; a price left out is not in the map. */
export type PriceChanges = Map<number, number | null>;

/**
 * A product row. Every optional field is `undefined` when its cell is empty or its column absent: an
 * existing product keeps what it has, a new one gets the default. `null` (written `-` or `yok`) removes.
 */
export interface ProductRow {
  line: number;
  sku: string;
  name?: string;
  slug?: string;
  stockType?: 1 | 2 | 3 | 4;
  category?: string;
  brand?: string;
  barcode?: string | null;
  shortDescription?: string;
  description?: string;
  prices: PriceChanges;
  currency?: 'TRY' | 'USD' | 'EUR';
  vatRate?: 0 | 10 | 20;
  stock?: number | null;
  active?: boolean;
  optionGroups?: OptionGroup[];
}

/** A variant row: it names its product in `parent_sku` and its options, one value per group. */
export interface VariantRow {
  line: number;
  sku: string;
  parentSku: string;
  barcode?: string | null;
  prices: PriceChanges;
  currency?: 'TRY' | 'USD' | 'EUR';
  stock?: number | null;
  active?: boolean;
  options?: Record<string, string>;
}

export interface FieldError {
  field: string;
  message: string;
}

/** Folded for matching headers: `Satış Fiyatı`, `satis_fiyati` and `SATIŞ FİYATI` are one. */
const headerKey = (h: string) => transliterateTurkish(h).replace(/[^a-z0-9]/g, '');

const ALIASES: Record<string, ProductColumn> = {
  stokkodu: 'sku',
  urunkodu: 'sku',
  anaurun: 'parent_sku',
  ad: 'name',
  urun: 'name',
  fiyat: 'sale_price',
  kdv: 'vat_rate',
  satista: 'active',
  doviz: 'currency',
  url: 'slug',
};

const COLUMN_OF = new Map<string, ProductColumn>([
  ...PRODUCT_COLUMNS.flatMap((c) => [
    [headerKey(c.key), c.key] as const,
    [headerKey(c.title), c.key] as const,
  ]),
  ...Object.entries(ALIASES),
]);

const TITLE = Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c.key, c.title])) as Record<
  ProductColumn,
  string
>;

/** Which column each header cell is (unknown headers are left out), refusing a missing or doubled one. */
export function columnsOf(header: string[]): Map<ProductColumn, number> {
  const columns = new Map<ProductColumn, number>();
  header.forEach((h, index) => {
    const key = COLUMN_OF.get(headerKey(h));
    if (!key) return;
    if (columns.has(key)) {
      throw importError(422, 'BASLIK_EKSIK', `"${TITLE[key]}" sütunu iki kez yazılmış.`, {
        [key]: 'Sütun iki kez var',
      });
    }
    columns.set(key, index);
  });
  const missing = PRODUCT_COLUMNS.filter((c) => 'required' in c && c.required && !columns.has(c.key));
  if (missing.length) {
    throw importError(
      422,
      'BASLIK_EKSIK',
      `Başlık satırında şu sütunlar eksik: ${missing.map((c) => `${c.title} (${c.key})`).join(', ')}.`,
      Object.fromEntries(missing.map((c) => [c.key, 'Sütun eksik'])),
    );
  }
  return columns;
}

/**
 * Reads every row of the table: product and variant rows, the errors of each row (by its number) and the SKU
 * each names. Gives the event loop a
 * turn every 1 000 rows, so requests are answered while a large file is read.
 */
export async function readRows(table: Table) {
  const columns = columnsOf(table.header);
  const products: ProductRow[] = [];
  const variants: VariantRow[] = [];
  const errors = new Map<number, FieldError[]>();
  // The SKU each row names, as written (an error names it beside the row's number).
  const skus = new Map<number, string>();
  const skuColumn = columns.get('sku')!;
  for (const [index, { line, cells }] of table.rows.entries()) {
    if (index % 1_000 === 999) await nextTurn();
    const rowErrors: FieldError[] = [];
    const row = readRow(columns, cells, line, rowErrors);
    const sku = unguarded(read.text(cells[skuColumn] ?? '')).slice(0, 64);
    if (sku) skus.set(line, sku);
    if (rowErrors.length) errors.set(line, rowErrors);
    if (row?.kind === 'product') products.push(row.row);
    else if (row?.kind === 'variant') variants.push(row.row);
  }
  return { products, variants, errors, skus };
}

const LABEL: Record<ProductColumn, string> = TITLE;

function readRow(
  columns: Map<ProductColumn, number>,
  cells: Cell[],
  line: number,
  errors: FieldError[],
): { kind: 'product'; row: ProductRow } | { kind: 'variant'; row: VariantRow } | undefined {
  /** The cell of a column as text, the export's formula guard taken off; '' when empty or absent. */
  const cellOf = (key: ProductColumn): Cell => {
    const index = columns.get(key);
    const cell = index === undefined ? '' : (cells[index] ?? '');
    return typeof cell === 'number' ? cell : unguarded(read.text(cell));
  };
  const has = (key: ProductColumn) => read.text(cellOf(key)) !== '';
  const take = <T>(key: ProductColumn, reader: (cell: Cell) => read.Read<T>): T | undefined => {
    if (!has(key)) return undefined;
    const result = reader(cellOf(key));
    if ('error' in result) {
      errors.push({ field: key, message: `${LABEL[key]} ${result.error}` });
      return undefined;
    }
    return result.ok;
  };
  const required = (key: ProductColumn, what = 'boş olamaz.') => {
    if (!has(key)) errors.push({ field: key, message: `${LABEL[key]} ${what}` });
  };
  /** A cell where `-` or `yok` removes what is there. */
  const removable = <T>(key: ProductColumn, reader: (cell: Cell) => read.Read<T>): T | null | undefined =>
    has(key) && read.isRemoval(read.text(cellOf(key))) ? null : take(key, reader);

  required('sku');
  const sku = take('sku', read.sku);
  const prices: PriceChanges = new Map();
  for (const [key, type] of Object.entries(PRICE_COLUMNS) as [ProductColumn, number][]) {
    const value = removable(key, read.money);
    if (value !== undefined) prices.set(type, value);
  }
  const common = {
    line,
    barcode: removable('barcode', read.barcode),
    prices,
    currency: take('currency', read.currency),
    stock: take('stock', read.stock),
    active: take('active', read.flag),
  };

  if (has('parent_sku')) {
    const parentSku = take('parent_sku', read.sku);
    required('options', 'bir varyant satırında boş olamaz (ör. Renk=Kırmızı;Beden=M).');
    const options = take('options', read.variantOptions);
    if (prices.get(2) === null) {
      errors.push({ field: 'sale_price', message: 'Bir varyantın satış fiyatı kaldırılamaz; boş bırakın.' });
    }
    if (sku === undefined || parentSku === undefined) return undefined;
    if (parentSku === sku) {
      errors.push({ field: 'parent_sku', message: 'Ana ürün SKU satırın kendi SKU’su olamaz.' });
    }
    return { kind: 'variant', row: { ...common, sku, parentSku, ...(options ? { options } : {}) } };
  }

  const name = take('name', (c) => read.line(c, 200, 2));
  const slugText = take('slug', (c) => read.line(c, 200));
  const slug = slugText === undefined ? undefined : slugify(slugText);
  if (slugText !== undefined && !slug) {
    errors.push({ field: 'slug', message: `${LABEL.slug} en az bir harf ya da rakam içermeli.` });
  }
  if (prices.get(2) === null) {
    errors.push({
      field: 'sale_price',
      message: 'Satış fiyatı kaldırılamaz; her ürünün bir satış fiyatı olmalı.',
    });
  }
  const text = (key: ProductColumn, max: number) =>
    has(key) && read.text(cellOf(key)) === '-' ? '' : take(key, (c) => read.line(c, max));
  const description = has('description')
    ? read.text(cellOf('description')) === '-'
      ? ''
      : take('description', (c) => read.multiline(c, 50_000))
    : undefined;
  if (sku === undefined) return undefined;
  return {
    kind: 'product',
    row: {
      ...common,
      sku,
      ...defined({
        name,
        slug: slug || undefined,
        stockType: take('stock_type', read.stockType),
        category: take('category', (c) => read.line(c, 300)),
        brand: text('brand', 100),
        shortDescription: text('short_description', 500),
        // Stored as the product form's save stores it (plain text as paragraphs, the same allow-list).
        description: description === undefined ? undefined : storedDescription(description),
        vatRate: take('vat_rate', read.vatRate),
        optionGroups: take('options', read.optionGroups),
      }),
    },
  };
}

/** The object without its undefined fields (`exactOptionalPropertyTypes`). */
function defined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}
