// Clients of a server over HTTP (a built server in its own process), for the fuzz's full set.
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import { newIp } from './accounts.ts';
import type { ClientKind } from './api-fuzz.ts';
import type { FuzzClient, FuzzClients } from './fuzz-run.ts';
import { codeOf, type TestStaff } from './staff.ts';

/**
 * A visitor of `base` with its cookies, sending as the shop's own pages do (same origin), from an address of
 * its own (X-Forwarded-For: the server runs with TRUST_PROXY=1), as `browser` does in process.
 */
export function httpClient(base: string, ip = newIp()): FuzzClient {
  const jar = new Map<string, string>();
  return {
    async request({ method, url, payload, headers = {} }) {
      const json = payload !== undefined && typeof payload !== 'string';
      const res = await fetch(new URL(url, base), {
        method,
        redirect: 'manual',
        headers: {
          origin: base,
          'x-forwarded-for': ip,
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...headers,
          ...(jar.size ? { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } : {}),
        },
        ...(payload === undefined ? {} : { body: json ? JSON.stringify(payload) : payload }),
      });
      for (const cookie of res.headers.getSetCookie()) {
        const [pair = '', ...attributes] = cookie.split(';');
        const [name = '', value = ''] = pair.split('=');
        const gone = !value || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
        if (gone) jar.delete(name.trim());
        else jar.set(name.trim(), value);
      }
      return { statusCode: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    },
  };
}

/**
 * The fuzz's clients of `base`: a customer (registered once, logged in again when a request ended its
 * session) and staff members of each role from `staff`, one after another (an authenticator code is good
 * once, so a new login is a member whose code has not been used in this 30 s).
 */
export function httpClients(
  base: string,
  staff: Record<StaffRole, TestStaff[]>,
  customer: { email: string; password: string; registration: object },
): FuzzClients {
  const clients = new Map<ClientKind, FuzzClient>();
  const next = new Map<StaffRole, number>();
  let registered = false;
  async function make(kind: ClientKind): Promise<FuzzClient> {
    const c = httpClient(base);
    if (kind === 'guest') return c;
    if (kind === 'customer') {
      const res = registered
        ? await c.request({ method: 'POST', url: '/api/front/auth/login', payload: customer })
        : await c.request({
            method: 'POST',
            url: '/api/front/auth/register',
            payload: customer.registration,
          });
      if (res.statusCode >= 300) throw new Error(`customer login failed: ${res.body}`);
      registered = true;
      return c;
    }
    // A fuzzed request may have changed a member (its role, its state), or all have used this 30 s's code:
    // the next one logs in, or, once all have tried, the first again in the next 30 s.
    const pool = staff[kind];
    const refusals: string[] = [];
    for (let tries = 0; tries < pool.length * 2; tries++) {
      if (tries === pool.length)
        await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 500));
      const i = next.get(kind) ?? 0;
      next.set(kind, i + 1);
      const member = pool[i % pool.length]!;
      const res = await c.request({
        method: 'POST',
        url: '/api/admin/session',
        payload: { email: member.email, password: member.password, code: codeOf(member) },
      });
      if (res.statusCode === 200) return c;
      refusals.push(res.body);
    }
    throw new Error(`no ${kind} could log in: ${refusals.join(' ')}`);
  }
  const alive = async (kind: ClientKind, c: FuzzClient) =>
    kind === 'guest' ||
    (
      await c.request({
        method: 'GET',
        url: kind === 'customer' ? '/api/front/auth/me' : '/api/admin/session',
      })
    ).statusCode === 200;
  return {
    async get(kind) {
      const known = clients.get(kind);
      if (known && (await alive(kind, known))) return known;
      const c = await make(kind);
      clients.set(kind, c);
      return c;
    },
  };
}
