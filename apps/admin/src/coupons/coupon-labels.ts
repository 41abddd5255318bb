import type { AdminCoupon, CouponState } from '@vitrin/shared/api/admin/coupons';
import { formatMoney } from '@vitrin/shared/money';
import type { Tone } from '../ui/badge.tsx';

export const COUPON_STATE_LABELS: Record<CouponState, { label: string; tone: Tone }> = {
  active: { label: 'Geçerli', tone: 'good' },
  disabled: { label: 'Kapalı', tone: 'neutral' },
  scheduled: { label: 'Başlamadı', tone: 'info' },
  ended: { label: 'Süresi doldu', tone: 'warn' },
  usedUp: { label: 'Limiti doldu', tone: 'bad' },
};

/** `%10` or `₺50,00`. */
export const discountText = (c: Pick<AdminCoupon, 'kind' | 'value'>) =>
  c.kind === 'percent' ? `%${c.value}` : formatMoney(c.value);

/** A stored instant as a datetime-local input's value in the shop's time (Turkey, UTC+3 all year). */
export const toShopInput = (iso: string | null) =>
  iso ? new Date(Date.parse(iso) + 3 * 3600_000).toISOString().slice(0, 16) : '';
