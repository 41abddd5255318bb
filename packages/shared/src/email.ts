/**
 * E-mail and URL checks used by dialog validators (specification §9).
 *
 * Validators return the message to show, or `null` when the value is valid. An empty value is
 * **invalid** for both validators; a dialog with an optional field should skip validation when
 * the field is empty.
 */

/** Deliberately loose: non-space text, '@', non-space text, '.', non-space text. */
export const EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/** Messages returned by the dialog validators. */
export const VALIDATION_MESSAGES = {
  invalidEmail: 'Invalid email address',
  invalidUrl: 'Invalid URL',
} as const;

/** True when `value` is a string matching {@link EMAIL_PATTERN} (no trimming). */
export function isEmail(value: unknown): value is string {
  return typeof value === 'string' && EMAIL_PATTERN.test(value);
}

/** `null` when `value` is an e-mail address, otherwise `'Invalid email address'`. */
export function validateEmail(value: string | null | undefined): string | null {
  return isEmail(value) ? null : VALIDATION_MESSAGES.invalidEmail;
}

/**
 * True when `value` is an absolute `http://` or `https://` URL with a host and no whitespace
 * (no trimming; other schemes such as `javascript:`, `ftp:` or `mailto:` are rejected).
 */
export function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || !/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** `null` when `value` is an http(s) URL (see {@link isHttpUrl}), otherwise `'Invalid URL'`. */
export function validateUrl(value: string | null | undefined): string | null {
  return isHttpUrl(value) ? null : VALIDATION_MESSAGES.invalidUrl;
}
