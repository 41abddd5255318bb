import { fieldMessages, type z } from '@vitrin/shared/zod';

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

export class ProductAdminError extends Error {
  readonly status: number;
  constructor(
    readonly code: ProductAdminErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ProductAdminError';
    this.status = STATUS[code];
  }
}

/** The input read by its schema, or a 400 naming each bad field in Turkish. */
export function parseProductInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new ProductAdminError(
    'GECERSIZ_ISTEK',
    'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.',
    fieldMessages(result.error),
  );
}

export const productNotFound = () => new ProductAdminError('URUN_BULUNAMADI', 'Ürün bulunamadı.');

export const categoryMissing = (field = 'categoryId') =>
  new ProductAdminError('KATEGORI_BULUNAMADI', 'Seçilen kategori bulunamadı.', {
    [field]: 'Böyle bir kategori yok',
  });
