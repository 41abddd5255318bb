import { randomUUID } from 'node:crypto';
import { CONTROL_CHARACTER_MESSAGE } from '@vitrin/shared/zod';
import { guestCheckoutForm, seedTestShop, type TestShop } from '@vitrin/testing/shop';
import type { Response } from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  homeAddress,
  registeredBrowser,
  registration,
} from '../../test/accounts.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp();
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

const NUL = '\u0000';

/** A 400 that names the field and says why, in the API's error shape; never a database error. */
function expectRefused(res: Response, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const { error } = res.json();
  expect(error.code).toBe('GECERSIZ_ISTEK');
  expect(error.message).toEqual(expect.any(String));
  expect(error.fields?.[field]).toBe(CONTROL_CHARACTER_MESSAGE);
}

const contact = {
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  subject: 'Kupa siparişi hakkında',
  message: 'Merhaba, mavi kupanın bulaşık makinesinde yıkanıp yıkanamayacağını öğrenmek istiyorum.',
  kvkk: true,
};

describe('a control character in what a visitor types', () => {
  it('refuses NUL in the search text with 400 naming q', async () => {
    expectRefused(await browser(t.app).get('/api/front/search?q=kupa%00'), 'q');
  });

  it('refuses NUL in the search suggestions text with 400 naming q', async () => {
    expectRefused(await browser(t.app).get('/api/front/search/suggest?q=ku%00pa'), 'q');
  });

  it('refuses NUL in an option filter of a listing with 400 naming opt', async () => {
    expectRefused(await browser(t.app).get('/api/front/categories/seramik/products?opt=Renk:Ma%00vi'), 'opt');
  });

  it('refuses NUL in the contact form name with 400 naming name', async () => {
    expectRefused(
      await browser(t.app).post('/api/front/contact', { ...contact, name: `Ayşe${NUL}` }),
      'name',
    );
  });

  it('refuses NUL in the contact form subject with 400 naming subject', async () => {
    const res = await browser(t.app).post('/api/front/contact', { ...contact, subject: `Kupa${NUL} sorusu` });
    expectRefused(res, 'subject');
  });

  it('refuses NUL in the contact form message but keeps its line breaks and tabs', async () => {
    const b = browser(t.app);
    expectRefused(
      await b.post('/api/front/contact', { ...contact, message: `${contact.message}${NUL}` }),
      'message',
    );
    const multiLine = await b.post('/api/front/contact', {
      ...contact,
      message: `Merhaba,\r\n\tkupa sorusu.\n`,
    });
    expect(multiLine.statusCode).toBe(201);
  });

  it('refuses a single-line field with another control character (ESC) too', async () => {
    const res = await browser(t.app).post('/api/front/contact', {
      ...contact,
      subject: 'Kupa \u001b[31msorusu',
    });
    expectRefused(res, 'subject');
  });

  it('refuses NUL in the registration name with 400 naming firstName', async () => {
    const res = await browser(t.app).post('/api/front/auth/register', {
      ...registration(1),
      firstName: `A${NUL}yşe`,
    });
    expectRefused(res, 'firstName');
  });

  it('refuses NUL in the account name with 400 naming lastName', async () => {
    const b = await registeredBrowser(t.app, 2);
    const res = await b.patch('/api/front/account', {
      firstName: 'Ayşe',
      lastName: `Yılmaz${NUL}`,
      phone: '0532 123 45 67',
    });
    expectRefused(res, 'lastName');
  });

  it('refuses NUL in an address line with 400 naming line', async () => {
    const b = await registeredBrowser(t.app, 3);
    const res = await b.post('/api/front/addresses', { ...homeAddress, line: `Moda Cad. No: 1${NUL}` });
    expectRefused(res, 'line');
  });

  it('refuses NUL in an address title with 400 naming title', async () => {
    const b = await registeredBrowser(t.app, 4);
    expectRefused(await b.post('/api/front/addresses', { ...homeAddress, title: `Ev${NUL}` }), 'title');
  });

  it('refuses NUL in a support ticket subject with 400 naming subject', async () => {
    const b = await registeredBrowser(t.app, 5);
    const res = await b.post('/api/front/support/tickets', {
      subject: `Fatura${NUL}`,
      message: 'Faturamı alamadım.',
    });
    expectRefused(res, 'subject');
  });

  it('refuses NUL in a support ticket message with 400 naming message', async () => {
    const b = await registeredBrowser(t.app, 6);
    const res = await b.post('/api/front/support/tickets', {
      subject: 'Fatura',
      message: `Faturamı${NUL} alamadım.`,
    });
    expectRefused(res, 'message');
  });

  it('refuses NUL in a coupon code with 400 naming code', async () => {
    const b = browser(t.app);
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    expectRefused(await b.post('/api/front/cart/coupon', { code: `INDIRIM${NUL}` }), 'code');
  });

  it('refuses NUL in a personalization text with 400 naming the field', async () => {
    const res = await browser(t.app).post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: `Can${NUL}` } },
    });
    expectRefused(res, 'personalization.fields.isim');
  });

  it('refuses NUL in an order note with 400 naming note', async () => {
    const b = browser(t.app);
    await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 1 });
    const res = await b.request({
      method: 'POST',
      url: '/api/front/checkout',
      payload: guestCheckoutForm({ paymentMethod: 'transfer', note: `Kapıya bırakın${NUL}` }),
      headers: { 'idempotency-key': randomUUID() },
    });
    expectRefused(res, 'note');
  });
});
