import { describe, expect, it } from 'vitest';
import { MENU_URL_MAX, menuItemRequest } from './api/admin/menu.ts';
import { SOCIAL_URL_MAX, socialAccountRequest } from './api/admin/social-accounts.ts';
import { WEB_ADDRESS_MESSAGES, withHttps } from './web-address.ts';

const social = (url: unknown) =>
  socialAccountRequest.safeParse({ platform: 'instagram', label: 'Instagram', url });
const menu = (url: unknown) => menuItemRequest.safeParse({ title: 'Hakkımızda', url });

/** The messages a parse gave on `url`. */
const urlMessages = (result: ReturnType<typeof social> | ReturnType<typeof menu>) =>
  result.success ? [] : result.error.issues.filter((i) => i.path[0] === 'url').map((i) => i.message);

describe('withHttps', () => {
  it('puts https:// before an address typed without it', () => {
    expect(withHttps('www.ornek.com.tr/x')).toBe('https://www.ornek.com.tr/x');
    expect(withHttps('ornek.com')).toBe('https://ornek.com');
    expect(withHttps('instagram.com/vitrin.atolye?hl=tr')).toBe('https://instagram.com/vitrin.atolye?hl=tr');
    expect(withHttps('dükkân.com.tr:8443/sepet')).toBe('https://dükkân.com.tr:8443/sepet');
  });

  it('leaves an address with a scheme, a site path and what is no address as typed', () => {
    for (const value of [
      'https://www.ornek.com.tr',
      'http://ornek.com',
      '/shop/giyim',
      'javascript:alert(1)',
      'mailto:bilgi@ornek.com',
      'ornek',
      'ornek com.tr',
      '//ornek.com',
      '',
    ]) {
      expect(withHttps(value)).toBe(value);
    }
  });
});

describe('the social account and menu link address', () => {
  it('takes www.ornek.com.tr/x as https://www.ornek.com.tr/x, surrounding spaces trimmed', () => {
    for (const parse of [social, menu]) {
      const result = parse('  www.ornek.com.tr/x ');
      expect(result.success).toBe(true);
      expect(result.data?.url).toBe('https://www.ornek.com.tr/x');
    }
    expect(social('http://ornek.com/a').data?.url).toBe('http://ornek.com/a');
    expect(menu('/shop/giyim').data?.url).toBe('/shop/giyim');
  });

  it.each([
    ['missing', undefined],
    ['not text', 42],
    ['null', null],
    ['empty', ''],
    ['only spaces', '   '],
    ['another scheme', 'javascript:alert(1)'],
    ['an e-mail link', 'mailto:bilgi@ornek.com'],
    ['a word without a domain', 'ornek'],
    ['a space inside', 'https://ornek .com'],
    ['a scheme without host', 'https://'],
    ['a control character', 'www.ornek.com\u0000/x'],
    ['too long', `www.ornek.com/${'a'.repeat(500)}`],
  ])('refuses an address %s with Turkish messages only', (_, value) => {
    for (const [parse, max] of [
      [social, SOCIAL_URL_MAX],
      [menu, MENU_URL_MAX],
    ] as const) {
      const messages = urlMessages(parse(value));
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) {
        expect(message).not.toMatch(/invalid|expected|too (big|small)|required/i);
        expect([
          WEB_ADDRESS_MESSAGES.invalid,
          WEB_ADDRESS_MESSAGES.invalidLink,
          WEB_ADDRESS_MESSAGES.required,
          WEB_ADDRESS_MESSAGES.tooLong(max),
          'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın',
        ]).toContain(message);
      }
    }
  });

  it('says which: empty, too long, or not an address', () => {
    expect(urlMessages(social(''))).toEqual([WEB_ADDRESS_MESSAGES.required]);
    expect(urlMessages(social(`https://ornek.com/${'a'.repeat(SOCIAL_URL_MAX)}`))[0]).toBe(
      'Adres en fazla 500 karakter olabilir',
    );
    expect(urlMessages(social('ornek'))).toEqual([WEB_ADDRESS_MESSAGES.invalid]);
    expect(urlMessages(menu('ornek'))).toEqual([WEB_ADDRESS_MESSAGES.invalidLink]);
  });

  it('answers the other fields of the two forms in Turkish too', () => {
    const bad = socialAccountRequest.safeParse({ platform: 'myspace', label: 5, url: 'ornek.com' });
    const badMenu = menuItemRequest.safeParse({ title: '', url: '/a', isActive: 'evet', parentId: 'x' });
    const messages = [...(bad.error?.issues ?? []), ...(badMenu.error?.issues ?? [])].map((i) => i.message);
    expect(messages.length).toBeGreaterThanOrEqual(5);
    for (const message of messages) expect(message).not.toMatch(/invalid|expected|received/i);
  });
});
