import { MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import { DomainError } from '../errors.ts';
import { DISK_FULL_MESSAGE } from '../media/disk-full.ts';

/**
 * Why a contact or support request was refused: a stable code for the HTTP layer and the CLI, and a Turkish
 * message shown as is. Codes and statuses in one table, like the order errors.
 */
export const supportErrorStatus = {
  /** Unknown ticket or another customer's: one answer for both. */
  TALEP_BULUNAMADI: 404,
  /** The order named on a new ticket is not one of the customer's. */
  SIPARIS_GECERSIZ: 422,
  /** The shop cannot answer a ticket its customer closed. */
  TALEP_KAPALI: 409,
  /** Someone else changed the ticket between our read and our write. */
  TALEP_DEGISTI: 409,
  DOSYA_COK_BUYUK: 413,
  DOSYA_TURU_GECERSIZ: 415,
  /** The server's disk is full: the attachment (and its message) was not saved. */
  DISK_DOLU: 507,
  GECERSIZ_ISTEK: 400,
  /** A saved reply that does not exist (any more). */
  HAZIR_YANIT_BULUNAMADI: 404,
  /** Another saved reply has that title (regardless of case). */
  HAZIR_YANIT_VAR: 409,
} as const;
export type SupportErrorCode = keyof typeof supportErrorStatus;

/** A contact or support refusal with its code's status. */
export const supportError = (code: SupportErrorCode, message: string, fields?: Record<string, string>) =>
  new DomainError(supportErrorStatus[code], code, message, fields);

export const ticketNotFound = () => supportError('TALEP_BULUNAMADI', 'Destek talebi bulunamadı.');

export const orderNotYours = () =>
  supportError('SIPARIS_GECERSIZ', 'Seçtiğiniz sipariş hesabınızda bulunamadı.', {
    orderNo: 'Siparişlerinizden birini seçin',
  });

export const ticketClosed = () =>
  supportError('TALEP_KAPALI', 'Bu talep müşteri tarafından kapatıldı; yanıt eklenemez.');

export const ticketChanged = () =>
  supportError('TALEP_DEGISTI', 'Talep bu sırada değişti; lütfen sayfayı yenileyip tekrar deneyin.');

export const attachmentTooLarge = () =>
  supportError('DOSYA_COK_BUYUK', `Ek dosya en fazla ${MAX_ATTACHMENT_BYTES / (1024 * 1024)} MB olabilir.`, {
    file: 'Dosya çok büyük',
  });

export const attachmentDiskFull = () => supportError('DISK_DOLU', DISK_FULL_MESSAGE);

export const attachmentWrongType = () =>
  supportError('DOSYA_TURU_GECERSIZ', 'Yalnızca JPEG, PNG, WebP görsel ya da PDF ekleyebilirsiniz.', {
    file: 'JPEG, PNG, WebP ya da PDF seçin',
  });

export const invalidSupportInput = (fields: Record<string, string>) =>
  supportError(
    'GECERSIZ_ISTEK',
    'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.',
    fields,
  );
