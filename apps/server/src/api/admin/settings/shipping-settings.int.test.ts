import { settings } from '@vitrin/core/db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, registeredBrowser, browser as visitor } from '../../../../test/accounts.ts';
import { createTestApp } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';

/**
 * The panel's carrier settings (issue 41): where labels are bought (`shipping_provider`) and the sender address
 * (`shipping_sender`), saved through the settings route with a Turkish message per bad field.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let owner: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createTestApp({ demo: false });
  owner = (await loggedInStaff(t.app, t.services, 'owner')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
});
afterAll(() => t.close());

const SENDER = {
  city: 'İstanbul',
  district: 'Şişli',
  address: 'Halaskargazi Cad. No: 10',
  postalCode: '34371',
};
const stored = async () =>
  (await t.services.database.db.select().from(settings).where(eq(settings.key, 'shipping_sender')))[0]?.value;

describe('the sender address in the panel', () => {
  it('shows none at first, saves il, ilçe, adres and posta kodu with the carrier, and clears with null', async () => {
    expect((await owner.get('/api/admin/settings')).json().settings.shipping_sender).toBeNull();

    const res = await owner.patch('/api/admin/settings', {
      shipping_provider: 'geliver',
      shipping_sender: { ...SENDER, address: '  Halaskargazi Cad. No: 10 ' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toMatchObject({ shipping_provider: 'geliver', shipping_sender: SENDER });
    expect(await t.services.settings.get('shipping_sender')).toEqual(SENDER);

    const cleared = await owner.patch('/api/admin/settings', { shipping_sender: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().settings.shipping_sender).toBeNull();
    expect(await t.services.settings.get('shipping_sender')).toBeNull();
  });

  it('keeps a sender name and phone set from the CLI', async () => {
    const res = await owner.patch('/api/admin/settings', {
      shipping_sender: { ...SENDER, name: 'Depo', phone: '0212 555 00 00' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings.shipping_sender).toEqual({ ...SENDER, name: 'Depo', phone: '0212 555 00 00' });
  });

  it.each([
    ['without its il', { ...SENDER, city: ' ' }, 'shipping_sender.city', 'İli girin'],
    ['without its ilçe', { ...SENDER, district: '' }, 'shipping_sender.district', 'İlçeyi girin'],
    ['with too short an address', { ...SENDER, address: 'No' }, 'shipping_sender.address', 'en az 5'],
    ['with a 4-digit posta kodu', { ...SENDER, postalCode: '3437' }, 'shipping_sender.postalCode', '5 rakam'],
    [
      'with letters in the posta kodu',
      { ...SENDER, postalCode: '34a71' },
      'shipping_sender.postalCode',
      '5 rakam',
    ],
    [
      'without its posta kodu',
      { city: 'İstanbul', district: 'Şişli', address: 'Cad. 10' },
      'shipping_sender.postalCode',
      'Posta kodu',
    ],
    ['with a phone in words', { ...SENDER, phone: 'bir iki üç' }, 'shipping_sender.phone', 'Telefon'],
    ['as text', 'İstanbul Şişli', 'shipping_sender', 'il, ilçe'],
    ['with an il as a number', { ...SENDER, city: 34 }, 'shipping_sender.city', 'İl metin'],
  ])(
    'refuses a sender address %s with 400 GECERSIZ_ISTEK and a Turkish message, nothing saved',
    async (_name, value, field, words) => {
      await t.services.settings.set('shipping_sender', JSON.stringify(SENDER));
      const before = await stored();
      const res = await owner.patch('/api/admin/settings', {
        shipping_provider: 'yurtici',
        shipping_sender: value,
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('GECERSIZ_ISTEK');
      expect(error.fields[field]).toContain(words);
      expect(await stored()).toBe(before);
      expect(await t.services.settings.get('shipping_provider')).not.toBe('yurtici');
    },
  );

  it('refuses a carrier it does not know in Turkish', async () => {
    const res = await owner.patch('/api/admin/settings', { shipping_provider: 'aras' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.shipping_provider).toBe('Değer manual, geliver ya da yurtici olmalıdır.');
  });

  it('is the owner’s: a visitor and a customer get 401, a role without settings.write 403', async () => {
    const customer = await registeredBrowser(t.app, 4142);
    for (const b of [visitor(t.app), customer])
      expect((await b.patch('/api/admin/settings', { shipping_sender: SENDER })).statusCode).toBe(401);
    expect((await support.patch('/api/admin/settings', { shipping_sender: SENDER })).statusCode).toBe(403);
  });
});
