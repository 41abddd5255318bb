import { describe, expect, it } from 'vitest';
import { COUPON_FORM_FIELDS, couponFormRequest } from './coupons.ts';
import { LIRA_MESSAGES, liraInput, parseLira } from './lira.ts';
import { settingsFormFields } from './settings.ts';

describe('an amount typed in lira', () => {
  it.each([
    ['150', 15_000],
    ['150,50', 15_050],
    ['150.50', 15_050],
    ['150,5', 15_050],
    [' 0,01 ', 1],
    ['1.500,50', 150_050],
    ['1.500.000', 150_000_000],
    ['50000000', 50_000_000_00],
  ])('reads %s as %i kuruş', (typed, minor) => {
    expect(parseLira(typed)).toEqual({ minor });
  });

  it.each([
    ['', LIRA_MESSAGES.empty],
    ['-5', LIRA_MESSAGES.negative],
    ['150,505', LIRA_MESSAGES.decimals],
    ['1.500', LIRA_MESSAGES.decimals],
    ['yüz', LIRA_MESSAGES.notNumber],
    ['150 TL', LIRA_MESSAGES.notNumber],
    ['1e3', LIRA_MESSAGES.notNumber],
    ['50000000,01', LIRA_MESSAGES.tooLarge],
  ])('refuses %j: %s', (typed, error) => {
    expect(parseLira(typed)).toEqual({ error });
  });

  it('writes kuruş back as they are typed', () => {
    expect([15_000, 15_050, 15_005, 1, 0].map(liraInput)).toEqual(['150', '150,50', '150,05', '0,01', '0']);
  });
});

const form = {
  code: 'yaz',
  description: '',
  kind: 'amount',
  value: '150,50',
  minBasketMinor: '750',
  startsAt: '',
  endsAt: '',
  usageLimit: '',
  perCustomerLimit: '',
  categoryId: '',
  isPublic: false,
  isActive: true,
};
const issues = (values: object) =>
  Object.fromEntries(
    (couponFormRequest.safeParse(values).error?.issues ?? []).map((i) => [i.path.join('.'), i.message]),
  );

describe('the coupon form', () => {
  it('sends an amount coupon’s discount and the lowest basket typed in lira as kuruş', () => {
    expect(couponFormRequest.parse(form)).toMatchObject({
      code: 'yaz',
      kind: 'amount',
      value: 15_050,
      minBasketMinor: 75_000,
      categoryId: null,
    });
  });

  it('keeps a percent a percent, takes a blank lowest basket as none and a picked category as its id', () => {
    expect(
      couponFormRequest.parse({ ...form, kind: 'percent', value: '15', minBasketMinor: '', categoryId: '7' }),
    ).toMatchObject({ kind: 'percent', value: 15, minBasketMinor: 0, categoryId: 7 });
  });

  it.each([
    ['a negative amount', { value: '-10' }, 'value', LIRA_MESSAGES.negative],
    ['an amount with three decimals', { value: '10,999' }, 'value', LIRA_MESSAGES.decimals],
    ['an amount in words', { value: 'on lira' }, 'value', LIRA_MESSAGES.notNumber],
    ['a zero amount', { value: '0' }, 'value', 'İndirim tutarı sıfırdan büyük olmalı'],
    [
      'a lowest basket with three decimals',
      { minBasketMinor: '75,001' },
      'minBasketMinor',
      LIRA_MESSAGES.decimals,
    ],
    [
      'a percent above 100',
      { kind: 'percent', value: '150' },
      'value',
      'Yüzde indirim 1 ile 100 arasında olmalı',
    ],
  ])('refuses %s with a Turkish message on its field', (_what, change, field, message) => {
    expect(issues({ ...form, ...change })[field]).toBe(message);
  });

  it('shows the other fields’ messages with a wrong amount’s at once', () => {
    expect(issues({ ...form, value: 'x', code: '' })).toEqual({
      value: LIRA_MESSAGES.notNumber,
      code: 'Kupon kodunu girin',
    });
    expect(COUPON_FORM_FIELDS).toContain('minBasketMinor');
  });
});

describe('the settings form’s fees', () => {
  it('reads a fee typed in lira as the kuruş the API takes', () => {
    expect(settingsFormFields.shipping_fee.parse('49,90')).toBe(4990);
    expect(settingsFormFields.cod_fee.parse('0')).toBe(0);
  });

  it.each([
    ['-5', LIRA_MESSAGES.negative],
    ['49,999', LIRA_MESSAGES.decimals],
    ['kırk', LIRA_MESSAGES.notNumber],
    ['10000000', 'Tutar en fazla 9.999.999,99 TL olabilir'],
  ])('refuses %j: %s', (typed, message) => {
    expect(settingsFormFields.free_shipping_threshold.safeParse(typed).error?.issues[0]?.message).toBe(
      message,
    );
  });
});
