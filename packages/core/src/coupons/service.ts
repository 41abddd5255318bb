import type { AppliedCoupon, PublicCoupon } from '@vitrin/shared/api/cart';
import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { CategoryTree } from '../catalog/categories.ts';
import type { Db } from '../db/client.ts';
import { coupons, couponUses } from '../db/schema.ts';
import { createCouponAdmin } from './admin.ts';
import { couponCodeKey } from './code.ts';
import { type CouponProblem, type CouponRow, couponProblem, typedCodeProblem } from './rules.ts';

/** Who is buying: coupons limited per customer count uses by the account, or by the e-mail for guests. */
export interface CouponBuyer {
  customerId: number | null;
  /** Lowercased; null while a guest has not given one (per-customer limits are checked at checkout). */
  email: string | null;
}

/** A cart line as far as a coupon cares. */
export interface CouponLine {
  categoryId: number;
  grossMinor: number;
}

export type CouponEvaluation =
  | { ok: true; coupon: CouponRow; eligible: boolean[] }
  | ({ ok: false; coupon: CouponRow | undefined } & CouponProblem);

export interface CouponServiceOptions {
  categories: () => Promise<CategoryTree>;
  /** Dropped after the panel changes a coupon. */
  cache?: Cache;
  now?: () => Date;
}

/**
 * Coupons: finding a typed code, deciding whether it applies to a cart (one Turkish reason per failure,
 * see `rules.ts`), and the public list of the `/coupons` page. Using a coupon up is part of placing an
 * order (`checkout/place-order.ts`): one conditional update there keeps `used_count` within its limit.
 */
export function createCouponService(
  db: Db,
  { categories, cache, now = () => new Date() }: CouponServiceOptions,
) {
  /** The coupon a typed code means, in any case and with or without Turkish letters (`code.ts`). */
  async function find(code: string, on: Db = db): Promise<CouponRow | undefined> {
    const key = couponCodeKey(code);
    if (!key) return undefined;
    const [row] = await on.select().from(coupons).where(eq(coupons.codeKey, key));
    return row;
  }

  /** How often the buyer used the coupon: by their account, or by e-mail (guests, and a customer's past guest orders). */
  async function usesBy(couponId: number, buyer: CouponBuyer, on: Db = db): Promise<number | null> {
    if (buyer.customerId === null && buyer.email === null) return null;
    const who = [
      buyer.customerId !== null ? eq(couponUses.customerId, buyer.customerId) : undefined,
      buyer.email !== null ? eq(couponUses.email, buyer.email) : undefined,
    ].filter((c) => c !== undefined);
    const [row] = await on
      .select({ n: count() })
      .from(couponUses)
      .where(and(eq(couponUses.couponId, couponId), or(...who)));
    return row?.n ?? 0;
  }

  /** Decides whether `code` applies to these lines for this buyer; `eligible` says which lines it discounts. */
  async function evaluate(
    code: string,
    lines: readonly CouponLine[],
    buyer: CouponBuyer,
    on: Db = db,
  ): Promise<CouponEvaluation> {
    const coupon = await find(code, on);
    const tree = coupon?.categoryId != null ? await categories() : undefined;
    const scope = coupon?.categoryId != null ? new Set(tree!.descendantIds(coupon.categoryId)) : null;
    const eligible = lines.map((l) => scope === null || scope.has(l.categoryId));
    const sumOf = (list: readonly CouponLine[]) => list.reduce((a, l) => a + l.grossMinor, 0);
    const needsUses = coupon?.perCustomerLimit != null;
    const problem = couponProblem(coupon, {
      now: now(),
      subtotalMinor: sumOf(lines),
      eligibleSubtotalMinor: sumOf(lines.filter((_, i) => eligible[i])),
      buyerUses: coupon && needsUses ? await usesBy(coupon.id, buyer, on) : null,
      categoryName: coupon?.categoryId != null ? tree?.byId.get(coupon.categoryId)?.name : undefined,
    });
    if (problem) return { ok: false, coupon, ...problem };
    return { ok: true, coupon: coupon!, eligible };
  }

  return {
    /** The panel's list, new coupons and edits. */
    admin: createCouponAdmin(db, { categories, cache, now }),
    find,
    usesBy,
    evaluate,

    /** `evaluate` for a code a shopper types in: see `typedCodeProblem` for what a refusal may tell. */
    async evaluateTyped(
      code: string,
      lines: readonly CouponLine[],
      buyer: CouponBuyer,
    ): Promise<CouponEvaluation> {
      const evaluation = await evaluate(code, lines, buyer);
      if (evaluation.ok) return evaluation;
      return { ...evaluation, ...typedCodeProblem(evaluation.coupon, evaluation) };
    },

    /** What the cart shows for an applied coupon. */
    applied(coupon: CouponRow, discountMinor: number): AppliedCoupon {
      return { code: coupon.code, description: coupon.description, discountMinor };
    },

    /**
     * Reads what `evaluate` takes from in-process caches (the category tree). Call it before a transaction
     * that evaluates coupons: on the embedded database (one connection) a cache read outside the open
     * transaction would wait for it forever.
     */
    async ready(): Promise<void> {
      await categories();
    },

    /** The `/coupons` page: active public coupons that have not ended, soonest ending first (no end last). */
    async publicList(): Promise<PublicCoupon[]> {
      const at = now();
      const rows = await db
        .select()
        .from(coupons)
        .where(
          and(
            eq(coupons.isActive, true),
            eq(coupons.isPublic, true),
            or(isNull(coupons.endsAt), gt(coupons.endsAt, at)),
            or(isNull(coupons.usageLimit), sql`${coupons.usedCount} < ${coupons.usageLimit}`),
          ),
        )
        .orderBy(sql`${coupons.endsAt} asc nulls last`, asc(coupons.code));
      const tree = rows.some((r) => r.categoryId !== null) ? await categories() : undefined;
      return rows.map((r) => {
        const category = r.categoryId !== null ? tree?.byId.get(r.categoryId) : undefined;
        return {
          code: r.code,
          description: r.description,
          kind: r.kind,
          value: r.value,
          minBasketMinor: r.minBasketMinor,
          endsAt: r.endsAt?.toISOString() ?? null,
          category: category ? { slug: category.slug, name: category.name } : null,
        };
      });
    },
  };
}

export type CouponService = ReturnType<typeof createCouponService>;
