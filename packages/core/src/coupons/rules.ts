import type { CouponErrorCode } from '@vitrin/shared/api/cart';
import { formatDateTime } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import type { coupons } from '../db/schema.ts';

export type CouponRow = typeof coupons.$inferSelect;

export interface CouponProblem {
  code: CouponErrorCode;
  message: string;
}

export interface CouponSituation {
  now: Date;
  /** The whole cart's subtotal: the minimum basket is measured on it (before the discount). */
  subtotalMinor: number;
  /** The subtotal of the lines the coupon's category scope covers (all lines without a scope). */
  eligibleSubtotalMinor: number;
  /** How often this buyer used the coupon; null while the buyer is not known yet (a guest before checkout). */
  buyerUses: number | null;
  /** The scope category's name, for the message when no line is in it. */
  categoryName?: string | undefined;
}

export const couponMessages = {
  notFound: () => 'Bu kupon kodu geçerli değil. Kodu kontrol edip tekrar deneyin.',
  notStarted: (at: Date) => `Bu kupon henüz başlamadı; ${formatDateTime(at)} itibarıyla kullanılabilir.`,
  expired: (at: Date) => `Bu kuponun süresi ${formatDateTime(at)} itibarıyla doldu; artık kullanılamıyor.`,
  basketTooSmall: (min: number) =>
    `Bu kupon ${formatMoney(min)} ve üzeri alışverişlerde geçerli. Sepetinize biraz daha ürün ekleyin.`,
  limitReached: () => 'Bu kupon belirlenen kullanım sayısına ulaştı; artık kullanılamıyor.',
  buyerLimitReached: (limit: number) =>
    limit === 1
      ? 'Bu kuponu daha önce kullandınız; her müşteri bir kez kullanabilir.'
      : `Bu kuponu kullanım hakkınız doldu; her müşteri en fazla ${limit} kez kullanabilir.`,
  notApplicable: (category?: string) =>
    category
      ? `Bu kupon yalnızca ${category} kategorisindeki ürünlerde geçerli; sepetinizde bu kategoriden ürün yok.`
      : 'Bu kupon sepetinizdeki ürünlere uygulanamıyor.',
} as const;

/**
 * Why a coupon does not apply to a cart now, or null when it does. One reason, checked in the order a
 * shopper can act on them: the code itself (unknown, not started, expired, used up), then the cart (no
 * line in scope, basket too small).
 */
export function couponProblem(coupon: CouponRow | undefined, s: CouponSituation): CouponProblem | null {
  if (!coupon?.isActive) return { code: 'KUPON_BULUNAMADI', message: couponMessages.notFound() };
  if (coupon.startsAt && coupon.startsAt > s.now) {
    return { code: 'KUPON_HENUZ_BASLAMADI', message: couponMessages.notStarted(coupon.startsAt) };
  }
  if (coupon.endsAt && coupon.endsAt <= s.now) {
    return { code: 'KUPON_SURESI_DOLDU', message: couponMessages.expired(coupon.endsAt) };
  }
  if (coupon.usageLimit !== null && coupon.usedCount >= coupon.usageLimit) {
    return { code: 'KUPON_LIMITI_DOLDU', message: couponMessages.limitReached() };
  }
  if (coupon.perCustomerLimit !== null && s.buyerUses !== null && s.buyerUses >= coupon.perCustomerLimit) {
    return {
      code: 'KUPON_KULLANIM_HAKKI_DOLDU',
      message: couponMessages.buyerLimitReached(coupon.perCustomerLimit),
    };
  }
  if (s.eligibleSubtotalMinor <= 0) {
    return { code: 'KUPON_UYGULANAMAZ', message: couponMessages.notApplicable(s.categoryName) };
  }
  if (s.subtotalMinor < coupon.minBasketMinor) {
    return {
      code: 'KUPON_SEPET_TUTARI_YETERSIZ',
      message: couponMessages.basketTooSmall(coupon.minBasketMinor),
    };
  }
  return null;
}

/** Problems that say a code exists but nobody can use it now. */
const UNUSABLE_NOW = new Set<CouponErrorCode>([
  'KUPON_HENUZ_BASLAMADI',
  'KUPON_SURESI_DOLDU',
  'KUPON_LIMITI_DOLDU',
]);

/**
 * What someone typing a code is told: a code that is not on the public list and that nobody can use now
 * answers exactly like an unknown one, so guessing codes tells nothing about private coupons (that one
 * exists, when it starts). A shopper who already holds the coupon (an applied one that stopped applying, an
 * order being placed) still gets the real reason.
 */
export function typedCodeProblem(coupon: CouponRow | undefined, problem: CouponProblem): CouponProblem {
  if (coupon && !coupon.isPublic && UNUSABLE_NOW.has(problem.code)) {
    return { code: 'KUPON_BULUNAMADI', message: couponMessages.notFound() };
  }
  return problem;
}
