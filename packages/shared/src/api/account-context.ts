/**
 * What the server gives React Router loaders and actions for customer accounts (part of the load context,
 * see storefront.ts). Types only: no zod, so route modules may import it without growing the browser
 * bundle. Inputs are the raw form fields (`Object.fromEntries(formData)`); the server validates them with
 * the schemas of `api/account.ts` and answers with a result, never by throwing for a shopper's mistake.
 */
import type { Address, CustomerProfile } from './account.ts';
import type { ApiErrorBody } from './error-body.ts';

/** A form's fields as posted: the server validates everything. */
export type FormFields = Record<string, unknown>;

/** A shopper's mistake (or a refused request): `error.fields` names the fields with their messages. */
export interface Failure {
  ok: false;
  /** The HTTP status the answer should carry (400, 401, 404, 409, 429). */
  status: number;
  error: ApiErrorBody['error'];
  /** Seconds until the client may try again (a 429), sent as `Retry-After`. */
  retryAfter?: number;
}

/**
 * Success. `setCookie` holds `Set-Cookie` header values the answer must carry (a new session cookie at
 * login, an expired one at logout); the session token itself is never readable by page scripts.
 */
export type Success<T = undefined> = { ok: true; value: T; setCookie: string[] };

export type Result<T = undefined> = Success<T> | Failure;

export type AddressKind = 'shipping' | 'billing';

export interface AccountContext {
  /** The customer whose session cookie came with this request, or null (no, expired or ended session). */
  customer(): Promise<CustomerProfile | null>;
  register(fields: FormFields): Promise<Result<CustomerProfile>>;
  login(fields: FormFields): Promise<Result<CustomerProfile>>;
  /** Ends this request's session and expires its cookie. */
  logout(): Promise<Result>;
  /** Always the same answer whether or not the address has an account. */
  forgot(fields: FormFields): Promise<Result>;
  isResetTokenValid(token: string): Promise<boolean>;
  /** Fields: token, password. Ends every session of the customer. */
  resetPassword(fields: FormFields): Promise<Result>;

  // Everything below needs a logged-in customer: without one it answers 401 OTURUM_GECERSIZ.
  updateProfile(fields: FormFields): Promise<Result<CustomerProfile>>;
  changeEmail(fields: FormFields): Promise<Result<CustomerProfile>>;
  /** Ends the customer's other sessions; this one stays. */
  changePassword(fields: FormFields): Promise<Result>;
  setMarketingConsent(fields: FormFields): Promise<Result<CustomerProfile>>;
  /** Everything stored about the customer, as JSON (KVKK right of access). */
  exportData(): Promise<Result<unknown>>;
  /** Erases the customer's personal data (orders stay, anonymised) and ends the session. */
  deleteAccount(fields: FormFields): Promise<Result>;
  addresses: {
    list(): Promise<Result<Address[]>>;
    get(id: string): Promise<Result<Address>>;
    create(fields: FormFields): Promise<Result<Address>>;
    update(id: string, fields: FormFields): Promise<Result<Address>>;
    remove(id: string): Promise<Result>;
    setDefault(id: string, kind: AddressKind): Promise<Result<Address>>;
  };
}

/** The session cookie: the opaque token, httpOnly, SameSite=Lax; never readable by page scripts. */
export const SESSION_COOKIE = 'vitrin_session';
/**
 * Set (value `1`, readable by scripts, no secret) while a session cookie is: the header then knows to fetch
 * the public profile (`GET /api/front/auth/me`) when localStorage has none, and to drop a stale one.
 */
export const SIGNED_IN_COOKIE = 'vitrin_signed_in';
/**
 * Set (value `1`) for wholesale customers: their catalogue pages differ from everyone's (wholesale prices),
 * so the page cache is skipped for them. Forging it only skips the cache; prices follow the session.
 */
export const WHOLESALE_COOKIE = 'vitrin_wholesale';
/** Where the public profile is kept in the browser (only the profile: no token). */
export const PROFILE_STORAGE_KEY = 'vitrin_user';
