import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';

type Opened = Awaited<ReturnType<typeof openTestDatabase>>;
let opened: Opened;
beforeAll(async () => {
  opened = await openTestDatabase();
});
afterAll(() => opened.dispose());

/** The shop as the owner configures it: PayTR chosen in the settings, its keys in the environment. */
async function shopWith(env: Record<string, string>) {
  const services = createServices(opened.database, { payments: { env, allowTestProvider: false } });
  await services.settings.set('payment_provider', 'paytr');
  return services;
}

describe('choosing PayTR', () => {
  it('is ready in test mode with its three keys and PAYTR_TEST_MODE=1', async () => {
    const services = await shopWith({
      PAYTR_MERCHANT_ID: '100001',
      PAYTR_MERCHANT_KEY: 'anahtar',
      PAYTR_MERCHANT_SALT: 'tuz',
      PAYTR_TEST_MODE: '1',
    });
    expect(await services.paymentProviders.status()).toEqual({
      name: 'paytr',
      label: 'PayTR',
      ready: true,
      mode: 'sandbox',
      reason: null,
    });
    const { provider } = await services.paymentProviders.active();
    expect(provider).toMatchObject({ name: 'paytr', form: 'hosted' });
  });

  it('is live without PAYTR_TEST_MODE', async () => {
    const services = await shopWith({
      PAYTR_MERCHANT_ID: '1',
      PAYTR_MERCHANT_KEY: 'k',
      PAYTR_MERCHANT_SALT: 's',
    });
    expect(await services.paymentProviders.status()).toMatchObject({ ready: true, mode: 'live' });
  });

  it('offers no card payment without its keys and says in Turkish which are missing', async () => {
    const services = await shopWith({ PAYTR_MERCHANT_ID: '100001' });
    const status = await services.paymentProviders.status();
    expect(status).toMatchObject({ name: 'paytr', ready: false, mode: null });
    expect(status.reason).toBe(
      'PayTR için ortam değişkenleri eksik: PAYTR_MERCHANT_KEY, PAYTR_MERCHANT_SALT. Kartla ödeme sunulmaz.',
    );
    expect((await services.paymentProviders.active()).provider).toBeNull();
  });
});
