import { and, count, eq, notExists, sql, sum } from 'drizzle-orm';
import { hashToken } from '../customers/tokens.ts';
import type { Db } from '../db/client.ts';
import { cartItems, personalizationUploads } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import type { CartOwner } from './owner.ts';

/** Images a cart may hold that no line of it uses yet; the hourly purge frees them (or deletes them). */
export const UPLOADS_PER_CART = 10;
/** Uploads per client address and hour, whatever cart they name (a new guest cart per upload is free). */
export const UPLOADS_PER_ADDRESS_HOURLY = 30;

/** Whose uploads these are: the guest cart's token hash (never the token), or the customer. */
export const uploadCartKey = (owner: CartOwner) =>
  'customerId' in owner ? `c:${owner.customerId}` : `t:${hashToken(owner.token)}`;

// Serializes reservations, so parallel uploads cannot all see room for one more (PGlite has one connection
// anyway; on PostgreSQL this spans the app nodes).
const RESERVATION_LOCK = 7_340_551;

const imageOfLine = sql`${cartItems.personalization}->>'image'`;

/**
 * Records an upload before its file is written: refused with 429 when the cart already holds
 * `UPLOADS_PER_CART` images that no line uses, or when the files not yet released by the purge would pass
 * `budgetBytes` (the disk the uploads may take between two purges).
 */
export async function reserveUpload(
  db: Db,
  upload: { path: string; owner: CartOwner; bytes: number; budgetBytes: number },
): Promise<void> {
  const cartKey = uploadCartKey(upload.owner);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RESERVATION_LOCK})`);
    const [unused] = await tx
      .select({ n: count() })
      .from(personalizationUploads)
      .where(
        and(
          eq(personalizationUploads.cartKey, cartKey),
          notExists(
            tx.select({ one: sql`1` }).from(cartItems).where(eq(imageOfLine, personalizationUploads.path)),
          ),
        ),
      );
    if ((unused?.n ?? 0) >= UPLOADS_PER_CART) {
      throw new DomainError(
        429,
        'GORSEL_SINIRI',
        `Sepetinizde kullanılmayan en fazla ${UPLOADS_PER_CART} görsel olabilir. Yüklediğiniz görselleri ürünlere ekleyin ya da bir saat sonra yeniden deneyin.`,
        { file: `En fazla ${UPLOADS_PER_CART} görsel` },
      );
    }
    const [held] = await tx.select({ bytes: sum(personalizationUploads.bytes) }).from(personalizationUploads);
    if (Number(held?.bytes ?? 0) + upload.bytes > upload.budgetBytes) {
      throw new DomainError(
        429,
        'YUKLEME_ALANI_DOLU',
        'Şu anda yeni görsel yüklenemiyor. Lütfen bir süre sonra yeniden deneyin.',
        { file: 'Görsel şu anda yüklenemiyor' },
      );
    }
    await tx.insert(personalizationUploads).values({ path: upload.path, cartKey, bytes: upload.bytes });
  });
}

/** Drops a reservation whose file could not be written. */
export async function releaseUpload(db: Db, path: string): Promise<void> {
  await db.delete(personalizationUploads).where(eq(personalizationUploads.path, path));
}
