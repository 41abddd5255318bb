import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { cspProblems } from '@vitrin/testing/csp-rule';
import { deliveredOrder } from './delivered-order.ts';
import { picture } from './images.ts';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { listedProducts, open, outboxFiles, registerCustomer, vitrinCli } from './support.ts';

/**
 * Stored XSS: every text a shopper or a staff member can store, stored with script and attribute payloads
 * through the real APIs, then shown in the storefront, the panel and the e-mails in Chromium. A payload that
 * runs opens a dialog (`alert(1)`); one the CSP stops is a violation report; either fails the test. The CSP
 * part checks the header of every storefront route, the panel, the error and maintenance pages.
 */

const stamp = Date.now().toString(36);
const origin = `http://localhost:${E2E_PORT}`;
const SAME_ORIGIN = { origin };

/** Payloads that run in one context or another; each calls alert, so a run is a dialog. */
const P = {
  script: '<script>alert(1)</script>',
  attr: '"><img src=x onerror=alert(1)>',
  single: "'><svg onload=alert(1)>",
  iframe: '<iframe srcdoc="<script>alert(1)</script>">',
  link: '<a href="javascript:alert(1)">tıkla</a>',
  style: '<div style="background:url(javascript:alert(1));width:expression(alert(1))">x</div>',
  breakout: '</script><script>alert(1)</script>',
  // A template literal's placeholder, written so that this file's own string is not one.
  template: ['$', '{alert(1)}`;alert(1);//'].join(''),
  json: '"}]});alert(1);//',
  separators: '\u2028\u2029alert(1)//',
} as const;
const ALL = Object.values(P).join(' ');

/** Any dialog or CSP violation on the page is written to `seen`, which the test holds empty at the end. */
function watch(page: Page, seen: string[]) {
  page.on('dialog', async (dialog) => {
    seen.push(`${page.url()}: dialog ${dialog.type()} ${dialog.message()}`);
    await dialog.dismiss();
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) seen.push(`${page.url()}: ${message.text()}`);
  });
}

/** Opens a page, waits for it to settle and checks no markup of a payload is in its DOM. */
async function visit(page: Page, url: string, text: RegExp | string) {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  await page.waitForLoadState('load');
  await expect(page.locator('body'), url).toContainText(text);
  await expectNoPayloadMarkup(page, url);
}

async function expectNoPayloadMarkup(page: Page, where: string) {
  const found = await page.evaluate(() => {
    const bad = [
      ...document.querySelectorAll(
        '[onerror], [onload], [onclick], iframe[srcdoc], object, embed, a[href^="javascript:" i], [style*="expression" i]',
      ),
    ].map((e) => e.outerHTML.slice(0, 120));
    const scripts = [...document.querySelectorAll('script')]
      .filter((s) => !s.nonce && !s.src && s.type !== 'application/ld+json')
      .map((s) => s.outerHTML.slice(0, 120));
    return [...bad, ...scripts];
  });
  expect(found, where).toEqual([]);
}

/** The HTML part of an .eml file (quoted-printable or base64), as a mail client shows it. */
function htmlOf(eml: string): string {
  const at = eml.search(/Content-Type: text\/html/i);
  expect(at, 'an HTML part').toBeGreaterThan(-1);
  const part = eml.slice(at);
  const head = part.slice(0, part.search(/\r?\n\r?\n/));
  const body = part.slice(head.length).replace(/^\r?\n\r?\n/, '');
  const content = body.split(/\r?\n--/)[0]!;
  if (/base64/i.test(head)) return Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8');
  const raw = content.replace(/=\r?\n/g, '');
  return Buffer.from(
    raw.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
}

/** New e-mails to `email` since `before`, waited for until `count` arrived. */
async function mailsTo(email: string, before: Set<string>, count: number): Promise<string[]> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let found: string[] = [];
  await expect
    .poll(
      () => {
        found = readdirSync(outbox)
          .filter((f) => f.endsWith('.eml') && !before.has(f))
          .map((f) => readFileSync(path.join(outbox, f), 'utf8'))
          .filter((eml) => new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(eml));
        return found.length;
      },
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The JSON of a write that must succeed (2xx). */
async function json<T>(answer: ReturnType<APIRequestContext['post']>): Promise<T> {
  const res = await answer;
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json().catch(() => ({}))) as T;
}

test.describe('stored texts with script and attribute payloads', () => {
  test('run nowhere: storefront, panel and e-mails', async ({ browser }) => {
    test.setTimeout(300_000);
    const seen: string[] = [];
    const mailBefore = outboxFiles();

    // The owner stores the catalogue's, the blog's and the pages' texts through the panel's API.
    const staff: BrowserContext = await browser.newContext();
    await logInStaff(staff, createStaff('owner', `Sahip ${P.attr}`.slice(0, 50)));
    const admin = staff.request;
    const post = <T>(url: string, data: object) => json<T>(admin.post(url, { headers: SAME_ORIGIN, data }));

    const { category } = await post<{ category: { id: number; slug: string } }>('/api/admin/categories', {
      name: `Kategori ${P.single}`,
      slug: `xss-kategori-${stamp}`,
      description: ALL,
      isActive: true,
    });
    const { tag } = await post<{ tag: { id: number; slug: string } }>('/api/admin/tags', {
      name: `Etiket ${P.attr}`,
      slug: `xss-etiket-${stamp}`,
    });
    const { product } = await post<{ product: { id: number; slug: string } }>('/api/admin/products', {
      name: `Kupa ${P.attr} ${P.script}`.slice(0, 200),
      slug: `xss-kupa-${stamp}`,
      sku: `XSS-${stamp}`,
      brand: P.single,
      shortDescription: ALL,
      description: ALL,
      stockType: 2,
      stock: null,
      categoryId: category.id,
      tagIds: [tag.id],
      vatRate: 20,
      prices: [{ priceType: 2, price: '99,90' }],
      optionGroups: [{ name: `Renk ${P.single}`.slice(0, 40), values: [P.attr, P.script] }],
      variants: [P.attr, P.script].map((value, i) => ({
        options: { [`Renk ${P.single}`.slice(0, 40)]: value },
        sku: `XSS-${stamp}-${i}`,
        stock: 3,
        prices: [{ priceType: 2, price: '99,90' }],
      })),
      metaTitle: P.breakout,
      metaDescription: P.json,
    });
    const { post: blogPost } = await post<{ post: { id: number } }>('/api/admin/blog/posts', {
      title: `Yazı ${P.attr} ${P.breakout}`,
      author: P.script,
      summary: ALL,
      body: `<p>Yazı gövdesi</p>${ALL}<math><mi xlink:href="javascript:alert(1)">x</mi></math>`,
      isPublished: true,
    });
    const { page: contentPage } = await post<{ page: { id: number; slug: string } }>('/api/admin/pages', {
      type: 1,
      title: `Sayfa ${P.attr} ${P.json}`,
      slug: `xss-sayfa-${stamp}`,
      summary: ALL,
      body: `<p>Sayfa gövdesi</p>${ALL}`,
      isPublished: true,
    });
    const couponCode = `XSS${stamp}`.toUpperCase();
    const { coupon } = await post<{ coupon: { id: number } }>('/api/admin/coupons', {
      code: couponCode,
      description: `İndirim ${P.attr}`,
      kind: 'percent',
      value: 5,
      isPublic: true,
    });

    // A customer with payloads in the name, an address, an order's note and a ticket with an attachment.
    const shopper = await browser.newContext();
    const email = `xss.${stamp}@example.com`;
    const password = 'Xss-sifre-123';
    const shop = shopper.request;
    await registerCustomer(shop, email, password);
    await json(
      shop.patch('/api/front/account', {
        headers: SAME_ORIGIN,
        data: { firstName: P.attr, lastName: P.script, phone: '0532 123 45 67' },
      }),
    );
    const address = {
      title: P.single.slice(0, 40),
      firstName: P.breakout,
      lastName: P.template,
      phone: '0532 123 45 67',
      provinceCode: 34,
      district: 'Kadıköy',
      line: [P.attr, P.script, P.breakout, P.link, P.separators].join(' '),
      postcode: '34710',
      billingType: 'individual',
      tcKimlikNo: '10000000146',
    };
    await json(shop.post('/api/front/addresses', { headers: SAME_ORIGIN, data: address }));
    const demo = (await listedProducts(shop)).find((p) => p.stockType === 1 && p.inStock && p.price)!;
    await json(
      shop.post('/api/front/cart/items', { headers: SAME_ORIGIN, data: { productId: demo.id, quantity: 1 } }),
    );
    const order = await json<{ orderNo: string }>(
      shop.post('/api/front/checkout', {
        headers: { ...SAME_ORIGIN, 'idempotency-key': randomUUID() },
        data: {
          email,
          phone: '0532 123 45 67',
          shippingAddress: { ...address, title: undefined },
          billingSameAsShipping: true,
          paymentMethod: 'transfer',
          acceptTerms: true,
          note: ALL,
        },
      }),
    );
    const ticket = await json<{ ticket: { ticketNo: string } }>(
      shop.post('/api/front/support/tickets', {
        headers: SAME_ORIGIN,
        multipart: {
          subject: `Konu ${P.attr}`,
          orderNo: order.orderNo,
          message: ALL,
          file: {
            name: `${P.attr}.png`,
            mimeType: 'image/png',
            buffer: await picture('X', '#b3261e'),
          },
        },
      }),
    );
    const ticketNo = ticket.ticket.ticketNo;

    // Staff answer with the same payloads: a reply (e-mailed to the customer) and an order note.
    await post(`/api/admin/tickets/${ticketNo}/messages`, { message: ALL });
    await post(`/api/admin/orders/${order.orderNo}/notes`, { body: ALL });

    // The storefront, as a guest and as the customer.
    const guest = await (await browser.newContext()).newPage();
    watch(guest, seen);
    // The watch itself: a script put in the page without the nonce is a CSP report it hears.
    await open(guest, '/about');
    await guest.evaluate(() => {
      const planted = document.createElement('script');
      planted.textContent = 'alert(1)';
      document.body.append(planted);
    });
    await expect.poll(() => seen.length).toBe(1);
    seen.length = 0;
    await visit(guest, `/product/${product.slug}`, `Kupa ${P.attr}`);
    await visit(guest, `/shop/${category.slug}`, `Kategori ${P.single}`);
    await visit(guest, `/tags/${tag.slug}`, `Etiket ${P.attr}`);
    await visit(guest, `/search?q=${encodeURIComponent('Kupa "><img')}`, /Kupa|sonuç/i);
    await visit(guest, `/search?q=${encodeURIComponent(P.attr)}`, /.+/);
    await visit(guest, `/blog-details/${blogPost.id}`, `Yazı ${P.attr}`);
    await visit(guest, '/blog', `Yazı ${P.attr}`);
    await visit(guest, `/content/${contentPage.slug}`, `Sayfa ${P.attr}`);
    await visit(guest, '/coupons', `İndirim ${P.attr}`);
    await open(guest, `/product/${product.slug}`);
    await expectNoPayloadMarkup(guest, 'product page after hydration');

    const own = await shopper.newPage();
    watch(own, seen);
    for (const [url, text] of [
      ['/panel', P.attr],
      ['/panel/information', /.+/],
      ['/panel/address', P.breakout],
      ['/panel/orders', order.orderNo],
      [`/panel/orders/${order.orderNo}`, P.template],
      ['/panel/support', `Konu ${P.attr}`],
      [`/panel/support/${ticketNo}`, P.script],
    ] as const) {
      await visit(own, url, text);
    }
    await visit(own, '/cart', /.+/);

    // The panel: every screen that shows one of these texts.
    const panel = await staff.newPage();
    watch(panel, seen);
    for (const [url, text] of [
      ['/admin', /.+/],
      ['/admin/siparisler', order.orderNo],
      [`/admin/siparisler/${order.orderNo}`, order.orderNo],
      ['/admin/musteriler', P.attr],
      ['/admin/destek?durum=answered', ticketNo],
      [`/admin/destek/${ticketNo}`, `Konu ${P.attr}`],
      ['/admin/urunler', `Kupa ${P.attr}`],
      [`/admin/urunler/${product.id}`, /.+/],
      ['/admin/kategoriler', `Kategori ${P.single}`],
      ['/admin/etiketler', `Etiket ${P.attr}`],
      ['/admin/kuponlar', couponCode],
      ['/admin/blog', `Yazı ${P.attr}`],
      [`/admin/blog/${blogPost.id}`, /.+/],
      ['/admin/sayfalar', `Sayfa ${P.attr}`],
      [`/admin/sayfalar/${contentPage.id}`, /.+/],
      ['/admin/denetim', /.+/],
    ] as const) {
      await visit(panel, url, text);
    }
    const customerId = (
      (await (await admin.get(`/api/admin/customers?q=${encodeURIComponent(email)}`)).json()) as {
        items: { id: number }[];
      }
    ).items[0]!.id;
    await visit(panel, `/admin/musteriler/${customerId}`, email);
    await visit(panel, `/admin/siparisler/${order.orderNo}/paketleme-fisi`, order.orderNo);

    // The e-mails, opened as a mail client would show their HTML (no CSP there: a payload would run).
    const mails = await mailsTo(email, mailBefore, 3);
    const reader = await (await browser.newContext({ javaScriptEnabled: true })).newPage();
    watch(reader, seen);
    // The watch itself: where nothing stops it, a handler that runs is a dialog it hears.
    await reader.setContent('<img src=x onerror=alert(1)>', { waitUntil: 'load' });
    await expect.poll(() => seen.length).toBe(1);
    seen.length = 0;
    for (const eml of mails) {
      await reader.setContent(htmlOf(eml), { waitUntil: 'load' });
      await expectNoPayloadMarkup(reader, eml.match(/^Subject: .*$/m)?.[0] ?? 'an e-mail');
    }

    expect(seen).toEqual([]);

    // Leave the shop as it was: the order cancelled (its stock back), the records removed.
    await post(`/api/admin/orders/${order.orderNo}/status`, { status: 6 });
    await post(`/api/admin/customers/${customerId}/erase`, { confirm: email });
    for (const url of [
      `/api/admin/products/${product.id}`,
      `/api/admin/blog/posts/${blogPost.id}`,
      `/api/admin/pages/${contentPage.id}`,
      `/api/admin/tags/${tag.id}`,
      `/api/admin/categories/${category.id}`,
    ]) {
      const res = await admin.delete(url, { headers: SAME_ORIGIN });
      expect(res.status(), `${url}: ${await res.text()}`).toBeLessThan(300);
    }
    await json(
      admin.patch(`/api/admin/coupons/${coupon.id}`, { headers: SAME_ORIGIN, data: { isActive: false } }),
    );
  });
});

/** The CSP rule (packages/testing/src/csp-rule.ts) for a page's answer. */
function expectStrictCsp(header: string | undefined, where: string) {
  expect(cspProblems(header, 'html'), where).toEqual([]);
}

/** Every storefront route of apps/web/app/routes.ts, with its parameters filled from the demo shop. */
function storefrontRoutes(params: Record<string, string>): string[] {
  const source = readFileSync(path.resolve(import.meta.dirname, '../../apps/web/app/routes.ts'), 'utf8');
  const paths = [...source.matchAll(/route\('([^']+)'/g)].map((m) => `/${m[1]}`);
  return ['/', ...paths.map((p) => (p === '/*' ? '/yok-boyle-bir-sayfa' : p))].map((p) =>
    p.replace(/:(\w+)/g, (_, name: string) => params[name] ?? 'yok'),
  );
}

test.describe('a review with script and attribute payloads', () => {
  test('runs nowhere: the product page, its JSON-LD and the account’s list', async ({ browser }) => {
    test.setTimeout(240_000);
    const seen: string[] = [];
    const staff = await browser.newContext();
    await logInStaff(staff, createStaff('owner', 'Değerlendirme XSS'));
    const shopper = await browser.newContext();
    const email = `xss.degerlendirme.${stamp}@example.com`;
    await registerCustomer(shopper.request, email, 'gizli-şifre-1');
    const products = (await listedProducts(shopper.request)).filter(
      (p) => p.stockType === 1 && p.inStock && p.price,
    );
    const target = products.at(-3)!;
    await deliveredOrder(shopper.request, staff.request, email, [target.id]);
    try {
      const { review } = await json<{ review: { id: number } }>(
        shopper.request.post(`/api/front/products/${target.slug}/reviews`, {
          headers: SAME_ORIGIN,
          data: { rating: 5, title: `Başlık ${P.attr} ${P.single}`.slice(0, 120), body: `Metin ${ALL}` },
        }),
      );
      const detail = await (await staff.request.get(`/api/admin/reviews/${review.id}`)).json();
      await json(
        staff.request.post(`/api/admin/reviews/${review.id}/approve`, {
          headers: SAME_ORIGIN,
          data: { updatedAt: detail.review.updatedAt },
        }),
      );
      const page = await shopper.newPage();
      watch(page, seen);
      await visit(page, `/product/${target.slug}`, `Metin ${P.script}`);
      const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).join('\n');
      expect(ld).not.toContain('</script');
      expect(ld).not.toContain('<img');
      await visit(page, '/panel/reviews', `Metin ${P.script}`);
      expect(seen).toEqual([]);
    } finally {
      await json(
        shopper.request.post('/api/front/account/delete', {
          headers: SAME_ORIGIN,
          data: { password: 'gizli-şifre-1' },
        }),
      );
      await staff.close();
      await shopper.close();
    }
  });
});

test.describe('the Content-Security-Policy', () => {
  test('every storefront route, the panel, error and maintenance pages: nonce-only scripts', async ({
    request,
  }) => {
    const products = await listedProducts(request);
    const posts = (await (await request.get('/api/front/blog')).json()) as { items: Array<{ id: number }> };
    const routes = storefrontRoutes({
      slug: products[0]!.slug,
      id: String(posts.items[0]!.id),
      orderNo: 'VTR-YOK',
      ticketNo: 'DST-YOK',
    });
    expect(routes.length).toBeGreaterThan(30);
    // Routes whose parameter is not a product still answer a page (a 404 page for an unknown slug).
    const extra = ['/shop/seramik', '/tags/el-yapimi', '/content/kvkk-aydinlatma-metni', '/product/yok-urun'];
    for (const url of [...routes, ...extra]) {
      const res = await request.get(url, { maxRedirects: 0 });
      expect(res.status(), url).toBeLessThan(500);
      expectStrictCsp(res.headers()['content-security-policy'], url);
    }
    for (const url of ['/admin', '/admin/login', '/admin/urunler', '/admin/yok-boyle']) {
      const res = await request.get(url);
      expect(res.status(), url).toBe(200);
      expectStrictCsp(res.headers()['content-security-policy'], url);
      expect(await res.text(), `${url}: no inline script`).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }

    vitrinCli('settings', 'set', 'is_online', '0');
    try {
      const closed = await request.get('/');
      expect(closed.status()).toBe(503);
      expectStrictCsp(closed.headers()['content-security-policy'], 'maintenance page');
      const product = await request.get('/product/yok-urun');
      expectStrictCsp(product.headers()['content-security-policy'], 'maintenance page of a product');
    } finally {
      vitrinCli('settings', 'set', 'is_online', '1');
    }
  });
});
