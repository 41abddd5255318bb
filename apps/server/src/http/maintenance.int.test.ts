import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, browser, createAccountTestApp } from '../../test/accounts.ts';
import { tempDir } from '../../test/server.ts';
import { loggedInStaff } from '../../test/staff.ts';
import { testWebBuild } from '../../test/web-build.ts';

/** The loader data a stand-in page wrote (apps/server/test/web-build.ts). */
const loaderDataOf = (html: string) => JSON.parse(/<pre>(.*)<\/pre>/s.exec(html)![1]!).loaderData;

const dir = tempDir();
let t: AccountTestApp;

beforeAll(async () => {
  t = await createAccountTestApp({
    webBuild: testWebBuild,
    config: { webBuildDir: path.join(dir.dir, 'web'), dataDir: dir.dir },
  });
  await t.services.settings.set('is_online', '0');
});

afterAll(async () => {
  await t.close();
  dir.remove();
});

describe('the storefront in maintenance', () => {
  it('shows visitors the maintenance screen', async () => {
    const res = await browser(t.app).get('/bakim-durumu');
    expect(loaderDataOf(res.body).maintenance).toEqual({ maintenance: true, preview: false });
    expect(res.headers['retry-after']).toBe('3600');
  });

  it('shows a signed-in staff member the shop with the closed bar, and never stores that page', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    for (let i = 0; i < 2; i++) {
      const res = await b.get('/bakim-durumu');
      expect(res.statusCode).toBe(200);
      expect(loaderDataOf(res.body).maintenance).toEqual({ maintenance: false, preview: true });
      expect(res.headers['x-cache']).toBeUndefined();
      expect(res.headers['retry-after']).toBeUndefined();
    }
    // A visitor after the staff member still gets the maintenance screen, not the staff's page.
    const visitor = await browser(t.app).get('/bakim-durumu');
    expect(loaderDataOf(visitor.body).maintenance).toEqual({ maintenance: true, preview: false });
  });

  it('lets staff act in the shop to test it, as the bypass key does', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    const report = { kind: 'render', message: 'Bir hata', url: 'http://localhost/' };
    expect((await b.post('/api/front/client-errors', report)).statusCode).toBe(204);
    expect((await browser(t.app).post('/api/front/client-errors', report)).statusCode).toBe(503);
  });

  it('keeps it closed to a forged staff cookie, a logged-out one and a member who must set up two-step verification', async () => {
    const forged = browser(t.app);
    forged.jar.set('vitrin_staff', 'a'.repeat(43));
    expect(loaderDataOf((await forged.get('/bakim-durumu')).body).maintenance.maintenance).toBe(true);

    const { b: owner } = await loggedInStaff(t.app, t.services, 'owner', { totp: false });
    expect(loaderDataOf((await owner.get('/bakim-durumu')).body).maintenance.maintenance).toBe(true);

    const { b: left } = await loggedInStaff(t.app, t.services, 'support');
    const token = left.jar.get('vitrin_staff')!;
    await left.request({ method: 'DELETE', url: '/api/admin/session' });
    const stale = browser(t.app);
    stale.jar.set('vitrin_staff', token);
    expect(loaderDataOf((await stale.get('/bakim-durumu')).body).maintenance.maintenance).toBe(true);
  });
});

describe('the maintenance screen text', () => {
  it('is a public setting, the shop’s words by default, changed by the owner in the panel', async () => {
    const home = async () => (await t.app.inject('/api/front/home')).json().global_setting;
    expect((await home()).maintenance_text).toMatch(/^Atölyemiz şu anda arka planda çalışıyor/);

    const { b } = await loggedInStaff(t.app, t.services, 'owner');
    const empty = await b.request({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { maintenance_text: '  ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ maintenance_text: 'Bakım ekranının metnini girin' });

    const saved = await b.request({
      method: 'PATCH',
      url: '/api/admin/settings',
      payload: { maintenance_text: 'Sayım için kapalıyız.\nPazartesi açığız.' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().settings.maintenance_text).toBe('Sayım için kapalıyız.\nPazartesi açığız.');
    expect((await home()).maintenance_text).toBe('Sayım için kapalıyız.\nPazartesi açığız.');
  });
});
