import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../orders/stock.ts';
import type { Db } from './client.ts';

/**
 * One table of the slugs that records of another table left (`product_slug_history`, `page_slug_history`), so
 * their old addresses answer 301: `history.slug` the slug left, `owner` (a column of `history`) the record that
 * left it, `history.createdAt` when; `owners` the records with their slug now; `shown`, when given, the column
 * that says whether the shop shows a record (an old address of one it does not show answers 404 like its new
 * one, not a 301 to a 404).
 */
export interface SlugHistory {
  history: PgTable & { slug: PgColumn; createdAt: PgColumn };
  owner: PgColumn;
  owners: PgTable & { id: PgColumn; slug: PgColumn };
  shown?: PgColumn;
}

/**
 * Remembers the slugs these records leave (in the transaction of the change). A slug a record takes stops
 * redirecting to whichever record had it before; a slug left twice points to the record that left it last.
 */
export async function rememberLeftSlugs(
  tx: Tx | Db,
  { history, owner }: SlugHistory,
  changes: readonly { id: number; from: string; to: string }[],
): Promise<void> {
  const moved = changes.filter((c) => c.from !== c.to);
  if (moved.length === 0) return;
  await tx.delete(history).where(
    inArray(
      history.slug,
      moved.map((c) => c.to),
    ),
  );
  // One statement for either table: its owner column is known only by name here, which drizzle's typed
  // `insert().values()` cannot take, so the statement names its columns itself.
  const ownerColumn = sql.identifier(owner.name);
  const slugColumn = sql.identifier(history.slug.name);
  const rows = sql.join(
    moved.map((c) => sql`(${c.id}, ${c.from})`),
    sql`, `,
  );
  await tx.execute(
    sql`insert into ${history} (${ownerColumn}, ${slugColumn}) values ${rows}
      on conflict (${slugColumn}) do update
      set ${ownerColumn} = excluded.${ownerColumn}, ${sql.identifier(history.createdAt.name)} = now()`,
  );
}

/**
 * The slug now of the record that once had `slug`; null when none did, or when the shop does not show it
 * (`shown`). Read only when no record has it.
 */
export async function slugNowIn(db: Db, { history, owner, owners, shown }: SlugHistory, slug: string) {
  const [row] = await db
    .select({ slug: owners.slug })
    .from(history)
    .innerJoin(owners, eq(owners.id, owner))
    .where(and(eq(history.slug, slug), shown ? eq(shown, true) : undefined))
    .limit(1);
  const now = row?.slug as string | undefined;
  return now && now !== slug ? now : null;
}
