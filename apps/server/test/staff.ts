import type { Services } from '@vitrin/core';
import { totpCodeAt } from '@vitrin/core/staff/totp';
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import type { FastifyInstance } from 'fastify';
import { type AccountTestApp, type Browser, browser, createAccountTestApp } from './accounts.ts';

export const STAFF_PASSWORD = 'yonetici-şifre-1';

let made = 0;

export interface TestStaff {
  id: number;
  email: string;
  password: string;
  /** The TOTP secret (base32), when two-step verification is set up. */
  secret?: string;
}

/**
 * A staff member made as the CLI makes one (two-step verification set up), or, with `totp: false`, as the
 * panel does (set up at the first login). Each its own e-mail.
 */
export async function createStaff(
  services: Services,
  role: StaffRole,
  { totp = true }: { totp?: boolean } = {},
): Promise<TestStaff> {
  made += 1;
  const email = `${role}${made}@magaza.test`;
  const created = await services.staff.create(
    { kind: 'cli' },
    { email, name: `${role} ${made}`, role },
    { password: STAFF_PASSWORD, withTotp: totp },
  );
  const secret = created.otpauthUri ? new URL(created.otpauthUri).searchParams.get('secret')! : undefined;
  return { id: created.staff.id, email, password: STAFF_PASSWORD, ...(secret ? { secret } : {}) };
}

/** The current code of a staff member's authenticator. */
export const codeOf = (member: TestStaff, at = new Date()) => totpCodeAt(member.secret!, at);

/** A browser logged in to the panel as `member` (with the current code when set up). */
export async function staffBrowser(app: FastifyInstance, member: TestStaff): Promise<Browser> {
  const b = browser(app);
  const res = await b.post('/api/admin/session', {
    email: member.email,
    password: member.password,
    ...(member.secret ? { code: codeOf(member) } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`staff login failed: ${res.body}`);
  return b;
}

/** A logged-in browser of a new staff member of `role`. */
export async function loggedInStaff(
  app: FastifyInstance,
  services: Services,
  role: StaffRole,
  options?: { totp?: boolean },
) {
  const member = await createStaff(services, role, options);
  return { member, b: await staffBrowser(app, member) };
}

/** An admin API test's shop: the app, orders to place on its database, and a logged-in staff member per role. */
export interface AdminWorld<R extends StaffRole> {
  t: AccountTestApp;
  w: OrderWorld;
  as: Record<R, { b: Browser; member: TestStaff }>;
  close(): Promise<void>;
}

/** Opens an AdminWorld with a staff member of each of `roles` logged in; `close` ends it in `afterAll`. */
export async function openAdminWorld<R extends StaffRole>(...roles: R[]): Promise<AdminWorld<R>> {
  const t = await createAccountTestApp();
  const w = await openOrderWorld({ database: t.services.database });
  await t.services.orders.ready();
  const as = {} as AdminWorld<R>['as'];
  for (const role of roles) as[role] = await loggedInStaff(t.app, t.services, role);
  return {
    t,
    w,
    as,
    close: async () => {
      await w.dispose();
      await t.close();
    },
  };
}
