import { deleteUnusedPersonalizationImages } from '@vitrin/core/cart/abandoned';
import { UPLOADS_PER_ADDRESS_HOURLY, UPLOADS_PER_CART } from '@vitrin/core/cart/uploads';
import { seedTestShop, type TestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
  newIp,
} from '../../../test/accounts.ts';
import { tempDir } from '../../../test/server.ts';
import { multipart, PNG } from '../../../test/uploads.ts';

/** Each test speaks from its own address: the endpoint also allows 30 uploads a minute per address. */
let t: AccountTestApp;
let shop: TestShop;
const data = tempDir('vitrin-upload-quota-');
beforeAll(async () => {
  t = await createAccountTestApp({ config: { dataDir: data.dir, uploadsBudgetMb: 1 } });
  shop = await seedTestShop(t.services.database.db);
});
afterAll(async () => {
  await t.close();
  data.remove();
});

const upload = (b: Browser, file = PNG) =>
  b.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(file) });

/** A PNG of about `kib` KiB. */
const pngOf = (kib: number) => Buffer.concat([PNG, Buffer.alloc(kib * 1024, 7)]);

describe('personalization upload quota', () => {
  it(`keeps at most ${UPLOADS_PER_CART} unused images per cart, then answers 429 GORSEL_SINIRI`, async () => {
    const b = browser(t.app);
    const paths: string[] = [];
    for (let i = 0; i < UPLOADS_PER_CART; i++) {
      const res = await upload(b);
      expect(res.statusCode).toBe(201);
      paths.push(res.json().path);
    }
    const refused = await upload(b);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'GORSEL_SINIRI',
      message: expect.stringContaining(`en fazla ${UPLOADS_PER_CART} görsel`),
      fields: { file: expect.any(String) },
    });
    // An image put to use on a line frees its place.
    const add = await b.post('/api/front/cart/items', {
      productId: shop.isimliKupa,
      quantity: 1,
      personalization: { fields: { isim: 'Can' }, image: paths[0] },
    });
    expect(add.statusCode).toBe(201);
    expect((await upload(b)).statusCode).toBe(201);
  });

  it('counts another cart apart', async () => {
    expect((await upload(browser(t.app))).statusCode).toBe(201);
  });

  it('answers 429 YUKLEME_ALANI_DOLU once the uploads would pass the disk budget (UPLOADS_BUDGET_MB)', async () => {
    // 1 MiB in all for this app: two 400 KiB images fit beside the small ones above, a third does not.
    expect((await upload(browser(t.app), pngOf(400))).statusCode).toBe(201);
    expect((await upload(browser(t.app), pngOf(400))).statusCode).toBe(201);
    const full = await upload(browser(t.app), pngOf(400));
    expect(full.statusCode).toBe(429);
    expect(full.json().error).toMatchObject({
      code: 'YUKLEME_ALANI_DOLU',
      message: 'Şu anda yeni görsel yüklenemiyor. Lütfen bir süre sonra yeniden deneyin.',
    });
  });

  it('gives the room back when the hourly purge has deleted the unused images', async () => {
    const b = browser(t.app);
    expect((await upload(b, pngOf(400))).statusCode).toBe(429);
    const inTwoHours = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const deleted = await deleteUnusedPersonalizationImages(
      t.services.database.db,
      t.services.files,
      inTwoHours,
    );
    expect(deleted).toBeGreaterThan(0);
    expect((await upload(b, pngOf(400))).statusCode).toBe(201);
  });

  it(`takes ${UPLOADS_PER_ADDRESS_HOURLY} uploads an hour from one address, a new cart for each or not`, async () => {
    const ip = newIp();
    for (let i = 0; i < UPLOADS_PER_ADDRESS_HOURLY; i++) {
      expect((await upload(browser(t.app, ip))).statusCode).toBe(201);
    }
    const refused = await upload(browser(t.app, ip));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('COK_FAZLA_ISTEK');
    expect((await upload(browser(t.app))).statusCode).toBe(201);
  });
});
