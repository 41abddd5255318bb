import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import { person } from '@vitrin/testing/accounts';
import { rejection } from '@vitrin/testing/refusal';
import {
  approveReviews,
  FAKE_PNG,
  orderWithProduct,
  PNG_PHOTO,
  phonePhoto,
  rejectReview,
} from '@vitrin/testing/reviews';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';

let t: OpenTestShop;
let files: FileStore;
const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-reviews-'));
beforeAll(async () => {
  files = createDiskStore(dataDir);
  t = await openTestShop({ files });
});
afterAll(async () => {
  await t.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

let n = 0;
async function customer(lastName = 'Yılmaz') {
  n += 1;
  const { customer: c } = await t.services.customers.register({
    ...person(n),
    firstName: 'Ayşe',
    lastName,
    email: `degerlendiren-${n}@example.com`,
  });
  return c.id;
}
const review = (extra: Record<string, unknown> = {}) => ({
  rating: 4,
  title: 'Çok güzel kupa',
  body: 'Rengi fotoğraftaki gibi, kahve sıcak kalıyor.',
  ...extra,
});
const storedFiles = async () => {
  const keys: string[] = [];
  for await (const f of files.list('uploads/reviews/')) keys.push(f.key);
  return keys;
};

describe('reviews: who may write one', () => {
  it('takes a review of a customer whose order with the product was delivered, pending, shown as "Ayşe Y."', async () => {
    const id = await customer('yılmaz');
    await orderWithProduct(t.db, id, t.shop.kupa);
    const own = await t.services.reviews.submit(id, 'kupa', review(), [{ bytes: PNG_PHOTO }]);
    expect(own).toMatchObject({ status: 'pending', statusLabel: 'Onay bekliyor', rating: 4 });
    expect(own.photos).toHaveLength(1);
    expect(own.photos[0]).toMatch(/^\/uploads\/reviews\/[A-Za-z0-9_-]{22}\.webp$/);
    const stored = await sharp(await files.readBytes(own.photos[0]!.slice(1))).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: 16, height: 12 });
    const rows = await t.database.query<{ author_name: string }>(
      `select author_name from reviews where id = ${own.id}`,
    );
    expect(rows[0]!.author_name).toBe('Ayşe Y.');
  });

  it('refuses a customer whose order is not delivered, and one without an order, with 403', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.kupa, ORDER_STATE.Shipped);
    const err = await rejection(t.services.reviews.submit(id, 'kupa', review()));
    expect(err).toMatchObject({
      status: 403,
      code: 'DEGERLENDIRME_YETKISI_YOK',
      message: 'Yalnızca bu ürünü satın alıp teslim almış müşterilerimiz değerlendirme yazabilir.',
    });
    const other = await customer();
    await orderWithProduct(t.db, other, t.shop.kupa);
    // Another customer's delivered order makes no one else a buyer.
    const stranger = await customer();
    expect((await rejection(t.services.reviews.submit(stranger, 'kupa', review()))).status).toBe(403);
  });

  it('counts a delivered order with any variant of the product', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.pestemal);
    await expect(t.services.reviews.submit(id, 'pestemal', review())).resolves.toMatchObject({
      status: 'pending',
    });
  });

  it('takes one review a product: the second is 409', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.defter);
    await t.services.reviews.submit(id, 'defter', review());
    const err = await rejection(t.services.reviews.submit(id, 'defter', review({ title: 'İkinci kez' })));
    expect(err).toMatchObject({ status: 409, code: 'DEGERLENDIRME_VAR' });
    expect(await t.services.reviews.form(id, 'defter')).toMatchObject({ eligibility: 'reviewed' });
  });

  it('answers 404 for an unknown or inactive product', async () => {
    const id = await customer();
    expect((await rejection(t.services.reviews.submit(id, 'yok-boyle', review()))).status).toBe(404);
    expect((await rejection(t.services.reviews.submit(id, 'eski', review()))).status).toBe(404);
  });

  it('tells the form who may write', async () => {
    const id = await customer();
    expect(await t.services.reviews.form(null, 'kupa')).toMatchObject({ eligibility: 'login' });
    expect(await t.services.reviews.form(id, 'kupa')).toMatchObject({ eligibility: 'not-buyer' });
    await orderWithProduct(t.db, id, t.shop.kupa);
    expect(await t.services.reviews.form(id, 'kupa')).toMatchObject({
      eligibility: 'allowed',
      product: { slug: 'kupa' },
    });
    expect(await t.services.reviews.form(id, 'yok-boyle')).toBeNull();
  });
});

describe('reviews: what is written', () => {
  let buyer: number;
  beforeAll(async () => {
    buyer = await customer();
    await orderWithProduct(t.db, buyer, t.shop.isimliKupa);
  });
  const refused = (input: Record<string, unknown>, photos: Array<{ bytes: Buffer }> = []) =>
    rejection(t.services.reviews.submit(buyer, 'isimli-kupa', review(input), photos));

  it.each([
    ['rating 0', { rating: 0 }, 'rating'],
    ['rating 6', { rating: 6 }, 'rating'],
    ['rating "x"', { rating: 'x' }, 'rating'],
    ['rating 3.5', { rating: 3.5 }, 'rating'],
    ['a short title', { title: 'ab' }, 'title'],
    ['a long title', { title: 'a'.repeat(121) }, 'title'],
    ['a short text', { body: 'kısa' }, 'body'],
    ['a long text', { body: 'a'.repeat(2001) }, 'body'],
    ['a control character', { title: 'Güzel\u0007 kupa' }, 'title'],
  ])('refuses %s with 400 and the field', async (_name, input, field) => {
    const err = await refused(input);
    expect(err).toMatchObject({ status: 400, code: 'GECERSIZ_ISTEK' });
    expect(err.fields?.[field]).toBeTruthy();
  });

  it('refuses more than 3 photos, and a file that is not a JPEG, PNG or WebP by its content', async () => {
    const before = await storedFiles();
    const four = Array.from({ length: 4 }, () => ({ bytes: PNG_PHOTO }));
    expect(await refused({}, four)).toMatchObject({ status: 400, code: 'GECERSIZ_ISTEK' });
    const pdf = { bytes: Buffer.from('%PDF-1.4 a document') };
    expect(await refused({}, [{ bytes: PNG_PHOTO }, pdf])).toMatchObject({
      status: 415,
      code: 'DOSYA_TURU_GECERSIZ',
    });
    const script = { bytes: Buffer.from('<script>alert(1)</script>') };
    expect((await refused({}, [script])).status).toBe(415);
    const big = { bytes: Buffer.concat([PNG_PHOTO, Buffer.alloc(5 * 1024 * 1024)]) };
    expect(await refused({}, [big])).toMatchObject({ status: 413, code: 'DOSYA_COK_BUYUK' });
    // A PNG by its first bytes that is no image: refused when read, with the photo that came before it.
    expect(await refused({}, [{ bytes: PNG_PHOTO }, { bytes: FAKE_PNG }])).toMatchObject({
      status: 422,
      code: 'GORSEL_OKUNAMADI',
      fields: { photos: 'Fotoğraf okunamadı' },
    });
    // Nothing of a refused review is kept.
    expect(await storedFiles()).toEqual(before);
    expect(await t.services.reviews.own(buyer)).toEqual([]);
  });

  it('publishes a phone’s photo turned as its EXIF says, at most 1600 px, as WebP without any metadata (no GPS position)', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.defter);
    const original = await phonePhoto();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const own = await t.services.reviews.submit(id, 'defter', review(), [{ bytes: original }]);
    const stored = await files.readBytes(own.photos[0]!.slice(1));
    const meta = await sharp(stored!).metadata();
    // 2400×1200 turned a quarter is 1200×2400, and fitted into 1600 px: 800×1600.
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored!.includes('Telefon')).toBe(false);
  });

  it('keeps HTML as the plain text it was typed as', async () => {
    const text = '<script>alert("x")</script> <b>kalın</b> & güzel';
    const own = await t.services.reviews.submit(
      buyer,
      'isimli-kupa',
      review({ title: '<img src=x onerror=alert(1)>', body: text }),
    );
    expect(own.title).toBe('<img src=x onerror=alert(1)>');
    expect(own.body).toBe(text);
  });
});

describe('reviews: what is read', () => {
  it('shows only approved reviews, sorted and paged, with the summary from them and the shop’s answer', async () => {
    // A product of its own, so the counts are this test's.
    const [p] = await t.db
      .insert(products)
      .values({
        slug: 'okunan-urun',
        sku: 'OKUNAN',
        name: 'Okunan Ürün',
        categoryId: t.shop.categories.kupalar,
        stockType: 1,
        vatRate: 20,
        stock: 5,
      })
      .returning({ id: products.id });
    const productId = p!.id;
    const ids: number[] = [];
    const ratings = [5, 4, 4, 2, 1, 5, 5, 3, 4, 5, 4, 1];
    for (const rating of ratings) {
      const id = await customer();
      await orderWithProduct(t.db, id, productId);
      ids.push((await t.services.reviews.submit(id, 'okunan-urun', review({ rating }))).id);
    }
    const pending = await customer();
    await orderWithProduct(t.db, pending, productId);
    await t.services.reviews.submit(pending, 'okunan-urun', review({ rating: 1, title: 'Bekleyen' }));
    const rejected = await customer();
    await orderWithProduct(t.db, rejected, productId);
    const no = await t.services.reviews.submit(rejected, 'okunan-urun', review({ title: 'Reddedilen' }));
    await rejectReview(t.db, no.id, 'Üründen çok kargo firmasını anlatıyor.');

    const empty = await t.services.reviews.page('okunan-urun');
    expect(empty).toMatchObject({
      summary: { count: 0, average: null, distribution: [0, 0, 0, 0, 0] },
      reviews: [],
      pageCount: 1,
    });

    await approveReviews(t.db, ids.slice(0, 11));
    await approveReviews(t.db, ids.slice(11), 'Yaşadığınız sorun için özür dileriz; sizi arayacağız.');
    const [counted] = await t.db
      .select({ count: products.ratingCount, sum: products.ratingSum })
      .from(products)
      .where(eq(products.id, productId));
    expect(counted).toEqual({ count: 12, sum: 43 });

    const first = await t.services.reviews.page('okunan-urun');
    expect(first!.summary).toEqual({ count: 12, average: 3.6, distribution: [2, 1, 1, 4, 4] });
    expect(first!.reviews).toHaveLength(10);
    expect(first!.pageCount).toBe(2);
    expect(first!.reviews.map((r) => r.title)).not.toContain('Bekleyen');
    expect(first!.reviews[0]).toMatchObject({ author: 'Ayşe Y.', rating: 1 });
    expect(first!.reviews[0]!.answer?.text).toBe('Yaşadığınız sorun için özür dileriz; sizi arayacağız.');

    const second = await t.services.reviews.page('okunan-urun', { page: '2', sort: 'newest' });
    expect(second!.reviews).toHaveLength(2);
    const highest = await t.services.reviews.page('okunan-urun', { sort: 'highest' });
    expect(highest!.reviews.map((r) => r.rating).slice(0, 4)).toEqual([5, 5, 5, 5]);
    const lowest = await t.services.reviews.page('okunan-urun', { sort: 'lowest' });
    expect(lowest!.reviews.map((r) => r.rating).slice(0, 3)).toEqual([1, 1, 2]);
    expect((await rejection(t.services.reviews.page('okunan-urun', { sort: 'random' }))).status).toBe(400);
    expect(await t.services.reviews.page('yok-boyle')).toBeNull();

    // The writer of the rejected one reads why; the one of a pending one that it waits.
    expect(await t.services.reviews.own(rejected)).toMatchObject([
      {
        status: 'rejected',
        statusLabel: 'Yayımlanmadı',
        rejectReason: 'Üründen çok kargo firmasını anlatıyor.',
      },
    ]);
    expect(await t.services.reviews.own(pending)).toMatchObject([
      {
        status: 'pending',
        statusLabel: 'Onay bekliyor',
        rejectReason: null,
        product: { slug: 'okunan-urun' },
      },
    ]);
  });

  it('gives each customer only their own reviews', async () => {
    const a = await customer();
    const b = await customer();
    await orderWithProduct(t.db, a, t.shop.ekitap);
    await t.services.reviews.submit(a, 'e-kitap', review({ title: 'Ayşe’nin yorumu' }));
    expect(await t.services.reviews.own(b)).toEqual([]);
    expect((await t.services.reviews.own(a)).map((r) => r.title)).toEqual(['Ayşe’nin yorumu']);
  });
});

describe('reviews: KVKK', () => {
  it('go with the account’s data export, and are deleted with their photos on its erasure', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.kupa);
    await orderWithProduct(t.db, id, t.shop.defter);
    const approved = await t.services.reviews.submit(id, 'kupa', review({ rating: 2 }), [
      { bytes: PNG_PHOTO },
      { bytes: PNG_PHOTO },
    ]);
    await t.services.reviews.submit(id, 'defter', review({ title: 'Defterim' }));
    await approveReviews(t.db, [approved.id]);
    const counts = async () =>
      (
        await t.db
          .select({ count: products.ratingCount, sum: products.ratingSum })
          .from(products)
          .where(eq(products.id, t.shop.kupa))
      )[0]!;
    const before = await counts();

    const exported = await t.services.customers.exportData(id);
    expect(exported.reviews.map((r) => [r.product.slug, r.status])).toEqual([
      ['defter', 'pending'],
      ['kupa', 'approved'],
    ]);

    await t.services.customers.deleteAccount(id, { password: person(1).password });
    expect(await t.services.reviews.own(id)).toEqual([]);
    expect(await t.count('reviews', `customer_id = ${id}`)).toBe(0);
    for (const url of approved.photos) expect(await files.head(url.slice(1))).toBeUndefined();
    expect(await counts()).toEqual({ count: before.count - 1, sum: before.sum - 2 });
    expect((await t.services.reviews.page('kupa'))!.reviews.map((r) => r.id)).not.toContain(approved.id);
  });

  it('are deleted with their photos by the erasure staff run on request', async () => {
    const id = await customer();
    await orderWithProduct(t.db, id, t.shop.pestemal);
    const own = await t.services.reviews.submit(id, 'pestemal', review(), [{ bytes: PNG_PHOTO }]);
    await approveReviews(t.db, [own.id]);
    const email = `degerlendiren-${n}@example.com`;
    await t.services.customerAdmin.erase({ kind: 'cli' }, id, { confirm: email });
    expect(await t.count('reviews', `customer_id = ${id}`)).toBe(0);
    expect(await files.head(own.photos[0]!.slice(1))).toBeUndefined();
    expect((await t.services.reviews.page('pestemal'))!.reviews.map((r) => r.id)).not.toContain(own.id);
  });
});
