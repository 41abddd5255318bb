import { randomBytes, randomUUID } from 'node:crypto';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import type { FileStore } from '../storage/file-store.ts';
import { uploadKey } from '../storage/keys.ts';
import { deleteUnusedPersonalizationImages, UNUSED_IMAGE_GRACE_MS } from './abandoned.ts';

/**
 * The purge of unused personalization photos when they are in a bucket: the same choice as in the data
 * directory (`abandoned.int.test.ts`), by the objects' last-written time. A bucket's times cannot be set back,
 * so the purge is run as if later.
 */
let s3: LocalS3;
let files: FileStore;
let t: OpenTestShop;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'vitrin-purge', ports: [18515, 18519] });
  files = s3.store();
  t = await openTestShop({ files });
});
afterAll(async () => {
  await t?.dispose();
  await s3?.stop();
});

async function uploaded(): Promise<string> {
  const image = `personalization/${randomBytes(16).toString('base64url')}.png`;
  await files.put(uploadKey(image), Buffer.from('png'), { contentType: 'image/png' });
  return image;
}

const addMug = (owner: { token: string }, image: string) =>
  t.services.cart.add(
    owner,
    { productId: t.shop.isimliKupa, quantity: 1, personalization: { fields: { isim: 'Ayşe' }, image } },
    guest,
  );
const present = async (image: string) => (await files.head(uploadKey(image))) !== undefined;

describe('cart: purging unused personalization photos in a bucket', () => {
  it('deletes the photos over an hour old that no cart or order line names, and leaves the rest', async () => {
    const unused = await uploaded();
    const inCart = await uploaded();
    await addMug({ token: newToken() }, inCart);
    const ordered = await uploaded();
    const buyer = { token: newToken() };
    await addMug(buyer, ordered);
    await t.services.checkout.place(buyer, { ...guest, phone: null }, guestCheckoutForm(), randomUUID());
    // Not an upload's name: somebody else's object, left alone.
    await files.put('uploads/personalization/README.txt', Buffer.from('not ours'));

    expect(await deleteUnusedPersonalizationImages(t.db, files, new Date())).toBe(0);
    const later = new Date(Date.now() + UNUSED_IMAGE_GRACE_MS + 60_000);
    expect(await deleteUnusedPersonalizationImages(t.db, files, later)).toBe(1);
    expect(await present(unused)).toBe(false);
    expect(await present(inCart)).toBe(true);
    expect(await present(ordered)).toBe(true);
    expect(await files.head('uploads/personalization/README.txt')).toBeDefined();
  });
});
