import type { AdminPage, AdminPageSummary, PageInput } from '@vitrin/shared/api/admin/pages';
import { RECORD_CHANGED_MESSAGE } from '@vitrin/shared/api/admin/record-version';
import { slugify } from '@vitrin/shared/slug';
import { and, asc, eq, like, ne, or, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { pages } from '../db/schema.ts';
import { rememberLeftSlugs } from '../db/slug-history.ts';
import { DomainError } from '../errors.ts';
import { plainText, sanitizeStoredHtml } from '../html/sanitize.ts';
import type { Tx } from '../orders/stock.ts';
import { pageSlugs } from './service.ts';

/** Why a change of a page or a blog post was refused: a stable code, its HTTP status and a Turkish message. */
export type ContentErrorCode =
  | 'GECERSIZ_ISTEK'
  | 'SAYFA_BULUNAMADI'
  | 'YAZI_BULUNAMADI'
  | 'BLOG_KATEGORISI_BULUNAMADI'
  | 'BLOG_ETIKETI_BULUNAMADI'
  | 'SLUG_KAYITLI'
  | 'KAYIT_DEGISTI';

export const contentError = (
  status: 400 | 404 | 409,
  code: ContentErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new DomainError(status, code, message, fields);

/**
 * Refuses a save of a record changed since the form loaded it (`loaded`: the `updatedAt` the form read), so
 * the second of two staff editing the same record does not silently overwrite the first. Read under the
 * row's lock, so two saves of the same version cannot both pass.
 */
export function assertUnchangedSince(current: { updatedAt: Date } | undefined, loaded: string | undefined) {
  if (changedSince(current, loaded)) throw contentError(409, 'KAYIT_DEGISTI', RECORD_CHANGED_MESSAGE);
}

/** Whether a record (read under its row lock) was changed since a form loaded it; none loaded: not asked. */
export function changedSince(current: { updatedAt: Date } | null | undefined, loaded: string | undefined) {
  return !!current && loaded !== undefined && current.updatedAt.getTime() !== Date.parse(loaded);
}

/** A body sanitized for storing; one left with no text and no image is refused on `body`. */
export function storedBody(html: string): string {
  const body = sanitizeStoredHtml(html);
  if (!plainText(body) && !body.includes('<img ')) {
    throw contentError(400, 'GECERSIZ_ISTEK', 'İçerik boş olamaz.', { body: 'İçeriği yazın' });
  }
  return body;
}

/**
 * The slug a page or a post gets: a typed one that another row of the table has is refused (409) with the
 * first free one offered; a blank one is made from the title (`-2`, `-3`… when taken).
 */
export async function contentSlug(
  tx: Tx,
  table: PgTable & { id: PgColumn; slug: PgColumn },
  typed: string,
  title: string,
  current: { id: number; slug: string } | null,
): Promise<string> {
  const wanted = typed || (current ? current.slug : slugify(title));
  if (!wanted) {
    throw contentError(400, 'GECERSIZ_ISTEK', 'Başlıktan adres yapılamadı; bir slug girin.', {
      slug: 'Harf ya da rakam içeren bir slug girin',
    });
  }
  const taken = await tx
    .select({ slug: table.slug })
    .from(table)
    .where(
      and(
        or(eq(table.slug, wanted), like(table.slug, `${wanted}-%`)) as SQL,
        current ? ne(table.id, current.id) : undefined,
      ),
    );
  const used = new Set(taken.map((t) => t.slug as string));
  let free = wanted;
  for (let n = 2; used.has(free); n++) free = `${wanted.slice(0, 115).replace(/-+$/, '')}-${n}`;
  if (typed && free !== typed) {
    throw contentError(409, 'SLUG_KAYITLI', `"${typed}" adresi kullanılıyor; "${free}" kullanılabilir.`, {
      slug: `Bu slug kullanılıyor; öneri: ${free}`,
    });
  }
  return free;
}

type Row = typeof pages.$inferSelect;
const summary = (r: Row): AdminPageSummary => ({
  id: r.id,
  type: r.type,
  slug: r.slug,
  title: r.title,
  position: r.position,
  isPublished: r.isPublished,
  updatedAt: r.updatedAt.toISOString(),
});
const answer = (r: Row): AdminPage => ({ ...summary(r), summary: r.summary, body: r.body });
const audited = (r: Row) => ({
  type: r.type,
  slug: r.slug,
  title: r.title,
  summary: r.summary,
  body: r.body,
  position: r.position,
  isPublished: r.isPublished,
});

const notFound = () => contentError(404, 'SAYFA_BULUNAMADI', 'Sayfa bulunamadı.');

/**
 * Content pages in the panel: each change and its audit row in one transaction, the body sanitized before
 * it is stored, then every cache drops (pages, footer links, the page cache, on every node).
 */
export function createPageAdmin(db: Db, cache: Cache) {
  async function save(actor: AuditActor, id: number | null, sent: PageInput): Promise<AdminPage> {
    const { loadedUpdatedAt, ...input } = sent;
    const html = storedBody(input.body);
    const page = await db.transaction(async (tx) => {
      const [current] =
        id === null ? [] : await tx.select().from(pages).where(eq(pages.id, id)).for('update');
      if (id !== null && !current) throw notFound();
      assertUnchangedSince(current, loadedUpdatedAt);
      const slug = await contentSlug(tx, pages, input.slug, input.title, current ?? null);
      const values = { ...input, slug, body: html };
      const [row] = current
        ? await tx
            .update(pages)
            .set({ ...values, updatedAt: new Date() })
            .where(eq(pages.id, current.id))
            .returning()
        : await tx.insert(pages).values(values).returning();
      // The address a page leaves answers 301 to its new one.
      if (current)
        await rememberLeftSlugs(tx, pageSlugs, [{ id: row!.id, from: current.slug, to: row!.slug }]);
      await recordAudit(tx, {
        actor,
        action: current ? 'page.update' : 'page.create',
        entity: 'page',
        entityId: row!.id,
        before: current ? audited(current) : null,
        after: audited(row!),
      });
      return answer(row!);
    });
    await cache.invalidateAll();
    return page;
  }

  return {
    /** Pages of one type (or all), by type and position. */
    async list(type?: number): Promise<AdminPageSummary[]> {
      const rows = await db
        .select()
        .from(pages)
        .where(type === undefined ? undefined : eq(pages.type, type))
        .orderBy(asc(pages.type), asc(pages.position), asc(pages.id));
      return rows.map(summary);
    },
    async get(id: number): Promise<AdminPage> {
      const [row] = await db.select().from(pages).where(eq(pages.id, id));
      if (!row) throw notFound();
      return answer(row);
    },
    create: (actor: AuditActor, input: PageInput) => save(actor, null, input),
    update: (actor: AuditActor, id: number, input: PageInput) => save(actor, id, input),
    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(pages).where(eq(pages.id, id)).returning();
        if (!row) throw notFound();
        await recordAudit(tx, {
          actor,
          action: 'page.delete',
          entity: 'page',
          entityId: id,
          before: audited(row),
          after: null,
        });
      });
      await cache.invalidateAll();
    },
  };
}

export type PageAdmin = ReturnType<typeof createPageAdmin>;
