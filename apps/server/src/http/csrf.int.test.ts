import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp, newIp, registeredBrowser } from '../../test/accounts.ts';
import { loggedInStaff } from '../../test/staff.ts';
import { testWebBuild } from '../../test/web-build.ts';
import { STAFF_COOKIE } from '../sessions/staff-session.ts';
import { CROSS_ORIGIN_CODE, CROSS_ORIGIN_MESSAGE } from './same-origin.ts';

/**
 * CSRF: every cookie-authenticated write, generated from the route lists (every non-GET route of /api/docs,
 * and a form post to every storefront route of apps/web/app/routes.ts, `.data` too), sent with a session
 * cookie from another site in the three ways a browser may say so: a foreign Origin, `Origin: null` (a
 * sandboxed frame, a `data:` page) and no Origin with a foreign Referer. Each is 403 in the error shape,
 * and no table of the shop changes.
 */
const PUBLIC_URL = 'https://magaza.example.com';
let t: AccountTestApp;
let cookies: { customer: string; staff: string };
let writes: { method: string; url: string }[];

beforeAll(async () => {
  t = await createAccountTestApp({ config: { publicUrl: PUBLIC_URL }, webBuild: testWebBuild, demo: true });
  const customer = await registeredBrowser(t.app, 1);
  const { b: staff } = await loggedInStaff(t.app, t.services, 'owner');
  cookies = { customer: customer.token!, staff: staff.jar.get(STAFF_COOKIE)! };
  const docs = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  const api = Object.entries(docs.paths).flatMap(([route, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => !['GET', 'HEAD', 'OPTIONS'].includes(method))
      .map((method) => ({ method, url: route.replace(/\{\w+\}/g, '1') })),
  );
  const source = readFileSync(path.resolve(import.meta.dirname, '../../../web/app/routes.ts'), 'utf8');
  const pages = ['/', ...[...source.matchAll(/route\('([^']+)'/g)].map((m) => `/${m[1]}`)]
    .map((p) => p.replace(/:\w+/g, '1').replace('/*', '/yok'))
    .flatMap((p) => [p, `${p === '/' ? '/_root' : p}.data`])
    .map((url) => ({ method: 'POST', url }));
  writes = [...api, ...pages];
});
afterAll(() => t.close());

/**
 * The one write left out on purpose (registered only with a provider's keys): a card provider's bank page
 * posts the shopper back from the bank's site by design, signed, and the route reads no cookie.
 */
const PROVIDER_CALLBACK = /^\/api\/payments\/[a-z]+\/callback$/;

const FOREIGN = [
  {
    name: 'a foreign Origin',
    headers: { origin: 'https://kotu-site.example', 'sec-fetch-site': 'cross-site' },
  },
  { name: 'Origin: null', headers: { origin: 'null', 'sec-fetch-site': 'cross-site' } },
  { name: 'no Origin and a foreign Referer', headers: { referer: 'https://kotu-site.example/sayfa' } },
] as const;

/** Row count and checksum of every table: what a refused request must leave as it was. */
async function snapshot() {
  const tables = await t.services.database.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const sums = await t.services.database.query<{ name: string; sum: string }>(
    tables
      .map(
        ({ name }) =>
          `select '${name}' as name, count(*)::text || md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as sum from "${name}" x`,
      )
      .join(' union all '),
  );
  return Object.fromEntries(sums.map((r) => [r.name, r.sum]));
}

describe('a write with a session cookie sent by another site', () => {
  it('is generated from every route: the API’s writes and every storefront page’s form post', () => {
    expect(writes.filter((w) => w.url.startsWith('/api/admin/')).length).toBeGreaterThan(40);
    expect(writes.filter((w) => w.url.startsWith('/api/front/')).length).toBeGreaterThan(25);
    expect(writes.filter((w) => !w.url.startsWith('/api/')).length).toBeGreaterThan(60);
    expect(writes.map((w) => w.url)).toContain('/api/front/checkout');
    expect(writes.map((w) => w.url)).toContain('/login.data');
  });

  for (const kind of ['customer', 'staff'] as const) {
    for (const foreign of FOREIGN) {
      it(`is refused 403 ${CROSS_ORIGIN_CODE} with the ${kind}’s cookie and ${foreign.name}, nothing changed`, async () => {
        const before = await snapshot();
        const cookie = kind === 'customer' ? SESSION_COOKIE : STAFF_COOKIE;
        const wrong: string[] = [];
        for (const w of writes.filter((w) => !PROVIDER_CALLBACK.test(w.url))) {
          const res = await t.app.inject({
            method: w.method as 'POST',
            url: w.url,
            remoteAddress: newIp(),
            headers: { host: 'magaza.example.com', ...foreign.headers },
            cookies: { [cookie]: cookies[kind] },
            payload: { email: 'x@example.com', password: 'gizli-şifre-1' },
          });
          const error = String(res.headers['content-type']).includes('json') ? res.json().error : undefined;
          if (
            res.statusCode !== 403 ||
            error?.code !== CROSS_ORIGIN_CODE ||
            error?.message !== CROSS_ORIGIN_MESSAGE ||
            res.headers['set-cookie'] !== undefined
          ) {
            wrong.push(`${w.method} ${w.url}: ${res.statusCode} ${res.body.slice(0, 80)}`);
          }
        }
        expect(wrong).toEqual([]);
        expect(await snapshot()).toEqual(before);
      });
    }
  }

  it('the same requests from the shop’s own origin are not refused as cross-site (the check is not blanket)', async () => {
    for (const url of ['/api/front/account/consent', '/api/admin/menu']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        remoteAddress: newIp(),
        headers: { host: 'magaza.example.com', origin: PUBLIC_URL },
        cookies: { [SESSION_COOKIE]: cookies.customer, [STAFF_COOKIE]: cookies.staff },
        payload: {},
      });
      expect(res.statusCode, url).not.toBe(403);
    }
  });
});
