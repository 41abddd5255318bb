import { MAX_REVIEW_PHOTO_BYTES, MAX_REVIEW_PHOTOS } from '@vitrin/shared/api/reviews-context';
import { DomainError } from '../errors.ts';
import { DISK_FULL_MESSAGE } from '../media/disk-full.ts';

/**
 * Why a review was refused: a stable code for the HTTP layer, and a Turkish message shown as is. Codes and
 * statuses in one table, like the support errors.
 */
export const reviewErrorStatus = {
  /** Not a customer whose order with the product was delivered. */
  DEGERLENDIRME_YETKISI_YOK: 403,
  /** One review a customer and product. */
  DEGERLENDIRME_VAR: 409,
  /** No active product has that address. */
  URUN_BULUNAMADI: 404,
  /** The review does not exist (any more). */
  DEGERLENDIRME_BULUNAMADI: 404,
  DOSYA_COK_BUYUK: 413,
  DOSYA_TURU_GECERSIZ: 415,
  /** A JPEG, PNG or WebP by its first bytes that cannot be read as one (broken, or not an image after all). */
  GORSEL_OKUNAMADI: 422,
  /** The server's disk is full: neither the photos nor the review were saved. */
  DISK_DOLU: 507,
  GECERSIZ_ISTEK: 400,
} as const;
export type ReviewErrorCode = keyof typeof reviewErrorStatus;

export const reviewError = (code: ReviewErrorCode, message: string, fields?: Record<string, string>) =>
  new DomainError(reviewErrorStatus[code], code, message, fields);

export const notVerifiedBuyer = () =>
  reviewError(
    'DEGERLENDIRME_YETKISI_YOK',
    'Yalnızca bu ürünü satın alıp teslim almış müşterilerimiz değerlendirme yazabilir.',
  );

export const alreadyReviewed = () =>
  reviewError(
    'DEGERLENDIRME_VAR',
    'Bu ürünü zaten değerlendirdiniz; her ürün için bir değerlendirme yazılabilir.',
  );

export const productNotFound = () => reviewError('URUN_BULUNAMADI', 'Ürün bulunamadı.');

export const reviewNotFound = () => reviewError('DEGERLENDIRME_BULUNAMADI', 'Değerlendirme bulunamadı.');

export const photoTooLarge = () =>
  reviewError(
    'DOSYA_COK_BUYUK',
    `Bir fotoğraf en fazla ${MAX_REVIEW_PHOTO_BYTES / (1024 * 1024)} MB olabilir.`,
    {
      photos: 'Fotoğraf çok büyük',
    },
  );

export const photoWrongType = () =>
  reviewError('DOSYA_TURU_GECERSIZ', 'Yalnızca JPEG, PNG ya da WebP fotoğraf ekleyebilirsiniz.', {
    photos: 'JPEG, PNG ya da WebP seçin',
  });

export const photoUnreadable = () =>
  reviewError('GORSEL_OKUNAMADI', 'Fotoğraf okunamadı; dosya bozuk olabilir. Başka bir fotoğraf seçin.', {
    photos: 'Fotoğraf okunamadı',
  });

export const tooManyPhotos = () =>
  reviewError('GECERSIZ_ISTEK', `Bir değerlendirmeye en fazla ${MAX_REVIEW_PHOTOS} fotoğraf eklenebilir.`, {
    photos: `En fazla ${MAX_REVIEW_PHOTOS} fotoğraf seçin`,
  });

export const photoDiskFull = () => reviewError('DISK_DOLU', DISK_FULL_MESSAGE);

export const invalidReviewInput = (fields: Record<string, string>) =>
  reviewError('GECERSIZ_ISTEK', 'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.', fields);
