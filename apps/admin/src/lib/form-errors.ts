import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, messageOf } from './api.ts';

/**
 * Puts an API failure on the form: each field's message under its field (when the form has it), the rest
 * as the form's own message (`errors.root.server`).
 */
export function showApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
) {
  const fields = error instanceof ApiError ? error.fields : {};
  let placed = 0;
  for (const [name, message] of Object.entries(fields)) {
    if (!fieldNames.includes(name as Path<T>)) continue;
    setError(name as Path<T>, { type: 'server', message }, { shouldFocus: placed === 0 });
    placed++;
  }
  if (placed === 0 || placed < Object.keys(fields).length) {
    setError('root.server', { type: 'server', message: messageOf(error) });
  }
}
