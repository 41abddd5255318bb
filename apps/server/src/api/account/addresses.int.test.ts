import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  homeAddress,
  registeredBrowser,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let a: Browser;
let b: Browser;
beforeAll(async () => {
  t = await createAccountTestApp();
  a = await registeredBrowser(t.app, 1);
  b = await registeredBrowser(t.app, 2);
});
afterAll(() => t.close());

const office = {
  ...homeAddress,
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

describe('the address book', () => {
  it('adds an address (the first one becomes both defaults) and lists it', async () => {
    const c = await registeredBrowser(t.app, 3);
    const res = await c.post('/api/front/addresses', homeAddress);
    expect(res.statusCode).toBe(201);
    expect(res.json().address).toMatchObject({
      title: 'Ev',
      province: 'İstanbul',
      district: 'Kadıköy',
      phone: '+905321234567',
      isDefaultShipping: true,
      isDefaultBilling: true,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = await c.get('/api/front/addresses');
    expect(list.json().addresses.map((x: { title: string }) => x.title)).toEqual(['Ev']);
  });

  it('reads, replaces, moves a default and deletes an address of its own', async () => {
    const c = await registeredBrowser(t.app, 4);
    const first = (await c.post('/api/front/addresses', homeAddress)).json().address;
    const second = (await c.post('/api/front/addresses', office)).json().address;
    expect((await c.get(`/api/front/addresses/${second.id}`)).json().address.companyName).toBe(
      'Moda Seramik Ltd. Şti.',
    );

    const put = await c.put(`/api/front/addresses/${first.id}`, { ...homeAddress, title: 'Yazlık' });
    expect(put.statusCode).toBe(200);
    expect(put.json().address.title).toBe('Yazlık');

    const moved = await c.post(`/api/front/addresses/${second.id}/default/billing`);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().address.isDefaultBilling).toBe(true);

    const removed = await c.delete(`/api/front/addresses/${second.id}`);
    expect(removed.statusCode).toBe(204);
    // The billing default passed back to the remaining address.
    const list = (await c.get('/api/front/addresses')).json().addresses;
    expect(list).toEqual([expect.objectContaining({ id: first.id, isDefaultBilling: true })]);
  });

  it('refuses a default kind other than shipping or billing, naming kind', async () => {
    const id = (await a.post('/api/front/addresses', homeAddress)).json().address.id;
    const res = await a.post(`/api/front/addresses/${id}/default/gift`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().error.fields)).toEqual(['kind']);
  });

  it('answers 401 OTURUM_GECERSIZ without a session', async () => {
    for (const res of [
      await browser(t.app).get('/api/front/addresses'),
      await browser(t.app).post('/api/front/addresses', homeAddress),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('OTURUM_GECERSIZ');
    }
  });
});

describe("another customer's address", () => {
  let bAddress: number;
  beforeAll(async () => {
    bAddress = (await b.post('/api/front/addresses', { ...homeAddress, title: 'B evi' })).json().address.id;
  });

  it('is 404 ADRES_BULUNAMADI to read, like one that does not exist', async () => {
    const res = await a.get(`/api/front/addresses/${bAddress}`);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ADRES_BULUNAMADI');
    expect((await a.get('/api/front/addresses/999999')).json()).toEqual(res.json());
  });

  it('is 404 to replace, and stays as it was', async () => {
    const res = await a.put(`/api/front/addresses/${bAddress}`, { ...homeAddress, title: 'Ele geçirildi' });
    expect(res.statusCode).toBe(404);
    expect((await b.get(`/api/front/addresses/${bAddress}`)).json().address.title).toBe('B evi');
  });

  it('is 404 to delete or make default, and stays', async () => {
    expect((await a.delete(`/api/front/addresses/${bAddress}`)).statusCode).toBe(404);
    expect((await a.post(`/api/front/addresses/${bAddress}/default/shipping`)).statusCode).toBe(404);
    expect((await b.get(`/api/front/addresses/${bAddress}`)).statusCode).toBe(200);
  });

  it('is 404 for ids that cannot be an address at all', async () => {
    for (const id of ['abc', '1.5', '99999999999', '-1']) {
      expect((await a.get(`/api/front/addresses/${id}`)).statusCode, id).toBe(404);
    }
  });
});

describe('a wrong address', () => {
  const wrong: [string, string, Record<string, unknown>][] = [
    ['title', 'Adrese bir başlık verin (ör. Ev, İş)', { title: '' }],
    ['firstName', 'Adınızı girin', { firstName: ' ' }],
    ['lastName', 'Soyad en fazla 50 karakter olabilir', { lastName: 'Y'.repeat(51) }],
    ['phone', 'Telefon numarası 05XX XXX XX XX biçiminde olmalı', { phone: '0212 123 45 67' }],
    ['provinceCode', 'İl seçin', { provinceCode: 82 }],
    ['district', 'Seçtiğiniz ilçe bu ile ait değil', { district: 'Çankaya' }],
    ['line', 'Mahalle, sokak ve bina bilgilerini girin', { line: 'Moda' }],
    ['postcode', 'Posta kodu 5 haneli olmalı', { postcode: '347' }],
    [
      'postcode',
      'Posta kodu seçtiğiniz ilin koduyla başlamalı (ör. İstanbul için 34…)',
      { postcode: '06420' },
    ],
    ['billingType', 'Fatura türünü seçin (bireysel ya da kurumsal)', { billingType: 'şirket' }],
    ['tcKimlikNo', 'Geçerli bir T.C. kimlik numarası girin', { tcKimlikNo: '12345678901' }],
    [
      'companyName',
      'Firma adını girin',
      { billingType: 'corporate', taxNumber: '4540536920', taxOffice: 'Kadıköy' },
    ],
    [
      'taxNumber',
      'Geçerli bir vergi kimlik numarası (VKN) girin',
      { billingType: 'corporate', companyName: 'Moda', taxNumber: '4540536921', taxOffice: 'Kadıköy' },
    ],
    [
      'taxOffice',
      'Vergi dairesini girin',
      { billingType: 'corporate', companyName: 'Moda', taxNumber: '4540536920' },
    ],
    [
      'isDefaultShipping',
      'Varsayılan teslimat adresi evet ya da hayır olmalı',
      { isDefaultShipping: 'belki' },
    ],
  ];
  for (const [field, message, change] of wrong) {
    it(`is refused with 400 naming ${field}: ${message}`, async () => {
      const res = await a.post('/api/front/addresses', { ...homeAddress, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields: { [field]: message } });
    });
  }

  it('is refused the same way when it replaces an address', async () => {
    const id = (await a.post('/api/front/addresses', homeAddress)).json().address.id;
    const res = await a.put(`/api/front/addresses/${id}`, { ...homeAddress, district: 'Çankaya' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ district: 'Seçtiğiniz ilçe bu ile ait değil' });
  });
});
