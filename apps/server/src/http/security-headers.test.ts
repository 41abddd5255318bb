import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers.ts';

const directive = (policy: string, name: string) => policy.split(';').find((d) => d.startsWith(`${name} `));

describe('contentSecurityPolicy', () => {
  it('lets images come only from the shop (and data/blob URLs) when no other origin is set', () => {
    expect(directive(contentSecurityPolicy(undefined)('n'), 'img-src')).toBe("img-src 'self' data: blob:");
  });

  it('lets images come from PUBLIC_UPLOADS_BASE’s origin, and nothing else from it', () => {
    const policy = contentSecurityPolicy(undefined, 'https://cdn.magaza.test')('n');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://cdn.magaza.test");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self'");
    expect(directive(policy, 'script-src')).not.toContain('cdn.magaza.test');
  });

  it('names the API origin once when the images come from it too', () => {
    const policy = contentSecurityPolicy('https://api.magaza.test', 'https://api.magaza.test')('n');
    expect(directive(policy, 'img-src')).toBe("img-src 'self' data: blob: https://api.magaza.test");
  });
});
