/**
 * Field limits the forms state as HTML constraints. They repeat `@vitrin/shared/api/account` on purpose:
 * that module brings zod, which must not reach the browser; `constraints.test.ts` keeps the two equal.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;

/** The spec's e-mail pattern (`@vitrin/shared/email`) as an HTML `pattern`: anchored by the browser. */
export const EMAIL_HTML_PATTERN = '\\S+@\\S+\\.\\S+';
/**
 * A Turkish mobile number as people type it (`0532 123 45 67`, `+90 532…`, `(532) 123-45-67`): digits and
 * separators only. The server checks the number itself.
 */
export const PHONE_HTML_PATTERN = '[0-9\\s\\+\\(\\)\\-\\.]{10,20}';
export const PHONE_PLACEHOLDER = '05XX XXX XX XX';
