import { categories, customers, mailQueue, orders, products, reviews } from '@vitrin/core/db/schema';
import { REVIEW_ANSWER_MAX } from '@vitrin/shared/api/admin/reviews';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { billing } from '@vitrin/testing/orders';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AdminWorld, openAdminWorld } from '../../../../test/staff.ts';

let world: AdminWorld<'owner' | 'manager' | 'support'>;
let made = 0;

beforeAll(async () => {
  world = await openAdminWorld('owner', 'manager', 'support');
});
afterAll(() => world.close());

const db = () => world.t.services.database.db;

/** A product of its own, so each test's ratings and counts are its own. */
async function product(name: string): Promise<{ id: number; slug: string }> {
  made += 1;
  const slug = `degerlendirme-urunu-${made}`;
  const [category] = await db().select({ id: categories.id }).from(categories).limit(1);
  const [row] = await db()
    .insert(products)
    .values({
      slug,
      sku: `DEG-${made}`,
      name,
      searchText: foldTurkish(name),
      categoryId: category!.id,
      stockType: 1,
      vatRate: 20,
      stock: 10,
    })
    .returning({ id: products.id, slug: products.slug });
  return row!;
}

/** A customer's waiting review of the product, written as the storefront writes one (a delivered order). */
async function pendingReview(
  productId: number,
  { rating = 4, photos = [] as string[], title = 'Çok güzel bir kupa' } = {},
): Promise<number> {
  made += 1;
  const [customer] = await db()
    .insert(customers)
    .values({
      email: `yorumcu${made}@example.com`,
      firstName: 'Ayşe',
      lastName: 'Yılmaz',
      phone: '+905321234567',
      passwordHash: 'scrypt$-',
      kvkkAcceptedAt: new Date(),
    })
    .returning({ id: customers.id });
  // The delivered order that made them a verified buyer (its lines are the storefront's business).
  const [order] = await db()
    .insert(orders)
    .values({
      orderNo: `VT${String(made).padStart(8, '0')}`,
      customerId: customer!.id,
      email: `yorumcu${made}@example.com`,
      phone: '+905321234567',
      status: ORDER_STATE.Delivered,
      paymentMethod: 'transfer',
      paymentStatus: 'paid',
      subtotalMinor: 10_000,
      totalMinor: 10_000,
      vatLines: [{ rate: 20, grossMinor: 10_000, vatMinor: 1667 }],
      usdRate: '41.25',
      eurRate: '44.5',
      shippingAddress: billing,
      billingAddress: billing,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  const [review] = await db()
    .insert(reviews)
    .values({
      productId,
      customerId: customer!.id,
      orderId,
      rating,
      title,
      body: 'Rengi fotoğraftaki gibi, paketleme özenliydi.',
      photos,
      authorName: 'Ayşe Y.',
    })
    .returning({ id: reviews.id });
  return review!.id;
}

const ratingOf = async (productId: number) => {
  const [row] = await db()
    .select({ count: products.ratingCount, sum: products.ratingSum })
    .from(products)
    .where(eq(products.id, productId));
  return row!;
};

const auditOf = async (id: number) =>
  (await world.t.services.audit.page({ entity: 'review' })).items.filter((e) => e.entityId === String(id));

describe('reviews in the panel', () => {
  it('lists by status, rating, product and photos, with each status’s count', async () => {
    const kupa = await product('Lale Desenli Kupa');
    const tabak = await product('Mavi Tabak');
    const first = await pendingReview(kupa.id, { rating: 5, photos: ['uploads/reviews/a.webp'] });
    const second = await pendingReview(kupa.id, { rating: 2 });
    const third = await pendingReview(tabak.id, { rating: 5 });
    const { b } = world.as.manager;
    await b.post(`/api/admin/reviews/${second}/approve`, {});

    const byProduct = (await b.get('/api/admin/reviews?q=lale')).json();
    expect(byProduct.items.map((r: { id: number }) => r.id)).toEqual([second, first]);
    expect(byProduct.counts).toEqual({ pending: 1, approved: 1, rejected: 0 });
    expect(byProduct.items[1]).toMatchObject({
      product: { id: kupa.id, name: 'Lale Desenli Kupa', slug: kupa.slug },
      customer: { name: 'Ayşe Yılmaz' },
      photos: ['/uploads/reviews/a.webp'],
      status: 'pending',
    });
    expect(byProduct.items[1].orderNo).toMatch(/^VT/);

    const bySlug = (await b.get(`/api/admin/reviews?q=${tabak.slug}`)).json();
    expect(bySlug.items.map((r: { id: number }) => r.id)).toEqual([third]);

    const pendingFive = (await b.get('/api/admin/reviews?status=pending&rating=5&q=lale')).json();
    expect(pendingFive.items.map((r: { id: number }) => r.id)).toEqual([first]);
    const withPhotos = (await b.get('/api/admin/reviews?photos=1&q=lale')).json();
    expect(withPhotos.items.map((r: { id: number }) => r.id)).toEqual([first]);

    const one = await b.get(`/api/admin/reviews/${first}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().review).toMatchObject({
      id: first,
      rating: 5,
      customer: { email: expect.any(String) },
    });

    const bad = await b.get('/api/admin/reviews?rating=9&status=hepsi');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(bad.json().error.fields).toMatchObject({
      rating: expect.stringMatching(/Puan/),
      status: expect.any(String),
    });
  });

  it("approving counts the review in the product's rating; taking it down or deleting it takes it out", async () => {
    const kupa = await product('Puanlanacak Kupa');
    const a = await pendingReview(kupa.id, { rating: 5 });
    const c = await pendingReview(kupa.id, { rating: 4 });
    const { b } = world.as.manager;
    const approved = await b.post(`/api/admin/reviews/${a}/approve`, {});
    expect(approved.statusCode).toBe(200);
    expect(approved.json().review).toMatchObject({ status: 'approved', moderatedAt: expect.any(String) });
    await b.post(`/api/admin/reviews/${c}/approve`, {});
    expect(await ratingOf(kupa.id)).toEqual({ count: 2, sum: 9 });

    const front = await world.t.services.reviews.page(kupa.slug, {});
    expect(front!.reviews.map((r) => r.id).sort()).toEqual([a, c].sort());
    expect(front!.summary).toMatchObject({ count: 2, average: 4.5 });

    const down = await b.post(`/api/admin/reviews/${a}/reject`, { reason: 'Ürünle ilgisi olmayan içerik' });
    expect(down.statusCode).toBe(200);
    expect(await ratingOf(kupa.id)).toEqual({ count: 1, sum: 4 });

    // Its photo goes with it.
    const photo = 'uploads/reviews/silinecekfotograf00001.png';
    await world.t.services.files.put(photo, Buffer.from('png'), { contentType: 'image/png' });
    await db()
      .update(reviews)
      .set({ photos: [photo] })
      .where(eq(reviews.id, c));
    const removed = await b.delete(`/api/admin/reviews/${c}`);
    expect(removed.statusCode).toBe(204);
    expect(await world.t.services.files.head(photo)).toBeUndefined();
    expect(await ratingOf(kupa.id)).toEqual({ count: 0, sum: 0 });
    expect((await b.get(`/api/admin/reviews/${c}`)).statusCode).toBe(404);

    expect((await auditOf(a)).map((e) => e.action).sort()).toEqual(['review.approve', 'review.reject']);
    expect((await auditOf(c)).map((e) => e.action).sort()).toEqual(['review.approve', 'review.delete']);
  });

  it('rejecting queues an e-mail with the reason to the writer', async () => {
    const kupa = await product('Reddedilecek Kupa');
    const id = await pendingReview(kupa.id, { title: 'Kötü' });
    const reason = 'Değerlendirmede telefon numarası paylaşılmış.';
    const res = await world.as.owner.b.post(`/api/admin/reviews/${id}/reject`, { reason });
    expect(res.statusCode).toBe(200);
    expect(res.json().review).toMatchObject({ status: 'rejected', rejectReason: reason });
    const review = res.json().review;
    const mails = await db()
      .select()
      .from(mailQueue)
      .where(and(eq(mailQueue.kind, 'review-rejected'), eq(mailQueue.toAddress, review.customer.email)));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Değerlendirmeniz yayımlanmadı');
    expect(mails[0]!.bodyText).toContain(reason);
    expect(mails[0]!.bodyText).toContain('Reddedilecek Kupa');
    expect(mails[0]!.bodyText).toContain(`/product/${kupa.slug}`);
  });

  it('refuses a rejection without a reason of 3-500 characters, in Turkish', async () => {
    const kupa = await product('Nedensiz Kupa');
    const id = await pendingReview(kupa.id);
    const { b } = world.as.manager;
    for (const body of [{}, { reason: '' }, { reason: ' a ' }, { reason: 'x'.repeat(501) }]) {
      const res = await b.post(`/api/admin/reviews/${id}/reject`, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(res.json().error.fields.reason).toMatch(/nedenini|Neden/);
    }
    expect((await b.get(`/api/admin/reviews/${id}`)).json().review.status).toBe('pending');
  });

  it('answers publicly: sets, replaces and removes the answer; support may answer but not moderate', async () => {
    const kupa = await product('Yanıtlanacak Kupa');
    const id = await pendingReview(kupa.id);
    const support = world.as.support.b;
    const first = await support.put(`/api/admin/reviews/${id}/answer`, { answer: 'Teşekkür ederiz!' });
    expect(first.statusCode).toBe(200);
    expect(first.json().review).toMatchObject({ answer: 'Teşekkür ederiz!', answeredAt: expect.any(String) });
    const replaced = await support.put(`/api/admin/reviews/${id}/answer`, {
      answer: '<b>Teşekkürler</b>, yeniden bekleriz.',
    });
    expect(replaced.json().review.answer).toBe('<b>Teşekkürler</b>, yeniden bekleriz.');

    const long = await support.put(`/api/admin/reviews/${id}/answer`, {
      answer: 'y'.repeat(REVIEW_ANSWER_MAX + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.answer).toMatch(/en fazla 2000/);
    const empty = await support.put(`/api/admin/reviews/${id}/answer`, { answer: '   ' });
    expect(empty.statusCode).toBe(400);

    expect((await support.get('/api/admin/reviews')).statusCode).toBe(200);
    for (const url of [`/api/admin/reviews/${id}/approve`, `/api/admin/reviews/${id}/reject`]) {
      const refused = await support.post(url, { reason: 'Uygunsuz içerik' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('YETKI_YOK');
    }
    expect((await support.delete(`/api/admin/reviews/${id}`)).statusCode).toBe(403);

    const removed = await support.delete(`/api/admin/reviews/${id}/answer`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().review).toMatchObject({ answer: null, answeredAt: null, status: 'pending' });
    expect((await auditOf(id)).filter((e) => e.action === 'review.answer')).toHaveLength(3);
  });

  it('refuses a change over someone else’s (409), and an unknown review (404)', async () => {
    const kupa = await product('Çakışan Kupa');
    const id = await pendingReview(kupa.id);
    const seen = (await world.as.manager.b.get(`/api/admin/reviews/${id}`)).json().review;
    expect((await world.as.owner.b.post(`/api/admin/reviews/${id}/approve`, {})).statusCode).toBe(200);

    const late = await world.as.manager.b.post(`/api/admin/reviews/${id}/reject`, {
      reason: 'Uygunsuz',
      loadedUpdatedAt: seen.updatedAt,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DEGERLENDIRME_DEGISTI');
    const again = await world.as.manager.b.post(`/api/admin/reviews/${id}/approve`, {});
    expect(again.statusCode).toBe(409);
    const answerLate = await world.as.manager.b.put(`/api/admin/reviews/${id}/answer`, {
      answer: 'Teşekkürler',
      loadedUpdatedAt: seen.updatedAt,
    });
    expect(answerLate.statusCode).toBe(409);
    expect(await ratingOf(kupa.id)).toEqual({ count: 1, sum: 4 });

    for (const res of [
      await world.as.manager.b.get('/api/admin/reviews/999999'),
      await world.as.manager.b.post('/api/admin/reviews/999999/approve', {}),
      await world.as.manager.b.post('/api/admin/reviews/999999/reject', { reason: 'Uygunsuz' }),
      await world.as.manager.b.put('/api/admin/reviews/999999/answer', { answer: 'Merhaba' }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('DEGERLENDIRME_BULUNAMADI');
    }
    expect((await world.as.manager.b.get('/api/admin/reviews/abc')).statusCode).toBe(400);
  });
});
