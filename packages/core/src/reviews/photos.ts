import { randomBytes } from 'node:crypto';
import { MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from '@vitrin/shared/api/reviews-context';
import { isDiskFull } from '../media/disk-full.ts';
import { loadSharp } from '../media/image-variants.ts';
import type { FileStore } from '../storage/file-store.ts';
import { attachmentTypeOf } from '../support/attachments.ts';
import { photoDiskFull, photoTooLarge, photoUnreadable, photoWrongType, tooManyPhotos } from './errors.ts';

/** A photo as the HTTP layer hands it over (its name is never used). */
export interface ReviewPhotoUpload {
  bytes: Buffer;
}

/** The longer side of a stored photo at most (a page shows it at 96 px, opened at most 1200 px wide). */
export const REVIEW_PHOTO_SIDE = 1600;
/** A photo's pixels at most as read: a small file that unpacks to a huge image is refused, not decoded. */
const MAX_INPUT_PIXELS = 50_000_000;

/** The form of a stored photo's key (what the row keeps): only such a key is ever removed. */
export const REVIEW_PHOTO_KEY = /^uploads\/reviews\/[A-Za-z0-9_-]{22}\.(?:jpg|png|webp)$/;

/** The address a page shows a photo at (`/uploads/reviews/…`, resized copies with `?w=&f=`). */
export const photoUrl = (key: string) => `/${key}`;

/**
 * A shopper's photo as it is published: EXIF orientation applied, every metadata block (EXIF with the
 * phone's GPS position, XMP, comments) dropped, the longer side at most REVIEW_PHOTO_SIDE, WebP at quality 85.
 * Whatever else the file carried (a script after the image data) is not in the copy. Unreadable: refused.
 */
async function normalize(upload: ReviewPhotoUpload): Promise<Buffer> {
  const sharp = await loadSharp();
  try {
    // rotate() with no angle applies the EXIF orientation; sharp writes no metadata unless asked.
    return await sharp(upload.bytes, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({
        width: REVIEW_PHOTO_SIDE,
        height: REVIEW_PHOTO_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw photoUnreadable();
  }
}

/**
 * Review photos in the public uploads (`uploads/reviews/<random>.webp`): checked all first (count, size, and
 * the type by the bytes, never by name or header), each made into its published copy (`normalize`), then
 * written; a write that fails removes those written before it, so a full disk leaves no file and no row.
 * (Photos stored before the copies were made keep their `.jpg` or `.png` key.)
 */
export function createReviewPhotos(files: FileStore) {
  async function remove(keys: readonly string[]): Promise<void> {
    await Promise.all(
      keys.filter((k) => REVIEW_PHOTO_KEY.test(k)).map((k) => files.remove(k).catch(() => undefined)),
    );
  }
  return {
    check(uploads: readonly ReviewPhotoUpload[]): void {
      if (uploads.length > MAX_REVIEW_PHOTOS) throw tooManyPhotos();
      for (const upload of uploads) {
        if (upload.bytes.length > MAX_REVIEW_PHOTO_BYTES) throw photoTooLarge();
        const type = attachmentTypeOf(upload.bytes);
        if (type === null || type === 'application/pdf') throw photoWrongType();
      }
    },
    async save(uploads: readonly ReviewPhotoUpload[]): Promise<string[]> {
      this.check(uploads);
      // One at a time: each decode takes sharp's threads already.
      const copies: Buffer[] = [];
      for (const upload of uploads) copies.push(await normalize(upload));
      const keys: string[] = [];
      try {
        for (const copy of copies) {
          const key = `uploads/reviews/${randomBytes(16).toString('base64url')}.webp`;
          keys.push(key);
          await files.put(key, copy, { contentType: 'image/webp' });
        }
      } catch (err) {
        await remove(keys);
        throw isDiskFull(err) ? photoDiskFull() : err;
      }
      return keys;
    },
    remove,
  };
}

export type ReviewPhotos = ReturnType<typeof createReviewPhotos>;
