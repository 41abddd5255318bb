import { ORDER_STATES, type OrderState } from '@vitrin/shared/order-states';
import { DomainError } from '../errors.ts';

/**
 * Why an order or payment request was refused: a stable code for the HTTP layer and the CLI, and a Turkish
 * message shown as is. Codes and statuses in one table, like the account errors.
 */
export const orderErrorStatus = {
  /** Unknown order, another customer's, or a wrong access token: one answer for all three. */
  SIPARIS_BULUNAMADI: 404,
  GECERSIZ_DURUM_GECISI: 409,
  /** Someone else changed the order between our read and our write. */
  SIPARIS_DURUMU_DEGISTI: 409,
  /** Kargoya Verildi needs the cargo company and the tracking number. */
  KARGO_BILGISI_GEREKLI: 400,
  /** A card order is not prepared until it is paid. */
  ODEME_BEKLENIYOR: 409,
  /** Taking stock again for a retried payment: a line is no longer in stock. */
  STOK_YETERSIZ: 409,
  /** Taking the coupon again for a retried payment: its uses ran out meanwhile. */
  KUPON_LIMITI_DOLDU: 409,
  /** Nothing to pay: paid, cancelled, or not a card order. */
  ODEME_YAPILAMAZ: 409,
  /** The 3-D Secure step id is forged, mangled or expired. */
  DOGRULAMA_ADIMI_GECERSIZ: 400,
  /** A payment result whose signature does not check out. */
  ODEME_IMZASI_GECERSIZ: 400,
  /** A result for an attempt that already has one (a replay or a double submit). */
  ODEME_SONUCU_KULLANILDI: 409,
  /** A result or refund for a provider this shop has no keys for (any more). */
  ODEME_SAGLAYICISI_YOK: 409,
  /** The card provider did not answer in time or answered with an error: nothing was charged by us. */
  ODEME_SAGLAYICISI_HATASI: 502,
  /** Marking a refund the shop sent: only a Havale / EFT order whose money is owed back. */
  IADE_BEKLEMIYOR: 409,
  /** A card refund from the panel: not a paid card order, or cancelled (its refund comes with the cancel). */
  IADE_YAPILAMAZ: 409,
  /** A card refund of a line already given back. */
  IADE_EDILDI: 409,
  /** A card refund of more units or money than is left of the line or the payment. */
  IADE_FAZLA: 409,
  /** The provider answered no to a card refund (its reason in the message). */
  IADE_REDDEDILDI: 409,
  /** The provider's answer to a card refund was lost: it is looked up there; asking again refunds once. */
  IADE_SONUCU_BEKLENIYOR: 409,
  /** Marking a transfer paid: only a Havale / EFT order whose money is awaited. */
  ODEME_BEKLEMIYOR: 409,
  GECERSIZ_ISTEK: 400,
  /** A link that adds guest orders to an account: forged, expired, or for another account or address. */
  BAGLANTI_GECERSIZ: 400,
  /** Too many mails asked for one address in a short time. */
  COK_FAZLA_ISTEK: 429,
} as const;
export type OrderErrorCode = keyof typeof orderErrorStatus;

export type OrderError = DomainError<OrderErrorCode>;

/** An order or payment refusal with its code's status. */
export const orderError = (code: OrderErrorCode, message: string, fields?: Record<string, string>) =>
  new DomainError(orderErrorStatus[code], code, message, fields);

export const orderNotFound = () => orderError('SIPARIS_BULUNAMADI', 'Sipariş bulunamadı.');

export const forbiddenTransition = (from: OrderState, to: OrderState, why?: string) =>
  orderError(
    'GECERSIZ_DURUM_GECISI',
    `Sipariş "${ORDER_STATES[from].label}" durumundan "${ORDER_STATES[to].label}" durumuna geçirilemez${why ? `: ${why}` : '.'}`,
  );

export const statusChanged = () =>
  orderError(
    'SIPARIS_DURUMU_DEGISTI',
    'Sipariş bu sırada başka bir işlemle değişti; lütfen sayfayı yenileyip tekrar deneyin.',
  );

export const invalidOrderInput = (fields: Record<string, string>) =>
  orderError('GECERSIZ_ISTEK', 'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.', fields);
