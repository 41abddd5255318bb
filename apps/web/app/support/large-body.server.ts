import { data } from 'react-router';
import type { FormFailure } from '../account/form.tsx';
import { NO_STORE } from '../account/meta.ts';

/** A page post with a file is refused before it is read when it is clearly over the limit. */
export const MAX_FORM_BYTES = 5 * 1024 * 1024 + 64 * 1024;

/** 413 naming the file field, as a form refusal of `intent`; null when the body may be read. */
export function refuseLargeBody(request: Request, intent?: string) {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (!(Number.isFinite(length) && length > MAX_FORM_BYTES)) return null;
  return data<FormFailure>(
    {
      intent,
      error: {
        code: 'DOSYA_COK_BUYUK',
        message: 'Ek dosya en fazla 5 MB olabilir.',
        fields: { file: 'Dosya çok büyük' },
      },
      values: {},
    },
    { status: 413, headers: NO_STORE },
  );
}
