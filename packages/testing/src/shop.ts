import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GUEST, type Shopper } from '@vitrin/core/cart/owner';
import type { Db } from '@vitrin/core/db/client';
import { categories, coupons, productPrices, products, productVariants } from '@vitrin/core/db/schema';
import { createMailer } from '@vitrin/core/mail/mailer';
import { createServices, type Services } from '@vitrin/core/services';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { eq, sql } from 'drizzle-orm';
import { homeAddress } from './accounts.ts';
import { openTestDatabase } from './database.ts';

/**
 * A small shop for cart, coupon and checkout tests: one product of each stock type with known prices, plus
 * an inactive one. Amounts are TRY minor units unless named otherwise; the USD rate is 41.25.
 */
export interface TestShop {
  categories: { seramik: number; kupalar: number; tekstil: number; dijital: number };
  /** Stock type 1, 20 % VAT, stock 10; sale 250 TL, instalment 275 TL, wholesale 200 TL. */
  kupa: number;
  /** Stock type 2, 10 % VAT, priced 10 USD; variants below. */
  pestemal: number;
  variants: { mavi: number; kirmizi: number; yesil: number };
  /** Stock type 3, 20 % VAT, stock 20, 300 TL + 50 TL personalization; `isim` required (12), `not` optional. */
  isimliKupa: number;
  /** Stock type 3 without image uploads. */
  defter: number;
  /** Stock type 4, 0 % VAT, unlimited stock, 99 TL. */
  ekitap: number;
  /** Inactive. */
  eski: number;
}

type PriceRow = [type: number, amount: number, currency?: string];

async function product(
  db: Db,
  values: Partial<typeof products.$inferInsert> & { slug: string; categoryId: number; stockType: number },
  prices: PriceRow[],
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({ sku: values.slug.toUpperCase(), name: values.slug, vatRate: 20, ...values })
    .returning({ id: products.id });
  await db.insert(productPrices).values(
    prices.map(([type, amount, currency = 'TRY']) => ({
      productId: row!.id,
      priceType: type,
      amountMinor: amount,
      currency,
    })),
  );
  return row!.id;
}

export async function seedTestShop(db: Db): Promise<TestShop> {
  const cat = async (slug: string, parentId: number | null = null) =>
    (
      await db
        .insert(categories)
        .values({ slug, name: slug === 'seramik' ? 'Seramik' : slug, parentId })
        .returning()
    )[0]!.id;
  const seramik = await cat('seramik');
  const kupalar = await cat('kupalar', seramik);
  const tekstil = await cat('tekstil');
  const dijital = await cat('dijital');

  const kupa = await product(
    db,
    {
      slug: 'kupa',
      name: 'Sırlı Kupa',
      categoryId: kupalar,
      stockType: 1,
      stock: 10,
      images: ['catalog/products/kupa-1.webp'],
    },
    [
      [1, 9000],
      [2, 25_000],
      [3, 30_000],
      [4, 27_500],
      [5, 20_000],
    ],
  );
  const pestemal = await product(
    db,
    {
      slug: 'pestemal',
      name: 'Peştemal',
      categoryId: tekstil,
      stockType: 2,
      vatRate: 10,
      stock: null,
      optionGroups: [{ name: 'Renk', values: ['Mavi', 'Kırmızı', 'Yeşil'] }],
    },
    [[2, 1000, 'USD']],
  );
  const variant = async (sku: string, renk: string, stock: number, isActive = true) =>
    (
      await db
        .insert(productVariants)
        .values({ productId: pestemal, sku, options: { Renk: renk }, stock, isActive })
        .returning()
    )[0]!.id;
  const variants = {
    mavi: await variant('PESTEMAL-MAVI', 'Mavi', 5),
    kirmizi: await variant('PESTEMAL-KIRMIZI', 'Kırmızı', 0),
    yesil: await variant('PESTEMAL-YESIL', 'Yeşil', 3, false),
  };
  const isimliKupa = await product(
    db,
    {
      slug: 'isimli-kupa',
      name: 'İsimli Kupa',
      categoryId: kupalar,
      stockType: 3,
      stock: 20,
      personalization: {
        fields: [
          { key: 'isim', label: 'İsim', maxLength: 12, required: true },
          { key: 'not', label: 'Not', maxLength: 30, required: false },
        ],
        allowImage: true,
        surchargeMinor: 5000,
      },
    },
    [[2, 30_000]],
  );
  const defter = await product(
    db,
    {
      slug: 'defter',
      name: 'İsimli Defter',
      categoryId: tekstil,
      stockType: 3,
      stock: 50,
      personalization: {
        fields: [{ key: 'isim', label: 'İsim', maxLength: 20, required: false }],
        allowImage: false,
        surchargeMinor: 0,
      },
    },
    [[2, 15_000]],
  );
  const ekitap = await product(
    db,
    { slug: 'e-kitap', name: 'E-Kitap', categoryId: dijital, stockType: 4, vatRate: 0, stock: null },
    [[2, 9900]],
  );
  const eski = await product(
    db,
    { slug: 'eski', name: 'Eski Ürün', categoryId: kupalar, stockType: 1, stock: 5, isActive: false },
    [[2, 1000]],
  );
  return {
    categories: { seramik, kupalar, tekstil, dijital },
    kupa,
    pestemal,
    variants,
    isimliKupa,
    defter,
    ekitap,
    eski,
  };
}

/**
 * Services on a fresh database with the test shop; the e-mails go to a throwaway outbox. `files` is the
 * shop's file store (a test's own folder or bucket); by default the services' shared temporary folder.
 */
export async function openTestShop(options: { files?: FileStore } = {}) {
  const { database, dispose } = await openTestDatabase();
  const outboxDir = mkdtempSync(join(tmpdir(), 'vitrin-cart-outbox-'));
  const mailer = createMailer({ outboxDir, from: 'Vitrin <noreply@example.com>' });
  const services: Services = createServices(database, { mailer, ...options });
  await services.settings.set('usd_rate', '41.25');
  await services.settings.set('eur_rate', '47.80');
  const shop = await seedTestShop(database.db);
  return {
    database,
    db: database.db,
    services,
    shop,
    async setStock(productId: number, stock: number | null) {
      await database.db.update(products).set({ stock }).where(eq(products.id, productId));
    },
    async stockOf(productId: number) {
      return (
        await database.db.select({ s: products.stock }).from(products).where(eq(products.id, productId))
      )[0]!.s;
    },
    async addCoupon(values: Partial<typeof coupons.$inferInsert> & { code: string }) {
      const [row] = await database.db
        .insert(coupons)
        .values({ kind: 'percent', value: 10, ...values })
        .returning();
      return row!;
    },
    /** The customer's cart ordered to a new home address in their book, paid by bank transfer. */
    async checkOut(customer: { id: number; email: string }) {
      const address = await services.addresses.create(customer.id, homeAddress);
      return services.checkout.place(
        { customerId: customer.id },
        { customerId: customer.id, email: customer.email, wholesale: false, phone: null },
        {
          shippingAddressId: address.id,
          billingAddressId: address.id,
          paymentMethod: 'transfer',
          acceptTerms: true,
        },
        randomUUID(),
      );
    },
    async count(table: string, where = 'true'): Promise<number> {
      const rows = await database.query<{ n: number }>(
        `select count(*)::int as n from ${table} where ${where}`,
      );
      return rows[0]!.n;
    },
    async dispose() {
      await services.customers.drainMail();
      await (services as { orders?: { drainMail?: () => Promise<void> } }).orders?.drainMail?.();
      mailer.close();
      await dispose();
      rmSync(outboxDir, { recursive: true, force: true });
    },
    sql,
  };
}

export type OpenTestShop = Awaited<ReturnType<typeof openTestShop>>;

export const guest: Shopper = GUEST;

const { title: _title, ...homeAddressFields } = homeAddress;
/** The home address as a checkout form gives it (an address book's title is not part of it). */
export const guestAddress = homeAddressFields;

/** A guest's checkout form that passes every check: bank transfer, billing to the shipping address. */
export const guestCheckoutForm = (extra: Record<string, unknown> = {}) => ({
  email: 'misafir@example.com',
  phone: '0532 111 22 33',
  shippingAddress: guestAddress,
  billingSameAsShipping: true,
  paymentMethod: 'transfer',
  acceptTerms: true,
  ...extra,
});
