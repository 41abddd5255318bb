import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { formatMoney } from '@vitrin/shared/money';
import { and, asc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { categories, productPrices, products } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';
import { refreshSearchColumns } from './product-admin/search.ts';
import { recordMovement } from './product-admin/stock.ts';

type CatalogErrorCode = 'URUN_BULUNAMADI' | 'KATEGORI_BULUNAMADI' | 'ALAN_BILINMIYOR' | 'DEGER_GECERSIZ';

/** A catalogue change (the CLI's) that cannot be made; the message is Turkish and shown as is. */
const catalogError = (code: CatalogErrorCode, message: string) =>
  new DomainError(code.endsWith('_BULUNAMADI') ? 404 : 400, code, message);

const { Sale: SALE, Market: MARKET } = PRICE_TYPE;

/** "1" / "0" as typed by an operator (also evet/hayır). */
const flag = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.enum(['1', '0', 'evet', 'hayır', 'hayir'], { error: '1 (evet) ya da 0 (hayır) olmalıdır.' }))
  .transform((v) => v === '1' || v === 'evet');

/** A price in lira with at most two decimals, "249,90" or "249.90", as whole kuruş. */
const lira = z
  .string()
  .trim()
  .regex(
    /^\d{1,9}([.,]\d{1,2})?$/,
    'en fazla iki ondalıklı, sıfırdan büyük bir tutar olmalıdır (ör. 249,90).',
  )
  .transform((v) => Math.round(Number(v.replace(',', '.')) * 100))
  .refine((v) => v > 0, 'sıfırdan büyük olmalıdır.');

const name = z
  .string()
  .trim()
  .min(2, 'en az 2 karakter olmalıdır.')
  .max(200, 'en fazla 200 karakter olabilir.');

const productFields = {
  name: { label: 'Ürün adı', schema: name },
  price: { label: 'Satış fiyatı (KDV dahil, ürünün para biriminde)', schema: lira },
  'market-price': {
    label: 'Piyasa fiyatı (KDV dahil, ürünün para biriminde; "yok" ile kaldırılır)',
    schema: z.union([z.literal('yok'), lira]),
  },
  stock: {
    label: 'Stok adedi ("sınırsız": yalnızca sanal ürünler)',
    schema: z.union([
      z.literal('sınırsız'),
      z
        .string()
        .trim()
        .regex(/^\d{1,7}$/, 'sıfır ya da pozitif bir tam sayı olmalıdır.')
        .transform(Number),
    ]),
  },
  active: { label: 'Satışta mı (1/0)', schema: flag },
} as const;

const categoryFields = {
  name: { label: 'Kategori adı', schema: name },
  description: { label: 'Açıklama', schema: z.string().trim().max(1000, 'en fazla 1000 karakter olabilir.') },
  featured: { label: 'Anasayfada öne çıksın mı (1/0)', schema: flag },
  active: { label: 'Görünsün mü (1/0)', schema: flag },
  position: {
    label: 'Sıra',
    schema: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, 'sıfır ya da pozitif bir tam sayı olmalıdır.')
      .transform(Number),
  },
} as const;

type Fields = Record<string, { label: string; schema: z.ZodType<unknown, string> }>;

function parseField<F extends Fields, K extends keyof F & string>(
  fields: F,
  field: string,
  raw: string,
): { key: K; value: z.output<F[K]['schema']> } {
  if (!Object.hasOwn(fields, field)) {
    throw catalogError(
      'ALAN_BILINMIYOR',
      `Bilinmeyen alan "${field}". Bilinen alanlar: ${Object.keys(fields).join(', ')}`,
    );
  }
  const def = fields[field as K]!;
  const result = def.schema.safeParse(raw);
  if (!result.success) {
    throw catalogError('DEGER_GECERSIZ', `${def.label} ${result.error.issues[0]?.message ?? 'geçersiz.'}`);
  }
  return { key: field as K, value: result.data as z.output<F[K]['schema']> };
}

/** The audit log's name of each product field (the columns' names, as the panel's labels know them). */
const auditField: Record<keyof typeof productFields, string> = {
  name: 'name',
  price: 'priceMinor',
  'market-price': 'marketPriceMinor',
  stock: 'stock',
  active: 'isActive',
};

export const productFieldHelp = Object.entries(productFields).map(([k, f]) => `${k}: ${f.label}`);
export const categoryFieldHelp = Object.entries(categoryFields).map(([k, f]) => `${k}: ${f.label}`);

/**
 * Changes to products and categories made by the shop's operator (the CLI now, the admin panel later).
 * Every change is one transaction and then drops the caches on every app node, page cache included,
 * naming the products it changed (the catalogue index refreshes those alone).
 */
export function createCatalogAdmin(db: Db, cache: Cache) {
  async function findProduct(tx: Db, slug: string) {
    const [product] = await tx.select().from(products).where(eq(products.slug, slug)).limit(1);
    if (!product) throw catalogError('URUN_BULUNAMADI', `Ürün bulunamadı: ${slug}`);
    return product;
  }

  /**
   * Search and sort columns follow the name, SKU, summary, tags and category: those of the products that
   * `where` selects are made again (refreshSearchColumns). Answers their ids.
   */
  async function refreshSearch(tx: Tx, where: SQL): Promise<number[]> {
    const ids = (await tx.select({ id: products.id }).from(products).where(where)).map((p) => p.id);
    await refreshSearchColumns(tx, ids);
    return ids;
  }

  /**
   * Sets the product's own price entry of a type, in the currency its sale price is kept in. Answers the
   * amount it had (null: none), for the audit log.
   */
  async function setPrice(
    tx: Db,
    productId: number,
    type: number,
    amountMinor: number | null,
  ): Promise<number | null> {
    const own = and(eq(productPrices.productId, productId), isNull(productPrices.variantId));
    const [sale] = await tx
      .select({ currency: productPrices.currency })
      .from(productPrices)
      .where(and(own, eq(productPrices.priceType, SALE)))
      .limit(1);
    const [previous] = await tx
      .delete(productPrices)
      .where(and(own, eq(productPrices.priceType, type)))
      .returning({ amountMinor: productPrices.amountMinor });
    await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.id, productId));
    if (amountMinor !== null) {
      await tx.insert(productPrices).values({
        productId,
        variantId: null,
        priceType: type,
        amountMinor,
        currency: sale?.currency ?? 'TRY',
      });
    }
    return previous?.amountMinor ?? null;
  }

  return {
    /**
     * One field of a product (`productFields`), with its audit entry in the change's transaction when
     * `actor` is given (the CLI's `product set`): the field before and after, prices in minor units.
     */
    async setProduct(slug: string, field: string, raw: string, actor?: AuditActor): Promise<string> {
      const { key, value } = parseField(productFields, field, raw);
      const productId = await db.transaction(async (tx) => {
        const product = await findProduct(tx, slug);
        const touch = { updatedAt: new Date() };
        let before: unknown;
        let after: unknown = value;
        switch (key) {
          case 'name':
            await tx
              .update(products)
              .set({ ...touch, name: value as string })
              .where(eq(products.id, product.id));
            await refreshSearch(tx, eq(products.id, product.id));
            before = product.name;
            break;
          case 'price':
            before = await setPrice(tx, product.id, SALE, value as number);
            break;
          case 'market-price':
            after = value === 'yok' ? null : value;
            before = await setPrice(tx, product.id, MARKET, after as number | null);
            break;
          case 'stock':
            if (product.stockType === STOCK_TYPE.Variant) {
              throw catalogError(
                'DEGER_GECERSIZ',
                'Varyantlı ürünlerde stok her varyant için ayrı tutulur; ürünün kendi stoğu değiştirilemez.',
              );
            }
            if (value === 'sınırsız' && product.stockType !== STOCK_TYPE.Virtual) {
              throw catalogError('DEGER_GECERSIZ', 'Yalnızca sanal ürünlerin stoğu sınırsız olabilir.');
            }
            await tx
              .update(products)
              .set({ ...touch, stock: value === 'sınırsız' ? null : (value as number) })
              .where(eq(products.id, product.id));
            before = product.stock;
            after = value === 'sınırsız' ? null : value;
            // Counted stock only: an unlimited (virtual) stock has no history.
            if (typeof before === 'number' && typeof after === 'number') {
              await recordMovement(tx, {
                productId: product.id,
                variantId: null,
                before,
                after,
                reason: 'düzeltme',
                ...(actor ? { actor } : {}),
              });
            }
            break;
          case 'active':
            await tx
              .update(products)
              .set({ ...touch, isActive: value as boolean })
              .where(eq(products.id, product.id));
            before = product.isActive;
            break;
        }
        if (actor) {
          await recordAudit(tx, {
            actor,
            action: 'product.update',
            entity: 'product',
            entityId: product.id,
            before: { [auditField[key]]: before },
            after: { [auditField[key]]: after },
          });
        }
        return product.id;
      });
      // The change is this product's alone: the catalogue index refreshes it, nothing else.
      await cache.invalidateAll([productId]);
      return this.showProduct(slug);
    },

    async showProduct(slug: string): Promise<string> {
      const product = await findProduct(db, slug);
      const prices = await db
        .select()
        .from(productPrices)
        .where(
          and(
            eq(productPrices.productId, product.id),
            isNull(productPrices.variantId),
            inArray(productPrices.priceType, [SALE, MARKET]),
          ),
        )
        .orderBy(asc(productPrices.priceType));
      const priceOf = (type: number) => {
        const entry = prices.find((p) => p.priceType === type);
        return entry ? formatMoney(entry.amountMinor, entry.currency) : 'yok';
      };
      return [
        `${product.name} (${product.slug}, SKU ${product.sku})`,
        `Satışta: ${product.isActive ? 'evet' : 'hayır'}`,
        `Satış fiyatı: ${priceOf(SALE)}`,
        `Piyasa fiyatı: ${priceOf(MARKET)}`,
        `Stok: ${product.stockType === STOCK_TYPE.Variant ? 'varyantlarda' : (product.stock ?? 'sınırsız')}`,
      ].join('\n');
    },

    /** One field of a category (`categoryFields`), with its audit entry when `actor` is given. */
    async setCategory(slug: string, field: string, raw: string, actor?: AuditActor): Promise<string> {
      const { key, value } = parseField(categoryFields, field, raw);
      const touched = await db.transaction(async (tx) => {
        const [category] = await tx.select().from(categories).where(eq(categories.slug, slug)).limit(1);
        if (!category) throw catalogError('KATEGORI_BULUNAMADI', `Kategori bulunamadı: ${slug}`);
        const column = {
          name: 'name',
          description: 'description',
          featured: 'isFeatured',
          active: 'isActive',
          position: 'position',
        } as const;
        await tx
          .update(categories)
          .set({ [column[key]]: value, updatedAt: new Date() })
          .where(eq(categories.id, category.id));
        if (actor) {
          await recordAudit(tx, {
            actor,
            action: 'category.update',
            entity: 'category',
            entityId: category.id,
            before: { [column[key]]: category[column[key]] },
            after: { [column[key]]: value },
          });
        }
        // Its products' search text holds the category's name; nothing else of theirs changes.
        return key === 'name' ? refreshSearch(tx, eq(products.categoryId, category.id)) : [];
      });
      await cache.invalidateAll(touched);
      return `${slug}: ${field} = ${raw.trim()}`;
    },

    async listCategories(): Promise<string> {
      const list = await db.select().from(categories).orderBy(asc(categories.position), asc(categories.id));
      const bySlug = new Map(list.map((c) => [c.id, c.slug]));
      return list
        .map(
          (c) =>
            `${c.slug}  ${c.name}${c.parentId ? `  (üst: ${bySlug.get(c.parentId)})` : ''}` +
            `${c.isFeatured ? '  [öne çıkan]' : ''}${c.isActive ? '' : '  [gizli]'}`,
        )
        .join('\n');
    },
  };
}

export type CatalogAdmin = ReturnType<typeof createCatalogAdmin>;
