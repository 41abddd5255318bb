import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { categories, coupons } from '../db/schema.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo shop's coupons: one of each kind a shopper (and the tests) may meet. Dates are relative to the
 * seed, so the demo stays meaningful whenever it is set up.
 */
export async function seedDemoCoupons(tx: Db, now = new Date()): Promise<void> {
  const days = (n: number) => new Date(now.getTime() + n * DAY_MS);
  const [seramik] = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.slug, 'seramik'));
  await tx.insert(coupons).values([
    {
      code: 'HOSGELDIN10',
      description: 'İlk alışverişinize özel %10 indirim.',
      kind: 'percent',
      value: 10,
      perCustomerLimit: 1,
      endsAt: days(90),
      isPublic: true,
    },
    {
      code: 'SEPETTE100',
      description: '1.000 TL ve üzeri alışverişlerde 100 TL indirim.',
      kind: 'amount',
      value: 10_000,
      minBasketMinor: 100_000,
      endsAt: days(30),
      isPublic: true,
    },
    {
      code: 'SERAMIK15',
      description: 'Seramik ürünlerde %15 indirim.',
      kind: 'percent',
      value: 15,
      categoryId: seramik?.id ?? null,
      endsAt: days(14),
      isPublic: true,
    },
    {
      code: 'YAZ2025',
      description: 'Yaz indirimi (sona erdi).',
      kind: 'percent',
      value: 20,
      startsAt: days(-120),
      endsAt: days(-30),
      isPublic: true,
    },
    {
      code: 'YILBASI25',
      description: 'Yılbaşı indirimi: yakında.',
      kind: 'percent',
      value: 25,
      startsAt: days(20),
      endsAt: days(50),
      isPublic: false,
    },
    {
      code: 'ILK5',
      description: 'İlk 5 siparişe 50 TL indirim.',
      kind: 'amount',
      value: 5000,
      usageLimit: 5,
      isPublic: true,
    },
  ]);
}
