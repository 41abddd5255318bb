import type { AddressInput } from '@vitrin/shared/api/account';
import { type Accounts, homeAddress, openAccounts, person, rejection } from '@vitrin/testing/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

// The district as a shopper might type it: stored with its official spelling.
const home: AddressInput = { ...homeAddress, district: 'kadikoy' };

const office: AddressInput = {
  ...home,
  title: 'İş',
  provinceCode: '06',
  district: 'Çankaya',
  line: 'Kızılay Mah. Atatürk Blv. No: 10',
  postcode: '06420',
  billingType: 'corporate',
  tcKimlikNo: undefined,
  companyName: 'Moda Seramik Ltd. Şti.',
  taxNumber: '4540536920',
  taxOffice: 'Çankaya',
};

let t: Accounts;
let a: number;
let b: number;
beforeAll(async () => {
  t = await openAccounts();
});
beforeEach(async () => {
  await t.reset();
  a = (await t.customers.register(person(1))).customer.id;
  b = (await t.customers.register(person(2))).customer.id;
});
afterAll(() => t.dispose());

const defaults = async (customerId: number) => {
  const list = await t.addresses.list(customerId);
  return {
    shipping: list.filter((x) => x.isDefaultShipping).map((x) => x.title),
    billing: list.filter((x) => x.isDefaultBilling).map((x) => x.title),
  };
};

describe('address book', () => {
  it('stores an individual address with the official district spelling and E.164 phone', async () => {
    const created = await t.addresses.create(a, home);
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Ev',
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      phone: '+905321234567',
      provinceCode: 34,
      province: 'İstanbul',
      district: 'Kadıköy',
      line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
      postcode: '34710',
      billingType: 'individual',
      tcKimlikNo: '10000000146',
      companyName: null,
      taxNumber: null,
      taxOffice: null,
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    expect(await t.addresses.get(a, created.id)).toEqual(created);
    expect(await t.addresses.get(a, String(created.id))).toEqual(created);
  });

  it('stores a corporate address with company, VKN and tax office', async () => {
    const created = await t.addresses.create(a, office);
    expect(created).toMatchObject({
      province: 'Ankara',
      billingType: 'corporate',
      companyName: 'Moda Seramik Ltd. Şti.',
      taxNumber: '4540536920',
      taxOffice: 'Çankaya',
      tcKimlikNo: null,
    });
  });

  it('updates an address', async () => {
    const created = await t.addresses.create(a, home);
    const updated = await t.addresses.update(a, created.id, {
      ...home,
      title: 'Annemler',
      district: 'Üsküdar',
    });
    expect(updated).toMatchObject({ id: created.id, title: 'Annemler', district: 'Üsküdar' });
    expect(await t.addresses.list(a)).toEqual([updated]);
  });

  it('rejects a district that is not in the province', async () => {
    const err = await rejection(t.addresses.create(a, { ...home, district: 'Çankaya' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ district: 'Seçtiğiniz ilçe bu ile ait değil' });
  });

  it('rejects a T.C. kimlik no with a wrong checksum', async () => {
    const err = await rejection(t.addresses.create(a, { ...home, tcKimlikNo: '10000000147' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ tcKimlikNo: 'Geçerli bir T.C. kimlik numarası girin' });
  });

  it('rejects a VKN with a wrong check digit', async () => {
    const err = await rejection(t.addresses.create(a, { ...office, taxNumber: '4540536921' }));
    expect(err.code).toBe('GECERSIZ_ISTEK');
    expect(err.fields).toEqual({ taxNumber: 'Geçerli bir vergi kimlik numarası (VKN) girin' });
  });

  it('rejects a postcode that is not 5 digits', async () => {
    const err = await rejection(t.addresses.create(a, { ...home, postcode: '347' }));
    expect(err.fields).toEqual({ postcode: 'Posta kodu 5 haneli olmalı' });
  });

  it(`keeps at most 20 addresses per customer with ADRES_SINIRI`, async () => {
    for (let i = 0; i < 20; i++) await t.addresses.create(a, { ...home, title: `Adres ${i + 1}` });
    const err = await rejection(t.addresses.create(a, home));
    expect(err.code).toBe('ADRES_SINIRI');
    expect(err.message).toContain('en fazla 20 adres');
    expect(await t.addresses.list(a)).toHaveLength(20);
    await t.addresses.create(b, home); // another customer's book is not full
  });
});

describe('address book scope', () => {
  it('does not let A read, update, delete or choose as default B’s address (ADRES_BULUNAMADI)', async () => {
    const hers = await t.addresses.create(b, home);
    await t.addresses.create(a, office);
    const attempts = [
      () => t.addresses.get(a, hers.id),
      () => t.addresses.update(a, hers.id, { ...home, title: 'Benim oldu' }),
      () => t.addresses.remove(a, hers.id),
      () => t.addresses.setDefault(a, hers.id, 'shipping'),
    ];
    for (const attempt of attempts) {
      const err = await rejection(attempt());
      expect(err.code).toBe('ADRES_BULUNAMADI');
      expect(err.message).toBe('Adres bulunamadı.');
    }
    expect(await t.addresses.list(b)).toEqual([hers]);
    expect((await t.addresses.list(a)).map((x) => x.title)).toEqual(['İş']);
  });

  it('answers an id that cannot exist with ADRES_BULUNAMADI, not a database error', async () => {
    for (const id of ['abc', '1.5', '-1', 0, 99_999_999_999, Number.NaN, '12345678901']) {
      expect((await rejection(t.addresses.get(a, id))).code).toBe('ADRES_BULUNAMADI');
    }
  });
});

describe('default addresses', () => {
  it('makes the first address both default shipping and default billing', async () => {
    await t.addresses.create(a, { ...home, isDefaultShipping: false, isDefaultBilling: false });
    expect(await defaults(a)).toEqual({ shipping: ['Ev'], billing: ['Ev'] });
  });

  it('moves a default to the address that asks for it, one kind at a time', async () => {
    await t.addresses.create(a, home);
    const work = await t.addresses.create(a, { ...office, isDefaultBilling: true });
    expect(await defaults(a)).toEqual({ shipping: ['Ev'], billing: ['İş'] });
    await t.addresses.setDefault(a, work.id, 'shipping');
    expect(await defaults(a)).toEqual({ shipping: ['İş'], billing: ['İş'] });
  });

  it('moves a default through update and never leaves two', async () => {
    const first = await t.addresses.create(a, home);
    const second = await t.addresses.create(a, office);
    await t.addresses.update(a, second.id, { ...office, isDefaultShipping: true });
    expect(await defaults(a)).toEqual({ shipping: ['İş'], billing: ['Ev'] });
    // Unticking the box on the default does not leave the book without one.
    await t.addresses.update(a, first.id, { ...home, isDefaultBilling: false });
    expect(await defaults(a)).toEqual({ shipping: ['İş'], billing: ['Ev'] });
  });

  it('hands the defaults of a deleted address to the newest remaining one', async () => {
    const first = await t.addresses.create(a, home);
    await t.addresses.create(a, { ...home, title: 'Yazlık', district: 'Şile' });
    await t.addresses.create(a, office);
    await t.addresses.remove(a, first.id);
    expect(await defaults(a)).toEqual({ shipping: ['İş'], billing: ['İş'] });
  });

  it('keeps one default of each kind when addresses are added at the same time', async () => {
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        t.addresses.create(a, {
          ...home,
          title: `Adres ${i}`,
          isDefaultShipping: true,
          isDefaultBilling: i % 2 === 0,
        }),
      ),
    );
    const d = await defaults(a);
    expect(d.shipping).toHaveLength(1);
    expect(d.billing).toHaveLength(1);
  });

  it('holds one default per kind in the database itself', async () => {
    const first = await t.addresses.create(a, home);
    await t.addresses.create(a, office);
    await expect(
      t.database.query('update addresses set is_default_shipping = true where customer_id = $1', [a]),
    ).rejects.toThrow();
    expect((await t.addresses.get(a, first.id)).isDefaultShipping).toBe(true);
  });
});
