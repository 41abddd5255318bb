import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp } from '../../test/accounts.ts';
import { loadConfig } from '../ops/config.ts';
import { ACCOUNT_LIMITS } from '../sessions/account-limits.ts';

/**
 * Behind a proxy the per-IP limits count the client's address as the proxy saw it. The usual proxy appends
 * the address it got the request from to whatever `X-Forwarded-For` the client sent, so only the entries the
 * trusted proxies added may be believed.
 */
const PROXY = '10.9.9.9';

/** Failed logins up to one past the limit; the client forges a new X-Forwarded-For entry each time. */
async function loginsUntilLimited(t: AccountTestApp, from: string, appended: string | undefined) {
  const statuses: number[] = [];
  for (let i = 0; i <= ACCOUNT_LIMITS.login; i++) {
    const forged = `198.18.${i >> 8}.${i & 255}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/login',
      remoteAddress: from,
      headers: { 'x-forwarded-for': appended ? `${forged}, ${appended}` : forged },
      // A new address each time: only the per-IP limit counts these attempts.
      payload: { email: `kimse-${from}-${i}@example.com`, password: 'yanlis-parola-1' },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** Every attempt refused as a wrong password until the limit, then 429. */
const LIMITED = [...Array.from({ length: ACCOUNT_LIMITS.login }, () => 401), 429];

describe('TRUST_PROXY=1 (one proxy that appends the client address)', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp({ config: { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy } });
  });
  afterAll(() => t.close());

  it('counts the address the proxy appended, not the entries the client sent before it', async () => {
    expect(await loginsUntilLimited(t, PROXY, '203.0.113.7')).toEqual(LIMITED);
  });

  it('keeps counting another client apart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/front/auth/login',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-for': '203.0.113.7, 203.0.113.8' },
      payload: { email: 'kimse@example.com', password: 'yanlis-parola-1' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('builds sitemap addresses on PUBLIC_URL, not on the X-Forwarded-Host a client sent', async () => {
    const res = await t.app.inject({
      url: '/robots.txt',
      remoteAddress: PROXY,
      headers: { 'x-forwarded-host': 'kotu-site.example', 'x-forwarded-proto': 'https' },
    });
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });
});

describe('TRUST_PROXY with the proxies’ addresses', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp({
      config: { trustProxy: loadConfig({ TRUST_PROXY: '10.9.9.0/24, ::1' }).trustProxy },
    });
  });
  afterAll(() => t.close());

  it('counts the address a listed proxy appended', async () => {
    expect(await loginsUntilLimited(t, PROXY, '203.0.113.9')).toEqual(LIMITED);
  });

  it('ignores X-Forwarded-For from a peer that is not a listed proxy', async () => {
    expect(await loginsUntilLimited(t, '198.51.100.1', undefined)).toEqual(LIMITED);
  });
});
