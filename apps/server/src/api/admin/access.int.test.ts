import { can, type Permission } from '@vitrin/shared/staff/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/server.ts';
import { loggedInStaff } from '../../../test/staff.ts';
import type { StaffAccess } from '../route.ts';

/**
 * Every /api/admin route the app has, read from its own route list (/api/docs is made from the registered
 * routes), so a route added later is held to the same rules without a line here.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let routes: { method: string; url: string; permission: StaffAccess }[];
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, { 'x-permission'?: StaffAccess }>>;
  };
  routes = Object.entries(docs.paths)
    .filter(([path]) => path.startsWith('/api/admin/'))
    .flatMap(([path, operations]) =>
      Object.entries(operations).map(([method, op]) => ({
        method: method.toUpperCase(),
        // Any id will do: the check comes before the route looks at it.
        url: path.replace(/\{\w+\}/g, '1'),
        permission: op['x-permission']!,
      })),
    );
});
afterAll(() => t.close());

const guarded = () => routes.filter((r) => r.permission !== 'anyone');
const send = (b: ReturnType<typeof browser>, r: { method: string; url: string }) =>
  b.request({
    method: r.method as 'GET',
    url: r.url,
    ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('every admin route', () => {
  it('declares its permission, and only the login is open to anyone', () => {
    expect(routes.length).toBeGreaterThanOrEqual(11);
    expect(routes.every((r) => r.permission !== undefined)).toBe(true);
    expect(routes.filter((r) => r.permission === 'anyone').map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/admin/session',
    ]);
  });

  it('answers 401 without a staff cookie, never data', async () => {
    for (const r of guarded()) {
      const res = await send(browser(t.app), r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
      });
      expect(Object.keys(res.json())).toEqual(['error']);
      expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
  });

  it("answers 401 to a customer's session, never data", async () => {
    const customer = await registeredBrowser(t.app, 1);
    for (const r of guarded()) {
      const res = await send(customer, r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 401,
      });
      expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
    }
  });

  it('answers 403 YETKI_YOK to support on every route whose permission support lacks', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    const denied = guarded().filter(
      (r) => !['signedIn', 'settingUp'].includes(r.permission) && !can('support', r.permission as Permission),
    );
    expect(denied.length).toBeGreaterThan(0);
    for (const r of denied) {
      const res = await send(b, r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
      expect(res.json().error).toEqual({ code: 'YETKI_YOK', message: 'Bu işlem için yetkiniz yok.' });
    }
  });

  it('lets support read what its role may read (never 401 or 403), and write only on tickets and its own account', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    const allowed = guarded().filter(
      (r) => ['signedIn', 'settingUp'].includes(r.permission) || can('support', r.permission as Permission),
    );
    for (const r of allowed.filter((r) => r.method === 'GET')) {
      const res = await send(b, r);
      expect({ route: `${r.method} ${r.url}`, refused: [401, 403].includes(res.statusCode) }).toEqual({
        route: `${r.method} ${r.url}`,
        refused: false,
      });
    }
    // Support changes nothing of the catalogue, content, orders, customers or settings (only tickets and their
    // saved replies, and the shop's public answer under a review): a new writing route open to support has to
    // be added here on purpose.
    expect(
      allowed
        .filter((r) => r.method !== 'GET')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([
      'DELETE /api/admin/reviews/1/answer',
      'DELETE /api/admin/saved-replies/1',
      'DELETE /api/admin/session',
      'PATCH /api/admin/saved-replies/1',
      'POST /api/admin/me/password',
      'POST /api/admin/me/totp',
      'POST /api/admin/me/totp/confirm',
      'POST /api/admin/saved-replies',
      // A read sent as POST (the chosen orders' numbers): their labels as one PDF, nothing changed.
      'POST /api/admin/shipments/labels',
      'POST /api/admin/tickets/1/close',
      'POST /api/admin/tickets/1/messages',
      'POST /api/admin/tickets/1/reopen',
      'PUT /api/admin/reviews/1/answer',
    ]);
  });

  it('answers 403 YETKI_YOK to a manager on staff, settings and the audit log', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'manager');
    const denied = guarded().filter(
      (r) => !['signedIn', 'settingUp'].includes(r.permission) && !can('manager', r.permission as Permission),
    );
    expect(new Set(denied.map((r) => r.permission))).toEqual(
      new Set(['staff.manage', 'settings.write', 'audit.read']),
    );
    for (const r of denied) {
      const res = await send(b, r);
      expect({ route: `${r.method} ${r.url}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.url}`,
        status: 403,
      });
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
  });

  it('is documented under a "Yönetim" tag with the staff cookie', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    expect(docs.components.securitySchemes.staffCookie).toMatchObject({ in: 'cookie', name: 'vitrin_staff' });
    for (const [path, operations] of Object.entries(
      docs.paths as Record<
        string,
        Record<string, { tags: string[]; security?: object[]; 'x-permission'?: string }>
      >,
    )) {
      if (!path.startsWith('/api/admin/')) continue;
      for (const op of Object.values(operations)) {
        expect(op.tags[0]).toMatch(/^Yönetim: /);
        if (op['x-permission'] !== 'anyone') expect(op.security).toEqual([{ staffCookie: [] }]);
      }
    }
    expect(t.app.undocumentedRoutes()).toEqual([]);
  });
});
