import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { createMailer } from '@vitrin/core';
import { SESSION_COOKIE } from '@vitrin/shared/api/account-context';
import type { FastifyInstance } from 'fastify';
import type { InjectOptions, Response } from 'light-my-request';
import type { ServerBuild } from 'react-router';
import type { AppOptions } from '../src/http/app.ts';
import type { Config } from '../src/ops/config.ts';
import { createTestApp, tempDir } from './server.ts';

export const PASSWORD = 'gizli-şifre-1';

/** Ayşe's registration form, valid as it is; tests override one field at a time. */
export const registration = (n = 1) => ({
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: `musteri${n}@example.com`,
  phone: '0532 123 45 67',
  password: PASSWORD,
  kvkk: true,
  marketingConsent: false,
});

export { homeAddress } from '@vitrin/testing/accounts';

let lastIp = 0;
/**
 * A fresh client address: the login and registration limits count per IP, so every test that is not
 * about the limits speaks from its own address.
 */
export function newIp(): string {
  lastIp += 1;
  return `10.${(lastIp >> 16) & 255}.${(lastIp >> 8) & 255}.${lastIp & 255}`;
}

/** An app with the account e-mails written to an outbox the test reads. */
export async function createAccountTestApp(
  options: {
    config?: Partial<Config>;
    webBuild?: ServerBuild;
    webBuildEntry?: AppOptions['webBuildEntry'];
    demo?: boolean;
  } = {},
) {
  const outbox = tempDir('vitrin-outbox-');
  const mailer = createMailer({ outboxDir: outbox.dir, from: '"Vitrin" <no-reply@localhost>' });
  const t = await createTestApp({
    ...options,
    demo: options.demo ?? false,
    services: { mailer, shopUrl: 'http://magaza.test' },
  });
  return {
    ...t,
    /** The `.eml` files written so far, oldest first, after the e-mails under way were written. */
    async outbox(): Promise<string[]> {
      await t.services.customers.drainMail();
      const names = (await readdir(outbox.dir)).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(names.map((n) => readFile(path.join(outbox.dir, n), 'utf8')));
    },
    async close() {
      await t.services.customers.drainMail();
      mailer.close();
      await t.close();
      outbox.remove();
    },
  };
}

export type AccountTestApp = Awaited<ReturnType<typeof createAccountTestApp>>;

/** The text of an e-mail file with its quoted-printable encoding undone (links are wrapped and `=` escaped). */
export function decodeEml(eml: string): string {
  return eml
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** A browser of one visitor: one IP, the cookies the server set, same-origin requests like the shop's pages. */
export function browser(app: FastifyInstance, ip = newIp()) {
  const jar = new Map<string, string>();
  const keep = (res: Response) => {
    for (const c of res.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
      const expired = c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
      if (expired || c.value === '') jar.delete(c.name);
      else jar.set(c.name, c.value);
    }
    return res;
  };
  async function request(options: InjectOptions & { url: string }) {
    const headers: Record<string, string> = {
      // The test config's PUBLIC_URL: React Router refuses a form post whose Origin is not the page's origin.
      host: 'localhost:3000',
      origin: 'http://localhost:3000',
      'sec-fetch-site': 'same-origin',
      ...(options.headers as Record<string, string> | undefined),
    };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    return keep(await app.inject({ remoteAddress: ip, ...options, headers }));
  }
  return {
    ip,
    jar,
    /** The session token the cookie holds. */
    get token() {
      return jar.get(SESSION_COOKIE);
    },
    request,
    get: (url: string) => request({ method: 'GET', url }),
    post: (url: string, payload?: object) =>
      request({ method: 'POST', url, ...(payload === undefined ? {} : { payload }) }),
    put: (url: string, payload: object) => request({ method: 'PUT', url, payload }),
    patch: (url: string, payload: object) => request({ method: 'PATCH', url, payload }),
    delete: (url: string) => request({ method: 'DELETE', url }),
  };
}

export type Browser = ReturnType<typeof browser>;

/** A logged-in visitor: registered through the API, holding the session cookie. */
export async function registeredBrowser(app: FastifyInstance, n: number) {
  const b = browser(app);
  const res = await b.post('/api/front/auth/register', registration(n));
  if (res.statusCode !== 201) throw new Error(`registration failed: ${res.body}`);
  return b;
}
