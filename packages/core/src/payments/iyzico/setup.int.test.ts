import { type OrderWorld, openOrderWorld, rejection } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';

let w: OrderWorld;
beforeAll(async () => {
  w = await openOrderWorld();
  await w.services.orders.ready();
});
afterAll(() => w.dispose());

/** The shop as the owner configures it: a provider in the settings, its keys in the environment. */
async function shopWith(provider: 'iyzico' | 'test', env: Record<string, string>, allowTestProvider = false) {
  const services = createServices(w.database, { payments: { env, allowTestProvider } });
  await services.settings.set('payment_provider', provider);
  // Its order-link secret is read from the database before a token is made with it.
  await services.orders.ready();
  return services;
}

describe('choosing iyzico, and a shop without a card provider', () => {
  it('is ready on the sandbox with its two keys, and live on api.iyzipay.com', async () => {
    const keys = { IYZICO_API_KEY: 'sandbox-anahtar', IYZICO_SECRET_KEY: 'sandbox-gizli' };
    expect(await (await shopWith('iyzico', keys)).paymentProviders.status()).toEqual({
      name: 'iyzico',
      label: 'iyzico',
      ready: true,
      mode: 'sandbox',
      reason: null,
    });
    const live = await shopWith('iyzico', { ...keys, IYZICO_BASE_URL: 'https://api.iyzipay.com' });
    expect((await live.paymentProviders.active()).provider).toMatchObject({
      name: 'iyzico',
      mode: 'live',
      form: 'card',
    });
  });

  it('offers no card payment without keys, and says which are missing; the order page says why', async () => {
    const services = await shopWith('iyzico', {});
    const status = await services.paymentProviders.status();
    expect(status).toMatchObject({ name: 'iyzico', ready: false, mode: null });
    expect(status.reason).toContain('IYZICO_API_KEY');
    const { orderNo } = await w.placeOrder({ paymentMethod: 'card' });
    const token = services.orders.accessToken(orderNo);
    const session = await services.payments.session({ order: orderNo, token }, null);
    expect(session).toMatchObject({ payable: false, provider: null });
    expect(session.reason).toContain('IYZICO_API_KEY');
    const err = await rejection(services.payments.payByCard(w.cardForm(orderNo, '5528790000000008'), null));
    expect(err).toMatchObject({ code: 'ODEME_YAPILAMAZ', status: 409 });
  });

  it('keeps the test bank out of a production shop, and in the demo shop and development', async () => {
    const production = await shopWith('test', {}, false);
    const status = await production.paymentProviders.status();
    expect(status).toMatchObject({ name: 'test', ready: false });
    expect(status.reason).toContain('yalnızca demo mağazada');
    const demo = await shopWith('test', {}, true);
    expect(await demo.paymentProviders.status()).toMatchObject({ name: 'test', ready: true, mode: 'test' });
    // Back to the test bank for the other tests of this database.
    await demo.settings.set('payment_provider', 'test');
  });
});
