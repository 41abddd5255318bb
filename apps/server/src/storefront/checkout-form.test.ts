import { describe, expect, it } from 'vitest';
import { checkoutRequestFromForm } from './checkout-form.ts';

const address = (prefix: string) => ({
  [`${prefix}.firstName`]: 'Ayşe',
  [`${prefix}.lastName`]: 'Yılmaz',
  [`${prefix}.phone`]: '0532 123 45 67',
  [`${prefix}.provinceCode`]: '34',
  [`${prefix}.district`]: 'Kadıköy',
  [`${prefix}.line`]: 'Moda Cad. No: 1',
});

describe('checkout form', () => {
  it('builds a guest request with both addresses typed', () => {
    const { request } = checkoutRequestFromForm({
      email: 'ayse@example.com',
      phone: '0532 123 45 67',
      ...address('shippingAddress'),
      ...address('billingAddress'),
      'billingAddress.billingType': 'individual',
      'billingAddress.tcKimlikNo': '10000000146',
      paymentMethod: 'card',
      instalments: '3',
      acceptTerms: 'on',
      note: '',
      idempotencyKey: 'k',
    });
    expect(request).toMatchObject({
      email: 'ayse@example.com',
      paymentMethod: 'card',
      instalments: 3,
      acceptTerms: true,
      shippingAddress: { firstName: 'Ayşe', provinceCode: '34' },
      billingAddress: { tcKimlikNo: '10000000146' },
    });
    expect(request).not.toHaveProperty('note');
    expect(request).not.toHaveProperty('idempotencyKey');
  });

  it('with "same as shipping" puts the invoice details on the shipping address and maps their errors back', () => {
    const form = checkoutRequestFromForm({
      ...address('shippingAddress'),
      billingSameAsShipping: 'on',
      'billingAddress.billingType': 'corporate',
      'billingAddress.taxNumber': '1234567890',
      paymentMethod: 'transfer',
    });
    expect(form.request).toMatchObject({
      billingSameAsShipping: true,
      shippingAddress: { firstName: 'Ayşe', billingType: 'corporate', taxNumber: '1234567890' },
    });
    expect(form.request).not.toHaveProperty('billingAddress');
    expect(form.fieldName('shippingAddress.taxNumber')).toBe('billingAddress.taxNumber');
    expect(form.fieldName('shippingAddress.line')).toBe('shippingAddress.line');
  });

  it('takes a customer’s saved addresses by id, and "same" for the invoice', () => {
    const { request } = checkoutRequestFromForm({
      shippingAddressId: '12',
      billingAddressId: 'same',
      paymentMethod: 'cod',
    });
    expect(request).toEqual({
      paymentMethod: 'cod',
      acceptTerms: false,
      shippingAddressId: 12,
      billingSameAsShipping: true,
    });
    expect(
      checkoutRequestFromForm({ shippingAddressId: '12', billingAddressId: '13' }).request,
    ).toMatchObject({
      billingAddressId: 13,
    });
  });

  it('leaves an unticked terms box false and a bad instalment count for the service to refuse', () => {
    const { request } = checkoutRequestFromForm({ paymentMethod: 'card', instalments: 'çok' });
    expect(request.acceptTerms).toBe(false);
    expect(request.instalments).toBe('çok');
  });
});
