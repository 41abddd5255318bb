// Debian's sqlmap against every storefront and admin parameter that reaches the database: every query and path
// parameter and JSON body field of /api/docs, and the storefront's plain form posts and page parameters, sent
// with a logged-in customer's and an owner's cookies and the shop's Origin. Fails on any injectable finding
// and on any 5xx answer the shop gave meanwhile. Run by `npm run test:security` (embedded DB and PostgreSQL).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import { homeAddress } from '@vitrin/core/testing/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { answeredRequests, type BuiltShop, serverErrors, startBuiltShop } from '../testing/built-shop.ts';
import { tempDir } from '../testing/server.ts';
import {
  exampleOf,
  markedForm,
  type OpenApiDocument,
  requestLog,
  runSqlmap,
  type SqlmapTarget,
  targetsFromDocument,
} from '../testing/sqlmap.ts';

/** This file's ports (the shop); sqlmap itself opens none. */
const PORTS: [number, number] = [18400, 18419];
/** sqlmap processes at a time: the shop and they share 2 cores. */
const PROCESSES = 3;
const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
/**
 * What sqlmap runs. On PostgreSQL, its boolean-, error- and UNION-based payload sets (`--technique=BEU`) on
 * every marked point at level 1 and risk 1. On the embedded DB, the same techniques behind `--smart`: every
 * point is probed (sqlmap's dynamic and heuristic checks, which fail the test on any sign of injection) and the
 * payload sets run where a probe draws a database error: BEU on every point on both databases does not fit the
 * suite's budget on 2 cores. Time-based and stacked queries (`T`, `S`, which wait on sleeps) are left to the
 * integration suite's injection test, which counts `pg_sleep` calls. `SQLMAP_FULL=1` runs every technique on
 * every point on both databases (100-120 requests a point, over 65 000 requests and 10 minutes on PostgreSQL).
 */
const FULL = process.env.SQLMAP_FULL === '1';
const EVERY_POINT = FULL || ON_POSTGRES;
const SQLMAP_ARGS = [
  '--dbms=PostgreSQL',
  '--level=1',
  '--risk=1',
  ...(FULL ? [] : ['--technique=BEU']),
  ...(EVERY_POINT ? [] : ['--smart']),
  '--time-sec=3',
  '--timeout=60',
  '--retries=1',
  // Every request from another address, so the per-address limits (login, coupons, contact) do not answer
  // 429 before a value reaches the database (the shop believes one proxy: TRUST_PROXY=1).
  '--tamper=xforwardedfor',
  // The sessions stay the ones given: a logout or a refused login answered during the run changes nothing.
  '--drop-set-cookie',
  // Refusals are answers to compare, not reasons to stop, nor signs of a firewall (the shop refuses payloads).
  '--ignore-code=400,401,403,404,405,409,410,413,415,422,423,429',
  '--skip-waf',
  // Pages differ in their nonces and tokens every time: compare their text.
  '--text-only',
  '-v',
  '1',
];

const NOWHERE = '999999';

type Jar = Map<string, string>;
/** A JSON answer as the set-up reads it: a few fields of many shapes. */
// biome-ignore lint/suspicious/noExplicitAny: the set-up reads single fields of many answers' shapes
type Loose = any;
interface Answer {
  status: number;
  json: Loose;
}

function client(shop: BuiltShop, jar: Jar = new Map()) {
  async function send(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${shop.url}${url}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: shop.url,
        ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const at = pair.indexOf('=');
      const value = pair.slice(at + 1);
      if (value) jar.set(pair.slice(0, at), value);
      else jar.delete(pair.slice(0, at));
    }
    const text = await res.text();
    let json: Loose = null;
    try {
      json = JSON.parse(text);
    } catch {}
    return { status: res.status, json } as Answer;
  }
  const expectOk = async (method: string, url: string, body?: unknown, headers?: Record<string, string>) => {
    const answer = await send(method, url, body, headers);
    if (answer.status >= 300)
      throw new Error(`${method} ${url}: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.json;
  };
  return { jar, send, expectOk };
}

/** The first `id` (or `key`) found in an answer, depth first. */
function firstOf(value: unknown, key = 'id'): string | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = firstOf(v, key);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    const own = (value as Record<string, unknown>)[key];
    if (typeof own === 'number' || typeof own === 'string') return String(own);
    for (const v of Object.values(value)) {
      const found = firstOf(v, key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The object of an answer whose `key` is `id`, depth first (a list's row or a detail's record). */
function recordWithId(value: unknown, id: string, key = 'id'): Record<string, unknown> | undefined {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = recordWithId(v, id, key);
      if (found) return found;
    }
  } else if (value && typeof value === 'object') {
    const own = value as Record<string, unknown>;
    if (String(own[key]) === id) return own;
    for (const v of Object.values(own)) {
      const found = recordWithId(v, id, key);
      if (found) return found;
    }
  }
  return undefined;
}

interface World {
  shop: BuiltShop;
  cookie: string;
  doc: OpenApiDocument;
  ids: Record<string, string>;
  /** The record each deletion deletes, by its path. */
  doomed: Record<string, string>;
  /** Request bodies made from the records they edit, by `METHOD /path`. */
  bodies: Record<string, Record<string, unknown>>;
  settings: Record<string, unknown>;
}

/** A customer with an address, an order, a ticket and a cart line; an owner and a manager in the panel. */
async function openWorld(shop: BuiltShop): Promise<World> {
  const customer = client(shop);
  await customer.expectOk('POST', '/api/front/auth/register', {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email: 'sqlmap-musteri@example.com',
    phone: '0532 123 45 67',
    password: 'gizli-şifre-1',
    kvkk: true,
    marketingConsent: false,
  });
  const address = await customer.expectOk('POST', '/api/front/addresses', homeAddress);
  const staff = client(shop, customer.jar);
  const owner = await shop.cli(
    'staff',
    'create',
    'sqlmap-sahip@magaza.test',
    '--role',
    'owner',
    '--name',
    'Sahip',
  );
  await shop.cli('staff', 'create', 'sqlmap-yonetici@magaza.test', '--role', 'manager', '--name', 'Yönetici');
  const secret = new URL(owner.match(/otpauth:\/\/\S+/)![0]).searchParams.get('secret')!;
  await staff.expectOk('POST', '/api/admin/session', {
    email: 'sqlmap-sahip@magaza.test',
    password: owner.match(/Şifre:\s*(\S+)/i)![1],
    code: totpCodeAt(secret, new Date()),
  });
  const products = await staff.expectOk('GET', '/api/admin/products?perPage=50');
  const listed = (products.items ?? products.products ?? []) as { id: number; stock?: number | null }[];
  const inStock = listed.find((p) => p.stock === null || (p.stock ?? 0) > 5) ?? listed[0]!;
  const product = await staff.expectOk('GET', `/api/admin/products/${inStock.id}`);
  await customer.expectOk('POST', '/api/front/cart/items', { productId: inStock.id, quantity: 1 });
  const placed = await customer.expectOk(
    'POST',
    '/api/front/checkout',
    {
      email: 'sqlmap-musteri@example.com',
      phone: '0532 123 45 67',
      shippingAddressId: address.address.id,
      billingSameAsShipping: true,
      paymentMethod: 'transfer',
      acceptTerms: true,
    },
    { 'idempotency-key': 'sqlmap-ilk-siparis-0001' },
  );
  const orderNo = firstOf(placed, 'orderNo') ?? firstOf(placed, 'number')!;
  const cart = await customer.expectOk('POST', '/api/front/cart/items', {
    productId: inStock.id,
    quantity: 1,
  });
  const ticket = await customer.expectOk('POST', '/api/front/support/tickets', {
    subject: 'Siparişim hakkında',
    message: 'Merhaba, kargom ne zaman çıkar?',
    orderNo,
  });
  const list = async (url: string) => firstOf(await staff.expectOk('GET', url)) ?? NOWHERE;
  const settings = await staff.expectOk('GET', '/api/admin/settings');
  const staffList = await staff.expectOk('GET', '/api/admin/staff');
  const manager = JSON.stringify(staffList).match(/"id":(\d+)[^{}]*"sqlmap-yonetici@magaza\.test"/)?.[1];
  const ids: Record<string, string> = {
    productSlug: firstOf(product, 'slug')!,
    productId: String(inStock.id),
    categorySlug: firstOf(await customer.expectOk('GET', '/api/front/categories'), 'slug')!,
    tagSlug: firstOf(await staff.expectOk('GET', '/api/admin/tags'), 'slug') ?? 'yeni',
    addressId: String(address.address.id),
    orderNo,
    lineId: firstOf(cart.cart?.lines ?? cart.lines ?? cart, 'id')!,
    ticketNo: firstOf(ticket, 'ticketNo')!,
    messageId: firstOf(ticket.ticket?.messages ?? ticket, 'id')!,
    customerId: firstOf(await staff.expectOk('GET', '/api/admin/customers?q=sqlmap-musteri')) ?? NOWHERE,
    staffId: manager ?? NOWHERE,
    categoryId: await list('/api/admin/categories'),
    tagId: await list('/api/admin/tags'),
    menuId: await list('/api/admin/menu'),
    pageId: await list('/api/admin/pages'),
    postId: await list('/api/admin/blog/posts'),
    blogCategoryId: await list('/api/admin/blog/categories'),
    blogTagId: await list('/api/admin/blog/tags'),
    blogCategorySlug:
      firstOf(await staff.expectOk('GET', '/api/admin/blog/categories'), 'slug') ?? 'haberler',
    blogTagSlug: firstOf(await staff.expectOk('GET', '/api/admin/blog/tags'), 'slug') ?? 'yeni',
    couponId: await list('/api/admin/coupons'),
    couponCode: firstOf(await staff.expectOk('GET', '/api/admin/coupons'), 'code') ?? 'HOSGELDIN10',
    soldOutId: String(listed.find((p) => p.stock === 0)?.id ?? inStock.id),
    formAddressId: String((await customer.expectOk('POST', '/api/front/addresses', homeAddress)).address.id),
    socialId: await list('/api/admin/social-accounts'),
  };
  const doc = (await customer.expectOk('GET', '/api/docs')) as OpenApiDocument;
  // Edits send the record back as read (what the panel's forms do), so that every other field passes the
  // checks and each marked value reaches the database; creations send a copy under a new code or address.
  const record = async (key: string, url: string, id: string, change: Record<string, unknown> = {}) => {
    const [method = '', template = ''] = key.split(' ');
    const schema =
      doc.paths[template]?.[method.toLowerCase()]?.requestBody?.content['application/json']?.schema;
    const example = schema ? (exampleOf(schema, doc) as Record<string, unknown>) : {};
    const found = recordWithId(await staff.expectOk('GET', url), id) ?? {};
    const body = Object.fromEntries(
      Object.keys(example)
        .filter((k) => k !== 'loadedUpdatedAt')
        .map((k) => [k, k in change ? change[k] : k in found ? found[k] : example[k]]),
    );
    return [key, body] as const;
  };
  const productUrl = `/api/admin/products/${inStock.id}`;
  const prices = [{ priceType: 2, price: '249,90', currency: 'TRY' }];
  // Each deletion gets a record of its own, made as the panel makes one (a copy under a new address): its
  // first request deletes it, the rest meet the database's "no such record".
  const made = async (key: string, url: string, id: string, change: Record<string, unknown>) => {
    const [, body] = await record(key, url, id, change);
    const answer = await staff.send('POST', key.split(' ')[1]!, body);
    if (answer.status >= 300)
      console.log(`${key} for a deletion: ${answer.status} ${JSON.stringify(answer.json)}`);
    return answer.status < 300 ? (firstOf(answer.json) ?? NOWHERE) : NOWHERE;
  };
  const other = listed.find((p) => p.id !== inStock.id && (p.stock === null || (p.stock ?? 0) > 5));
  const extraLine = other
    ? await customer.send('POST', '/api/front/cart/items', { productId: other.id, quantity: 1 })
    : undefined;
  const extraAddress = await customer.expectOk('POST', '/api/front/addresses', homeAddress);
  const doomed: Record<string, string> = {
    '/api/front/addresses/{id}': String(extraAddress.address.id),
    '/api/front/cart/items/{lineId}': String(
      recordWithId(extraLine?.json, String(other?.id), 'productId')?.id ?? NOWHERE,
    ),
  };
  const copies: [string, string, string, Record<string, unknown>][] = [
    [
      '/api/admin/products',
      productUrl,
      String(inStock.id),
      { slug: 'sqlmap-silinecek', sku: 'SQLMAP-SIL-1', prices },
    ],
    ['/api/admin/categories', '/api/admin/categories', ids.categoryId!, {}],
    ['/api/admin/tags', '/api/admin/tags', ids.tagId!, {}],
    ['/api/admin/menu', '/api/admin/menu', ids.menuId!, { label: 'Silinecek' }],
    ['/api/admin/pages', `/api/admin/pages/${ids.pageId}`, ids.pageId!, { title: 'Silinecek' }],
    ['/api/admin/blog/categories', '/api/admin/blog/categories', ids.blogCategoryId!, {}],
    ['/api/admin/blog/tags', '/api/admin/blog/tags', ids.blogTagId!, {}],
    ['/api/admin/blog/posts', `/api/admin/blog/posts/${ids.postId}`, ids.postId!, { title: 'Silinecek' }],
    ['/api/admin/social-accounts', '/api/admin/social-accounts', ids.socialId!, {}],
  ];
  for (const [collection, url, id, change] of copies) {
    const named = collection.endsWith('/menu') || collection.endsWith('/social-accounts');
    doomed[`${collection}/{id}`] = await made(`POST ${collection}`, url, id, {
      ...(named ? {} : { slug: 'sqlmap-silinecek', name: 'Silinecek' }),
      ...change,
    });
  }

  const bodies = Object.fromEntries([
    await record(`PUT /api/admin/products/{id}`, productUrl, String(inStock.id), { prices }),
    await record('POST /api/admin/products', productUrl, String(inStock.id), {
      slug: 'sqlmap-urunu',
      sku: 'SQLMAP-URUN-1',
      prices,
    }),
    await record('PATCH /api/admin/coupons/{id}', '/api/admin/coupons', ids.couponId!),
    await record('POST /api/admin/coupons', '/api/admin/coupons', ids.couponId!, { code: 'SQLMAPKUPON' }),
    await record('PATCH /api/admin/categories/{id}', '/api/admin/categories', ids.categoryId!),
    await record('POST /api/admin/categories/{id}/move', '/api/admin/categories', ids.categoryId!),
    await record('PATCH /api/admin/tags/{id}', '/api/admin/tags', ids.tagId!),
    await record('PATCH /api/admin/menu/{id}', '/api/admin/menu', ids.menuId!),
    await record('POST /api/admin/menu/{id}/move', '/api/admin/menu', ids.menuId!),
    await record('PUT /api/admin/pages/{id}', `/api/admin/pages/${ids.pageId}`, ids.pageId!),
    await record('PUT /api/admin/blog/categories/{id}', '/api/admin/blog/categories', ids.blogCategoryId!),
    await record('PUT /api/admin/blog/tags/{id}', '/api/admin/blog/tags', ids.blogTagId!),
    await record('PUT /api/admin/blog/posts/{id}', `/api/admin/blog/posts/${ids.postId}`, ids.postId!),
    await record('POST /api/admin/blog/posts', `/api/admin/blog/posts/${ids.postId}`, ids.postId!, {
      slug: 'sqlmap-yazisi',
    }),
  ]);
  const cookie = [...customer.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  return { shop, cookie, doc, ids, doomed, bodies, settings: settings.settings ?? settings };
}

/** Which real record a path parameter names; deletions get one made for them, erasures one that does not exist. */
function pathValue(ids: Record<string, string>, doomed: Record<string, string>) {
  return (template: string, name: string, method: string): string => {
    if (method === 'DELETE' && doomed[template]) return doomed[template]!;
    if (name === 'slug')
      return template.includes('/categories/')
        ? ids.categorySlug!
        : template.includes('/tags/')
          ? ids.tagSlug!
          : ids.productSlug!;
    if (name === 'orderNo' || name === 'number') return ids.orderNo!;
    if (name === 'ticketNo') return ids.ticketNo!;
    if (name === 'messageId') return ids.messageId!;
    // A deletion or erasure gets a record that does not exist: the value still meets the database, and what
    // the other targets use stays (an answer without a body would also leave sqlmap nothing to compare).
    if ((method === 'DELETE' && !template.endsWith('/sessions')) || template.endsWith('/erase'))
      return NOWHERE;
    if (name === 'lineId') return ids.lineId!;
    if (name === 'productId') return ids.productId!;
    if (name === 'kind') return 'shipping';
    const byPath: [RegExp, string][] = [
      [/\/addresses\//, 'addressId'],
      [/\/admin\/staff\//, 'staffId'],
      [/\/admin\/products\//, 'productId'],
      [/\/admin\/customers\//, 'customerId'],
      [/\/admin\/categories\//, 'categoryId'],
      [/\/admin\/tags\//, 'tagId'],
      [/\/admin\/menu\//, 'menuId'],
      [/\/admin\/pages\//, 'pageId'],
      [/\/blog\/posts\//, 'postId'],
      [/\/blog\/categories\//, 'blogCategoryId'],
      [/\/blog\/tags\//, 'blogTagId'],
      [/\/coupons\//, 'couponId'],
      [/\/social-accounts\//, 'socialId'],
      [/\/front\/blog\//, 'postId'],
    ];
    const found = byPath.find(([re]) => re.test(template));
    return found ? ids[found[1]]! : NOWHERE;
  };
}

/** The storefront without JavaScript: its form posts (the fields its forms send) and its pages' parameters. */
function storefrontTargets(ids: Record<string, string>): SqlmapTarget[] {
  const address = { ...homeAddress } as Record<string, string | number | boolean | null>;
  const forms: [string, Record<string, string | number | boolean | null | object>][] = [
    ['/cart', { intent: 'add', productId: ids.productId!, quantity: 1 }],
    ['/cart', { intent: 'quantity', lineId: ids.lineId!, quantity: 2 }],
    ['/cart', { intent: 'remove', lineId: NOWHERE }],
    ['/cart', { intent: 'coupon', code: ids.couponCode! }],
    ['/wishlist', { intent: 'add', productId: ids.productId!, returnTo: '/' }],
    ['/compare', { intent: 'add', productId: ids.productId!, returnTo: '/' }],
    ['/login', { email: 'yok@example.com', password: 'yanlis-sifre-9', returnTo: '/panel' }],
    [
      '/register',
      {
        firstName: 'Ali',
        lastName: 'Veli',
        email: 'sqlmap-form@example.com',
        phone: '0532 123 45 68',
        password: 'gizli-şifre-2',
        kvkk: 'on',
        returnTo: '/panel',
      },
    ],
    ['/forgot', { email: 'sqlmap-musteri@example.com' }],
    ['/reset-password', { token: 'gecersiz-belirtec', password: 'yeni-gizli-sifre-9' }],
    [
      '/contact',
      {
        name: 'Ali Veli',
        email: 'ali@example.com',
        subject: 'Bir soru',
        message: 'Merhaba, bir sorum var.',
        kvkk: 'on',
      },
    ],
    [
      '/checkout',
      {
        email: 'misafir@example.com',
        shippingAddress: address,
        billingSameAsShipping: 'on',
        paymentMethod: 'transfer',
        acceptTerms: 'on',
        idempotencyKey: 'sqlmap-form-siparis',
      },
    ],
    [
      '/user-checkout',
      {
        shippingAddressId: ids.addressId!,
        billingSameAsShipping: 'on',
        paymentMethod: 'transfer',
        acceptTerms: 'on',
      },
    ],
    [
      '/panel/information',
      { intent: 'profile', firstName: 'Ayşe', lastName: 'Yılmaz', phone: '0532 123 45 67' },
    ],
    ['/panel/information', { intent: 'email', email: 'yeni@example.com', password: 'yanlis-sifre-9' }],
    ['/panel/information', { intent: 'delete', password: 'yanlis-sifre-9' }],
    ['/panel/address', { intent: 'create', ...address }],
    ['/panel/address', { intent: 'update', id: ids.addressId!, ...address }],
    ['/panel/address', { intent: 'delete', id: ids.formAddressId! }],
    [
      '/panel/support',
      { subject: 'Bir sorum var', message: 'Merhaba, siparişim nerede?', orderNo: ids.orderNo! },
    ],
    [`/panel/support/${ids.ticketNo}`, { message: 'Bir sorum daha var.' }],
    [`/panel/orders/${ids.orderNo}`, { intent: 'reorder' }],
    [
      '/secure-pay',
      {
        intent: 'card',
        order: ids.orderNo!,
        cardNumber: '4242424242424242',
        holder: 'Ayse Yilmaz',
        expiryMonth: 12,
        expiryYear: 2030,
        cvc: '123',
      },
    ],
    ['/secure-pay', { intent: 'verify', challenge: 'gecersiz-sinama', code: '123456' }],
  ];
  const posts = forms.map(([url, fields]) => {
    const points: string[] = [];
    const body = markedForm(fields as never, points);
    return {
      method: 'POST',
      url,
      body,
      contentType: 'application/x-www-form-urlencoded' as const,
      points: points.map((p) => `${url} ${p}`),
    };
  });
  const page = (url: string, points: string[]): SqlmapTarget => ({ method: 'GET', url, points });
  return [
    ...posts,
    page('/search?q=kalem*&sayfa=1*&sirala=newest*', ['/search ?q', '?sayfa', '?sirala']),
    page(`/shop/${ids.categorySlug}*?sayfa=1*&sirala=newest*&fiyat=0-500*`, [
      '/shop/{slug}',
      '?sayfa',
      '?sirala',
      '?fiyat',
    ]),
    page(`/tags/${ids.tagSlug}*?sayfa=1*`, ['/tags/{slug}', '?sayfa']),
    page(`/product/${ids.productSlug}*`, ['/product/{slug}']),
    page(`/blog-details/${ids.postId}*`, ['/blog-details/{id}']),
    page(`/blog?sayfa=1*&kategori=${ids.blogCategorySlug}*&etiket=${ids.blogTagSlug}*&q=kalem*`, [
      '/blog ?sayfa',
      '?kategori',
      '?etiket',
      '?q',
    ]),
    page('/content/hakkimizda*', ['/content/{slug}']),
    page(`/order-success?no=${ids.orderNo}*`, ['/order-success ?no']),
    page(`/panel/orders/${ids.orderNo}*`, ['/panel/orders/{orderNo}']),
    page(`/panel/support/${ids.ticketNo}*`, ['/panel/support/{ticketNo}']),
  ];
}

describe('sqlmap (Debian) against every parameter that reaches the database', () => {
  let shop: BuiltShop;
  let world: World;
  const out = tempDir('vitrin-sqlmap-');

  beforeAll(async () => {
    shop = await startBuiltShop(PORTS, { TRUST_PROXY: '1' });
    world = await openWorld(shop);
  });
  afterAll(async () => {
    await shop?.stop();
    out.remove();
  });

  it('finds no injectable parameter, and the shop answers no 5xx meanwhile', async () => {
    const { ids, doc } = world;
    const { is_online: _online, ...settings } = world.settings;
    const api = targetsFromDocument(doc, {
      pathValue: pathValue(ids, world.doomed),
      queryValue: (template, name) =>
        template.startsWith('/api/front/blog')
          ? { category: ids.blogCategorySlug, tag: ids.blogTagSlug }[name]
          : { tag: ids.tagSlug, opt: 'Renk:Mavi' }[name],
      // A record's version is an optional check that only the first of sqlmap's requests could pass: left out,
      // every request's values reach the database (the version itself is an ISO time the schema checks).
      leaveOut: ['loadedUpdatedAt'],
      bodies: {
        ...(world.bodies as Record<string, never>),
        'POST /api/front/auth/register': {
          firstName: 'Ali',
          lastName: 'Veli',
          email: 'sqlmap-api@example.com',
          phone: '0532 123 45 69',
          password: 'gizli-şifre-3',
          kvkk: true,
          marketingConsent: false,
        },
        'POST /api/front/addresses': homeAddress as never,
        'PUT /api/front/addresses/{id}': homeAddress as never,
        'POST /api/front/cart/items': { productId: Number(ids.productId), quantity: 1 },
        'POST /api/front/checkout': {
          email: 'sqlmap-musteri@example.com',
          phone: '0532 123 45 67',
          shippingAddressId: Number(ids.addressId),
          billingSameAsShipping: true,
          paymentMethod: 'transfer',
          acceptTerms: true,
          couponCode: 'HOSGELDIN10',
        },
        'POST /api/front/cart/coupon': { code: ids.couponCode! },
        'POST /api/front/stock-alerts': {
          productId: Number(ids.soldOutId),
          email: 'sqlmap-haber@example.com',
          kvkk: true,
        },
        'POST /api/admin/products/{id}/stock': { change: 5, reason: 'tedarik', note: 'sqlmap sayımı' },
        'POST /api/front/support/tickets': {
          subject: 'Bir sorum var',
          message: 'Merhaba, siparişim nerede?',
          orderNo: ids.orderNo!,
        },
        'POST /api/admin/session': { email: 'yok@magaza.test', password: 'yanlis-sifre-9', code: '123456' },
        // The shop's own settings sent back: valid, and the shop stays open while the rest is tested.
        'PATCH /api/admin/settings': settings as never,
      },
      headers: { 'POST /api/front/checkout': { 'Idempotency-Key': 'sqlmap-api-siparis-0001' } },
      skip: {
        'POST /api/front/client-errors': 'a browser error report only goes to the log, never to the database',
      },
    });
    const targets = [...api, ...storefrontTargets(ids)];
    const points = targets.reduce((n, t) => n + t.points.length, 0);

    // Each target's own request (the marks taken out) first: what it answers is what sqlmap compares with. A
    // refusal (a wrong password on purpose, a record that does not exist for a deletion) still passes the value
    // to the database or to the check in front of it; one that never answers would stall every target after it.
    const refused: string[] = [];
    const unanswered: string[] = [];
    for (const t of targets) {
      const res = await fetch(`${shop.url}${t.url.replaceAll('*', '')}`, {
        method: t.method,
        redirect: 'manual',
        signal: AbortSignal.timeout(30_000),
        headers: {
          origin: shop.url,
          cookie: world.cookie,
          ...(t.contentType ? { 'content-type': t.contentType } : {}),
          ...t.headers,
        },
        ...(t.body ? { body: t.body.replaceAll('*', '') } : {}),
      }).catch(() => null);
      if (!res) unanswered.push(`${t.method} ${t.url}`);
      else if (res.status >= 400)
        refused.push(`${t.method} ${t.url} ${res.status} ${(await res.text()).slice(0, 160)}`);
    }
    console.log(
      `${targets.length - refused.length - unanswered.length} of ${targets.length} targets' own requests accepted, ` +
        `${refused.length} refused:\n${refused.join('\n')}`,
    );
    expect(unanswered, 'requests the shop never answered').toEqual([]);

    // Targets spread over the processes round robin, each process one request log.
    const before = answeredRequests(shop.log());
    const runs = await Promise.all(
      Array.from({ length: PROCESSES }, (_, i) => {
        const dir = path.join(out.dir, `run-${i}`);
        mkdirSync(dir, { recursive: true });
        const file = path.join(dir, 'requests.log');
        writeFileSync(
          file,
          requestLog(
            targets.filter((_, n) => n % PROCESSES === i),
            shop.url,
            world.cookie,
          ),
        );
        return runSqlmap(file, dir, SQLMAP_ARGS);
      }),
    );
    const log = shop.log();
    const requests = answeredRequests(log) - before;
    const errors = serverErrors(log);
    const probed = runs.reduce((n, r) => n + r.probed, 0);
    const tested = runs.reduce((n, r) => n + r.tested, 0);
    const findings = runs.flatMap((r) => r.findings);
    const refuted = runs.flatMap((r) => r.refuted);
    const alarms = runs.flatMap((r) => r.alarms);
    console.log(
      `sqlmap (${ON_POSTGRES ? 'PostgreSQL' : 'PGlite'}, ${FULL ? 'full set' : EVERY_POINT ? 'BEU on every point' : 'BEU, --smart'}): ${targets.length} targets ` +
        `(${api.length} API operations, ${targets.length - api.length} storefront forms and pages), ` +
        `${points} parameters marked, ${probed} probed, ${tested} given the payload sets, ${requests} requests, ` +
        `${findings.length} findings (${refuted.length} more refuted by sqlmap's false-positive check), ` +
        `${errors.length} answers 5xx`,
    );
    for (const row of refuted) console.log(`sqlmap, refuted: ${row}`);
    for (const problem of runs.flatMap((r) => r.problems)) console.log(`sqlmap: ${problem}`);

    expect(findings, 'sqlmap found injectable parameters').toEqual([]);
    expect(alarms, 'sqlmap says a parameter is or may be injectable').toEqual([]);
    expect(errors.slice(0, 5), 'the shop answered 5xx during the run').toEqual([]);
    // Every marked point was probed (on PostgreSQL given the payload sets), and sqlmap really sent them. A
    // page too changeable to compare or an answer without a body can leave a point unprobed (its problems are
    // printed above); more than a few would mean the targets no longer reach sqlmap.
    expect(probed).toBeGreaterThanOrEqual(Math.floor(points * 0.98));
    if (EVERY_POINT) expect(tested).toBeGreaterThanOrEqual(Math.floor(points * 0.98));
    expect(requests).toBeGreaterThan(points * (EVERY_POINT ? 10 : 2));
  });
});
