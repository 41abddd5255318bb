import { DomainError } from '../errors.ts';

/** Why the panel's coupon change was refused: a stable code, its HTTP status and a Turkish message. */
export type CouponAdminErrorCode =
  | 'GECERSIZ_ISTEK'
  | 'KUPON_BULUNAMADI'
  | 'KUPON_KODU_KAYITLI'
  | 'KUPON_SINIRI_KULLANIMDAN_AZ'
  | 'KATEGORI_BULUNAMADI';

const STATUS: Record<CouponAdminErrorCode, number> = {
  GECERSIZ_ISTEK: 400,
  KUPON_BULUNAMADI: 404,
  KUPON_KODU_KAYITLI: 409,
  KUPON_SINIRI_KULLANIMDAN_AZ: 422,
  KATEGORI_BULUNAMADI: 422,
};

export const couponAdminError = (
  code: CouponAdminErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new DomainError(STATUS[code], code, message, fields);

export const couponNotFound = () => couponAdminError('KUPON_BULUNAMADI', 'Kupon bulunamadı.');

/**
 * The code, or one a shopper could not tell from it (`kasım10` beside `KASIM10`: codes are matched without
 * regard to case or Turkish letters), belongs to another coupon. `existing`: that coupon's code, when known.
 */
export const codeTaken = (code: string, existing: string = code) =>
  existing === code
    ? couponAdminError('KUPON_KODU_KAYITLI', `"${code}" kodlu bir kupon zaten var; başka bir kod seçin.`, {
        code: 'Bu kod başka bir kuponda kullanılıyor',
      })
    : couponAdminError(
        'KUPON_KODU_KAYITLI',
        `"${code}" kodu, var olan "${existing}" kuponuyla aynı sayılır: kodlarda büyük-küçük harf ve ı/i, ş/s gibi Türkçe harf farkı gözetilmez. Başka bir kod seçin.`,
        { code: `Bu kod "${existing}" kuponuyla aynı sayılır` },
      );

export const limitBelowUses = (used: number) =>
  couponAdminError(
    'KUPON_SINIRI_KULLANIMDAN_AZ',
    `Bu kupon ${used} kez kullanıldı; toplam kullanım sınırı bundan az olamaz.`,
    { usageLimit: `En az ${used} olmalı (şimdiye kadarki kullanım)` },
  );

export const categoryMissing = () =>
  couponAdminError('KATEGORI_BULUNAMADI', 'Seçilen kategori bulunamadı.', {
    categoryId: 'Böyle bir kategori yok',
  });
