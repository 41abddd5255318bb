import { auditLog, menuItems } from '@vitrin/core/db/schema';
import { WEB_ADDRESS_MESSAGES } from '@vitrin/shared/web-address';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let manager: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  await t.services.database.db.delete(menuItems);
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
});
afterAll(() => t.close());

const URL_ = '/api/admin/menu';
interface Node {
  title: string;
  url: string;
  children: Node[];
}
/** The storefront header's menu as `title(child, child)`, read through its cache. */
const header = async () => {
  const show = (n: Node): string =>
    n.children.length ? `${n.title}(${n.children.map(show).join(',')})` : n.title;
  return ((await t.app.inject('/api/front/home')).json().menu as Node[]).map(show).join(' ');
};

describe('the header menu in the panel', () => {
  it('adds links (site paths and http URLs), nests and reorders them, the header following at once', async () => {
    expect(await header()).toBe('');
    const add = async (title: string, url: string) => {
      const res = await manager.post(URL_, { title, url });
      expect(res.statusCode, url).toBe(201);
      return res.json().item.id as number;
    };
    const giyim = await add('Giyim', '/shop/giyim');
    const hakkimizda = await add('Hakkımızda', '/page/hakkimizda');
    const blog = await add('Blog', 'https://blog.example.com/yazilar?etiket=yeni');
    expect(await header()).toBe('Giyim Hakkımızda Blog');

    const moved = await manager.post(`${URL_}/${blog}/move`, { parentId: giyim, index: 0 });
    expect(moved.statusCode).toBe(200);
    expect(await header()).toBe('Giyim(Blog) Hakkımızda');
    await manager.post(`${URL_}/${hakkimizda}/move`, { parentId: null, index: 0 });
    expect(await header()).toBe('Hakkımızda Giyim(Blog)');

    const edited = await manager.patch(`${URL_}/${hakkimizda}`, {
      title: 'Biz Kimiz',
      url: '/page/hakkimizda',
      isActive: false,
    });
    expect(edited.statusCode).toBe(200);
    expect(await header()).toBe('Giyim(Blog)');

    expect((await manager.delete(`${URL_}/${giyim}`)).statusCode).toBe(204);
    expect(await header()).toBe('');
    const { db } = t.services.database;
    expect((await db.select().from(menuItems)).map((r) => r.title)).toEqual(['Biz Kimiz']);
    const deletes = await db.select().from(auditLog).where(eq(auditLog.action, 'menuItem.delete'));
    expect(deletes.map((a) => a.entityId).sort()).toEqual([String(blog), String(giyim)].sort());
  });

  it('says in Turkish why a link that is neither http(s) nor a site path is refused, writing nothing', async () => {
    const { db } = t.services.database;
    const before = await db.select().from(menuItems);
    for (const url of [
      'javascript:alert(1)',
      'htp:/x',
      '/shop/a b',
      'sayfa',
      '//evil.example',
      '',
      'ftp://x.y',
    ]) {
      const res = await manager.post(URL_, { title: 'Kötü', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.fields.url, url).toBe(
        url === '' ? WEB_ADDRESS_MESSAGES.required : WEB_ADDRESS_MESSAGES.invalidLink,
      );
    }
    const noTitle = await manager.post(URL_, { title: ' ', url: '/shop' });
    expect(noTitle.json().error.fields.title).toBe('Başlığı girin');
    expect(await db.select().from(menuItems)).toEqual(before);
  });

  it('refuses moving a link under its own child (409 MENU_DONGU); support cannot see the menu (403)', async () => {
    const parent = (await manager.post(URL_, { title: 'Üst', url: '/' })).json().item.id;
    const child = (await manager.post(URL_, { title: 'Alt', url: '/alt', parentId: parent })).json().item.id;
    const res = await manager.post(`${URL_}/${parent}/move`, { parentId: child, index: 0 });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('MENU_DONGU');
    const { b: support } = await loggedInStaff(t.app, t.services, 'support');
    expect((await support.get(URL_)).json().error.code).toBe('YETKI_YOK');
  });
});
