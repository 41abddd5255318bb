import { DomainError } from '../../errors.ts';

/** Why a product change was refused: a stable code, its HTTP status and a Turkish message. */
export type ProductAdminErrorCode =
  | 'GECERSIZ_ISTEK'
  | 'URUN_BULUNAMADI'
  | 'VARYANT_BULUNAMADI'
  | 'SKU_KAYITLI'
  | 'SLUG_KAYITLI'
  | 'KATEGORI_BULUNAMADI'
  | 'ETIKET_BULUNAMADI'
  | 'VARYANT_SECIN'
  | 'STOK_SINIRSIZ'
  | 'STOK_EKSIYE_DUSEMEZ'
  | 'KAYIT_DEGISTI';

const STATUS: Record<ProductAdminErrorCode, number> = {
  GECERSIZ_ISTEK: 400,
  URUN_BULUNAMADI: 404,
  VARYANT_BULUNAMADI: 404,
  SKU_KAYITLI: 409,
  SLUG_KAYITLI: 409,
  KATEGORI_BULUNAMADI: 422,
  ETIKET_BULUNAMADI: 422,
  VARYANT_SECIN: 422,
  STOK_SINIRSIZ: 422,
  STOK_EKSIYE_DUSEMEZ: 409,
  KAYIT_DEGISTI: 409,
};

export const productAdminError = (
  code: ProductAdminErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new DomainError(STATUS[code], code, message, fields);

export const productNotFound = () => productAdminError('URUN_BULUNAMADI', 'Ürün bulunamadı.');

export const categoryMissing = (field = 'categoryId') =>
  productAdminError('KATEGORI_BULUNAMADI', 'Seçilen kategori bulunamadı.', {
    [field]: 'Böyle bir kategori yok',
  });
