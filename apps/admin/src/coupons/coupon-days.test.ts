import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminCoupon,
  type CouponFormValues,
  type CouponInput,
  couponFormRequest,
} from '@vitrin/shared/api/admin/coupons';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { NO_SUCH_DAY_MESSAGE } from '../ui/dates.ts';
import { shopDay, withCouponDays } from './coupon-days.ts';

const form = (days: Partial<CouponFormValues>): CouponFormValues => ({
  code: 'YAZ20',
  description: '',
  kind: 'percent',
  value: '20',
  minBasketMinor: '',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categoryId: '',
  isPublic: false,
  isActive: true,
  ...days,
});

const schema = zodResolver(couponFormRequest) as unknown as Resolver<CouponFormValues, unknown, CouponInput>;
const read = (values: CouponFormValues, coupon?: AdminCoupon) =>
  withCouponDays(schema, coupon)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('coupon days in the panel', () => {
  it('reads a start day as its first minute and an end day as its last, in Turkey time', async () => {
    const { values, errors } = await read(form({ startsAt: '01.05.2099', endsAt: '31.05.2099' }));
    expect(errors).toEqual({});
    expect(values).toMatchObject({
      startsAt: '2099-04-30T21:00:00.000Z',
      endsAt: '2099-05-31T20:59:00.000Z',
    });
  });

  it('tells a day the calendar has not on its field', async () => {
    const { errors } = await read(form({ startsAt: '31.02.2099' }));
    expect(errors.startsAt?.message).toBe(NO_SUCH_DAY_MESSAGE);
  });

  it("keeps a stored coupon's own time when its day is left as it was", async () => {
    const coupon = { startsAt: '2099-05-01T06:30:00.000Z', endsAt: null } as AdminCoupon;
    expect(shopDay(coupon.startsAt)).toBe('01.05.2099');
    const { values } = await read(form({ startsAt: shopDay(coupon.startsAt) }), coupon);
    expect(values).toMatchObject({ startsAt: '2099-05-01T06:30:00.000Z', endsAt: null });
  });
});
