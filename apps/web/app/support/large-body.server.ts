import { FORM_TOO_LARGE_HEADER } from '@vitrin/shared/api/form-limits';
import { data } from 'react-router';
import type { FormFailure } from '../account/form.tsx';
import { NO_STORE } from '../account/meta.ts';

/** A page post with a file is refused before it is read when it is clearly over the limit. */
export const MAX_FORM_BYTES = 5 * 1024 * 1024 + 64 * 1024;

const tooLarge = (message: string, intent?: string): FormFailure => ({
  intent,
  error: { code: 'DOSYA_COK_BUYUK', message, fields: { file: 'Dosya çok büyük' } },
  values: {},
});

/** 413 naming the file field, as a form refusal of `intent`; null when the body may be read. */
export function refuseLargeBody(request: Request, intent?: string) {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (!(Number.isFinite(length) && length > MAX_FORM_BYTES)) return null;
  return data(tooLarge('Ek dosya en fazla 5 MB olabilir.', intent), { status: 413, headers: NO_STORE });
}

/**
 * The form's refusal when the server gave up a post over the form limit before it reached the action
 * (FORM_TOO_LARGE_HEADER: the page is read again, 413): what was typed is gone with it, so the form says why.
 */
export function formTooLarge(request: Request, intent?: string): FormFailure | null {
  const limit = request.headers.get(FORM_TOO_LARGE_HEADER);
  if (!limit) return null;
  return tooLarge(
    `Gönderdiğiniz form çok büyük (en fazla ${Number(limit) || 6} MB). Ek dosya en fazla 5 MB olabilir; daha küçük bir dosya seçip mesajınızı yeniden gönderin.`,
    intent,
  );
}
