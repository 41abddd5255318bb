import type { ProductInput } from '@vitrin/shared/api/admin/products';
import { RECORD_CHANGED_MESSAGE } from '@vitrin/shared/api/admin/record-version';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { slugify } from '@vitrin/shared/slug';
import { and, eq, inArray, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { AuditActor } from '../../audit/record.ts';
import { recordAudit } from '../../audit/record.ts';
import { changedSince } from '../../content/admin.ts';
import {
  categories,
  orderItems,
  productPrices,
  products,
  productTags,
  productVariants,
  tags,
} from '../../db/schema.ts';
import { storedDescription } from '../../html/sanitize.ts';
import type { Tx } from '../../orders/stock.ts';
import { rememberOldSlugs } from '../slug-history.ts';
import { categoryMissing, productAdminError } from './errors.ts';
import { auditView, readProduct } from './read.ts';
import { refreshSearchColumns } from './search.ts';
import { recordMovement } from './stock.ts';

const EDIT_NOTE = 'Ürün formunda değiştirildi';

/** The first of `slug`, `slug-2`, `slug-3`… no other product has. */
export async function freeSlug(tx: Tx, slug: string, exceptId: number | null): Promise<string> {
  const taken = await tx
    .select({ slug: products.slug })
    .from(products)
    .where(
      and(
        sql`(${products.slug} = ${slug} or ${products.slug} like ${`${slug}-%`})`,
        exceptId === null ? undefined : ne(products.id, exceptId),
      ),
    );
  const used = new Set(taken.map((t) => t.slug));
  if (!used.has(slug)) return slug;
  for (let n = 2; ; n++) {
    const candidate = `${slug.slice(0, 115).replace(/-+$/, '')}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** A typed slug another product has is refused (409) with the first free one offered; a blank one is made. */
async function slugFor(tx: Tx, input: ProductInput, current: { id: number; slug: string } | null) {
  if (input.slug === '') {
    if (current) return current.slug;
    const made = slugify(input.name);
    if (!made) {
      throw productAdminError('GECERSIZ_ISTEK', 'Ürün adından adres yapılamadı; bir slug girin.', {
        slug: 'Harf ya da rakam içeren bir slug girin',
      });
    }
    return freeSlug(tx, made, null);
  }
  const free = await freeSlug(tx, input.slug, current?.id ?? null);
  if (free !== input.slug) {
    throw productAdminError(
      'SLUG_KAYITLI',
      `"${input.slug}" adresi başka bir ürünün; "${free}" kullanılabilir.`,
      {
        slug: `Bu slug başka bir üründe; öneri: ${free}`,
      },
    );
  }
  return input.slug;
}

/** SKUs of the product and its variants must be no other product's or variant's (letters' case aside). */
async function checkSkus(tx: Tx, input: ProductInput, productId: number | null) {
  const wanted = new Map<string, string>([[input.sku.toUpperCase(), 'sku']]);
  for (const [i, v] of input.variants.entries()) wanted.set(v.sku.toUpperCase(), `variants.${i}.sku`);
  const list = [...wanted.keys()];
  const [ownTaken, variantTaken] = await Promise.all([
    tx
      .select({ sku: products.sku })
      .from(products)
      .where(
        and(
          sql`upper(${products.sku}) in ${list}`,
          productId === null ? undefined : ne(products.id, productId),
        ),
      ),
    tx
      .select({ sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(
          sql`upper(${productVariants.sku}) in ${list}`,
          productId === null ? undefined : ne(productVariants.productId, productId),
        ),
      ),
  ]);
  const taken = [...ownTaken, ...variantTaken].map((t) => t.sku.toUpperCase());
  if (taken.length) {
    const fields = Object.fromEntries(
      taken.map((sku) => [wanted.get(sku) ?? 'sku', 'Bu SKU başka bir üründe kullanılıyor']),
    );
    throw productAdminError('SKU_KAYITLI', `SKU başka bir üründe kullanılıyor: ${taken.join(', ')}`, fields);
  }
}

async function checkReferences(tx: Tx, input: ProductInput) {
  const [category] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.id, input.categoryId));
  if (!category) throw categoryMissing();
  if (input.tagIds.length) {
    const found = await tx.select({ id: tags.id }).from(tags).where(inArray(tags.id, input.tagIds));
    if (found.length !== new Set(input.tagIds).size) {
      throw productAdminError('ETIKET_BULUNAMADI', 'Seçilen etiketlerden biri bulunamadı.', {
        tagIds: 'Böyle bir etiket yok',
      });
    }
  }
}

const priceRows = (productId: number, variantId: number | null, entries: ProductInput['prices']) =>
  entries.map((e) => ({
    productId,
    variantId,
    priceType: e.priceType,
    amountMinor: e.price,
    currency: e.currency,
  }));

/** The alt texts of images the product or a variant shows, blank ones dropped (the name describes those). */
function altsOfShown(input: ProductInput): Record<string, string> {
  const shown = new Set([...input.images, ...input.variants.flatMap((v) => v.images)]);
  return Object.fromEntries(
    Object.entries(input.imageAlts).filter(([path, alt]) => shown.has(path) && alt !== ''),
  );
}

/** The variants as sent: stored ones (by id) updated, new ones added, missing ones removed. */
async function saveVariants(tx: Tx, productId: number, input: ProductInput, actor: AuditActor) {
  const stored = await tx.select().from(productVariants).where(eq(productVariants.productId, productId));
  const byId = new Map(stored.map((v) => [v.id, v]));
  input.variants.forEach((v, i) => {
    if (v.id !== undefined && !byId.has(v.id)) {
      throw productAdminError('VARYANT_BULUNAMADI', 'Bu üründe böyle bir varyant yok.', {
        [`variants.${i}.id`]: 'Böyle bir varyant yok',
      });
    }
  });
  // Gone from the form: deleted, or taken off sale when orders hold them (orders keep their lines).
  const keep = input.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
  const gone = stored.filter((v) => !keep.includes(v.id)).map((v) => v.id);
  if (gone.length) {
    const ordered = await tx
      .selectDistinct({ id: orderItems.variantId })
      .from(orderItems)
      .where(inArray(orderItems.variantId, gone));
    const held = ordered.flatMap((o) => (o.id === null ? [] : [o.id]));
    if (held.length) {
      await tx.update(productVariants).set({ isActive: false }).where(inArray(productVariants.id, held));
    }
    const free = gone.filter((id) => !held.includes(id));
    if (free.length) await tx.delete(productVariants).where(inArray(productVariants.id, free));
  }
  await tx
    .delete(productPrices)
    .where(and(eq(productPrices.productId, productId), sql`${productPrices.variantId} is not null`));
  for (const [position, v] of input.variants.entries()) {
    const fields = {
      sku: v.sku,
      barcode: v.barcode,
      options: v.options,
      stock: v.stock,
      images: v.images,
      position,
      isActive: v.isActive,
    };
    const before = v.id === undefined ? null : byId.get(v.id)!;
    let variantId: number;
    if (before) {
      await tx.update(productVariants).set(fields).where(eq(productVariants.id, before.id));
      variantId = before.id;
    } else {
      const [row] = await tx
        .insert(productVariants)
        .values({ productId, ...fields })
        .returning({ id: productVariants.id });
      variantId = row!.id;
    }
    await recordMovement(tx, {
      productId,
      variantId,
      before: before?.stock ?? 0,
      after: v.stock,
      reason: 'düzeltme',
      note: EDIT_NOTE,
      actor,
    });
    if (v.prices.length) await tx.insert(productPrices).values(priceRows(productId, variantId, v.prices));
  }
}

/**
 * Creates (`id` null) or replaces a product with everything its form holds, in the caller's transaction:
 * row, prices, tags, variants, search columns, a stock movement for each stock the form changed, and the
 * audit row with the fields that changed. Answers the product's id.
 */
export async function saveProduct(
  tx: Tx,
  id: number | null,
  input: ProductInput,
  actor: AuditActor,
): Promise<number> {
  // The row is locked until the commit: a second save of the same loaded version waits, then is refused.
  const [locked] =
    id === null
      ? []
      : await tx
          .select({ updatedAt: products.updatedAt })
          .from(products)
          .where(eq(products.id, id))
          .for('update');
  if (id !== null && !locked) throw productAdminError('URUN_BULUNAMADI', 'Ürün bulunamadı.');
  // Changed since the form loaded it (another save, a bulk action, an import, a stock adjustment).
  if (changedSince(locked, input.loadedUpdatedAt)) {
    throw productAdminError('KAYIT_DEGISTI', RECORD_CHANGED_MESSAGE);
  }
  const before = id === null ? null : await readProduct(tx, id);
  await checkReferences(tx, input);
  await checkSkus(tx, input, id);
  const slug = await slugFor(tx, input, before);
  const stock = input.stockType === STOCK_TYPE.Variant ? null : input.stock;
  const fields = {
    slug,
    sku: input.sku,
    name: input.name,
    shortDescription: input.shortDescription,
    // Sanitized as pages' bodies are; plain text (an API client's, an old form's) becomes paragraphs first.
    description: storedDescription(input.description),
    brand: input.brand,
    barcode: input.stockType === STOCK_TYPE.Variant ? null : input.barcode,
    stockType: input.stockType,
    categoryId: input.categoryId,
    images: input.images,
    imageAlts: altsOfShown(input),
    vatRate: input.vatRate,
    stock,
    isActive: input.isActive,
    optionGroups: input.stockType === STOCK_TYPE.Variant ? input.optionGroups : [],
    personalization: input.stockType === STOCK_TYPE.Designable ? input.personalization : null,
    specifications: input.specifications,
    metaTitle: input.metaTitle,
    metaDescription: input.metaDescription,
    lowStockThreshold: input.lowStockThreshold,
    updatedAt: new Date(),
  };
  let productId: number;
  if (before) {
    productId = before.id;
    await tx.update(products).set(fields).where(eq(products.id, productId));
    // Its old address answers 301 to the new one.
    await rememberOldSlugs(tx, [{ productId, from: before.slug, to: slug }]);
  } else {
    const [row] = await tx.insert(products).values(fields).returning({ id: products.id });
    productId = row!.id;
  }
  // A counted stock the form changed is a movement of its history (unlimited stock has none).
  if (stock !== null && before?.stock !== null) {
    await recordMovement(tx, {
      productId,
      variantId: null,
      before: before?.stock ?? 0,
      after: stock,
      reason: 'düzeltme',
      note: EDIT_NOTE,
      actor,
    });
  }
  await tx
    .delete(productPrices)
    .where(and(eq(productPrices.productId, productId), isNull(productPrices.variantId)));
  await tx.insert(productPrices).values(priceRows(productId, null, input.prices));
  await tx
    .delete(productTags)
    .where(
      input.tagIds.length
        ? and(eq(productTags.productId, productId), notInArray(productTags.tagId, input.tagIds))
        : eq(productTags.productId, productId),
    );
  if (input.tagIds.length) {
    await tx
      .insert(productTags)
      .values([...new Set(input.tagIds)].map((tagId) => ({ productId, tagId })))
      .onConflictDoNothing();
  }
  await saveVariants(
    tx,
    productId,
    input.stockType === STOCK_TYPE.Variant ? input : { ...input, variants: [] },
    actor,
  );
  await refreshSearchColumns(tx, [productId]);
  await recordAudit(tx, {
    actor,
    action: before ? 'product.update' : 'product.create',
    entity: 'product',
    entityId: productId,
    before: auditView(before),
    after: auditView(await readProduct(tx, productId)),
  });
  return productId;
}
