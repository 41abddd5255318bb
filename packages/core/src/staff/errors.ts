import { formatDayTime } from '@vitrin/shared/dates';
import { fieldMessages, type z } from '@vitrin/shared/zod';

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

export class StaffError extends Error {
  readonly status: number;
  constructor(
    readonly code: StaffErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** With COK_FAZLA_DENEME and HESAP_KILITLI: when the next attempt may come. */
    readonly retryAt?: Date,
  ) {
    super(message);
    this.name = 'StaffError';
    this.status = staffErrorStatus[code];
  }
}

/** Parses input with its shared schema; a failure is 400 GECERSIZ_ISTEK with a Turkish message per field. */
export function parseStaffInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new StaffError(
    'GECERSIZ_ISTEK',
    'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.',
    fieldMessages(result.error),
  );
}

export const wrongLogin = () =>
  new StaffError('YONETICI_GIRISI_HATALI', 'E-posta, şifre veya doğrulama kodu hatalı.');

export const throttled = (until: Date) =>
  new StaffError(
    'COK_FAZLA_DENEME',
    `Bu cihazdan çok sayıda hatalı deneme yapıldı. ${formatDayTime(until)} itibarıyla yeniden deneyebilirsiniz.`,
    undefined,
    until,
  );

/** The lock of unknown browsers, with the minutes left (rounded up, as `Retry-After` counts) and its end. */
export const accountLocked = (until: Date, now: Date) => {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new StaffError(
    'HESAP_KILITLI',
    `Çok fazla hatalı deneme yapıldı. Hesap kilitli; ${minutes} dakika sonra, ${formatDayTime(until)} itibarıyla yeniden deneyebilirsiniz.`,
    undefined,
    until,
  );
};

export const noStaffSession = () =>
  new StaffError('YONETICI_OTURUMU_GEREKLI', 'Bu sayfa için yönetici olarak giriş yapmalısınız.');

export const wrongTotpCode = () =>
  new StaffError('TOTP_KODU_HATALI', 'Doğrulama kodu hatalı; uygulamadaki güncel kodu girin.', {
    code: 'Doğrulama kodu hatalı',
  });

export const staffNotFound = () => new StaffError('PERSONEL_BULUNAMADI', 'Personel bulunamadı.');
