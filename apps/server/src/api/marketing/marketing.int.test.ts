import { createMarketing } from '@vitrin/core/mail/marketing-rounds';
import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { CART_COOKIE } from '@vitrin/shared/api/cart';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  browser,
  createAccountTestApp,
  newIp,
  registration,
} from '../../../test/accounts.ts';

let t: AccountTestApp;
let shop: TestShop;
beforeAll(async () => {
  t = await createAccountTestApp({ config: { publicUrl: 'https://magaza.example.com' } });
  shop = await seedTestShop(t.services.database.db);
});
afterAll(() => t.close());

const query = async <T>(text: string, ...values: unknown[]) => t.services.database.query<T>(text, values);

/** A customer with marketing consent, registered through the API, whose cart holds two kupa; reminded. */
async function remindedCustomer(n: number) {
  const b = browser(t.app);
  const res = await b.post('/api/front/auth/register', { ...registration(n), marketingConsent: true });
  expect(res.statusCode).toBe(201);
  expect((await b.post('/api/front/cart/items', { productId: shop.kupa, quantity: 2 })).statusCode).toBe(201);
  const [me] = await query<{ id: number; email: string }>(
    'select id, email from customers where email = $1',
    registration(n).email,
  );
  const node = createMarketing(t.services.database, {
    mail: t.services.mail,
    settings: t.services.settings,
    cart: t.services.cart,
    shopUrl: 'https://magaza.example.com',
    now: () => new Date(Date.now() + 61 * 60_000),
  });
  expect((await node.round())?.cartReminders).toBeGreaterThanOrEqual(1);
  const [mail] = await query<{ html: string }>(
    `select html from mail_queue where to_address = $1 and kind = 'cart-reminder'`,
    me!.email,
  );
  const restore = /\/cart\/restore\/([A-Za-z0-9_-]{43})/.exec(mail!.html)![1]!;
  const unsubscribe = /\/unsubscribe\/([A-Za-z0-9_-]{43})/.exec(mail!.html)![1]!;
  return { b, me: me!, restore, unsubscribe };
}

const consentOf = async (id: number) =>
  (
    await query<{ marketing_consent: boolean }>('select marketing_consent from customers where id = $1', id)
  )[0]!.marketing_consent;

describe('one-click unsubscribe (RFC 8058)', () => {
  it("withdraws the consent on the mail provider's POST without cookie or Origin, with its proof row, idempotently", async () => {
    const { me, unsubscribe } = await remindedCustomer(1);
    const [given] = await query<{ ip: string }>(
      `select ip from marketing_consents where customer_id = $1 and granted`,
      me.id,
    );
    expect(given?.ip).toMatch(/^10\./);
    const oneClick = () =>
      t.app.inject({
        method: 'POST',
        url: `/unsubscribe/${unsubscribe}`,
        remoteAddress: newIp(),
        headers: { host: 'magaza.example.com', 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
    const res = await oneClick();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('E-posta aboneliğiniz sonlandırıldı');
    expect(await consentOf(me.id)).toBe(false);
    expect((await oneClick()).statusCode).toBe(200);
    const rows = await query<{ granted: boolean; detail: string }>(
      'select granted, detail from marketing_consents where customer_id = $1 order by id',
      me.id,
    );
    expect(rows).toEqual([
      { granted: true, detail: 'Üyelik formu' },
      { granted: false, detail: 'E-postadaki abonelikten çıkma bağlantısı' },
    ]);
  });

  it('answers 404 for an unknown token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${'a'.repeat(43)}`,
      headers: { host: 'magaza.example.com', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('Bağlantı geçersiz');
  });

  it('still refuses a cross-origin POST that carries the session cookie (403), and changes nothing', async () => {
    const { b, me, unsubscribe } = await remindedCustomer(2);
    const res = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/${unsubscribe}`,
      headers: {
        host: 'magaza.example.com',
        origin: 'https://kotu-site.example',
        'sec-fetch-site': 'cross-site',
        'content-type': 'application/x-www-form-urlencoded',
      },
      cookies: { [SESSION_COOKIE]: b.token! },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(403);
    expect(await consentOf(me.id)).toBe(true);
  });
});

describe('the reminder’s restore link', () => {
  it('puts the reminded lines into a guest cart on another device (its cookie set) and goes to /cart', async () => {
    const { restore } = await remindedCustomer(3);
    const other = browser(t.app);
    const res = await other.get(`/cart/restore/${restore}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart?geri-yuklenen=1&eklenemeyen=0');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(other.jar.get(CART_COOKIE)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const cart = (await other.get('/api/front/cart')).json();
    expect(cart.lines.map((l: { productId: number; quantity: number }) => [l.productId, l.quantity])).toEqual(
      [[shop.kupa, 2]],
    );
    const [row] = await query<{ restored: boolean }>(
      `select restored_at is not null as restored from cart_reminders where token_hash is not null order by id desc limit 1`,
    );
    expect(row?.restored).toBe(true);
  });

  it('sends an unknown token to /cart without a cart or cookie', async () => {
    const other = browser(t.app);
    const res = await other.get(`/cart/restore/${'b'.repeat(43)}`);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/cart');
    expect(other.jar.has(CART_COOKIE)).toBe(false);
  });
});
