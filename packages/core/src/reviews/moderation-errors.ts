import { DomainError } from '../errors.ts';

/** Why a moderation in the panel was refused: a stable code, its HTTP status and a Turkish message. */
export type ReviewModerationErrorCode = 'DEGERLENDIRME_BULUNAMADI' | 'DEGERLENDIRME_DEGISTI';

const STATUS: Record<ReviewModerationErrorCode, number> = {
  DEGERLENDIRME_BULUNAMADI: 404,
  DEGERLENDIRME_DEGISTI: 409,
};

const moderationError = (code: ReviewModerationErrorCode, message: string) =>
  new DomainError(STATUS[code], code, message);

export const reviewNotFound = () => moderationError('DEGERLENDIRME_BULUNAMADI', 'Değerlendirme bulunamadı.');

/** Someone else moderated or answered the review since the panel showed it (or it already is so). */
export const reviewChanged = (message: string) => moderationError('DEGERLENDIRME_DEGISTI', message);

export const ALREADY_APPROVED = 'Bu değerlendirme zaten yayında; sayfayı yenileyin.';
export const ALREADY_REJECTED = 'Bu değerlendirme zaten yayımlanmadı olarak işaretlenmiş; sayfayı yenileyin.';
export const CHANGED_MEANWHILE =
  'Bu değerlendirme siz bakarken başka biri tarafından değiştirildi. Son hâlini yükleyip yeniden deneyin.';
