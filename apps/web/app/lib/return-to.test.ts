import { describe, expect, it } from 'vitest';
import { loginPathFor, safeReturnTo } from './return-to.ts';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnTo('/panel')).toBe('/panel');
    expect(safeReturnTo('/panel/address?edit=3#address-form')).toBe('/panel/address?edit=3#address-form');
    expect(safeReturnTo('/search?q=kupa%20seti')).toBe('/search?q=kupa%20seti');
  });

  it('refuses protocol-relative and backslash paths that browsers read as another host', () => {
    expect(safeReturnTo('//evil.example')).toBeNull();
    expect(safeReturnTo('//evil.example/panel')).toBeNull();
    expect(safeReturnTo('/\\evil.example')).toBeNull();
    expect(safeReturnTo('/panel\\..\\x')).toBeNull();
  });

  it.each([
    '/.//evil.example/phish',
    '/..//evil.example/phish',
    '/a/..//evil.example/phish',
    '/%2e//evil.example/phish',
    '/%2E%2E//evil.example/phish',
    '/./\\evil.example/phish',
    '/.\t//evil.example/phish',
    '/\t/evil.example/phish',
  ])('refuses %j, which normalises to a path another host would be read from', (value) => {
    expect(safeReturnTo(value)).toBeNull();
  });

  it('keeps what normalises to a path on this site', () => {
    expect(safeReturnTo('/./panel')).toBe('/panel');
    expect(safeReturnTo('/a/../panel/orders')).toBe('/panel/orders');
    expect(safeReturnTo('/%2F%2Fevil.example/phish')).toBe('/%2F%2Fevil.example/phish');
  });

  it('refuses full URLs and other schemes', () => {
    expect(safeReturnTo('https://evil.example/panel')).toBeNull();
    expect(safeReturnTo('http:/evil.example')).toBeNull();
    expect(safeReturnTo('javascript:alert(1)')).toBeNull();
    expect(safeReturnTo('panel')).toBeNull();
  });

  it('refuses control characters that URL parsing would drop (/\\t/evil becomes //evil)', () => {
    expect(safeReturnTo('/\t/evil.example')).toBeNull();
    expect(safeReturnTo('/\n/evil.example')).toBeNull();
    expect(safeReturnTo('/panel\u0000')).toBeNull();
  });

  it('refuses what is not a string, empty or absurdly long', () => {
    expect(safeReturnTo(null)).toBeNull();
    expect(safeReturnTo(undefined)).toBeNull();
    expect(safeReturnTo(['/panel'])).toBeNull();
    expect(safeReturnTo('')).toBeNull();
    expect(safeReturnTo(`/${'a'.repeat(2001)}`)).toBeNull();
  });

  it('keeps encoded slashes encoded: they stay one path segment on this site', () => {
    expect(safeReturnTo('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });
});

describe('loginPathFor', () => {
  it('sends the path and query of the page as returnTo', () => {
    expect(loginPathFor(new URL('http://shop.test/panel/address?edit=2'))).toBe(
      '/login?returnTo=%2Fpanel%2Faddress%3Fedit%3D2',
    );
  });
});
