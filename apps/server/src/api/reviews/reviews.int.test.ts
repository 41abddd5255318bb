import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { approveReviews, FAKE_PNG, orderWithProduct, PNG_PHOTO } from '@vitrin/testing/reviews';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestApp, tempDir } from '../../../test/server.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let shop: TestShop;
const dataDir = tempDir('vitrin-review-files-');
let n = 100;

beforeAll(async () => {
  t = await createTestApp({ demo: false, services: { files: createDiskStore(dataDir.dir) } });
  shop = await seedTestShop(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  dataDir.remove();
});

/** A logged-in customer and their id. */
async function shopper(): Promise<{ b: Browser; id: number }> {
  n += 1;
  const b = await registeredBrowser(t.app, n);
  return { b, id: (await b.get('/api/front/auth/me')).json().customer.id };
}
/** A logged-in customer with a delivered order of the product. */
async function buyer(productId: number) {
  const s = await shopper();
  await orderWithProduct(t.services.database.db, s.id, productId);
  return s;
}

const fields = { rating: '5', title: 'Harika bir kupa', body: 'Sabah kahvem için birebir, rengi çok güzel.' };

/** A multipart/form-data body with text fields and files in `photos`, as the review form sends it. */
function reviewForm(values: Record<string, string>, photos: Buffer[] = []) {
  const boundary = `----vitrin${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(values)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  photos.forEach((bytes, i) => {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="foto-${i}.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    );
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
const post = (b: Browser, slug: string, values: Record<string, string>, photos: Buffer[] = []) =>
  b.request({ method: 'POST', url: `/api/front/products/${slug}/reviews`, ...reviewForm(values, photos) });

describe('reviews API: writing', () => {
  it('takes a verified buyer’s review with photos (multipart), pending, and lists it in their account', async () => {
    const { b } = await buyer(shop.kupa);
    const res = await post(b, 'kupa', fields, [PNG_PHOTO, PNG_PHOTO]);
    expect(res.statusCode).toBe(201);
    const { review } = res.json();
    expect(review).toMatchObject({ status: 'pending', statusLabel: 'Onay bekliyor', rating: 5 });
    expect(review.photos).toHaveLength(2);
    const photo = await t.app.inject({ method: 'GET', url: review.photos[0] });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/webp');
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 16, height: 12 });
    const mine = await b.get('/api/front/account/reviews');
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toContain('no-store');
    expect(mine.json().reviews.map((r: { id: number }) => r.id)).toEqual([review.id]);
  });

  it('takes JSON without photos', async () => {
    const { b } = await buyer(shop.defter);
    const res = await b.post('/api/front/products/defter/reviews', { ...fields, rating: 3 });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ rating: 3, photos: [] });
  });

  it('refuses a guest with 401, a customer without a delivered order with 403, a second review with 409', async () => {
    const guest = browser(t.app);
    expect((await guest.post('/api/front/products/kupa/reviews', fields)).statusCode).toBe(401);

    const notDelivered = await shopper();
    await orderWithProduct(t.services.database.db, notDelivered.id, shop.kupa, ORDER_STATE.InTransit);
    const refused = await notDelivered.b.post('/api/front/products/kupa/reviews', fields);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'DEGERLENDIRME_YETKISI_YOK',
      message: 'Yalnızca bu ürünü satın alıp teslim almış müşterilerimiz değerlendirme yazabilir.',
    });
    // Another customer's delivered order of the product does not count.
    await buyer(shop.kupa);
    const stranger = await shopper();
    expect((await stranger.b.post('/api/front/products/kupa/reviews', fields)).statusCode).toBe(403);

    const { b } = await buyer(shop.ekitap);
    expect((await b.post('/api/front/products/e-kitap/reviews', fields)).statusCode).toBe(201);
    const again = await b.post('/api/front/products/e-kitap/reviews', fields);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('DEGERLENDIRME_VAR');
    expect((await b.post('/api/front/products/yok-boyle/reviews', fields)).statusCode).toBe(404);
  });

  it('refuses each bad field with 400 naming it, and bad photos with 400, 413, 415 or 422', async () => {
    const { b } = await buyer(shop.isimliKupa);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ rating: 0 }, 'rating'],
      [{ rating: 6 }, 'rating'],
      [{ rating: 'x' }, 'rating'],
      [{ title: 'ab' }, 'title'],
      [{ title: 'a'.repeat(121) }, 'title'],
      [{ body: 'kısa' }, 'body'],
      [{ body: 'a'.repeat(2001) }, 'body'],
      [{ body: 'Satır\u0000sonu bozuk bir metin' }, 'body'],
    ];
    for (const [change, field] of cases) {
      const res = await b.post('/api/front/products/isimli-kupa/reviews', { ...fields, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
      expect(res.json().error.fields[field]).toBeTruthy();
    }
    // The photos with another buyer: each post counts against the customer's hourly allowance.
    const { b: withPhotos } = await buyer(shop.isimliKupa);
    const four = await post(withPhotos, 'isimli-kupa', fields, [PNG_PHOTO, PNG_PHOTO, PNG_PHOTO, PNG_PHOTO]);
    expect(four.statusCode).toBe(400);
    expect(four.json().error.fields.photos).toBeTruthy();
    const notImage = await post(withPhotos, 'isimli-kupa', fields, [
      Buffer.from('<svg onload="alert(1)"></svg>'),
    ]);
    expect(notImage.statusCode).toBe(415);
    expect(notImage.json().error.code).toBe('DOSYA_TURU_GECERSIZ');
    const big = await post(withPhotos, 'isimli-kupa', fields, [
      Buffer.concat([PNG_PHOTO, Buffer.alloc(5 * 1024 * 1024)]),
    ]);
    expect(big.statusCode).toBe(413);
    const unreadable = await post(withPhotos, 'isimli-kupa', fields, [FAKE_PNG]);
    expect(unreadable.statusCode).toBe(422);
    expect(unreadable.json().error).toMatchObject({
      code: 'GORSEL_OKUNAMADI',
      message: 'Fotoğraf okunamadı; dosya bozuk olabilir. Başka bir fotoğraf seçin.',
    });
    // None of them was kept: the customer may still write their review.
    expect((await b.get('/api/front/account/reviews')).json().reviews).toEqual([]);
    expect((await withPhotos.get('/api/front/account/reviews')).json().reviews).toEqual([]);
  });

  it('limits new reviews per customer (429 with Retry-After and a Turkish message)', async () => {
    const { b } = await shopper();
    for (let i = 0; i < 10; i++) {
      expect((await b.post('/api/front/products/kupa/reviews', fields)).statusCode).toBe(403);
    }
    const limited = await b.post('/api/front/products/kupa/reviews', fields);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json().error).toMatchObject({ code: 'COK_FAZLA_ISTEK' });
    expect(limited.json().error.message).toMatch(/çok fazla değerlendirme/);
  });
});

describe('reviews API: reading', () => {
  it('shows approved reviews only, paged and sorted, with photos, the answer and the summary', async () => {
    const pending = await buyer(shop.pestemal);
    expect((await post(pending.b, 'pestemal', { ...fields, title: 'Bekleyen yorum' })).statusCode).toBe(201);
    const ok = await buyer(shop.pestemal);
    const written = (
      await post(ok.b, 'pestemal', { ...fields, rating: '4', title: '<b>Kalın</b> değil' }, [PNG_PHOTO])
    ).json().review;
    const low = await buyer(shop.pestemal);
    const lowReview = (await post(low.b, 'pestemal', { ...fields, rating: '2', title: 'Biraz ince' })).json()
      .review;

    const before = (await browser(t.app).get('/api/front/products/pestemal/reviews')).json();
    expect(before).toMatchObject({ summary: { count: 0, average: null }, reviews: [] });

    await approveReviews(t.services.database.db, [written.id]);
    await approveReviews(t.services.database.db, [lowReview.id], 'Teşekkürler, iletiyoruz.');
    const res = await browser(t.app).get('/api/front/products/pestemal/reviews?sort=lowest');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.summary).toEqual({ count: 2, average: 3, distribution: [0, 1, 0, 1, 0] });
    expect(page.reviews.map((r: { title: string }) => r.title)).toEqual(['Biraz ince', '<b>Kalın</b> değil']);
    expect(page.reviews[0].answer.text).toBe('Teşekkürler, iletiyoruz.');
    expect(page.reviews[1].photos).toHaveLength(1);
    expect(page.reviews[1].author).toMatch(/^\S+ [A-ZÇĞİÖŞÜ]\.$/);
    expect(JSON.stringify(page)).not.toContain('Bekleyen yorum');

    expect((await browser(t.app).get('/api/front/products/pestemal/reviews?sort=x')).statusCode).toBe(400);
    expect((await browser(t.app).get('/api/front/products/pestemal/reviews?page=0')).statusCode).toBe(400);
    expect((await browser(t.app).get('/api/front/products/yok-boyle/reviews')).statusCode).toBe(404);
  });

  it('answers an address that cannot be a product’s (a NUL byte, which PostgreSQL refuses) with 404, reading and writing', async () => {
    const got = await browser(t.app).get('/api/front/products/a%00b/reviews');
    expect(got.statusCode).toBe(404);
    expect(got.json().error.code).toBe('URUN_BULUNAMADI');
    const { b } = await shopper();
    const posted = await post(b, 'a%00b', fields);
    expect(posted.statusCode).toBe(404);
    expect(posted.json().error.code).toBe('URUN_BULUNAMADI');
  });

  it('gives a customer only their own reviews, and a guest 401', async () => {
    const a = await buyer(shop.kupa);
    const other = await shopper();
    expect((await post(a.b, 'kupa', { ...fields, title: 'Bana ait yorum' })).statusCode).toBe(201);
    expect((await other.b.get('/api/front/account/reviews')).json().reviews).toEqual([]);
    expect((await browser(t.app).get('/api/front/account/reviews')).statusCode).toBe(401);
  });
});
