import type { AdminCoupon, CouponFormValues, CouponInput } from '@vitrin/shared/api/admin/coupons';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { parseTurkishDay, turkishDay } from '../ui/dates.ts';
import { toShopInput } from './coupon-labels.ts';

type DayKey = 'startsAt' | 'endsAt';
/** A coupon typed by the day starts at the day's first minute and ends at its last, in the shop's time. */
const TIME_OF: Record<DayKey, string> = { startsAt: '00:00', endsAt: '23:59' };

/** A stored instant as the form's day, gg.aa.yyyy in the shop's time; none: blank. */
export const shopDay = (iso: string | null) => turkishDay(toShopInput(iso).slice(0, 10));

/**
 * The coupon form's days (gg.aa.yyyy, the panel's DateField) read as the schema's shop-time instants before
 * `resolver` checks the form: a day not in the calendar is told on its field. A day left as the coupon had it
 * keeps the coupon's own time (one set from the CLI at 09:30 is not moved to midnight by an unrelated edit).
 */
export function withCouponDays(
  resolver: Resolver<CouponFormValues, unknown, CouponInput>,
  coupon: AdminCoupon | undefined,
): Resolver<CouponFormValues, unknown, CouponInput> {
  return async (values, context, options) => {
    const dayErrors: FieldErrors<CouponFormValues> = {};
    const sent = { ...values };
    for (const key of ['startsAt', 'endsAt'] as const) {
      const parsed = parseTurkishDay(values[key]);
      if (!parsed.ok) {
        dayErrors[key] = { type: 'day', message: parsed.message };
        sent[key] = '';
        continue;
      }
      const stored = toShopInput(coupon?.[key] ?? null);
      sent[key] =
        parsed.iso === '' ? '' : stored.startsWith(parsed.iso) ? stored : `${parsed.iso}T${TIME_OF[key]}`;
    }
    const result = await resolver(sent, context, options);
    if (Object.keys(dayErrors).length === 0) return result;
    return { values: {}, errors: { ...result.errors, ...dayErrors } };
  };
}
