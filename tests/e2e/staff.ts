import { type BrowserContext, expect } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { E2E_PORT } from './playwright.config.ts';
import { vitrinCli } from './support.ts';

/** A staff member made for a spec with `vitrin staff create`: what the command printed. */
export interface StaffMember {
  email: string;
  name: string;
  role: 'owner' | 'manager' | 'support';
  password: string;
  otpauth: string;
}

let made = 0;

/** Makes a staff member with the CLI (TOTP set up: the command prints the otpauth URI). */
export function createStaff(role: StaffMember['role'], name = 'E2E Personel'): StaffMember {
  const email = `${role}.${Date.now()}.${++made}@example.com`;
  const printed = vitrinCli('staff', 'create', email, '--role', role, '--name', name);
  const otpauth = printed.match(/otpauth:\/\/\S+/)?.[0] ?? '';
  const password = printed.match(/Şifre:\s*(\S+)/i)?.[1] ?? '';
  expect(otpauth, printed).not.toBe('');
  expect(password, printed).not.toBe('');
  return { email, name, role, password, otpauth };
}

/** The current code of an authenticator app holding this secret: an otpauth:// URI or the base32 secret. */
export const totpCode = (secret: string) =>
  (secret.startsWith('otpauth://')
    ? OTPAuth.URI.parse(secret)
    : new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) })
  ).generate();

/** The 30-second step a code belongs to: the server takes each code once. */
const step = () => Math.floor(Date.now() / 30_000);
const usedStep = new Map<string, number>();

/**
 * Logs the staff member in through the API into a browser context (its cookie then opens /admin pages).
 * The server refuses a code used before (waits for the next one) and limits staff logins per address (waits
 * out a 429's Retry-After), so specs that log in often stay green on a busy suite.
 */
export async function logInStaff(context: BrowserContext, member: StaffMember) {
  const origin = `http://localhost:${E2E_PORT}`;
  for (let attempt = 0; attempt < 5; attempt++) {
    while (usedStep.get(member.email) === step()) await new Promise((r) => setTimeout(r, 1_000));
    usedStep.set(member.email, step());
    const answer = await context.request.post('/api/admin/session', {
      headers: { origin },
      data: { email: member.email, password: member.password, code: totpCode(member.otpauth) },
      timeout: 60_000,
    });
    if (answer.status() === 200) return;
    if (answer.status() !== 429) {
      throw new Error(`staff login answered ${answer.status()}: ${await answer.text()}`);
    }
    const wait = Number(answer.headers()['retry-after'] ?? 60);
    await new Promise((r) => setTimeout(r, (wait + 1) * 1_000));
  }
  throw new Error('staff login stayed refused');
}
