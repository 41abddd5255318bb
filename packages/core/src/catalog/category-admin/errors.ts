import { DomainError } from '../../errors.ts';

/**
 * Why a change of the shop's structure (categories, tags, the header menu) was refused: a stable code, its
 * HTTP status and a Turkish message, with per-field messages for the panel's form when a field is at fault.
 */
export type StructureErrorCode =
  | 'GECERSIZ_ISTEK'
  | 'KATEGORI_BULUNAMADI'
  | 'KATEGORI_SLUG_KULLANIMDA'
  | 'KATEGORI_DONGU'
  | 'KATEGORI_ALT_KATEGORILI'
  | 'KATEGORI_URUNLU'
  | 'ETIKET_BULUNAMADI'
  | 'ETIKET_SLUG_KULLANIMDA'
  | 'MENU_OGESI_BULUNAMADI'
  | 'MENU_DONGU';

export const structureError = (
  status: 400 | 404 | 409,
  code: StructureErrorCode,
  message: string,
  fields?: Record<string, string>,
) => new DomainError(status, code, message, fields);
