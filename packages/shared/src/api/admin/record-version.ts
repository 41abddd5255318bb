/**
 * A record's version as an edit form loaded it, shared by the forms that refuse a save over someone else's
 * change (pages, posts, products). Brings zod: imported by path.
 */
import { z } from '../../zod.ts';

/**
 * The `updatedAt` of the record as the form loaded it: a save whose record was changed since (by someone
 * else) is refused with 409 KAYIT_DEGISTI instead of overwriting that change. Left out: no check (a new record).
 */
export const loadedVersionField = z.iso
  .datetime({ offset: true, error: 'Kaydın sürümü geçersiz; sayfayı yenileyin' })
  .describe(
    'The `updatedAt` the form loaded; a record changed since is 409 KAYIT_DEGISTI. Left out: no check',
  )
  .optional();

/** The Turkish answer to a save whose record changed since the form loaded it (409 KAYIT_DEGISTI). */
export const RECORD_CHANGED_MESSAGE =
  'Bu kayıt siz düzenlerken başka biri tarafından değiştirildi. Son hâlini yükleyip değişikliklerinizi yeniden yapın.';
