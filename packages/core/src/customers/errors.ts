import { formatDayTime } from '@vitrin/shared/dates';
import { DomainError } from '../errors.ts';

/**
 * Why an account request was refused: a stable code for the HTTP layer and the web, and a Turkish message
 * shown as is. `fields` names the form fields to mark, with a Turkish message each.
 */
export type AccountErrorCode =
  /** Input did not pass its schema; `fields` says where. */
  | 'GECERSIZ_ISTEK'
  | 'EPOSTA_KAYITLI'
  /** Wrong e-mail or password: one answer for both, so it does not tell which addresses have accounts. */
  | 'GIRIS_HATALI'
  /** Too many wrong passwords from this browser, or from unknown browsers for this e-mail; `lockedUntil` says until when. */
  | 'COK_FAZLA_DENEME'
  /** The password asked for again (e-mail change, password change, deletion) is wrong. */
  | 'SIFRE_HATALI'
  /** A reset link that is unknown, used or expired. */
  | 'TOKEN_GECERSIZ'
  /** The session is unknown, expired or ended. */
  | 'OTURUM_GECERSIZ'
  | 'HESAP_BULUNAMADI'
  | 'ADRES_BULUNAMADI'
  | 'ADRES_SINIRI'
  /** Staff disabled the account (the panel): right password, no login. */
  | 'HESAP_DEVRE_DISI'
  /** A change staff asked for on an account already erased. */
  | 'HESAP_SILINMIS'
  /** The erasure's typed confirmation is not the customer's e-mail address. */
  | 'ONAY_HATALI'
  /** Staff asked to send the guest orders' link of an account that has none waiting, or cannot log in. */
  | 'BAGLANACAK_SIPARIS_YOK'
  | 'HESAP_KAPALI';

/** The status the HTTP layer answers each code with. */
export const accountErrorStatus = {
  GECERSIZ_ISTEK: 400,
  EPOSTA_KAYITLI: 409,
  GIRIS_HATALI: 401,
  COK_FAZLA_DENEME: 429,
  SIFRE_HATALI: 403,
  TOKEN_GECERSIZ: 400,
  OTURUM_GECERSIZ: 401,
  HESAP_BULUNAMADI: 404,
  ADRES_BULUNAMADI: 404,
  ADRES_SINIRI: 409,
  HESAP_DEVRE_DISI: 403,
  HESAP_SILINMIS: 409,
  ONAY_HATALI: 422,
  BAGLANACAK_SIPARIS_YOK: 409,
  HESAP_KAPALI: 409,
} as const satisfies Record<AccountErrorCode, number>;

export type AccountError = DomainError<AccountErrorCode>;

/** An account refusal with its code's status; `retryAt` with COK_FAZLA_DENEME (when the lock ends). */
const accountError = (
  code: AccountErrorCode,
  message: string,
  fields?: Record<string, string>,
  retryAt?: Date,
) => new DomainError(accountErrorStatus[code], code, message, fields, retryAt ? { retryAt } : {});

export const emailTaken = () =>
  accountError(
    'EPOSTA_KAYITLI',
    'Bu e-posta adresiyle kayıtlı bir hesap zaten var. Giriş yapmayı deneyin ya da "Şifremi Unuttum" ile şifrenizi sıfırlayın.',
    { email: 'Bu e-posta adresi zaten kayıtlı' },
  );

export const wrongCredentials = () => accountError('GIRIS_HATALI', 'E-posta adresi ya da şifre hatalı.');

/**
 * Turkey's time (the shop's customers are there), e.g. "23 Kasım 14:35". `fromThisDevice`: the wrong
 * passwords came from this browser (its device cookie, or the account panel); otherwise from browsers the
 * e-mail's account does not know, the same words whether or not an account has that e-mail.
 */
export const tooManyAttempts = (lockedUntil: Date, fromThisDevice = true) =>
  accountError(
    'COK_FAZLA_DENEME',
    `${fromThisDevice ? 'Bu cihazdan' : 'Bu e-posta adresi için tanınmayan cihazlardan'} çok sayıda hatalı şifre denemesi yapıldı. ${formatDayTime(lockedUntil)} itibarıyla yeniden deneyebilir ya da "Şifremi Unuttum" ile şifrenizi hemen sıfırlayabilirsiniz.`,
    undefined,
    lockedUntil,
  );

export const wrongPassword = (field: string) =>
  accountError('SIFRE_HATALI', 'Girdiğiniz şifre hatalı.', { [field]: 'Şifreniz hatalı' });

export const invalidResetToken = () =>
  accountError(
    'TOKEN_GECERSIZ',
    'Şifre sıfırlama bağlantısı geçersiz ya da süresi dolmuş. Lütfen yeni bir bağlantı isteyin.',
  );

export const invalidSession = () =>
  accountError('OTURUM_GECERSIZ', 'Oturumunuzun süresi doldu; lütfen yeniden giriş yapın.');

export const customerNotFound = (email?: string) =>
  accountError(
    'HESAP_BULUNAMADI',
    email ? `Bu e-posta adresiyle kayıtlı müşteri bulunamadı: ${email}` : 'Hesap bulunamadı.',
  );

export const accountDisabled = () =>
  accountError(
    'HESAP_DEVRE_DISI',
    'Hesabınız mağaza tarafından devre dışı bırakıldı; giriş yapamazsınız. Bilgi için bizimle iletişime geçin.',
  );

export const accountErased = () =>
  accountError('HESAP_SILINMIS', 'Bu hesap silinmiş; kişisel verileri artık yok, değiştirilemez.');

export const noGuestOrdersToLink = () =>
  accountError(
    'BAGLANACAK_SIPARIS_YOK',
    'Bu e-posta adresiyle verilmiş, hesaba bağlı olmayan sipariş yok; e-posta gönderilmedi.',
  );

export const disabledNoLink = () =>
  accountError(
    'HESAP_KAPALI',
    'Hesap devre dışı: müşteri giriş yapamadığı için bağlantıyı kullanamaz. Önce hesabı etkinleştirin.',
  );

export const wrongConfirmation = () =>
  accountError('ONAY_HATALI', 'Onay metni müşterinin e-posta adresiyle aynı değil; hiçbir şey silinmedi.', {
    confirm: 'Müşterinin e-posta adresini aynen yazın',
  });

export const addressNotFound = () => accountError('ADRES_BULUNAMADI', 'Adres bulunamadı.');

export const addressLimit = (max: number) =>
  accountError(
    'ADRES_SINIRI',
    `Adres defterinize en fazla ${max} adres kaydedebilirsiniz. Yeni bir adres eklemek için kullanmadığınız bir adresi silin.`,
  );
