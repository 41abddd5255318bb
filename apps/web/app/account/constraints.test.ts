import * as shared from '@vitrin/shared/api/account';
import { EMAIL_PATTERN } from '@vitrin/shared/email';
import { describe, expect, it } from 'vitest';
import {
  EMAIL_HTML_PATTERN,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_HTML_PATTERN,
} from './constraints.ts';

describe('form constraints', () => {
  it('match the server schemas (which the browser must not import)', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(shared.PASSWORD_MIN_LENGTH);
    expect(PASSWORD_MAX_LENGTH).toBe(shared.PASSWORD_MAX_LENGTH);
  });

  it('state the spec e-mail pattern as an HTML pattern', () => {
    expect(`^${EMAIL_HTML_PATTERN}$`).toBe(EMAIL_PATTERN.source);
  });

  it('compile as HTML patterns do (the v flag) and accept the usual spellings of a mobile number', () => {
    const phone = new RegExp(`^(?:${PHONE_HTML_PATTERN})$`, 'v');
    for (const ok of ['0532 123 45 67', '+90 532 123 45 67', '(532) 123-45-67', '05321234567']) {
      expect(phone.test(ok), ok).toBe(true);
    }
    for (const bad of ['0532', 'beş yüz otuz iki']) expect(phone.test(bad), bad).toBe(false);
    expect(new RegExp(`^(?:${EMAIL_HTML_PATTERN})$`, 'v').test('ayse@example.com')).toBe(true);
  });
});
