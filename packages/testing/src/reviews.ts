import { randomBytes } from 'node:crypto';
import type { Db } from '@vitrin/core/db/client';
import { orderItems, orders, reviews } from '@vitrin/core/db/schema';
import { recountRatings } from '@vitrin/core/reviews/rating';
import { ORDER_STATE, type OrderState } from '@vitrin/shared/order-states';
import { eq, inArray } from 'drizzle-orm';
import { billing } from './orders.ts';

/** A real 16×12 PNG (a photo is decoded and stored as WebP, so it must be an image). */
export const PNG_PHOTO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAMCAIAAADkharWAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGElEQVQokWPYEqVBEmIY1RA1GkpbsIUBAH3x6IG35EHWAAAAAElFTkSuQmCC',
  'base64',
);

/** The first bytes of a PNG and then anything: a photo's type by its content, but no image to read. */
export const FAKE_PNG = Buffer.concat([PNG_PHOTO.subarray(0, 8), Buffer.from('<script>alert(1)</script>')]);

/**
 * A phone's photo as it arrives: a 2400×1200 JPEG whose EXIF says to turn it a quarter (orientation 6) and
 * names the camera (as a phone's also gives its GPS position).
 */
export async function phonePhoto(): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width: 2400, height: 1200, channels: 3, background: { r: 20, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'Telefon' } })
    .toBuffer();
}

/**
 * An order of the customer with one line of the product, in `status` (delivered by default): what makes a
 * customer a verified buyer. Written directly (the order's way there is the orders' tests' business).
 */
export async function orderWithProduct(
  db: Db,
  customerId: number,
  productId: number,
  status: OrderState = ORDER_STATE.Delivered,
): Promise<number> {
  const [order] = await db
    .insert(orders)
    .values({
      orderNo: `VT${randomBytes(5).toString('hex').toUpperCase()}`,
      customerId,
      email: 'alici@example.com',
      phone: '+905321234567',
      status,
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
  await db.insert(orderItems).values({
    orderId: order!.id,
    productId,
    stockType: 1,
    name: 'Ürün',
    sku: 'URUN',
    quantity: 1,
    unitPriceMinor: 10_000,
    originalPriceMinor: 10_000,
    originalCurrency: 'TRY',
    vatRate: 20,
    lineTotalMinor: 10_000,
    stockTaken: false,
  });
  return order!.id;
}

/** Approves reviews as the moderation does (status, then the products' counts in the same transaction). */
export async function approveReviews(db: Db, ids: readonly number[], answer?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx
      .update(reviews)
      .set({
        status: 'approved',
        moderatedAt: new Date(),
        ...(answer ? { answer, answeredAt: new Date() } : {}),
      })
      .where(inArray(reviews.id, [...ids]))
      .returning({ productId: reviews.productId });
    await recountRatings(tx, [...new Set(rows.map((r) => r.productId))]);
  });
}

/** Rejects a review with the reason its writer is told. */
export async function rejectReview(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(reviews)
    .set({ status: 'rejected', rejectReason: reason, moderatedAt: new Date() })
    .where(eq(reviews.id, id));
}
