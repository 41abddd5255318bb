import { randomBytes, randomUUID } from 'node:crypto';
import { ayse } from '@vitrin/testing/accounts';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { newToken } from './tokens.ts';

/**
 * The erasure's files when the shop keeps them in a bucket (`S3_BUCKET`): the node that erases removes what
 * any node stored, the customer's support attachments and personalization photos, and leaves a stranger's.
 * The data directory's twin is `erase-files.int.test.ts`.
 */
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

let s3: LocalS3;
let files: FileStore;
let t: OpenTestShop;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'vitrin-erase', ports: [18510, 18514] });
  files = s3.store();
  t = await openTestShop({ files });
});
afterAll(async () => {
  await t?.dispose();
  await s3?.stop();
});

/** An image as the upload endpoint stores it. */
async function uploaded(): Promise<string> {
  const image = `personalization/${randomBytes(16).toString('base64url')}.png`;
  await files.put(uploadKey(image), PNG, { contentType: 'image/png' });
  return image;
}

const mug = (image: string) => ({
  productId: t.shop.isimliKupa,
  quantity: 1,
  personalization: { fields: { isim: 'Ayşe' }, image },
});

async function orderWith(email: string, image: string) {
  const buyer = { token: newToken() };
  await t.services.cart.add(buyer, mug(image), guest);
  await t.services.checkout.place(
    buyer,
    { ...guest, phone: null },
    guestCheckoutForm({ email }),
    randomUUID(),
  );
}

const present = async (key: string) => (await files.head(key)) !== undefined;
const attachmentKeys = async () => {
  const keys: string[] = [];
  for await (const file of files.list('private/support/')) keys.push(file.key);
  return keys;
};

describe('KVKK erasure with the files in a bucket', () => {
  it("removes the customer's attachments and photos from the bucket after the commit, not a stranger's", async () => {
    const email = 'kovadan.silinecek@example.com';
    const { customer } = await t.services.customers.register({ ...ayse, email });
    const ordered = await uploaded();
    await orderWith(email, ordered);
    const inCart = await uploaded();
    await t.services.cart.add({ customerId: customer.id }, mug(inCart), guest);
    await t.services.support.open(
      customer.id,
      { subject: 'Baskı soluk', message: 'Fotoğrafı ekledim.' },
      { bytes: PNG, name: 'baski.png' },
    );
    const strangers = await uploaded();
    await orderWith('baskasi.kova@example.com', strangers);
    expect(await attachmentKeys()).toHaveLength(1);

    await t.services.customerAdmin.erase({ kind: 'cli' }, customer.id, { confirm: email });
    expect(await present(uploadKey(ordered))).toBe(false);
    expect(await present(uploadKey(inCart))).toBe(false);
    expect(await attachmentKeys()).toEqual([]);
    expect(await present(uploadKey(strangers))).toBe(true);
  });
});
