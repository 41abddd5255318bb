import { type AdminTag, tagRequest } from '@vitrin/shared/api/admin/tags';
import { slugify } from '@vitrin/shared/slug';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../../audit/record.ts';
import type { Cache } from '../../cache.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { productTags, tags } from '../../db/schema.ts';
import { parseInput } from '../../errors.ts';
import type { Tx } from '../../orders/stock.ts';
import { refreshSearchColumns } from '../product-admin/search.ts';
import { structureError } from './errors.ts';

const notFound = () => structureError(404, 'ETIKET_BULUNAMADI', 'Etiket bulunamadı.');
const slugTaken = (slug: string) =>
  structureError(409, 'ETIKET_SLUG_KULLANIMDA', `"${slug}" adresi başka bir etiketin.`, {
    slug: 'Bu slug başka bir etikette; başka bir slug girin',
  });

/**
 * The product tags changed from the panel. A product's search columns hold its tags' names, so a rename or a
 * delete makes those of its products again in the same transaction, and the caches drop after the commit
 * naming those products (the catalogue index reads them again; tag listings and pages follow).
 */
export function createTagAdmin(db: Db, cache: Cache) {
  const productsOf = async (tx: Tx, tagId: number) =>
    (
      await tx.select({ id: productTags.productId }).from(productTags).where(eq(productTags.tagId, tagId))
    ).map((r) => r.id);

  async function list(tx: Db | Tx = db): Promise<AdminTag[]> {
    return tx
      .select({
        id: tags.id,
        name: tags.name,
        slug: tags.slug,
        productCount: sql<number>`(select count(*)::int from ${productTags} where ${productTags.tagId} = ${tags.id})`,
      })
      .from(tags)
      .orderBy(asc(tags.name), asc(tags.id));
  }

  async function save(actor: AuditActor, id: number | null, body: unknown): Promise<AdminTag> {
    const input = parseInput(tagRequest, body);
    let slug = input.slug || slugify(input.name);
    const { result, touched } = await db
      .transaction(async (tx) => {
        const [current] =
          id === null ? [] : await tx.select().from(tags).where(eq(tags.id, id)).for('update');
        if (id !== null && !current) throw notFound();
        if (current && !input.slug) slug = current.slug;
        if (!slug) {
          throw structureError(400, 'GECERSIZ_ISTEK', 'Etiket adından adres yapılamadı; bir slug girin.', {
            slug: 'Harf ya da rakam içeren bir slug girin',
          });
        }
        const [taken] = await tx
          .select({ id: tags.id })
          .from(tags)
          .where(id === null ? eq(tags.slug, slug) : and(eq(tags.slug, slug), ne(tags.id, id)))
          .limit(1);
        if (taken) throw slugTaken(slug);
        const [row] = current
          ? await tx.update(tags).set({ name: input.name, slug }).where(eq(tags.id, current.id)).returning()
          : await tx.insert(tags).values({ name: input.name, slug }).returning();
        await recordAudit(tx, {
          actor,
          action: current ? 'tag.update' : 'tag.create',
          entity: 'tag',
          entityId: row!.id,
          before: current ? { name: current.name, slug: current.slug } : null,
          after: { name: row!.name, slug: row!.slug },
        });
        const touched = current && current.name !== row!.name ? await productsOf(tx, row!.id) : [];
        await refreshSearchColumns(tx, touched);
        const result = (await list(tx)).find((t) => t.id === row!.id)!;
        return { result, touched };
      })
      .catch((err: unknown) => {
        throw isUniqueViolation(err) ? slugTaken(slug) : err;
      });
    await cache.invalidateAll(touched);
    return result;
  }

  return {
    list: () => list(),
    create: (actor: AuditActor, body: unknown) => save(actor, null, body),
    update: (actor: AuditActor, id: number, body: unknown) => save(actor, id, body),

    /** Deletes a tag; its products lose it (their product_tags rows go, their search columns follow). */
    async remove(actor: AuditActor, id: number): Promise<void> {
      const touched = await db.transaction(async (tx) => {
        const [row] = await tx.select().from(tags).where(eq(tags.id, id)).for('update');
        if (!row) throw notFound();
        const ids = await productsOf(tx, id);
        await tx.delete(productTags).where(eq(productTags.tagId, id));
        await tx.delete(tags).where(eq(tags.id, id));
        await refreshSearchColumns(tx, ids);
        await recordAudit(tx, {
          actor,
          action: 'tag.delete',
          entity: 'tag',
          entityId: id,
          before: { name: row.name, slug: row.slug, products: ids.length },
          after: null,
        });
        return ids;
      });
      await cache.invalidateAll(touched);
    },
  };
}

export type TagAdmin = ReturnType<typeof createTagAdmin>;
