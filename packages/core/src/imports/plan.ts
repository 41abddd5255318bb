import { setImmediate as nextTurn } from 'node:timers/promises';
import type { ImportSummary } from '@vitrin/shared/api/admin/imports';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { slugify } from '@vitrin/shared/slug';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, type OptionGroup, productPrices, products, productVariants } from '../db/schema.ts';
import { storedDescription } from '../html/sanitize.ts';
import type { FieldError, PriceChanges, ProductRow, VariantRow } from './rows.ts';

type Currency = 'TRY' | 'USD' | 'EUR';
export interface Price {
  amountMinor: number;
  currency: Currency;
}
/** Price entries by type. */
export type Prices = Map<number, Price>;

/** A product as the import writes it (its own columns; variants and prices apart). */
export interface ProductState {
  name: string;
  slug: string;
  stockType: number;
  categoryId: number;
  brand: string;
  barcode: string | null;
  shortDescription: string;
  description: string;
  vatRate: number;
  stock: number | null;
  isActive: boolean;
  optionGroups: OptionGroup[];
}

export interface VariantState {
  barcode: string | null;
  options: Record<string, string>;
  stock: number;
  isActive: boolean;
}

export interface PlannedProduct {
  line: number;
  sku: string;
  /** null: a new product. */
  id: number | null;
  state: ProductState;
  /** Only the columns that differ from the stored product (all of them for a new one). */
  changed: Partial<ProductState>;
  /** The stored product's columns and prices (none for a new one): what a change is told against. */
  before: ProductState | null;
  pricesBefore: Prices;
  prices: Prices;
  pricesChanged: boolean;
  /** The search columns must be made again (name, SKU, summary or category changed, or new). */
  searchChanged: boolean;
}

export interface PlannedVariant {
  line: number;
  sku: string;
  id: number | null;
  /** The product's SKU (its id is known only after a new product is inserted). */
  parentSku: string;
  parentId: number | null;
  position: number;
  state: VariantState;
  changed: Partial<VariantState>;
  before: VariantState | null;
  pricesBefore: Prices;
  prices: Prices;
  pricesChanged: boolean;
}

export interface Plan {
  products: PlannedProduct[];
  variants: PlannedVariant[];
  /** Option groups of stored products (not in the file) that their new variants' values grew. */
  groupUpdates: Map<number, OptionGroup[]>;
  errors: Map<number, FieldError[]>;
  summary: ImportSummary;
  categoryNames: Map<number, string>;
  /** A category's path as the export writes it (`Giyim > Tişört`). */
  categoryPath: (id: number) => string;
}

/** Products read a statement, a turn of the event loop (and of queued queries) given after each. */
const CHUNK = 1_000;
/** Rows checked between two turns of the event loop (a shopper's request waits at most that long). */
const STEP = 500;

async function inChunks<T>(values: readonly T[], read: (chunk: T[]) => Promise<void>) {
  for (let i = 0; i < values.length; i += CHUNK) {
    await read(values.slice(i, i + CHUNK));
    await nextTurn();
  }
}

const samePrices = (a: Prices, b: Prices) =>
  a.size === b.size &&
  [...a].every(
    ([type, p]) => b.get(type)?.amountMinor === p.amountMinor && b.get(type)?.currency === p.currency,
  );

/** The fields of `want` whose values differ from `have` (compared as JSON: option groups are arrays). */
function differences<T extends object>(have: T, want: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(want) as (keyof T)[]) {
    if (JSON.stringify(have[key]) !== JSON.stringify(want[key])) changed[key] = want[key];
  }
  return changed;
}

/** Price entries after a row's changes; `currency` applies to every entry of the row. */
function pricesAfter(have: Prices, changes: PriceChanges, currency: Currency): Prices {
  const out: Prices = new Map();
  for (const [type, p] of have) out.set(type, { amountMinor: p.amountMinor, currency });
  for (const [type, amount] of changes) {
    if (amount === null) out.delete(type);
    else out.set(type, { amountMinor: amount, currency });
  }
  return new Map([...out].sort(([a], [b]) => a - b));
}

/** Finds a category by slug, by its path of names (`Giyim > Tişört`) or by a name no other category has. */
async function categoryFinder(db: Db) {
  const list = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      parentId: categories.parentId,
    })
    .from(categories);
  const byId = new Map(list.map((c) => [c.id, c]));
  const pathOf = (id: number): string[] => {
    const names: string[] = [];
    for (let c = byId.get(id); c && names.length < 20; c = c.parentId ? byId.get(c.parentId) : undefined) {
      names.unshift(foldTurkish(c.name));
    }
    return names;
  };
  const bySlug = new Map(list.map((c) => [c.slug, c.id]));
  const byPath = new Map(list.map((c) => [pathOf(c.id).join('>'), c.id]));
  const byName = new Map<string, number | null>();
  for (const c of list) {
    const key = foldTurkish(c.name);
    byName.set(key, byName.has(key) ? null : c.id);
  }
  return {
    names: new Map(list.map((c) => [c.id, c.name])),
    /** The path as the export writes it. */
    path: (id: number) => {
      const names: string[] = [];
      for (let c = byId.get(id); c && names.length < 20; c = c.parentId ? byId.get(c.parentId) : undefined) {
        names.unshift(c.name);
      }
      return names.join(' > ');
    },
    find(text: string): number | undefined | null {
      const slug = bySlug.get(text.trim());
      if (slug) return slug;
      const parts = text.split('>').map((p) => foldTurkish(p));
      if (parts.length > 1) return byPath.get(parts.join('>'));
      // null: more than one category has this name.
      return byName.get(parts[0]!);
    },
  };
}
export type CategoryFinder = Awaited<ReturnType<typeof categoryFinder>>;
export { categoryFinder };

/**
 * Decides what each row does against the stored catalogue: create, update or nothing, and the errors that
 * need the catalogue to see (unknown category, a slug or SKU taken, a variant of another product).
 */
export async function planImport(
  db: Db,
  rows: { products: ProductRow[]; variants: VariantRow[]; errors: Map<number, FieldError[]> },
  progress: (checked: number) => void | Promise<void> = () => {},
): Promise<Plan> {
  const errors = rows.errors;
  // Rows checked so far: told (and the event loop given a turn) every `STEP` rows.
  let checked = 0;
  const step = async () => {
    if (++checked % STEP) return;
    await progress(checked);
    await nextTurn();
  };
  const fail = (line: number, field: string, message: string) => {
    const list = errors.get(line) ?? [];
    list.push({ field, message });
    errors.set(line, list);
  };
  const find = await categoryFinder(db);

  // What the catalogue holds of these SKUs, and every slug and SKU (a new one must not collide).
  const all = await db.select({ id: products.id, sku: products.sku, slug: products.slug }).from(products);
  await nextTurn();
  const productBySku = new Map(all.map((p) => [p.sku, p.id]));
  const skuBySlug = new Map(all.map((p) => [p.slug, p.sku]));
  const allVariants = await db
    .select({ id: productVariants.id, sku: productVariants.sku, productId: productVariants.productId })
    .from(productVariants);
  await nextTurn();
  const variantBySku = new Map(allVariants.map((v) => [v.sku, v]));

  // Duplicates in the file, and SKUs that are a product on one side and a variant on the other.
  const firstLine = new Map<string, number>();
  const unique = <R extends { sku: string; line: number }>(list: R[]) =>
    list.filter((r) => {
      const seen = firstLine.get(r.sku);
      if (seen !== undefined) {
        fail(r.line, 'sku', `SKU "${r.sku}" dosyada ${seen}. satırda da var; her SKU bir kez yazılmalı.`);
        return false;
      }
      firstLine.set(r.sku, r.line);
      return true;
    });
  const productRows = unique(rows.products).filter((r) => {
    if (!variantBySku.has(r.sku)) return true;
    fail(
      r.line,
      'sku',
      `SKU "${r.sku}" bir ürünün varyantı; varyant satırında (Ana Ürün SKU ile) yazılmalı.`,
    );
    return false;
  });
  const variantRows = unique(rows.variants).filter((r) => {
    if (!productBySku.has(r.sku)) return true;
    fail(r.line, 'sku', `SKU "${r.sku}" bir ürünün kendi SKU’su; varyant olarak yazılamaz.`);
    return false;
  });

  // The stored rows of the products and variants the file names.
  const productIds = [
    ...new Set(
      [...productRows.map((r) => r.sku), ...variantRows.map((r) => r.parentSku)].flatMap((sku) => {
        const id = productBySku.get(sku);
        return id === undefined ? [] : [id];
      }),
    ),
  ];
  const stored = new Map<number, typeof products.$inferSelect>();
  const storedVariants = new Map<number, (typeof productVariants.$inferSelect)[]>();
  const storedPrices = new Map<string, Prices>();
  await inChunks(productIds, async (ids) => {
    for (const p of await db.select().from(products).where(inArray(products.id, ids))) stored.set(p.id, p);
    for (const v of await db.select().from(productVariants).where(inArray(productVariants.productId, ids))) {
      storedVariants.set(v.productId, [...(storedVariants.get(v.productId) ?? []), v]);
    }
    for (const p of await db.select().from(productPrices).where(inArray(productPrices.productId, ids))) {
      const key = `${p.productId}:${p.variantId ?? 0}`;
      const map = storedPrices.get(key) ?? new Map();
      map.set(p.priceType, { amountMinor: p.amountMinor, currency: p.currency as Currency });
      storedPrices.set(key, new Map([...map].sort(([a], [b]) => a - b)));
    }
  });
  const pricesOf = (productId: number | null, variantId: number | null): Prices =>
    productId === null ? new Map() : (storedPrices.get(`${productId}:${variantId ?? 0}`) ?? new Map());

  const variantsOf = new Map<string, VariantRow[]>();
  for (const v of variantRows) variantsOf.set(v.parentSku, [...(variantsOf.get(v.parentSku) ?? []), v]);

  // Slugs taken in the file so far, by SKU.
  const slugTaken = new Map<string, string>();
  const freeSlug = (sku: string, slug: string) => {
    const owner = slugTaken.get(slug) ?? skuBySlug.get(slug);
    return owner === undefined || owner === sku;
  };

  const planned: PlannedProduct[] = [];
  const plannedBySku = new Map<string, PlannedProduct>();
  for (const r of productRows) {
    await step();
    const id = productBySku.get(r.sku) ?? null;
    const have = id === null ? undefined : stored.get(id)!;
    const hasVariantRows = variantsOf.has(r.sku);
    const stockType = have?.stockType ?? r.stockType ?? (hasVariantRows ? 2 : 1);
    if (have && r.stockType !== undefined && r.stockType !== have.stockType) {
      fail(r.line, 'stock_type', 'Bir ürünün stok tipi içe aktarımla değiştirilemez; panelden değiştirin.');
    }
    if (!have && stockType === STOCK_TYPE.Designable) {
      fail(
        r.line,
        'stock_type',
        'Tasarlanabilir ürünler panelden eklenir (kişiselleştirme alanlarıyla); içe aktarım yalnızca var olanları günceller.',
      );
    }
    // A new product needs these (a cell that was there but wrong has its own message already).
    const needed = (field: string, present: boolean, title: string) => {
      if (!have && !present && !errors.get(r.line)?.some((e) => e.field === field)) {
        fail(r.line, field, `${title} yeni bir üründe boş olamaz.`);
      }
    };
    needed('name', r.name !== undefined, 'Ürün Adı');
    needed('category', r.category !== undefined, 'Kategori');
    needed('sale_price', !!r.prices.get(2), 'Satış Fiyatı');
    let categoryId = have?.categoryId;
    if (r.category !== undefined) {
      const found = find.find(r.category);
      if (found === null) {
        fail(
          r.line,
          'category',
          `"${r.category}" adında birden çok kategori var; yolunu (Giyim > Tişört) ya da slug’ını yazın.`,
        );
      } else if (found === undefined) {
        fail(
          r.line,
          'category',
          `Kategori bulunamadı: "${r.category}". Yolunu (Giyim > Tişört) ya da slug’ını yazın.`,
        );
      } else categoryId = found;
    }
    // Stock: counted on variants for a variant product; unlimited (null) only for a virtual one.
    let stock = have ? have.stock : stockType === STOCK_TYPE.Virtual ? null : 0;
    if (r.stock !== undefined) {
      if (stockType === STOCK_TYPE.Variant) {
        fail(r.line, 'stock', 'Varyantlı ürünün stoğu varyant satırlarında yazılır; bu hücreyi boş bırakın.');
      } else if (r.stock === null && stockType !== STOCK_TYPE.Virtual) {
        fail(r.line, 'stock', 'Yalnızca sanal ürünlerin stoğu sınırsız olabilir.');
      } else stock = r.stock;
    }
    if (stockType === STOCK_TYPE.Variant) stock = null;
    if (r.optionGroups && stockType !== STOCK_TYPE.Variant) {
      fail(r.line, 'options', 'Seçenekler yalnızca varyantlı ürünlerde yazılır.');
    }
    if (stockType === STOCK_TYPE.Variant && !have && !hasVariantRows) {
      fail(r.line, 'options', 'Varyantlı bir ürünün en az bir varyant satırı olmalı (Ana Ürün SKU ile).');
    }
    const name = r.name ?? have?.name ?? '';
    let slug = r.slug ?? have?.slug;
    if (r.slug !== undefined && !freeSlug(r.sku, r.slug)) {
      const owner = slugTaken.get(r.slug) ?? skuBySlug.get(r.slug);
      fail(r.line, 'slug', `"${r.slug}" adresi başka bir ürünün (SKU ${owner}); başka bir slug yazın.`);
    }
    if (slug === undefined) {
      // A new product without a slug: its name's, numbered when that is taken.
      const base = slugify(name) || slugify(r.sku) || 'urun';
      slug = base;
      for (let n = 2; !freeSlug(r.sku, slug); n++) slug = `${base.slice(0, 110)}-${n}`;
    }
    slugTaken.set(slug, r.sku);
    const currency = r.currency ?? pricesOf(id, null).get(2)?.currency ?? 'TRY';
    const state: ProductState = {
      name,
      slug,
      stockType,
      categoryId: categoryId ?? 0,
      brand: r.brand ?? have?.brand ?? '',
      barcode: r.barcode === undefined ? (have?.barcode ?? null) : r.barcode,
      shortDescription: r.shortDescription ?? have?.shortDescription ?? '',
      // A description stored before the editor (plain text) that the file gives back as it is reads as the
      // same description once stored as the form stores it: unchanged, so an export imported again changes nothing.
      description:
        have && r.description !== undefined && r.description === storedDescription(have.description)
          ? have.description
          : (r.description ?? have?.description ?? ''),
      vatRate: r.vatRate ?? have?.vatRate ?? 20,
      stock,
      isActive: r.active ?? have?.isActive ?? true,
      // A copy: variant rows may add values to it.
      optionGroups: structuredClone(r.optionGroups ?? have?.optionGroups ?? []),
    };
    const prices = pricesAfter(pricesOf(id, null), r.prices, currency);
    const before = have ? pickState(have) : null;
    const changed = before ? differences<ProductState>(before, state) : state;
    const p: PlannedProduct = {
      line: r.line,
      sku: r.sku,
      id,
      state,
      changed,
      before,
      pricesBefore: pricesOf(id, null),
      prices,
      pricesChanged: !samePrices(pricesOf(id, null), prices),
      searchChanged: !have || 'name' in changed || 'shortDescription' in changed || 'categoryId' in changed,
    };
    planned.push(p);
    plannedBySku.set(r.sku, p);
  }

  // Variants, after their products: a product's groups gain the values its variant rows bring.
  const plannedVariants: PlannedVariant[] = [];
  const nextPosition = new Map<string, number>();
  const optionKeys = new Map<string, string>();
  // Groups of stored products not in the file, as their new variants grow them.
  const grownGroups = new Map<number, OptionGroup[]>();
  const explicitGroups = new Set(productRows.filter((r) => r.optionGroups).map((r) => r.sku));
  for (const r of variantRows) {
    await step();
    const parent = plannedBySku.get(r.parentSku);
    const parentId = parent ? parent.id : (productBySku.get(r.parentSku) ?? null);
    const parentStored = parentId === null ? undefined : stored.get(parentId);
    const existing = variantBySku.get(r.sku);
    if (existing && existing.productId !== parentId) {
      fail(r.line, 'sku', `SKU "${r.sku}" başka bir ürünün varyantı; ana ürünü değiştirilemez.`);
      continue;
    }
    if (!parent && !parentStored) {
      fail(r.line, 'parent_sku', `Ana ürün bulunamadı: SKU "${r.parentSku}" ne dosyada ne mağazada var.`);
      continue;
    }
    const parentType = parent?.state.stockType ?? parentStored!.stockType;
    if (parentType !== STOCK_TYPE.Variant) {
      fail(r.line, 'parent_sku', `"${r.parentSku}" varyantlı bir ürün değil; varyant eklenemez.`);
      continue;
    }
    const have = existing
      ? storedVariants.get(existing.productId)?.find((v) => v.id === existing.id)
      : undefined;
    if (!have && !r.options) continue; // reported by the row's reading
    const options = r.options ?? have!.options;
    if (r.stock === null) fail(r.line, 'stock', 'Varyantların stoğu sınırsız olamaz; bir sayı yazın.');
    // The product's groups: as written on its row, else as stored, with this variant's new values added.
    let groups = parent?.state.optionGroups ?? grownGroups.get(parentId!);
    if (!groups) {
      groups = structuredClone(parentStored!.optionGroups);
      grownGroups.set(parentId!, groups);
    }
    const rowGroups = explicitGroups.has(r.parentSku);
    const missing = groups.length ? groups.filter((g) => !(g.name in options)).map((g) => g.name) : [];
    const unknown = Object.keys(options).filter((k) => groups.length && !groups.some((g) => g.name === k));
    if (missing.length || unknown.length) {
      fail(
        r.line,
        'options',
        `Seçenekler ürünün gruplarıyla aynı olmalı (${groups.map((g) => g.name).join(', ')})${missing.length ? `; eksik: ${missing.join(', ')}` : ''}${unknown.length ? `; bilinmeyen: ${unknown.join(', ')}` : ''}.`,
      );
      continue;
    }
    for (const [name, value] of Object.entries(options)) {
      const group = groups.find((g) => g.name === name);
      if (!group) groups.push({ name, values: [value] });
      else if (!group.values.includes(value)) {
        if (rowGroups) {
          fail(r.line, 'options', `"${value}" ürün satırındaki ${name} değerleri arasında yok.`);
          continue;
        }
        group.values.push(value);
      }
    }
    const optionsKey = (o: Record<string, string>) => JSON.stringify(Object.entries(o).sort());
    const key = `${r.parentSku}\u0000${optionsKey(options)}`;
    // The same options on another variant of the file, or on a stored one the file does not name.
    const twin =
      optionKeys.get(key) ??
      (parentId === null
        ? undefined
        : storedVariants
            .get(parentId)
            ?.find(
              (v) =>
                v.sku !== r.sku && !firstLine.has(v.sku) && optionsKey(v.options) === optionsKey(options),
            )?.sku);
    if (twin !== undefined) {
      fail(r.line, 'options', `Bu seçenekler aynı ürünün ${twin} SKU’lu varyantında da var.`);
      continue;
    }
    optionKeys.set(key, r.sku);
    const productCurrency =
      parent?.prices.get(2)?.currency ?? pricesOf(parentId, null).get(2)?.currency ?? 'TRY';
    const currency = r.currency ?? productCurrency;
    const position =
      have?.position ??
      nextPosition.get(r.parentSku) ??
      Math.max(
        -1,
        ...(parentId === null ? [] : (storedVariants.get(parentId) ?? []).map((v) => v.position)),
      ) + 1;
    if (!have) nextPosition.set(r.parentSku, position + 1);
    const state: VariantState = {
      barcode: r.barcode === undefined ? (have?.barcode ?? null) : r.barcode,
      options,
      stock: r.stock ?? have?.stock ?? 0,
      isActive: r.active ?? have?.isActive ?? true,
    };
    const storedVariantPrices = have ? pricesOf(parentId, have.id) : new Map();
    const prices = pricesAfter(storedVariantPrices, r.prices, currency);
    plannedVariants.push({
      line: r.line,
      sku: r.sku,
      id: have?.id ?? null,
      parentSku: r.parentSku,
      parentId,
      position,
      state,
      changed: have ? differences<VariantState>(pickVariant(have), state) : state,
      before: have ? pickVariant(have) : null,
      pricesBefore: storedVariantPrices,
      prices,
      pricesChanged: !samePrices(storedVariantPrices, prices),
    });
  }
  // Groups grown by new values: the product's row changes (a product not in the file is not touched here).
  for (const p of planned) {
    const have = p.id === null ? undefined : stored.get(p.id);
    if (have && JSON.stringify(have.optionGroups) !== JSON.stringify(p.state.optionGroups)) {
      p.changed.optionGroups = p.state.optionGroups;
    }
  }
  const groupUpdates = new Map(
    [...grownGroups].filter(
      ([id, groups]) => JSON.stringify(groups) !== JSON.stringify(stored.get(id)!.optionGroups),
    ),
  );

  const summary: ImportSummary = { create: 0, update: 0, unchanged: 0, errors: errors.size };
  for (const item of [...planned, ...plannedVariants]) {
    if (errors.has(item.line)) continue;
    if (item.id === null) summary.create++;
    else if (Object.keys(item.changed).length || item.pricesChanged) summary.update++;
    else summary.unchanged++;
  }
  return {
    products: planned,
    variants: plannedVariants,
    groupUpdates,
    errors,
    summary,
    categoryNames: find.names,
    categoryPath: find.path,
  };
}

const pickState = (p: typeof products.$inferSelect): ProductState => ({
  name: p.name,
  slug: p.slug,
  stockType: p.stockType,
  categoryId: p.categoryId,
  brand: p.brand,
  barcode: p.barcode,
  shortDescription: p.shortDescription,
  description: p.description,
  vatRate: p.vatRate,
  stock: p.stock,
  isActive: p.isActive,
  optionGroups: p.optionGroups,
});

const pickVariant = (v: typeof productVariants.$inferSelect): VariantState => ({
  barcode: v.barcode,
  options: v.options,
  stock: v.stock,
  isActive: v.isActive,
});
