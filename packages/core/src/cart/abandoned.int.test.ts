import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ayse } from '@vitrin/testing/accounts';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken, newToken } from '../customers/tokens.ts';
import { carts } from '../db/schema.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import { deleteUnusedPersonalizationImages, GUEST_CART_DAYS, UNUSED_IMAGE_GRACE_MS } from './abandoned.ts';
import type { CartOwner } from './owner.ts';

let t: OpenTestShop;
// The shop's files in a folder of this test's own: the purge lists every personalization image there.
const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-abandoned-'));
beforeAll(async () => {
  t = await openTestShop({ files: createDiskStore(dataDir) });
  mkdirSync(path.join(dataDir, 'uploads', 'personalization'), { recursive: true });
});
afterAll(async () => {
  await t.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const DAY_MS = 24 * 60 * 60 * 1000;
const file = (image: string) => path.join(dataDir, 'uploads', image);

/** An image as the upload endpoint stores it, last written `ageMs` ago. */
function uploaded(ageMs: number): string {
  const image = `personalization/${randomBytes(16).toString('base64url')}.png`;
  writeFileSync(file(image), 'png');
  const at = new Date(Date.now() - ageMs);
  utimesSync(file(image), at, at);
  return image;
}

const addMug = (owner: CartOwner, image: string) =>
  t.services.cart.add(
    owner,
    { productId: t.shop.isimliKupa, quantity: 1, personalization: { fields: { isim: 'Ayşe' }, image } },
    guest,
  );

async function ageCart(owner: { token: string }, days: number) {
  const at = new Date(Date.now() - days * DAY_MS);
  await t.db
    .update(carts)
    .set({ updatedAt: at })
    .where(eq(carts.tokenHash, hashToken(owner.token)));
}

describe('cart: purging what nobody can use any more', () => {
  it('deletes personalization images older than a day that no cart or order line names', async () => {
    const unused = uploaded(UNUSED_IMAGE_GRACE_MS + 60_000);
    const fresh = uploaded(60_000);
    const inCart = uploaded(UNUSED_IMAGE_GRACE_MS + 60_000);
    await addMug({ token: newToken() }, inCart);
    const ordered = uploaded(UNUSED_IMAGE_GRACE_MS + 60_000);
    const buyer = { token: newToken() };
    await addMug(buyer, ordered);
    await t.services.checkout.place(buyer, { ...guest, phone: null }, guestCheckoutForm(), randomUUID());
    // Not an upload's name: somebody else's file, left alone.
    writeFileSync(file('personalization/README.txt'), 'not ours');
    utimesSync(file('personalization/README.txt'), new Date(0), new Date(0));

    const result = await t.services.cart.purgeAbandoned();
    expect(result.images).toBe(1);
    expect(existsSync(file(unused))).toBe(false);
    expect(existsSync(file(fresh))).toBe(true);
    expect(existsSync(file(inCart))).toBe(true);
    expect(existsSync(file(ordered))).toBe(true);
    expect(existsSync(file('personalization/README.txt'))).toBe(true);
  });

  it('deletes guest carts whose cookie has expired, and then their images', async () => {
    const old = { token: newToken() };
    const image = uploaded(UNUSED_IMAGE_GRACE_MS + 60_000);
    await addMug(old, image);
    await ageCart(old, GUEST_CART_DAYS + 1);
    const recent = { token: newToken() };
    await t.services.cart.add(recent, { productId: t.shop.kupa, quantity: 1 }, guest);
    await ageCart(recent, GUEST_CART_DAYS - 1);

    const result = await t.services.cart.purgeAbandoned();
    expect(result).toEqual({ carts: 1, images: 1 });
    expect((await t.services.cart.view(old, guest)).lines).toEqual([]);
    expect((await t.services.cart.view(recent, guest)).lines).toHaveLength(1);
    expect(existsSync(file(image))).toBe(false);
  });

  it("keeps a customer's cart however old it is", async () => {
    const { customer } = await t.services.customers.register({ ...ayse, email: 'eski-sepet@example.com' });
    const owner = { customerId: customer.id };
    await t.services.cart.add(owner, { productId: t.shop.kupa, quantity: 1 }, guest);
    const longAgo = new Date(Date.now() - 400 * DAY_MS);
    await t.db.update(carts).set({ updatedAt: longAgo }).where(eq(carts.customerId, customer.id));

    await t.services.cart.purgeAbandoned();
    expect((await t.services.cart.view(owner, guest)).lines).toHaveLength(1);
  });

  it('runs on one app node at a time: a purge that finds one under way skips its turn', async () => {
    const unused = uploaded(UNUSED_IMAGE_GRACE_MS + 60_000);
    const [first, second] = await Promise.all([
      t.services.cart.purgeAbandoned(),
      t.services.cart.purgeAbandoned(),
    ]);
    expect(first.images).toBe(1);
    expect(second).toEqual({ carts: 0, images: 0 });
    expect(existsSync(file(unused))).toBe(false);
  });

  it('has nothing to do without an uploads folder', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'vitrin-no-uploads-'));
    try {
      expect(await deleteUnusedPersonalizationImages(t.db, createDiskStore(empty), new Date())).toBe(0);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
