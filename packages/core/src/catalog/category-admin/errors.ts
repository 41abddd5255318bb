import { fieldMessages, type z } from '@vitrin/shared/zod';

/**
 * Why a change of the shop's structure (categories, tags, the header menu) was refused: a stable code, its
 * HTTP status and a Turkish message, with per-field messages for the panel's form when a field is at fault.
 */
export class StructureError extends Error {
  constructor(
    readonly status: 400 | 404 | 409,
    readonly code:
      | 'GECERSIZ_ISTEK'
      | 'KATEGORI_BULUNAMADI'
      | 'KATEGORI_SLUG_KULLANIMDA'
      | 'KATEGORI_DONGU'
      | 'KATEGORI_ALT_KATEGORILI'
      | 'KATEGORI_URUNLU'
      | 'ETIKET_BULUNAMADI'
      | 'ETIKET_SLUG_KULLANIMDA'
      | 'MENU_OGESI_BULUNAMADI'
      | 'MENU_DONGU',
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'StructureError';
  }
}

/** The domain checks what it is given whoever calls it (the routes check it first, with the same schema). */
export function parsedInput<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new StructureError(
    400,
    'GECERSIZ_ISTEK',
    'Gönderilen bilgilerde hata var; lütfen işaretli alanları düzeltin.',
    fieldMessages(result.error),
  );
}

/** A unique index's refusal (PostgreSQL 23505), as both drivers report it. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
