import { describe, expect, it } from 'vitest';
import { returnTo } from './return-to.ts';

describe('returnTo', () => {
  it('keeps a screen of the panel with its query', () => {
    expect(returnTo('/personel')).toBe('/personel');
    expect(returnTo('/denetim?entity=staff&page=2')).toBe('/denetim?entity=staff&page=2');
  });

  it.each([null, '', 'personel', 'https://evil.example/', '//evil.example', '/\\evil.example'])(
    'goes home for %j, which is not a path of the panel',
    (next) => expect(returnTo(next)).toBe('/'),
  );

  it('never returns to the login itself', () => {
    expect(returnTo('/login')).toBe('/');
    expect(returnTo('/login?next=%2Fpersonel')).toBe('/');
  });
});
