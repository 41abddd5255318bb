import { auditLog, pages } from '@vitrin/core/db/schema';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
});
afterAll(() => t.close());

const PAGES = '/api/admin/pages';
const page = (extra: Record<string, unknown> = {}) => ({
  type: 2,
  title: 'Sıkça Sorulan Sorular',
  summary: 'Kargo, iade ve ödeme.',
  body: '<h2>Kargo</h2><p>Siparişler iki iş gününde kargoda.</p>',
  position: 1,
  isPublished: true,
  ...extra,
});
const shown = (slug: string) => t.services.content.bySlug(slug);
const pageCount = async () => (await t.services.database.db.select({ n: count() }).from(pages))[0]!.n;

describe('content pages in the panel', () => {
  it('adds a page with a transliterated slug and a sanitized body, in the storefront at once', async () => {
    expect(await shown('sikca-sorulan-sorular')).toBeNull(); // cached as missing
    const res = await owner.post(
      PAGES,
      page({ body: '<p>Metin</p><img src=x onerror=alert(1)><svg onload=alert(1)>' }),
    );
    expect(res.statusCode).toBe(201);
    const saved = res.json().page;
    expect(saved).toMatchObject({ slug: 'sikca-sorulan-sorular', type: 2, body: '<p>Metin</p>' });
    expect((await shown('sikca-sorulan-sorular'))?.body).toBe('<p>Metin</p>');
    expect((await t.services.content.links()).map((l) => l.slug)).toContain('sikca-sorulan-sorular');

    const hidden = await owner.put(`${PAGES}/${saved.id}`, page({ isPublished: false, slug: saved.slug }));
    expect(hidden.statusCode).toBe(200);
    expect(await shown('sikca-sorulan-sorular')).toBeNull();

    const listed = (await owner.get(`${PAGES}?type=2`)).json().items;
    expect(listed.map((p: { id: number }) => p.id)).toEqual([saved.id]);
    expect((await owner.get(`${PAGES}?type=1`)).json().items).toEqual([]);

    const audits = await t.services.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'page'), eq(auditLog.entityId, String(saved.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['page.create', 'page.update']);
  });

  it('refuses bad input with a Turkish message on its field, writing nothing', async () => {
    const before = await pageCount();
    const refused = async (body: object, status: number, code: string, field: string) => {
      const res = await owner.post(PAGES, body);
      expect({ status: res.statusCode, code: res.json().error.code }).toEqual({ status, code });
      expect(res.json().error.fields?.[field]).toMatch(/[a-zçğıöşü]/i);
    };
    await refused(page({ type: 7 }), 400, 'GECERSIZ_ISTEK', 'type');
    await refused(page({ title: ' ' }), 400, 'GECERSIZ_ISTEK', 'title');
    await refused(page({ position: -1 }), 400, 'GECERSIZ_ISTEK', 'position');
    await refused(page({ body: '<iframe src="https://x.example"></iframe>' }), 400, 'GECERSIZ_ISTEK', 'body');
    await refused(page({ slug: 'Sıkça Sorulan Sorular' }), 409, 'SLUG_KAYITLI', 'slug');
    expect(await pageCount()).toBe(before);
    expect((await owner.get(`${PAGES}/999999`)).json().error.code).toBe('SAYFA_BULUNAMADI');
  });

  it('refuses a save over a change made since the form loaded the page (409 KAYIT_DEGISTI), changing nothing', async () => {
    const manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
    const created = (await owner.post(PAGES, page({ title: 'İade Koşulları' }))).json().page;
    const loaded = created.updatedAt as string;
    // Both open the form; the manager saves first.
    const first = await manager.put(
      `${PAGES}/${created.id}`,
      page({ title: 'İade Koşulları', summary: 'Müdürün özeti', loadedUpdatedAt: loaded }),
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().page.updatedAt).not.toBe(loaded);
    const second = await owner.put(
      `${PAGES}/${created.id}`,
      page({ title: 'İade Koşulları', summary: 'Sahibin özeti', loadedUpdatedAt: loaded }),
    );
    expect(second.statusCode).toBe(409);
    expect(second.json().error).toMatchObject({
      code: 'KAYIT_DEGISTI',
      message: expect.stringContaining('siz düzenlerken başka biri tarafından değiştirildi'),
    });
    const stored = (await owner.get(`${PAGES}/${created.id}`)).json().page;
    expect(stored.summary).toBe('Müdürün özeti');
    // Loaded again, the owner's save passes.
    const again = await owner.put(
      `${PAGES}/${created.id}`,
      page({ title: 'İade Koşulları', summary: 'Sahibin özeti', loadedUpdatedAt: stored.updatedAt }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().page.summary).toBe('Sahibin özeti');
    const bad = await owner.put(`${PAGES}/${created.id}`, page({ loadedUpdatedAt: 'dün' }));
    expect({ status: bad.statusCode, code: bad.json().error.code }).toEqual({
      status: 400,
      code: 'GECERSIZ_ISTEK',
    });
    expect(bad.json().error.fields.loadedUpdatedAt).toMatch(/sürümü geçersiz/);
  });

  it('is not for support staff (403)', async () => {
    expect((await support.get(PAGES)).statusCode).toBe(403);
    expect((await support.post(PAGES, page({ title: 'Destek' }))).statusCode).toBe(403);
  });
});
