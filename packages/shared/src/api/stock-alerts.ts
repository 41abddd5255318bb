import { z } from '../zod.ts';

/** "Gelince haber ver": the shopper's request, with the KVKK consent the e-mail needs. */
export const stockAlertInput = z.object({
  productId: z.coerce.number({ error: 'Ürün seçilmedi' }).int('Ürün seçilmedi').positive('Ürün seçilmedi'),
  variantId: z.coerce.number().int().positive().optional(),
  email: z
    .string({ error: 'E-posta adresinizi girin' })
    .trim()
    .toLowerCase()
    .min(1, 'E-posta adresinizi girin')
    .max(254, 'E-posta adresi en fazla 254 karakter olabilir')
    .pipe(z.email({ error: 'Geçerli bir e-posta adresi girin' })),
  kvkk: z.preprocess(
    (v) => v === 'on' || v === 'true' || v === '1' || v === true,
    z.literal(true, {
      error: 'Size e-posta gönderebilmemiz için KVKK aydınlatma metnini onaylamanız gerekiyor',
    }),
  ),
});
export type StockAlertInput = z.input<typeof stockAlertInput>;

/** The one answer to a request, whether the address was new or not (it tells nobody who asked for what). */
export const STOCK_ALERT_SENT_MESSAGE =
  'Onay bağlantısını e-posta adresinize gönderdik. Bağlantıyı açtığınızda ürün stoğa girince size bir kez haber vereceğiz.';
