import { PRODUCT_COLUMNS, type ProductColumn } from '@vitrin/shared/api/admin/imports';
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { asc, gt, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { productPrices, products, productVariants } from '../db/schema.ts';
import { csvField, formulaGuarded } from '../exports/spreadsheet-text.ts';
import { formatOptionGroups, formatVariantOptions } from './cells.ts';
import { categoryFinder } from './plan.ts';
import { PRICE_COLUMNS } from './rows.ts';

/** A row of the export: text, or a price in minor units (`{ minor }`), or a whole number. */
type Value = string | number | { minor: number };
export type ExportRow = Partial<Record<ProductColumn, Value>>;

const PAGE = 2_000;

/**
 * Every product, and after each variant product its variants, as the import reads them back: a product's
 * own columns on its row, a variant's on a row naming its product in `parent_sku`. Read 2 000 at a time.
 */
export async function* exportRows(db: Db): AsyncGenerator<ExportRow> {
  const find = await categoryFinder(db);
  for (let after = 0; ; ) {
    const page = await db
      .select()
      .from(products)
      .where(gt(products.id, after))
      .orderBy(asc(products.id))
      .limit(PAGE);
    if (!page.length) return;
    after = page.at(-1)!.id;
    const ids = page.map((p) => p.id);
    const variants = await db
      .select()
      .from(productVariants)
      .where(inArray(productVariants.productId, ids))
      .orderBy(asc(productVariants.position), asc(productVariants.id));
    const variantsOf = new Map<number, (typeof variants)[number][]>();
    for (const v of variants) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
    const prices = await db.select().from(productPrices).where(inArray(productPrices.productId, ids));
    const pricesOf = new Map<string, (typeof prices)[number][]>();
    for (const p of prices) {
      const key = `${p.productId}:${p.variantId ?? 0}`;
      pricesOf.set(key, [...(pricesOf.get(key) ?? []), p]);
    }
    const priceCells = (key: string): ExportRow => {
      const list = pricesOf.get(key) ?? [];
      const row: ExportRow = {};
      for (const [column, type] of Object.entries(PRICE_COLUMNS) as [ProductColumn, number][]) {
        const entry = list.find((p) => p.priceType === type);
        if (entry) row[column] = { minor: entry.amountMinor };
      }
      const sale = list.find((p) => p.priceType === PRICE_TYPE.Sale) ?? list[0];
      if (sale) row.currency = sale.currency;
      return row;
    };
    for (const p of page) {
      yield {
        sku: p.sku,
        name: p.name,
        slug: p.slug,
        stock_type: p.stockType,
        category: find.path(p.categoryId),
        brand: p.brand,
        barcode: p.barcode ?? '',
        short_description: p.shortDescription,
        description: p.description,
        ...priceCells(`${p.id}:0`),
        vat_rate: p.vatRate,
        stock: p.stockType === STOCK_TYPE.Variant ? '' : (p.stock ?? 'sınırsız'),
        active: p.isActive ? '1' : '0',
        options: p.stockType === STOCK_TYPE.Variant ? formatOptionGroups(p.optionGroups) : '',
      };
      for (const v of variantsOf.get(p.id) ?? []) {
        yield {
          sku: v.sku,
          parent_sku: p.sku,
          barcode: v.barcode ?? '',
          ...priceCells(`${p.id}:${v.id}`),
          stock: v.stock,
          active: v.isActive ? '1' : '0',
          options: formatVariantOptions(v.options),
        };
      }
    }
  }
}

/** `12345` → `123,45`: the decimal comma Turkish Excel reads as a number. */
const decimalComma = (minor: number) => `${Math.floor(minor / 100)},${String(minor % 100).padStart(2, '0')}`;

/** The export as CSV for Turkish Excel: UTF-8 with BOM, `;`, decimal commas, CRLF (as the orders export). */
export async function productsCsv(db: Db): Promise<string> {
  const lines = [PRODUCT_COLUMNS.map((c) => csvField(c.title)).join(';')];
  for await (const row of exportRows(db)) {
    lines.push(
      PRODUCT_COLUMNS.map((c) => {
        const value = row[c.key];
        if (value === undefined) return '';
        if (typeof value === 'object') return decimalComma(value.minor);
        return typeof value === 'number' ? String(value) : csvField(value);
      }).join(';'),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/**
 * The export as a workbook: prices as number cells, barcodes and SKUs as text (leading zeros kept), texts
 * guarded against formulas as in the CSV (the import takes the apostrophe off again).
 */
export async function productsXlsx(db: Db): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Ürünler', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PRODUCT_COLUMNS.map((c) => ({
    header: c.title,
    key: c.key,
    width: c.key === 'name' || c.key === 'category' ? 32 : c.key.endsWith('description') ? 40 : 16,
    ...(c.key in PRICE_COLUMNS ? { style: { numFmt: '#,##0.00' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for await (const row of exportRows(db)) {
    sheet.addRow(
      Object.fromEntries(
        Object.entries(row).map(([key, value]) => [
          key,
          typeof value === 'object'
            ? value.minor / 100
            : typeof value === 'string'
              ? formulaGuarded(value)
              : value,
        ]),
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
