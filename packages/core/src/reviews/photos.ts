import { randomBytes } from 'node:crypto';
import { MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from '@vitrin/shared/api/reviews-context';
import { isDiskFull } from '../media/disk-full.ts';
import type { FileStore } from '../storage/file-store.ts';
import { attachmentTypeOf } from '../support/attachments.ts';
import { photoDiskFull, photoTooLarge, photoWrongType, tooManyPhotos } from './errors.ts';

/** A photo as the HTTP layer hands it over (its name is never used). */
export interface ReviewPhotoUpload {
  bytes: Buffer;
}

const EXTENSIONS = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;

/** The form of a stored photo's key (what the row keeps): only such a key is ever removed. */
export const REVIEW_PHOTO_KEY = /^uploads\/reviews\/[A-Za-z0-9_-]{22}\.(?:jpg|png|webp)$/;

/** The address a page shows a photo at (`/uploads/reviews/…`, resized copies with `?w=&f=`). */
export const photoUrl = (key: string) => `/${key}`;

/**
 * Review photos in the public uploads (`uploads/reviews/<random>.<ext>`): checked all first (count, size, and
 * the type by the bytes, never by name or header), then written; a write that fails removes those written
 * before it, so a full disk leaves no file and no row.
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
      const keys: string[] = [];
      try {
        for (const upload of uploads) {
          const type = attachmentTypeOf(upload.bytes) as keyof typeof EXTENSIONS;
          const key = `uploads/reviews/${randomBytes(16).toString('base64url')}.${EXTENSIONS[type]}`;
          keys.push(key);
          await files.put(key, upload.bytes, { contentType: type });
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
