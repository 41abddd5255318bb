import { formatDayTime } from '@vitrin/shared/dates';
import { DomainError } from '../errors.ts';

/** Why a staff request was refused: a stable code, its HTTP status and a Turkish message shown as is. */
export type StaffErrorCode =
  | 'GECERSIZ_ISTEK'
  /** Wrong e-mail, password or code, or a disabled account: one answer, so it tells nothing. */
  | 'YONETICI_GIRISI_HATALI'
  | 'COK_FAZLA_DENEME'
  | 'HESAP_KILITLI'
  | 'YONETICI_OTURUMU_GEREKLI'
  | 'TOTP_KODU_HATALI'
  | 'TOTP_KURULUMU_BASLATILMADI'
  | 'SIFRE_HATALI'
  | 'PERSONEL_BULUNAMADI'
  | 'EPOSTA_KAYITLI'
  | 'SON_SAHIP';

export const staffErrorStatus: Record<StaffErrorCode, number> = {
  GECERSIZ_ISTEK: 400,
  YONETICI_GIRISI_HATALI: 401,
  COK_FAZLA_DENEME: 429,
  HESAP_KILITLI: 423,
  YONETICI_OTURUMU_GEREKLI: 401,
  TOTP_KODU_HATALI: 400,
  TOTP_KURULUMU_BASLATILMADI: 409,
  SIFRE_HATALI: 403,
  PERSONEL_BULUNAMADI: 404,
  EPOSTA_KAYITLI: 409,
  SON_SAHIP: 409,
};

/** A staff refusal with its code's status; `retryAt` with COK_FAZLA_DENEME and HESAP_KILITLI. */
export const staffError = (
  code: StaffErrorCode,
  message: string,
  fields?: Record<string, string>,
  retryAt?: Date,
) => new DomainError(staffErrorStatus[code], code, message, fields, retryAt ? { retryAt } : {});

export const wrongLogin = () =>
  staffError('YONETICI_GIRISI_HATALI', 'E-posta, şifre veya doğrulama kodu hatalı.');

export const throttled = (until: Date) =>
  staffError(
    'COK_FAZLA_DENEME',
    `Bu cihazdan çok sayıda hatalı deneme yapıldı. ${formatDayTime(until)} itibarıyla yeniden deneyebilirsiniz.`,
    undefined,
    until,
  );

/** The lock of unknown browsers, with the minutes left (rounded up, as `Retry-After` counts) and its end. */
export const accountLocked = (until: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return staffError(
    'HESAP_KILITLI',
    `Çok fazla hatalı deneme yapıldı. Hesap kilitli; ${minutes} dakika sonra, ${formatDayTime(until)} itibarıyla yeniden deneyebilirsiniz.`,
    undefined,
    until,
  );
};

export const noStaffSession = () =>
  staffError('YONETICI_OTURUMU_GEREKLI', 'Bu sayfa için yönetici olarak giriş yapmalısınız.');

export const wrongTotpCode = () =>
  staffError('TOTP_KODU_HATALI', 'Doğrulama kodu hatalı; uygulamadaki güncel kodu girin.', {
    code: 'Doğrulama kodu hatalı',
  });

export const staffNotFound = () => staffError('PERSONEL_BULUNAMADI', 'Personel bulunamadı.');
