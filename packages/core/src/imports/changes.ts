import {
  IMPORT_CHANGES_LISTED,
  type ImportAnswer,
  type ImportChanges,
  PRODUCT_COLUMNS,
  type ProductColumn,
} from '@vitrin/shared/api/admin/imports';
import { STOCK_TYPES } from '@vitrin/shared/constants';
import type { OptionGroup } from '../db/schema.ts';
import { plainText } from '../feeds/text.ts';
import type { Plan, PlannedProduct, PlannedVariant, Prices, ProductState, VariantState } from './plan.ts';
import { PRICE_COLUMNS } from './rows.ts';

const TITLE = Object.fromEntries(PRODUCT_COLUMNS.map((c) => [c.key, c.title])) as Record<
  ProductColumn,
  string
>;

/** Longest text a change shows of a value (a description is shown as the start of its plain text). */
const SHOWN = 80;

/** The column of each field the import writes. */
const PRODUCT_FIELDS: Partial<Record<keyof ProductState, ProductColumn>> = {
  name: 'name',
  slug: 'slug',
  stockType: 'stock_type',
  categoryId: 'category',
  brand: 'brand',
  barcode: 'barcode',
  shortDescription: 'short_description',
  description: 'description',
  vatRate: 'vat_rate',
  stock: 'stock',
  isActive: 'active',
  optionGroups: 'options',
};
const VARIANT_FIELDS: Record<keyof VariantState, ProductColumn> = {
  barcode: 'barcode',
  options: 'options',
  stock: 'stock',
  isActive: 'active',
};

const shortened = (text: string) => (text.length > SHOWN ? `${text.slice(0, SHOWN - 1)}…` : text);

/** An amount as the panel writes it: `1.234,50`, the currency named when it is not lira (`10,00 USD`). */
function amount(minor: number, currency: string) {
  const text = (minor / 100).toLocaleString('tr-TR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency === 'TRY' ? text : `${text} ${currency}`;
}

const groupsText = (groups: OptionGroup[]) =>
  groups.map((g) => `${g.name}: ${g.values.join(', ')}`).join('; ');

/** A stored or imported value in Turkish, as the owner reads it; null for nothing. */
function shown(field: string, value: unknown, categoryPath: (id: number) => string): string | null {
  if (value === null || value === undefined || value === '') return null;
  switch (field) {
    case 'categoryId':
      return categoryPath(value as number) || null;
    case 'stockType':
      return STOCK_TYPES[value as keyof typeof STOCK_TYPES] ?? String(value);
    case 'vatRate':
      return `%${value}`;
    case 'stock':
      return (value as number).toLocaleString('tr-TR');
    case 'isActive':
      return value ? 'Satışta' : 'Satışta değil';
    case 'optionGroups':
      return groupsText(value as OptionGroup[]) || null;
    case 'options':
      return (
        Object.entries(value as Record<string, string>)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; ') || null
      );
    case 'description':
      return plainText(value as string, SHOWN) || null;
    default:
      return shortened(String(value));
  }
}

type Field = ImportChanges[number]['fields'][number];

function priceChanges(before: Prices, after: Prices): Field[] {
  const fields: Field[] = [];
  for (const [column, type] of Object.entries(PRICE_COLUMNS) as [ProductColumn, number][]) {
    const from = before.get(type);
    const to = after.get(type);
    if (from?.amountMinor === to?.amountMinor && from?.currency === to?.currency) continue;
    fields.push({
      field: column,
      title: TITLE[column],
      from: from ? amount(from.amountMinor, from.currency) : null,
      to: to ? amount(to.amountMinor, to.currency) : null,
    });
  }
  // The currency of the entries, when it changed (the amounts above name it too).
  const fromCurrency = before.get(2)?.currency;
  const toCurrency = after.get(2)?.currency;
  if (fromCurrency && toCurrency && fromCurrency !== toCurrency) {
    fields.push({ field: 'currency', title: TITLE.currency, from: fromCurrency, to: toCurrency });
  }
  return fields;
}

/** The fields of a stored product or variant that the plan changes, old and new, in the columns' order. */
function fieldChanges(item: PlannedProduct | PlannedVariant, categoryPath: (id: number) => string): Field[] {
  const names = 'parentSku' in item ? VARIANT_FIELDS : PRODUCT_FIELDS;
  const before = (item.before ?? {}) as unknown as Record<string, unknown>;
  const fields: Field[] = [];
  for (const [key, column] of Object.entries(names) as [string, ProductColumn][]) {
    if (!(key in item.changed)) continue;
    const from = shown(key, before[key], categoryPath);
    const to = shown(key, (item.state as unknown as Record<string, unknown>)[key], categoryPath);
    // Values that read the same (a description's markup, a long text past what is shown) say so.
    fields.push({
      field: column,
      title: TITLE[column],
      from,
      to: from === to && to ? `${to} (biçimi değişti)` : to,
    });
  }
  if (item.pricesChanged) fields.push(...priceChanges(item.pricesBefore, item.prices));
  const order = PRODUCT_COLUMNS.map((c) => c.key as string);
  return fields.sort((a, b) => order.indexOf(a.field) - order.indexOf(b.field));
}

/**
 * What the plan creates and changes, for the answer: the SKUs created and changed in file order, and the
 * changed ones field by field (old → new in Turkish formatting), the first `IMPORT_CHANGES_LISTED` of them.
 */
export function describeChanges(
  plan: Plan,
): Pick<ImportAnswer, 'created' | 'updated' | 'changes' | 'changesLeftOut'> {
  const items = [...plan.products, ...plan.variants]
    .filter((item) => !plan.errors.has(item.line))
    .sort((a, b) => a.line - b.line);
  const created: string[] = [];
  const updated: string[] = [];
  const changes: ImportChanges = [];
  let changesLeftOut = 0;
  for (const item of items) {
    if (item.id === null) {
      created.push(item.sku);
      continue;
    }
    if (!Object.keys(item.changed).length && !item.pricesChanged) continue;
    updated.push(item.sku);
    if (changes.length >= IMPORT_CHANGES_LISTED) {
      changesLeftOut++;
      continue;
    }
    changes.push({
      line: item.line,
      sku: item.sku,
      parentSku: 'parentSku' in item ? item.parentSku : null,
      fields: fieldChanges(item, plan.categoryPath),
    });
  }
  return { created, updated, changes, changesLeftOut };
}
