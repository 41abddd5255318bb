import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

// Key values that must never reach the browser.
const ENV = {
  IYZICO_API_KEY: 'sandbox-iyzico-api-key-7f3a9c',
  IYZICO_SECRET_KEY: 'sandbox-iyzico-secret-key-2b8d41',
  PAYTR_MERCHANT_ID: '998877',
};
const URL_ = '/api/admin/settings/payments';

describe('the card payment providers in the settings (a production shop)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({
      demo: false,
      config: { publicUrl: 'https://magaza.example.com' },
      services: { payments: { env: ENV, allowTestProvider: false } },
    });
  });
  afterAll(() => t.close());

  it("shows the owner each provider's state, which keys are set (never their values) and PayTR's notify URL", async () => {
    const { b: owner } = await loggedInStaff(t.app, t.services, 'owner');
    const res = await owner.get(URL_);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer.chosen).toBe('test');
    expect(answer.paytrNotifyUrl).toBe('https://magaza.example.com/api/payments/paytr/notify');
    const byName = Object.fromEntries(answer.providers.map((p: { name: string }) => [p.name, p]));
    expect(byName.test).toMatchObject({ ready: false, mode: null, keys: [] });
    expect(byName.test.reason).toMatch(/yalnızca demo mağazada/);
    expect(byName.iyzico).toMatchObject({ label: 'iyzico', ready: true, mode: 'sandbox', reason: null });
    expect(byName.iyzico.keys).toEqual([
      { name: 'IYZICO_API_KEY', set: true },
      { name: 'IYZICO_SECRET_KEY', set: true },
      { name: 'IYZICO_BASE_URL', set: false },
    ]);
    expect(byName.paytr).toMatchObject({ label: 'PayTR', ready: false, mode: null });
    expect(byName.paytr.reason).toContain('PAYTR_MERCHANT_KEY, PAYTR_MERCHANT_SALT');
    expect(byName.paytr.keys.filter((k: { set: boolean }) => k.set)).toEqual([
      { name: 'PAYTR_MERCHANT_ID', set: true },
    ]);
    for (const value of Object.values(ENV)) expect(res.body).not.toContain(value);
  });

  it('follows the payment_provider the owner saves with the other settings; a wrong name is refused', async () => {
    const { b: owner } = await loggedInStaff(t.app, t.services, 'owner');
    const saved = await owner.patch('/api/admin/settings', { payment_provider: 'iyzico' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.payment_provider).toBe('iyzico');
    expect((await owner.get(URL_)).json().chosen).toBe('iyzico');

    const wrong = await owner.patch('/api/admin/settings', { payment_provider: 'stripe' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(wrong.json().error.fields.payment_provider).toBe('Değer test, iyzico ya da paytr olmalıdır.');
    expect(await t.services.settings.get('payment_provider')).toBe('iyzico');
    await owner.patch('/api/admin/settings', { payment_provider: 'test' });
  });

  it('is documented in /api/docs with its answer schema', async () => {
    const op = (await t.app.inject('/api/docs')).json().paths[URL_]?.get;
    expect(op?.tags).toEqual(['Yönetim: ayarlar']);
    expect(Object.keys(op?.responses['200'].content['application/json'].schema.properties ?? {})).toEqual([
      'chosen',
      'providers',
      'paytrNotifyUrl',
    ]);
  });

  it('is for owners only: manager and support 403, no session 401, never data', async () => {
    for (const role of ['manager', 'support'] as const) {
      const { b } = await loggedInStaff(t.app, t.services, role);
      const res = await b.get(URL_);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ error: expect.objectContaining({ code: 'YETKI_YOK' }) });
    }
    const anonymous = await browser(t.app).get(URL_);
    expect(anonymous.statusCode).toBe(401);
    expect(Object.keys(anonymous.json())).toEqual(['error']);
    expect(anonymous.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
  });
});

describe('the card payment providers in the demo shop', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ services: { payments: { env: {}, allowTestProvider: true } } });
  });
  afterAll(() => t.close());

  it('shows the test bank ready and says which keys the real providers miss', async () => {
    const { b: owner } = await loggedInStaff(t.app, t.services, 'owner');
    const { providers } = (await owner.get(URL_)).json();
    expect(
      providers.map((p: { name: string; ready: boolean; mode: string | null }) => [p.name, p.ready, p.mode]),
    ).toEqual([
      ['test', true, 'test'],
      ['iyzico', false, null],
      ['paytr', false, null],
    ]);
    expect(providers[1].reason).toContain('IYZICO_API_KEY ve IYZICO_SECRET_KEY');
  });
});
