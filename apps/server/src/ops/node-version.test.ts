import { DomainError } from '@vitrin/core';
import { describe, expect, it } from 'vitest';
import { assertNodeSupported } from './node-version.ts';

describe('Node.js version', () => {
  it('accepts a Node.js that loads ES modules with require() (20.19+, 22.12+)', () => {
    expect(() => assertNodeSupported({ require_module: true }, 'v20.19.0')).not.toThrow();
  });

  it('refuses an older Node.js with a Turkish message that names the version needed', () => {
    let error: unknown;
    try {
      assertNodeSupported({}, 'v20.18.1');
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).code).toBe('NODE_UNSUPPORTED');
    expect((error as DomainError).message).toContain('Node.js 20.19 ya da daha yeni');
    expect((error as DomainError).message).toContain('v20.18.1');
  });

  it('holds on the Node.js running the tests, and the modules that need it load', async () => {
    expect(() => assertNodeSupported()).not.toThrow();
    const { createRequire } = await import('node:module');
    const require = createRequire(import.meta.url);
    expect(typeof require('cookie').stringifySetCookie).toBe('function');
    expect(typeof require('content-disposition').create).toBe('function');
  });
});
