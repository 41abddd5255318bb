import {
  type AdminCoupon,
  COUPON_FORM_FIELDS,
  type CouponInput,
  type CouponState,
  type CouponUpdate,
  couponRequest,
} from '@vitrin/shared/api/admin/coupons';
import { asc, eq, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { CategoryTree } from '../catalog/categories.ts';
import { readCategoryOutline } from '../catalog/category-outline.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { categories as categoriesTable, coupons } from '../db/schema.ts';
import { DomainError, parseInput } from '../errors.ts';
import type { Tx } from '../orders/stock.ts';
import { categoryMissing, codeTaken, couponNotFound, limitBelowUses } from './admin-errors.ts';
import { couponCodeKey } from './code.ts';
import type { CouponRow } from './rules.ts';

export interface CouponAdminOptions {
  categories: () => Promise<CategoryTree>;
  /** Dropped after a change: the /coupons page and the pages that list coupons follow at once. */
  cache?: Cache | undefined;
  now: () => Date;
}

const audited = (row: CouponRow) => Object.fromEntries(COUPON_FORM_FIELDS.map((k) => [k, row[k]]));

function stateOf(row: CouponRow, now: Date): CouponState {
  if (!row.isActive) return 'disabled';
  if (row.startsAt && row.startsAt > now) return 'scheduled';
  if (row.endsAt && row.endsAt <= now) return 'ended';
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return 'usedUp';
  return 'active';
}

/** A row as the form gives it back to the schema: dates as ISO text. */
const asInput = (row: CouponRow) => ({
  ...audited(row),
  startsAt: row.startsAt?.toISOString() ?? null,
  endsAt: row.endsAt?.toISOString() ?? null,
});

/**
 * The panel's coupons (`coupons.write`): the list with uses and what is left, adding and editing (switching
 * off and on is an edit of `isActive`). Each change is checked whole (the same rules as a new coupon), made
 * and written to the audit log in one transaction.
 */
export function createCouponAdmin(db: Db, { categories, cache, now }: CouponAdminOptions) {
  async function answer(row: CouponRow, tree?: CategoryTree): Promise<AdminCoupon> {
    const names = row.categoryId !== null ? (tree ?? (await categories())) : undefined;
    return {
      id: row.id,
      code: row.code,
      description: row.description,
      kind: row.kind,
      value: row.value,
      minBasketMinor: row.minBasketMinor,
      startsAt: row.startsAt?.toISOString() ?? null,
      endsAt: row.endsAt?.toISOString() ?? null,
      usageLimit: row.usageLimit,
      perCustomerLimit: row.perCustomerLimit,
      usedCount: row.usedCount,
      remainingUses: row.usageLimit === null ? null : Math.max(0, row.usageLimit - row.usedCount),
      categoryId: row.categoryId,
      categoryName: row.categoryId !== null ? (names?.byId.get(row.categoryId)?.name ?? null) : null,
      isPublic: row.isPublic,
      isActive: row.isActive,
      state: stateOf(row, now()),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  async function checkRefs(tx: Tx, input: CouponInput, id: number | null) {
    const [same] = await tx
      .select({ id: coupons.id, code: coupons.code })
      .from(coupons)
      .where(eq(coupons.codeKey, couponCodeKey(input.code)));
    if (same && same.id !== id) throw codeTaken(input.code, same.code);
    if (input.categoryId !== null) {
      const [category] = await tx
        .select({ id: categoriesTable.id })
        .from(categoriesTable)
        .where(eq(categoriesTable.id, input.categoryId));
      if (!category) throw categoryMissing();
    }
  }

  const columns = (input: CouponInput) => ({
    ...input,
    startsAt: input.startsAt ? new Date(input.startsAt) : null,
    endsAt: input.endsAt ? new Date(input.endsAt) : null,
  });

  /** Runs a change; a code taken by a change that committed meanwhile is the same 409. */
  async function change(code: string | undefined, work: () => Promise<CouponRow>): Promise<AdminCoupon> {
    // Read before the transaction: on the embedded database a cache read inside it would wait for it.
    const tree = await categories();
    try {
      const row = await work();
      await cache?.invalidateAll();
      return answer(row, tree);
    } catch (err) {
      if (!(err instanceof DomainError) && code && isUniqueViolation(err)) throw codeTaken(code);
      throw err;
    }
  }

  return {
    /** The categories a coupon may be limited to, for the form's picker (hidden ones too, marked). */
    categoryOptions: () => readCategoryOutline(db),

    async list(): Promise<AdminCoupon[]> {
      const rows = await db.select().from(coupons).orderBy(sql`${coupons.createdAt} desc`, asc(coupons.id));
      const tree = rows.some((r) => r.categoryId !== null) ? await categories() : undefined;
      return Promise.all(rows.map((r) => answer(r, tree)));
    },

    async create(actor: AuditActor, input: CouponInput): Promise<AdminCoupon> {
      return change(input.code, () =>
        db.transaction(async (tx) => {
          await checkRefs(tx, input, null);
          const [row] = await tx.insert(coupons).values(columns(input)).returning();
          await recordAudit(tx, {
            actor,
            action: 'coupon.create',
            entity: 'coupon',
            entityId: row!.id,
            before: null,
            after: audited(row!),
          });
          return row!;
        }),
      );
    },

    /** The patch as its route's schema parsed it; merged with the coupon, the whole is checked again. */
    async update(actor: AuditActor, id: number, patch: CouponUpdate): Promise<AdminCoupon> {
      return change(patch.code, () =>
        db.transaction(async (tx) => {
          const [current] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
          if (!current) throw couponNotFound();
          const defined = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
          const input = parseInput(couponRequest, { ...asInput(current), ...defined });
          if (input.usageLimit !== null && input.usageLimit < current.usedCount) {
            throw limitBelowUses(current.usedCount);
          }
          await checkRefs(tx, input, id);
          const [row] = await tx
            .update(coupons)
            .set({ ...columns(input), updatedAt: sql`now()` })
            .where(eq(coupons.id, id))
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'coupon.update',
            entity: 'coupon',
            entityId: id,
            before: audited(current),
            after: audited(row!),
          });
          return row!;
        }),
      );
    },
  };
}

export type CouponAdmin = ReturnType<typeof createCouponAdmin>;
