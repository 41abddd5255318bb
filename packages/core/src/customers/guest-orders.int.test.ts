import { ayse, person, rejection } from '@vitrin/testing/accounts';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let w: OrderWorld;
let customerId: number;
beforeAll(async () => {
  w = await openOrderWorld();
  customerId = (await w.services.customers.register(ayse)).customer.id;
});
afterAll(() => w.dispose());

const links = () => w.services.guestOrders;
const listed = async (id = customerId) => (await w.services.orders.list(id, { page: 1 })).orders;

/** The token of the last guest-orders link e-mailed to `to`. */
async function tokenMailedTo(to: string): Promise<string> {
  await w.services.mail.drain();
  const mail = w.sent.filter((m) => m.to === to && m.subject.startsWith('Misafir siparişlerinizi')).at(-1);
  const token = mail && /panel\/orders\?baglanti=([\w.-]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no guest-orders e-mail to ${to}`);
  return decodeURIComponent(token);
}

describe('guest orders of a registered e-mail address', () => {
  it('stay off the account until the address is proven by the e-mailed link', async () => {
    const first = await w.placeOrder({ email: 'Ayse@Example.com' });
    const second = await w.placeOrder({ email: 'ayse@example.com' });
    await w.placeOrder({ email: 'baskasi@example.com' });

    expect(await listed()).toEqual([]);
    expect(await links().count(customerId)).toBe(2);

    expect(await links().requestLink(customerId)).toBe(2);
    expect(await listed()).toEqual([]);

    expect(await links().confirm(customerId, await tokenMailedTo('ayse@example.com'))).toBe(2);
    expect((await listed()).map((o) => o.orderNo).sort()).toEqual([first.orderNo, second.orderNo].sort());
    expect(await links().count(customerId)).toBe(0);
  });

  it('sends nothing when no guest order waits', async () => {
    const before = w.sent.length;
    expect(await links().requestLink(customerId)).toBe(0);
    expect(w.sent.length).toBe(before);
  });

  it("refuses another account's link, a forged one and an expired one with BAGLANTI_GECERSIZ", async () => {
    const other = (await w.services.customers.register(person(7))).customer.id;
    await w.placeOrder({ email: 'ayse@example.com' });
    await links().requestLink(customerId);
    const token = await tokenMailedTo('ayse@example.com');

    const refused = await rejection(links().confirm(other, token));
    expect(refused).toMatchObject({
      code: 'BAGLANTI_GECERSIZ',
      message: expect.stringContaining('Bu bağlantı geçersiz ya da süresi dolmuş'),
    });
    const [expires, mac] = token.split('.');
    const forged = `${expires}.${mac!.slice(0, -1)}${mac!.endsWith('A') ? 'B' : 'A'}`;
    expect(await rejection(links().confirm(customerId, forged))).toMatchObject({ code: 'BAGLANTI_GECERSIZ' });
    expect(await rejection(links().confirm(customerId, `1.${mac}`))).toMatchObject({
      code: 'BAGLANTI_GECERSIZ',
    });
    expect(await listed(other)).toEqual([]);
    expect(await links().count(customerId)).toBe(1);
  });

  it('mails one address at most three links an hour (COK_FAZLA_ISTEK)', async () => {
    const id = (await w.services.customers.register(person(8))).customer.id;
    await w.placeOrder({ email: 'musteri8@example.com' });
    for (let i = 0; i < 3; i++) expect(await links().requestLink(id)).toBe(1);
    expect(await rejection(links().requestLink(id))).toMatchObject({ code: 'COK_FAZLA_ISTEK' });
  });
});
