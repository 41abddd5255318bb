import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/server.ts';

describe('GET /api/front/home', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers exactly menu, global_setting and social_accounts', async () => {
    const res = await t.app.inject('/api/front/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(Object.keys(res.json()).sort()).toEqual(['global_setting', 'menu', 'social_accounts']);
  });

  it('serves the demo shop: menu tree in order, settings and social accounts from the database', async () => {
    const body = (await t.app.inject('/api/front/home')).json();
    expect(body.global_setting).toMatchObject({
      is_online: 1,
      unvan: 'Vitrin Atölye El Sanatları Ltd. Şti.',
    });
    expect(body.menu[0]).toMatchObject({ title: 'Anasayfa', url: '/' });
    const corporate = body.menu.find((m: { title: string }) => m.title === 'Kurumsal');
    expect(corporate.children.map((c: { url: string }) => c.url)).toEqual([
      '/about',
      '/contact',
      '/content/sikca-sorulan-sorular',
    ]);
    expect(body.social_accounts.map((a: { platform: string }) => a.platform)).toContain('instagram');
  });

  it('never includes a setting that is not public', async () => {
    await t.services.settings.set('maintenance_retry_after', '900');
    const body = (await t.app.inject('/api/front/home')).json();
    expect(body.global_setting).not.toHaveProperty('maintenance_retry_after');
    expect(JSON.stringify(body)).not.toContain('test-bypass-key');
  });

  it('shows a changed setting at once (the cache is dropped)', async () => {
    await t.app.inject('/api/front/home');
    await t.services.settings.set('unvan', 'Yeni Unvan A.Ş.');
    const body = (await t.app.inject('/api/front/home')).json();
    expect(body.global_setting.unvan).toBe('Yeni Unvan A.Ş.');
  });

  it('compresses the answer for clients that accept brotli', async () => {
    const res = await t.app.inject({ url: '/api/front/home', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
  });
});

describe('GET /api/front/home on an empty database', () => {
  it('answers with default settings and empty lists', async () => {
    const t = await createTestApp({ demo: false });
    try {
      const body = (await t.app.inject('/api/front/home')).json();
      expect(body.menu).toEqual([]);
      expect(body.social_accounts).toEqual([]);
      expect(body.global_setting).toMatchObject({ is_online: 1, unvan: 'Vitrin' });
    } finally {
      await t.close();
    }
  });
});
