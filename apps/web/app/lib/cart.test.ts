import type { CartTotals } from '@vitrin/shared/api/cart';
import { describe, expect, it } from 'vitest';
import {
  apiFailure,
  checkUpload,
  clampQuantity,
  couponDiscountText,
  couponMinimumText,
  freeShippingProgress,
  maxQuantityFor,
} from './cart.ts';

const totals = (over: Partial<CartTotals>): CartTotals => ({
  subtotalMinor: 0,
  discountMinor: 0,
  shippingMinor: 0,
  codFeeMinor: 0,
  instalmentFeeMinor: 0,
  totalMinor: 0,
  vatLines: [],
  needsShipping: true,
  freeShippingThresholdMinor: 100_000,
  remainingForFreeShippingMinor: 100_000,
  ...over,
});

describe('quantity bounds', () => {
  it('allows the few left of a low stock, the line limit otherwise, nothing when sold out', () => {
    expect(maxQuantityFor({ state: 'low', remaining: 3 })).toBe(3);
    expect(maxQuantityFor({ state: 'in_stock', remaining: null })).toBe(999);
    expect(maxQuantityFor({ state: 'out', remaining: null })).toBe(0);
  });

  it('keeps a typed quantity a whole number within 1..max', () => {
    expect(clampQuantity('5', 3)).toBe(3);
    expect(clampQuantity('0', 3)).toBe(1);
    expect(clampQuantity('-4', 3)).toBe(1);
    expect(clampQuantity('', 3)).toBe(1);
    expect(clampQuantity('abc', 3)).toBe(1);
    expect(clampQuantity('2.7', 10)).toBe(2);
    expect(clampQuantity(5000, 5000)).toBe(999);
    expect(clampQuantity(2, 0)).toBe(1);
  });
});

describe('personalization image check', () => {
  it('takes JPEG, PNG and WebP up to 5 MB', () => {
    expect(checkUpload({ type: 'image/png', size: 5 * 1024 * 1024 })).toBeNull();
    expect(checkUpload({ type: 'image/webp', size: 10 })).toBeNull();
  });

  it('refuses other types and larger files in Turkish', () => {
    expect(checkUpload({ type: 'image/gif', size: 10 })).toBe(
      'Görsel JPEG, PNG ya da WebP biçiminde olmalı.',
    );
    expect(checkUpload({ type: 'image/jpeg', size: 7.5 * 1024 * 1024 })).toBe(
      'Görsel en fazla 5 MB olabilir; bu dosya 7,5 MB.',
    );
  });
});

describe('free shipping progress', () => {
  it('is the share of the threshold already in the cart, rounded down', () => {
    expect(freeShippingProgress(totals({ remainingForFreeShippingMinor: 25_000 }))).toEqual({
      percent: 75,
      reached: false,
      remainingMinor: 25_000,
    });
    // 1 kuruş short is not 100 %.
    expect(freeShippingProgress(totals({ remainingForFreeShippingMinor: 1 }))?.percent).toBe(99);
  });

  it('is reached at zero remaining', () => {
    expect(freeShippingProgress(totals({ remainingForFreeShippingMinor: 0 }))).toEqual({
      percent: 100,
      reached: true,
      remainingMinor: 0,
    });
  });

  it('is not shown without a threshold or for a cart that ships nothing', () => {
    expect(freeShippingProgress(totals({ freeShippingThresholdMinor: 0 }))).toBeNull();
    expect(freeShippingProgress(totals({ needsShipping: false }))).toBeNull();
  });

  it('stays within 0..100 when the server sends an odd remainder', () => {
    expect(freeShippingProgress(totals({ remainingForFreeShippingMinor: 150_000 }))?.percent).toBe(0);
  });
});

describe('coupon texts', () => {
  it('shows a percent as %10 and an amount in lira', () => {
    expect(couponDiscountText({ kind: 'percent', value: 10 })).toBe('%10');
    expect(couponDiscountText({ kind: 'amount', value: 5000 })).toBe('₺50,00');
  });

  it('names the minimum basket or says there is none', () => {
    expect(couponMinimumText({ minBasketMinor: 25_000 })).toBe('₺250,00');
    expect(couponMinimumText({ minBasketMinor: 0 })).toBe('Alt sınır yok');
  });
});

describe('API failures', () => {
  it('reads an ApiError by its shape and ignores network errors', () => {
    const error = Object.assign(new Error('Kupon bulunamadı.'), {
      name: 'ApiError',
      status: 404,
      code: 'KUPON_BULUNAMADI',
      fields: { code: 'Kupon bulunamadı.' },
    });
    expect(apiFailure(error)).toEqual({
      status: 404,
      code: 'KUPON_BULUNAMADI',
      message: 'Kupon bulunamadı.',
      fields: { code: 'Kupon bulunamadı.' },
    });
    expect(apiFailure(Object.assign(new Error('Network Error'), { name: 'NetworkError' }))).toBeNull();
  });
});
