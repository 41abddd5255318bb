import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ayse } from '@vitrin/testing/accounts';
import { guest, guestCheckoutForm, type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newToken } from '../customers/tokens.ts';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { createCustomerAdmin } from './admin.ts';

let t: OpenTestShop;
let dataDir: string;
let files: FileStore;
beforeAll(async () => {
  t = await openTestShop();
  dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-erase-files-'));
  files = createDiskStore(dataDir);
  mkdirSync(path.join(dataDir, 'uploads', 'personalization'), { recursive: true });
});
afterAll(async () => {
  await t.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

const file = (image: string) => path.join(dataDir, 'uploads', image);

/** An image as the upload endpoint stores it. */
function uploaded(): string {
  const image = `personalization/${randomBytes(16).toString('base64url')}.png`;
  writeFileSync(file(image), 'png');
  return image;
}

const mug = (image: string) => ({
  productId: t.shop.isimliKupa,
  quantity: 1,
  personalization: { fields: { isim: 'Ayşe' }, image },
});

/** A guest order of a personalized mug, placed with `email`. */
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

let n = 0;
async function customerWithImages() {
  const email = `silinecek.${++n}@example.com`;
  const { customer } = await t.services.customers.register({ ...ayse, email });
  const ordered = uploaded();
  await orderWith(email, ordered);
  const inCart = uploaded();
  await t.services.cart.add({ customerId: customer.id }, mug(inCart), guest);
  return { id: customer.id, email, ordered, inCart };
}

describe('KVKK erasure: the personalization images', () => {
  it("deletes the images of the customer's order and cart lines after the commit, not a stranger's", async () => {
    const errors: unknown[] = [];
    const admin = createCustomerAdmin(t.db, {
      guestOrders: t.services.guestOrders,
      files,
      logError: (...args) => errors.push(args),
    });
    const c = await customerWithImages();
    const strangers = uploaded();
    await orderWith('baskasi@example.com', strangers);

    await admin.erase({ kind: 'cli' }, c.id, { confirm: c.email });
    expect(existsSync(file(c.ordered))).toBe(false);
    expect(existsSync(file(c.inCart))).toBe(false);
    expect(existsSync(file(strangers))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('logs a file it cannot delete and keeps the erasure', async () => {
    const errors: Array<[string, Record<string, unknown>]> = [];
    const admin = createCustomerAdmin(t.db, {
      guestOrders: t.services.guestOrders,
      files,
      logError: (message, fields) => errors.push([message, fields]),
    });
    const c = await customerWithImages();
    // A directory where the image was: removing it as a file fails.
    rmSync(file(c.ordered));
    mkdirSync(file(c.ordered));
    writeFileSync(path.join(file(c.ordered), 'x'), 'x');

    const erased = await admin.erase({ kind: 'cli' }, c.id, { confirm: c.email });
    expect(erased).toMatchObject({ erased: true });
    expect(existsSync(file(c.inCart))).toBe(false);
    expect(errors).toEqual([
      ['KVKK silme: dosya silinemedi', expect.objectContaining({ file: `uploads/${c.ordered}` })],
    ]);
  });
});
