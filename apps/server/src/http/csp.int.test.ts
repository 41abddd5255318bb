import { cspProblems } from '@vitrin/testing/csp-rule';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/server.ts';
import { testWebBuild } from '../../test/web-build.ts';

/**
 * Every kind of answer the server gives carries the shop's CSP (`cspProblems`, packages/testing):
 * pages, cached pages, the panel, error answers, and the answers made before any route (a bad Host, an
 * address too long). The storefront's own routes, each with its real page, and the maintenance page (the
 * web app's root decides it) are held to it in tests/e2e/xss.spec.ts.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let product: string;
beforeAll(async () => {
  t = await createTestApp({ webBuild: testWebBuild, config: { pageCacheMb: 8 } });
  const [row] = await t.services.database.query<{ slug: string }>(
    'select slug from products where is_active order by id limit 1',
  );
  product = row!.slug;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host: 'localhost:3000', ...headers } });

/** The problems of one answer: a page by the page rule; anything else may run nothing or hold the page rule. */
function problemsOf(res: Awaited<ReturnType<typeof get>>) {
  const header = res.headers['content-security-policy'] as string | undefined;
  if (String(res.headers['content-type']).startsWith('text/html')) return cspProblems(header, 'html');
  const asOther = cspProblems(header, 'other');
  return asOther.length && cspProblems(header, 'html').length ? asOther : [];
}

describe('the Content-Security-Policy of every kind of answer', () => {
  it('pages, a page from the page cache, a 404 page and the panel: scripts by nonce only, a new nonce each time', async () => {
    const answers = [];
    for (const url of [
      '/login',
      `/product/${product}`,
      `/product/${product}`,
      '/product/yok-boyle',
      '/admin',
    ]) {
      const res = await get(url);
      expect(problemsOf(res), `${url} (${res.statusCode})`).toEqual([]);
      answers.push(res);
    }
    expect(answers[2]!.headers['x-cache']).toBe('hit');
    expect(answers[3]!.statusCode).toBe(404);
    // A nonce an attacker saw once is of no use for the next visitor's page.
    const nonces = new Set(
      [answers[0], answers[3], answers[4]].map(
        (r) => /'nonce-([^']+)'/.exec(String(r!.headers['content-security-policy']))?.[1],
      ),
    );
    expect(nonces.size).toBe(3);
  });

  it('error answers: a bad Host, an address too long, an unknown API route, file or upload, a malformed body', async () => {
    const answers = [
      await get('/login', { host: 'kotu site' }),
      await get(`/product/${'a'.repeat(3000)}`),
      await get('/api/front/yok-boyle'),
      await get('/assets/yok-boyle.js'),
      await get('/uploads/products/yok-boyle.webp'),
      await t.app.inject({
        method: 'POST',
        url: '/api/front/auth/login',
        headers: { host: 'localhost:3000', 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 414, 404, 404, 404, 400]);
    for (const res of answers)
      expect(problemsOf(res), `${res.statusCode} ${res.body.slice(0, 60)}`).toEqual([]);
  });

  it('the rule itself refuses what would let an injected script run', () => {
    const page = (script: string) =>
      `default-src 'self';script-src ${script};script-src-attr 'none';object-src 'none';base-uri 'self';frame-ancestors 'none'`;
    expect(cspProblems(page("'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA=='"), 'html')).toEqual([]);
    expect(cspProblems(page("'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA==' 'unsafe-inline'"), 'html')).toEqual([
      "script-src allows 'unsafe-inline'",
    ]);
    expect(cspProblems(page("'self' 'nonce-AAAAAAAAAAAAAAAAAAAAAA==' 'unsafe-eval'"), 'html')).toEqual([
      "script-src allows 'unsafe-eval'",
    ]);
    expect(cspProblems(page("'self' https:"), 'html')).toEqual([
      'script-src has no nonce or hash',
      'script-src allows any host or scheme',
    ]);
    expect(cspProblems("default-src 'none'", 'html')).toContain("frame-ancestors is not 'none'");
    expect(cspProblems(undefined, 'other')).toEqual(['no Content-Security-Policy']);
  });
});
