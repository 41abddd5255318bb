import { Writable } from 'node:stream';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestServices, testConfig } from '../../../test/server.ts';
import { buildApp } from '../../http/app.ts';

/** Everything the server logs, at the most talkative level, to search for card numbers. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

let services: Awaited<ReturnType<typeof createTestServices>>;
let app: FastifyInstance;
let w: OrderWorld;
beforeAll(async () => {
  services = await createTestServices({ demo: false });
  app = await buildApp({ services, config: testConfig(), logger: { level: 'trace', stream: logStream } });
  w = await openOrderWorld({ database: services.database });
  await services.orders.ready();
});
afterAll(async () => {
  await w.dispose();
  await app.close();
  await services.dispose();
});

const token = (orderNo: string) => services.orders.accessToken(orderNo);
const cardForm = (orderNo: string, cardNumber: string) => ({
  order: orderNo,
  token: token(orderNo),
  cardNumber,
  holder: 'AYŞE YILMAZ',
  expiryMonth: 12,
  expiryYear: 2030,
  cvc: '123',
});

describe('the /secure-pay steps over HTTP', () => {
  it('pays a guest order: session, card, verification code, then the success link', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card', email: 'misafir@example.com' });
    const shopper = browser(app);
    const session = await shopper.get(`/api/front/payments/session?order=${orderNo}&token=${token(orderNo)}`);
    expect(session.statusCode).toBe(200);
    expect(session.headers['cache-control']).toBe('private, no-store');
    expect(session.json()).toMatchObject({ orderNo, amountMinor: 20_000, payable: true, state: { code: 0 } });

    const card = await shopper.post('/api/front/payments/card', cardForm(orderNo, '4242 4242 4242 4242'));
    expect(card.statusCode).toBe(201);
    expect(card.json()).toMatchObject({
      cardLast4: '4242',
      amountMinor: 20_000,
      challenge: expect.any(String),
    });

    const verify = await shopper.post('/api/front/payments/verify', {
      challenge: card.json().challenge,
      code: '123456',
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({
      outcome: 'paid',
      orderNo,
      state: { code: 0, label: 'Sipariş Alındı', badge: 'secondary' },
      failure: null,
      next: `/order-success?order=${orderNo}&token=${token(orderNo)}`,
    });
    expect((await w.order(id)).paymentStatus).toBe('paid');

    // The same step again is a replay.
    const again = await shopper.post('/api/front/payments/verify', {
      challenge: card.json().challenge,
      code: '123456',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('ODEME_SONUCU_KULLANILDI');
  });

  it('fails, then a retry succeeds (7 → 0), for the logged-in customer without a token', async () => {
    const customer = await registeredBrowser(app, 7);
    const customerId = (await customer.get('/api/front/auth/me')).json().customer.id;
    const { id, orderNo } = await w.placeOrder({
      paymentMethod: 'card',
      customerId,
      email: 'musteri7@example.com',
    });
    const form = { ...cardForm(orderNo, '4000 0000 0000 9995'), token: undefined };
    const step = (await customer.post('/api/front/payments/card', form)).json();
    const failed = (
      await customer.post('/api/front/payments/verify', { challenge: step.challenge, code: '123456' })
    ).json();
    expect(failed).toMatchObject({
      outcome: 'failed',
      state: { code: 7, label: 'Ödeme Başarısız' },
      failure: {
        code: 'YETERSIZ_BAKIYE',
        message: 'Kartınızın bakiyesi ya da limiti bu ödeme için yetersiz.',
      },
      next: `/secure-pay?order=${orderNo}&token=${token(orderNo)}`,
    });
    const retryStep = (
      await customer.post('/api/front/payments/card', { ...form, cardNumber: '4242424242424242' })
    ).json();
    const paid = (
      await customer.post('/api/front/payments/verify', { challenge: retryStep.challenge, code: '123456' })
    ).json();
    expect(paid).toMatchObject({ outcome: 'paid', state: { code: 0 } });
    expect(await w.order(id)).toMatchObject({ status: 0, paymentStatus: 'paid' });
    // Another customer finds no such order to pay.
    const other = await registeredBrowser(app, 8);
    expect((await other.post('/api/front/payments/card', form)).statusCode).toBe(404);
  });

  it('refuses a forged result with 400 ODEME_IMZASI_GECERSIZ and a bad card form with field messages', async () => {
    const { id, orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const shopper = browser(app);
    const forged = await shopper.post('/api/front/payments/result', {
      reference: 'abcdefghijklmnop',
      status: 'succeeded',
      failureCode: null,
      amountMinor: 20_000,
      cardLast4: '4242',
      issuedAt: new Date().toISOString(),
      signature: 'Zm9yZ2VkLXNpZ25hdHVyZS1ub3QtdmFsaWQ',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.code).toBe('ODEME_IMZASI_GECERSIZ');
    expect((await w.order(id)).paymentStatus).toBe('pending');

    const bad = await shopper.post('/api/front/payments/card', {
      ...cardForm(orderNo, '1234 5678 9012 3456'),
      cvc: 'abc',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({
      cardNumber: 'Kart numarası geçersiz; lütfen kontrol edin',
      cvc: 'Güvenlik kodu (CVC) 3 rakam olmalı',
    });
    const tampered = await shopper.post('/api/front/payments/verify', {
      challenge: 'eyJyIjoiYSJ9.bogus-signature',
      code: '123456',
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.code).toBe('DOGRULAMA_ADIMI_GECERSIZ');
  });

  it('never stores or logs a card number: every table and the whole log are searched', async () => {
    const numbers = ['4242424242424242', '4000000000000002'];
    for (const number of numbers) {
      const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
      const shopper = browser(app);
      const spaced = number.replace(/(\d{4})(?=\d)/g, '$1 ');
      const step = (await shopper.post('/api/front/payments/card', cardForm(orderNo, spaced))).json();
      await shopper.post('/api/front/payments/verify', { challenge: step.challenge, code: '123456' });
      // A broken body and a refused form carry the number too.
      await shopper.request({
        method: 'POST',
        url: '/api/front/payments/card',
        headers: { 'content-type': 'application/json' },
        payload: `{"cardNumber":"${number}",`,
      });
      await shopper.post('/api/front/payments/card', { ...cardForm(orderNo, number), cvc: '1' });
    }
    const tables = await services.database.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'",
    );
    expect(tables.length).toBeGreaterThan(10);
    for (const { table_name } of tables) {
      const text = JSON.stringify(await services.database.query(`select * from "${table_name}"`));
      for (const number of numbers) {
        expect(text, table_name).not.toContain(number);
        expect(text, table_name).not.toContain(number.replace(/(\d{4})(?=\d)/g, '$1 '));
      }
    }
    const log = logLines.join('');
    expect(log).toContain('/api/front/payments/card');
    for (const number of numbers) {
      expect(log).not.toContain(number);
      expect(log).not.toContain(number.slice(0, 12));
    }
  });
});
