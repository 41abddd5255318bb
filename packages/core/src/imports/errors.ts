import type { ImportAnswer } from '@vitrin/shared/api/admin/imports';
import { DomainError, isDomainError } from '../errors.ts';

export type ImportErrorCode =
  | 'DOSYA_GEREKLI'
  | 'DOSYA_TURU_GECERSIZ'
  | 'DOSYA_BOS'
  | 'DOSYA_OKUNAMADI'
  | 'DOSYA_COK_BUYUK'
  | 'COK_FAZLA_SATIR'
  | 'BASLIK_EKSIK'
  | 'ICE_AKTARMA_BULUNAMADI'
  | 'ICE_AKTARMA_CAKISMA';

/** A file the import cannot read at all (not its rows: those are answered row by row). */
export const importError = (
  status: 400 | 404 | 409 | 413 | 415 | 422,
  code: ImportErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new DomainError(status, code, message, fields);

/**
 * A real run refused for its rows: nothing was written; the answer names every row's errors (its `details`,
 * which the API answers beside `error`, as a dry run answers them).
 */
export const importRowsRefused = (result: ImportAnswer) =>
  new DomainError(
    422,
    'ICE_AKTARMA_HATALI',
    'İçe aktarılacak dosyada hatalı satırlar var; hiçbir değişiklik yapılmadı.',
    undefined,
    { details: result },
  );

export const isImportRowsRefusal = (err: unknown): err is DomainError<'ICE_AKTARMA_HATALI', ImportAnswer> =>
  isDomainError(err, 'ICE_AKTARMA_HATALI');
