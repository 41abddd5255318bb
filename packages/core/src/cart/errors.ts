import { type CouponErrorCode, MAX_ORDER_TOTAL_MINOR } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { DomainError } from '../errors.ts';

/**
 * The cart's, coupon's and checkout's refusals: the HTTP status to answer with, a stable code and a Turkish
 * message shown as is; `fields` names form fields to mark.
 */
export const productNotFound = () =>
  new DomainError(404, 'URUN_BULUNAMADI', 'Ürün bulunamadı ya da artık satılmıyor.', {
    productId: 'Ürün bulunamadı',
  });

export const lineNotFound = () => new DomainError(404, 'SATIR_BULUNAMADI', 'Sepetinizde bu ürün bulunamadı.');

export const variantRequired = () =>
  new DomainError(400, 'SECENEK_GEREKLI', 'Lütfen sepete eklemeden önce bir seçenek belirleyin.', {
    variantId: 'Bir seçenek belirleyin',
  });

export const variantInvalid = () =>
  new DomainError(400, 'SECENEK_GECERSIZ', 'Seçtiğiniz seçenek bu ürüne ait değil ya da artık satılmıyor.', {
    variantId: 'Geçersiz seçenek',
  });

export const variantNotAllowed = () =>
  new DomainError(400, 'SECENEK_GECERSIZ', 'Bu ürünün seçenekleri yok; seçenek gönderilmemeli.', {
    variantId: 'Bu ürünün seçenekleri yok',
  });

export const personalizationInvalid = (fields: Record<string, string>, message?: string) =>
  new DomainError(
    400,
    'KISISELLESTIRME_GECERSIZ',
    message ?? 'Kişiselleştirme bilgilerinde hata var; lütfen işaretli alanları düzeltin.',
    fields,
  );

export const outOfStock = (name: string, available: number) =>
  new DomainError(
    409,
    'STOK_YETERSIZ',
    available <= 0 ? `"${name}" tükendi.` : `"${name}" için stokta yalnızca ${available} adet var.`,
    { quantity: available <= 0 ? 'Stokta yok' : `En fazla ${available} adet` },
  );

export const lineQuantityLimit = (max: number) =>
  new DomainError(409, 'ADET_SINIRI', `Bir üründen sepete en fazla ${max} adet eklenebilir.`, {
    quantity: `En fazla ${max} adet`,
  });

export const cartFull = (max: number) =>
  new DomainError(
    409,
    'SEPET_DOLU',
    `Sepetinizde en fazla ${max} farklı ürün olabilir. Yeni bir ürün eklemek için sepetinizden bir ürünü çıkarın.`,
  );

/** Throws when an amount is above what one order may come to (`MAX_ORDER_TOTAL_MINOR`). */
export function assertOrderTotal(minor: number): void {
  if (minor <= MAX_ORDER_TOTAL_MINOR) return;
  throw new DomainError(
    409,
    'SIPARIS_TUTARI_SINIRI',
    `Bir siparişin tutarı en fazla ${formatMoney(MAX_ORDER_TOTAL_MINOR, 'TRY')} olabilir. Lütfen sepetinizdeki ürünlerin adedini azaltın ya da siparişinizi bölün.`,
    { quantity: `Sipariş tutarı en fazla ${formatMoney(MAX_ORDER_TOTAL_MINOR, 'TRY')}` },
  );
}

export const emptyCart = () => new DomainError(409, 'SEPET_BOS', 'Sepetiniz boş.');

/** A coupon refusal: unknown codes are 404, every other reason 422 (the code exists but does not apply). */
export const couponError = (code: CouponErrorCode, message: string) =>
  new DomainError(code === 'KUPON_BULUNAMADI' ? 404 : 422, code, message, { code: message });
