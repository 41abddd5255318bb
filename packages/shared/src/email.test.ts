import { describe, expect, it } from 'vitest';
import {
  EMAIL_PATTERN,
  isEmail,
  isHttpUrl,
  VALIDATION_MESSAGES,
  validateEmail,
  validateUrl,
} from './email.ts';

describe('EMAIL_PATTERN', () => {
  it('is non-space text, @, text, a dot, text', () => {
    expect(EMAIL_PATTERN.source).toBe('^\\S+@\\S+\\.\\S+$');
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmail('ali@example.com')).toBe(true);
    expect(isEmail('ayse.yilmaz+siparis@posta.example.com.tr')).toBe(true);
  });

  it('is deliberately loose (anything non-space around @ and a dot)', () => {
    expect(isEmail('a@b.c')).toBe(true);
    expect(isEmail('çiğdem@örnek.com')).toBe(true);
  });

  it('rejects text without @, without a dot after @, or with spaces', () => {
    for (const value of [
      '',
      'ali',
      'ali@example',
      '@example.com',
      'ali@.',
      'ali @example.com',
      ' ali@example.com',
    ]) {
      expect(isEmail(value)).toBe(false);
    }
  });

  it('rejects non-strings', () => {
    expect(isEmail(null)).toBe(false);
    expect(isEmail(undefined)).toBe(false);
    expect(isEmail(42)).toBe(false);
  });
});

describe('validateEmail', () => {
  it('returns null for a valid address', () => {
    expect(validateEmail('ali@example.com')).toBeNull();
  });

  it("returns 'Invalid email address' otherwise, including empty values", () => {
    expect(validateEmail('ali@example')).toBe('Invalid email address');
    expect(validateEmail('')).toBe(VALIDATION_MESSAGES.invalidEmail);
    expect(validateEmail(null)).toBe(VALIDATION_MESSAGES.invalidEmail);
  });
});

describe('validateUrl', () => {
  it('returns null for http and https URLs', () => {
    expect(validateUrl('https://example.com')).toBeNull();
    expect(validateUrl('http://localhost:3000/admin?x=1#top')).toBeNull();
    expect(validateUrl('HTTPS://Example.com/Ürün')).toBeNull();
  });

  it("returns 'Invalid URL' for other schemes", () => {
    for (const value of [
      'ftp://example.com',
      'javascript:alert(1)',
      'mailto:ali@example.com',
      'data:text/plain,x',
    ]) {
      expect(validateUrl(value)).toBe('Invalid URL');
    }
  });

  it("returns 'Invalid URL' for relative, malformed or blank values", () => {
    for (const value of [
      '',
      ' ',
      'example.com',
      '/products',
      'https://',
      'http:example.com',
      'https://exa mple.com',
    ]) {
      expect(validateUrl(value)).toBe(VALIDATION_MESSAGES.invalidUrl);
    }
    expect(validateUrl(null)).toBe('Invalid URL');
    expect(validateUrl(undefined)).toBe('Invalid URL');
  });

  it('does not trim surrounding whitespace', () => {
    expect(isHttpUrl(' https://example.com')).toBe(false);
    expect(isHttpUrl('https://example.com ')).toBe(false);
  });
});

describe('VALIDATION_MESSAGES', () => {
  it('holds the dialog messages', () => {
    expect(VALIDATION_MESSAGES).toEqual({ invalidEmail: 'Invalid email address', invalidUrl: 'Invalid URL' });
  });
});
