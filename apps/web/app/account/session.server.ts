import type { CustomerProfile } from '@vitrin/shared/api/account';
import type { Failure, Result } from '@vitrin/shared/api/account-context';
import { type AppLoadContext, data, redirect } from 'react-router';
import { i18n } from '../i18n/index.ts';
import { loginPathFor } from '../lib/return-to.ts';
import type { FormFailure } from './form.tsx';
import { NO_STORE } from './meta.ts';

interface Args {
  request: Request;
  context: AppLoadContext;
}

/** The logged-in customer, or a redirect to the login page that comes back here (decided on the server). */
export async function requireCustomer({ request, context }: Args): Promise<CustomerProfile> {
  const customer = await context.account.customer();
  if (!customer) throw redirect(loginPathFor(new URL(request.url)), { headers: NO_STORE });
  return customer;
}

/** Login, register and forgot are for guests: a logged-in customer goes to the panel. */
export async function redirectCustomerToPanel({ context }: Args): Promise<void> {
  if (await context.account.customer()) throw redirect('/panel', { headers: NO_STORE });
}

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * The posted form as the account context takes it. A post that is no HTML form (no body, `text/plain`) is
 * answered 415 and one that cannot be read (a broken multipart body) 400, with the error screen: the
 * client's mistake, not a server error.
 */
export async function formFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  const type = request.headers.get('content-type')?.split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!FORM_TYPES.has(type)) {
    throw data({ message: i18n.t('error.formType') }, { status: 415, headers: NO_STORE });
  }
  try {
    return Object.fromEntries(await request.formData());
  } catch {
    throw data({ message: i18n.t('error.formUnreadable') }, { status: 400, headers: NO_STORE });
  }
}

const SECRET = /password/i;
/** A field name of our forms (`firstName`, `fields.Renk`); anything else a client made up is not echoed. */
const FIELD_NAME = /^[\p{L}_][\p{L}\p{N}_.[\]-]{0,63}$/u;
/** The longest text any form takes (a message); a longer value comes back cut to it. */
const MAX_ECHO_CHARS = 5000;
/** More fields than any form has are not echoed. */
const MAX_ECHO_FIELDS = 64;

/**
 * The posted text fields to fill the form again after a refusal (pages without JavaScript); never passwords.
 * Only names and lengths a form of ours can send come back, so a made-up post cannot make the page (and its
 * hydration data, which carries the values again) as large as itself.
 */
export function echo(fields: Record<string, FormDataEntryValue>): Record<string, string> {
  const values: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of Object.entries(fields)) {
    if (count === MAX_ECHO_FIELDS) break;
    if (typeof value !== 'string' || SECRET.test(name) || name === 'intent' || !FIELD_NAME.test(name))
      continue;
    values[name] = value.slice(0, MAX_ECHO_CHARS);
    count++;
  }
  return values;
}

/**
 * A refusal as the form shows it, with the status the account context chose. A session that ended while the
 * form was open sends the shopper to log in again (and back here) instead.
 */
export function failed(
  request: Request,
  failure: Failure,
  fields: Record<string, FormDataEntryValue> = {},
  intent?: string,
) {
  if (failure.error.code === 'OTURUM_GECERSIZ') {
    throw redirect(loginPathFor(new URL(request.url)), { headers: NO_STORE });
  }
  return data<FormFailure>(
    { intent, error: failure.error, values: echo(fields) },
    { status: failure.status, headers: NO_STORE },
  );
}

/** A redirect after success, carrying the account context's cookies (a new or an ended session). */
export function redirectWithCookies(path: string, setCookie: readonly string[] = []) {
  const headers = new Headers(NO_STORE);
  for (const cookie of setCookie) headers.append('Set-Cookie', cookie);
  return redirect(path, { headers });
}

/** A loader's read: the value, or the error screen with the account context's status and message. */
export function valueOrThrow<T>(request: Request, result: Result<T>): T {
  if (result.ok) return result.value;
  if (result.error.code === 'OTURUM_GECERSIZ') {
    throw redirect(loginPathFor(new URL(request.url)), { headers: NO_STORE });
  }
  throw data({ message: result.error.message }, { status: result.status, headers: NO_STORE });
}
