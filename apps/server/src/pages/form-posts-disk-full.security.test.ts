import { DISK_FULL_WRITE_MESSAGE } from '@vitrin/core/media/disk-full';
import { guestCheckoutForm } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registration } from '../../test/accounts.ts';
import {
  type AppNode,
  customerWithTicket,
  guestCart,
  requireBuild,
  shopDatabase,
  startNode,
  stopNode,
} from '../../test/cluster.ts';
import { fullDisk } from '../../test/full-disk.ts';

/**
 * The storefront's plain form posts (no JavaScript: the cart's Sepete Ekle, the checkout, the contact form, a
 * support ticket's reply, the sign-up)
 * while the data directory's disk is full, on the compiled server. On the embedded database, which lives
 * there, a post whose write needs a page the disk cannot give is refused whole: the shopper gets the page
 * again with a Turkish message saying why (503, never a 500 or an English error) and what they typed, nothing
 * of it is kept, and the same post works once there is room. On PostgreSQL (TEST_DATABASE_URL) the database
 * is elsewhere: the posts go on.
 */
const postgres = Boolean(process.env.TEST_DATABASE_URL);
/** Posts of one kind sent on the full disk until one is refused (the first ones may fit in pages it has). */
const MAX_POSTS = postgres ? 5 : 300;

/** The form's fields as a browser posts them: nested groups as `group.field`, ticked boxes as `on`. */
function formBody(fields: Record<string, unknown>, prefix = ''): URLSearchParams {
  const body = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) {
    if (value && typeof value === 'object') {
      for (const [n, v] of formBody(value as Record<string, unknown>, `${prefix}${name}.`)) body.append(n, v);
    } else if (value === true) body.append(`${prefix}${name}`, 'on');
    else if (value !== false && value !== undefined) body.append(`${prefix}${name}`, String(value));
  }
  return body;
}

interface Post {
  path: string;
  body: URLSearchParams;
  cookie?: string;
  /** The address the post comes from (the contact form counts messages per address). */
  from?: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

describe(`storefront form posts while the data directory's disk is full (${postgres ? 'PostgreSQL' : 'embedded database'})`, () => {
  const disk = fullDisk('256m');
  let node: AppNode | undefined;
  let db: Awaited<ReturnType<typeof shopDatabase>>;

  beforeAll(async () => {
    requireBuild();
    db = await shopDatabase(disk.dir);
    // One proxy hop trusted, so each contact post can come from an address of its own.
    node = await startNode(db.url, disk.dir, [18650, 18669], { TRUST_PROXY: '1' }, 'compiled');
  });

  afterAll(async () => {
    disk.free();
    if (node) await stopNode(node);
    await db?.dispose();
    disk.unmount();
  });

  const send = (post: Post) =>
    fetch(`${node!.url}${post.path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: node!.url,
        ...(post.cookie ? { cookie: post.cookie } : {}),
        ...(post.from ? { 'x-forwarded-for': post.from } : {}),
      },
      body: post.body,
    });

  /** Sends the posts `make(i)` one after another until one is refused; answers it, or null when none was. */
  async function untilRefused(make: (i: number) => Post, placed: { n: number }) {
    for (let i = 0; i < MAX_POSTS; i++) {
      const post = make(i);
      const res = await send(post);
      if (res.status === 503) return { post, res, i };
      if (res.status !== 302 && res.status !== 303) {
        // What the server logged says why, in the failure's message.
        const said = `${(await res.text()).slice(0, 300)}\n${node!.output.slice(-6).join('')}`;
        expect([302, 303], `${post.path} #${i}: ${res.status}\n${said}`).toContain(res.status);
      }
      placed.n++;
    }
    return null;
  }

  it('are refused with a Turkish page that keeps what was typed, nothing kept, and work once there is room', async () => {
    const up = node!;
    // Carts made while there is room, for the checkouts on the full disk.
    const carts: string[] = [];
    for (let i = 0; i < MAX_POSTS; i++) carts.push(await guestCart(up, db.shop.ekitap, 1));
    const ticket = await customerWithTicket(up);
    const added = { n: 0 };
    const contacted = { n: 0 };
    const ordered = { n: 0 };
    const replied = { n: 0 };
    const registered = { n: 0 };
    const addPost = (): Post => ({
      path: '/cart',
      body: formBody({ intent: 'add', productId: db.shop.ekitap, quantity: 1 }),
    });
    const contactPost = (i: number): Post => ({
      path: '/contact',
      from: `203.0.113.${i % 250}`,
      body: formBody({
        name: 'Ayşe Yılmaz',
        email: `ayse${i}@example.com`,
        subject: 'Kargo sorusu',
        message: `Merhaba, siparişim ne zaman gelir? (${i}. mesaj)`,
        kvkk: true,
      }),
    });
    const checkoutPost = (i: number): Post => ({
      path: '/checkout',
      cookie: carts[i]!,
      body: formBody(
        guestCheckoutForm({ email: `misafir${i}@example.com`, idempotencyKey: `bos-disk-siparis-${i}` }),
      ),
    });
    const replyPost = (i: number): Post => ({
      path: `/panel/support/${ticket.ticketNo}`,
      cookie: ticket.cookie,
      from: '198.51.100.7',
      body: formBody({ message: `Bir ek bilgi daha: ${i}. yanıt` }),
    });
    const registerPost = (i: number): Post => ({
      path: '/register',
      from: `192.0.2.${i % 250}`,
      body: formBody({ ...registration(100 + i), email: `yeni${i}@example.com`, returnTo: '/panel' }),
    });

    disk.fill();
    let refused: Awaited<ReturnType<typeof untilRefused>>[];
    try {
      refused = [
        await untilRefused(addPost, added),
        await untilRefused(contactPost, contacted),
        await untilRefused(checkoutPost, ordered),
        await untilRefused(replyPost, replied),
        await untilRefused(registerPost, registered),
      ];
      expect((await fetch(`${up.url}/healthz`)).status).toBe(200);
    } finally {
      disk.free();
    }
    console.info(
      `form posts on a full data disk: refused after ${refused.map((r) => (r ? r.i : 'none')).join(', ')} (cart, contact, checkout, ticket reply, sign-up)`,
    );
    if (postgres) {
      expect(refused).toEqual([null, null, null, null, null]);
      return;
    }
    for (const r of refused) expect(r, 'every kind of post is refused once the disk is full').not.toBeNull();
    type Refused = NonNullable<(typeof refused)[number]>;
    const [add, contact, order, reply, signUp] = refused as [Refused, Refused, Refused, Refused, Refused];
    for (const r of [add, contact, order, reply, signUp]) {
      expect(r.res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(r.res.headers.get('cache-control')).toContain('no-store');
      // When to post again, as the API's 503 DISK_DOLU says.
      expect(r.res.headers.get('retry-after')).toBe('60');
      const html = await r.res.text();
      expect(html).toContain(escapeHtml(DISK_FULL_WRITE_MESSAGE));
      expect(html).toContain('<html lang="tr"');
      if (r === contact) {
        // The message and the address typed are in the form again, to send as they are.
        expect(html).toContain(escapeHtml(`(${contact.i}. mesaj)`));
        expect(html).toContain(`ayse${contact.i}@example.com`);
      }
      if (r === order) expect(html).toContain(`misafir${order.i}@example.com`);
      if (r === reply) expect(html).toContain(`Bir ek bilgi daha: ${reply.i}. yanıt`);
      if (r === signUp) expect(html).toContain(`yeni${signUp.i}@example.com`);
    }

    // Once there is room the same posts work: the order with the same key is placed once.
    for (const r of [add, contact, order, reply, signUp]) {
      const res = await send(r.post);
      expect([302, 303], r.post.path).toContain(res.status);
    }
    expect(up.child.exitCode).toBeNull();

    await stopNode(up);
    node = undefined;
    const database = await db.open();
    try {
      const [row] = await database.query<{
        orders: number;
        bare: number;
        messages: number;
        replies: number;
        customers: number;
      }>(
        `select (select count(*)::int from orders) as orders,
           (select count(*)::int from orders o
             where not exists (select 1 from order_items i where i.order_id = o.id)) as bare,
           (select count(*)::int from contact_messages) as messages,
           (select count(*)::int from support_messages where author = 'customer') as replies,
           (select count(*)::int from customers) as customers`,
      );
      // Each accepted post once, the refused ones only from their second sending; no order without its lines.
      // The ticket's first message and its replies.
      expect(row).toEqual({
        orders: ordered.n + 1,
        bare: 0,
        messages: contacted.n + 1,
        replies: 1 + replied.n + 1,
        // The ticket's customer and the sign-ups.
        customers: 1 + registered.n + 1,
      });
    } finally {
      await database.close();
    }
  });
});
