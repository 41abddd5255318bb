import type { AdminProduct } from '@vitrin/shared/api/admin/products';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { orderItems, productPrices, products, productTags, productVariants } from '../../db/schema.ts';

type Currency = AdminProduct['prices'][number]['currency'];

/**
 * Everything the product form edits, the purchase price (type 1) included: the admin API is the only place it
 * leaves the server. Null for an unknown product.
 */
export async function readProduct(db: Db, id: number): Promise<AdminProduct | null> {
  const [product] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  if (!product) return null;
  const [prices, variants, tagRows, ordered] = await Promise.all([
    db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, id))
      .orderBy(asc(productPrices.priceType), asc(productPrices.id)),
    db
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, id))
      .orderBy(asc(productVariants.position), asc(productVariants.id)),
    db.select({ tagId: productTags.tagId }).from(productTags).where(eq(productTags.productId, id)),
    db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1),
  ]);
  const entries = (variantId: number | null) =>
    prices
      .filter((p) => p.variantId === variantId)
      .map((p) => ({ priceType: p.priceType, priceMinor: p.amountMinor, currency: p.currency as Currency }));
  return {
    id: product.id,
    name: product.name,
    sku: product.sku,
    barcode: product.barcode,
    brand: product.brand,
    slug: product.slug,
    shortDescription: product.shortDescription,
    description: product.description,
    stockType: product.stockType,
    categoryId: product.categoryId,
    tagIds: tagRows.map((t) => t.tagId).sort((a, b) => a - b),
    vatRate: product.vatRate,
    prices: entries(null),
    stock: product.stock,
    lowStockThreshold: product.lowStockThreshold,
    images: product.images,
    imageAlts: product.imageAlts,
    isActive: product.isActive,
    optionGroups: product.optionGroups,
    variants: variants.map((v) => ({
      id: v.id,
      options: v.options,
      sku: v.sku,
      barcode: v.barcode,
      prices: entries(v.id),
      stock: v.stock,
      images: v.images,
      isActive: v.isActive,
      position: v.position,
    })),
    personalization: product.personalization ?? null,
    specifications: product.specifications,
    metaTitle: product.metaTitle,
    metaDescription: product.metaDescription,
    inOrders: ordered.length > 0,
    createdAt: product.createdAt.toISOString(),
    updatedAt: product.updatedAt.toISOString(),
  };
}

/** The product as the audit log records it: what the form edits, without the clock. */
export function auditView(product: AdminProduct | null): Record<string, unknown> | null {
  if (!product) return null;
  const { createdAt: _c, updatedAt: _u, inOrders: _o, id: _i, ...fields } = product;
  return fields;
}
