import { auditLog, socialAccounts } from '@vitrin/core/db/schema';
import { WEB_ADDRESS_MESSAGES } from '@vitrin/shared/web-address';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
let manager: Browser;
let managerId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
  ({
    b: manager,
    member: { id: managerId },
  } = await loggedInStaff(t.app, t.services, 'manager'));
});
afterAll(() => t.close());

const URL_ = '/api/admin/social-accounts';
const instagram = { platform: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/atolye' };
const stored = async () =>
  t.services.database.db.select().from(socialAccounts).orderBy(asc(socialAccounts.position));
const footer = async () =>
  (await t.app.inject('/api/front/home')).json().social_accounts as Array<{ label: string; url: string }>;
const clear = () => t.services.database.db.delete(socialAccounts);

describe('social media accounts in the panel', () => {
  it('lets a manager add, edit and remove an account, the storefront footer following each at once', async () => {
    await clear();
    expect(await footer()).toEqual([]); // read once, so the footer is cached
    const added = await manager.post(URL_, { ...instagram, label: '  Instagram  ' });
    expect(added.statusCode).toBe(201);
    const { account } = added.json();
    expect(account).toMatchObject({ ...instagram, position: 0 });
    expect(await footer()).toEqual([{ id: account.id, ...instagram }]);
    expect((await manager.get(URL_)).json().items).toEqual([account]);

    const edited = await manager.patch(`${URL_}/${account.id}`, {
      ...instagram,
      url: 'https://instagram.com/kadikoy.atolye',
    });
    expect(edited.statusCode).toBe(200);
    expect((await footer())[0]!.url).toBe('https://instagram.com/kadikoy.atolye');

    const removed = await manager.delete(`${URL_}/${account.id}`);
    expect(removed.statusCode).toBe(204);
    expect(await footer()).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it('puts new accounts at the end and reorders them, the footer in the new order', async () => {
    await clear();
    const ids: number[] = [];
    for (const [platform, label] of [
      ['instagram', 'Instagram'],
      ['facebook', 'Facebook'],
      ['youtube', 'YouTube'],
    ]) {
      const res = await owner.post(URL_, { platform, label, url: `https://${platform}.com/atolye` });
      ids.push(res.json().account.id);
    }
    expect((await footer()).map((a) => a.label)).toEqual(['Instagram', 'Facebook', 'YouTube']);
    const res = await owner.post(`${URL_}/order`, { ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().items.map((a: { label: string; position: number }) => [a.label, a.position])).toEqual([
      ['YouTube', 0],
      ['Instagram', 1],
      ['Facebook', 2],
    ]);
    expect((await footer()).map((a) => a.label)).toEqual(['YouTube', 'Instagram', 'Facebook']);
  });

  it('refuses an order that is not the stored accounts (409 SOSYAL_HESAP_SIRASI_ESKI), changing nothing', async () => {
    const before = await stored();
    const res = await owner.post(`${URL_}/order`, { ids: before.slice(1).map((r) => r.id) });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('SOSYAL_HESAP_SIRASI_ESKI');
    const unknown = await owner.post(`${URL_}/order`, { ids: [...before.slice(1).map((r) => r.id), 999999] });
    expect(unknown.statusCode).toBe(409);
    expect(await stored()).toEqual(before);
  });

  it('records each change in the audit log with its before and after, in the change', async () => {
    await clear();
    const { account } = (await manager.post(URL_, instagram)).json();
    await manager.patch(`${URL_}/${account.id}`, { ...instagram, label: 'Instagram mağazası' });
    await manager.delete(`${URL_}/${account.id}`);
    const rows = await t.services.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'socialAccount'), eq(auditLog.entityId, String(account.id))))
      .orderBy(auditLog.id);
    expect(rows.map((r) => [r.action, r.staffId, r.before, r.after])).toEqual([
      ['socialAccount.create', managerId, null, { ...instagram, position: 0 }],
      ['socialAccount.update', managerId, { label: 'Instagram' }, { label: 'Instagram mağazası' }],
      ['socialAccount.delete', managerId, { ...instagram, label: 'Instagram mağazası', position: 0 }, null],
    ]);
  });

  it('answers 404 SOSYAL_HESAP_BULUNAMADI for an account that does not exist, to an edit and a removal', async () => {
    for (const res of [
      await owner.patch(`${URL_}/999999`, instagram),
      await owner.delete(`${URL_}/999999`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('SOSYAL_HESAP_BULUNAMADI');
    }
  });

  const calls = (b: Browser) => [
    b.get(URL_),
    b.post(URL_, instagram),
    b.patch(`${URL_}/1`, instagram),
    b.post(`${URL_}/order`, { ids: [1] }),
    b.delete(`${URL_}/1`),
  ];

  it('is for owners and managers: support gets 403 YETKI_YOK, even to read', async () => {
    const { b } = await loggedInStaff(t.app, t.services, 'support');
    for (const res of await Promise.all(calls(b))) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
    }
  });

  it('is never a shopper’s: with a customer session or none, 401 YONETICI_OTURUMU_GEREKLI and no data', async () => {
    await owner.post(URL_, instagram);
    const before = await stored();
    for (const b of [browser(t.app), await registeredBrowser(t.app, 270)]) {
      for (const res of await Promise.all(calls(b))) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('YONETICI_OTURUMU_GEREKLI');
        expect(res.body).not.toContain('instagram.com');
      }
    }
    expect(await stored()).toEqual(before);
  });

  it('saves an address typed without its scheme with https://', async () => {
    const res = await owner.post(URL_, { ...instagram, url: ' www.instagram.com/atolye.kadikoy ' });
    expect(res.statusCode).toBe(201);
    expect(res.json().account.url).toBe('https://www.instagram.com/atolye.kadikoy');
    expect((await owner.delete(`${URL_}/${res.json().account.id}`)).statusCode).toBe(204);
  });

  it.each([
    ['a URL of a word without a domain', { url: 'instagram' }, 'url', WEB_ADDRESS_MESSAGES.invalid],
    ['a javascript: URL', { url: 'javascript:alert(1)' }, 'url', WEB_ADDRESS_MESSAGES.invalid],
    ['an ftp URL', { url: 'ftp://atolye.test/katalog' }, 'url', WEB_ADDRESS_MESSAGES.invalid],
    [
      'a URL with a space',
      { url: 'https://instagram.com/kadıköy atölye' },
      'url',
      WEB_ADDRESS_MESSAGES.invalid,
    ],
    ['a blank URL', { url: '  ' }, 'url', WEB_ADDRESS_MESSAGES.required],
    ['a URL that is no text', { url: 42 }, 'url', WEB_ADDRESS_MESSAGES.invalid],
    [
      'a URL too long',
      { url: `https://atolye.test/${'a'.repeat(500)}` },
      'url',
      'Adres en fazla 500 karakter olabilir',
    ],
    ['an unknown platform', { platform: 'myspace' }, 'platform', 'Platformu listeden seçin'],
    ['a blank name', { label: ' ' }, 'label', 'Görünen adı girin'],
    ['a name too long', { label: 'a'.repeat(41) }, 'label', 'Görünen ad en fazla 40 karakter olabilir'],
    [
      'a name with a control character',
      { label: 'Insta\u0007' },
      'label',
      'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
    ],
  ])(
    'refuses an account with %s (400 GECERSIZ_ISTEK, the message on its field), storing nothing',
    async (_what, change, field, message) => {
      const before = await stored();
      const { id } = before[0]!;
      for (const res of [
        await owner.post(URL_, { ...instagram, ...change }),
        await owner.patch(`${URL_}/${id}`, { ...instagram, ...change }),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
        expect(res.json().error.fields[field]).toBe(message);
      }
      expect(await stored()).toEqual(before);
    },
  );

  it.each([
    ['an order that is no list', { ids: '1,2' }, 'ids'],
    ['an order with an id twice', { ids: [1, 1] }, 'ids'],
    ['an order with an id that is no number', { ids: ['bir'] }, 'ids.0'],
    ['an empty order', { ids: [] }, 'ids'],
  ])('refuses %s (400 GECERSIZ_ISTEK)', async (_what, body, field) => {
    const res = await owner.post(`${URL_}/order`, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(res.json().error.fields).toHaveProperty([field]);
  });

  it('refuses an account number that is no number (400), and a 21st account (422 SOSYAL_HESAP_SINIRI)', async () => {
    expect((await owner.delete(`${URL_}/abc`)).statusCode).toBe(400);
    await clear();
    for (let i = 0; i < 20; i += 1) {
      expect((await owner.post(URL_, { ...instagram, label: `Hesap ${i}` })).statusCode).toBe(201);
    }
    const res = await owner.post(URL_, instagram);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('SOSYAL_HESAP_SINIRI');
    expect(await stored()).toHaveLength(20);
  });
});
