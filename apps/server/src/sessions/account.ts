import { accountErrorStatus, type Services } from '@vitrin/core';
import {
  addressInput,
  type CustomerProfile,
  consentInput,
  deleteAccountInput,
  emailChangeInput,
  forgotInput,
  loginInput,
  passwordChangeInput,
  profileInput,
  registerInput,
  resetInput,
} from '@vitrin/shared/api/account';
import type {
  AccountContext,
  AddressKind,
  Failure,
  FormFields,
  Result,
} from '@vitrin/shared/api/account-context';
import type { z } from '@vitrin/shared/zod';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Parsed, parseForm } from '../storefront/forms.ts';
import { refusalOf } from '../storefront/results.ts';
import type { AccountLimiter, LimitedAction } from './account-limits.ts';
import { cartToken, expiredCartCookie, hasCartCookie } from './cart-cookie.ts';
import { customerDevice, customerDeviceCookie } from './device-cookie.ts';
import {
  cookieToken,
  expiredSessionCookies,
  hasWholesaleCookie,
  sessionCookies,
  sessionToken,
} from './session-cookie.ts';
import { cookieWishlist, expiredWishlistCookie, hasWishlistCookie } from './wishlist-cookie.ts';

export const SESSION_REQUIRED_MESSAGE = 'Oturumunuz sona erdi; lütfen yeniden giriş yapın.';

/** A login for an API client: the token is in the body (no cookie), shown this once. */
export interface BearerLogin {
  customer: CustomerProfile;
  token: string;
  expiresAt: string;
}

/** What the REST routes use on top of the load context's part: the same code path, with the token. */
export interface ServerAccountContext extends AccountContext {
  loginWithBearer(fields: FormFields): Promise<Result<BearerLogin>>;
  /** The logged-in customer, or 401 OTURUM_GECERSIZ. */
  profile(): Promise<Result<CustomerProfile>>;
  /** Whether the request carries a session token at all (cookie or Bearer): if not, nobody is logged in. */
  hasSession(): boolean;
  /** Wholesale pricing for this request's customer; no database look-up without a session token. */
  shopper(): Promise<{ wholesale: boolean }>;
  /**
   * True once this request's answer may hold something of one customer: their profile was read, an
   * account operation ran, or wholesale prices were used. Such an answer is never cached for others.
   */
  isPersonal(): boolean;
}

export interface AccountContextOptions {
  /** Cookies that change without an action asking (see below) go on this answer. */
  reply?: FastifyReply | undefined;
  /** Login, registration and reset attempts per IP; without it nothing is limited (unit use). */
  limit?: AccountLimiter | undefined;
}

const ADDRESS_KINDS = new Set<string>(['shipping', 'billing']);
const badKind = (): Failure => ({
  ok: false,
  status: 400,
  error: {
    code: 'GECERSIZ_ISTEK',
    message: 'Varsayılan adres türü teslimat (shipping) ya da fatura (billing) olmalı.',
    fields: { kind: 'Teslimat ya da fatura seçin' },
  },
});

const noSession = (): Failure => ({
  ok: false,
  status: accountErrorStatus.OTURUM_GECERSIZ,
  error: { code: 'OTURUM_GECERSIZ', message: SESSION_REQUIRED_MESSAGE },
});

/**
 * A shopper's mistake, or a write the full disk refused, becomes a result; anything else (a bug, the database
 * gone) stays an exception.
 */
async function attempt<T>(work: () => Promise<T>, setCookie: () => string[] = () => []): Promise<Result<T>> {
  try {
    const value = await work();
    return { ok: true, value, setCookie: setCookie() };
  } catch (err) {
    const refused = refusalOf(err);
    if (refused) return refused;
    throw err;
  }
}

/** For services that answer nothing: `Result<undefined>`, not `Result<void>`. */
const nothing =
  <A extends unknown[]>(work: (...args: A) => Promise<void>) =>
  async (...args: A): Promise<undefined> => {
    await work(...args);
  };

/**
 * Customer accounts for one request: what React Router loaders and actions get in the load context, and
 * what the REST routes call, so pages and API clients go through one code path. Forms are parsed here with
 * the shared schemas (`parseForm`), and the services' refusals become results with the HTTP status to answer.
 *
 * With `reply`, cookies that must change without an action asking (a remembered session's sliding expiry
 * moved, a wholesale marker that no longer matches the account, a session cookie that is no longer valid)
 * are added to the answer directly.
 */
export function createAccountContext(
  services: Services,
  request: FastifyRequest,
  { reply, limit }: AccountContextOptions = {},
): ServerAccountContext {
  const { customers, addresses } = services;
  const token = sessionToken(request);
  const fromCookie = token !== undefined && token === cookieToken(request);
  let current: Promise<CustomerProfile | null> | undefined;
  let personal = false;

  /** Counts an attempt of a limited action: the refusal, or null to go on. */
  const limited = (action: LimitedAction) => (limit ? limit(action, request, reply) : Promise.resolve(null));

  async function resolve(): Promise<CustomerProfile | null> {
    if (token === undefined) return null;
    const session = await customers.session(token);
    if (fromCookie && reply) {
      if (!session) reply.header('set-cookie', expiredSessionCookies(request));
      else if (
        (session.renewed && session.remember) ||
        session.customer.wholesale !== hasWholesaleCookie(request)
      )
        reply.header(
          'set-cookie',
          sessionCookies(request, {
            token,
            remember: session.remember,
            wholesale: session.customer.wholesale,
          }),
        );
    }
    return session?.customer ?? null;
  }

  const session = () => {
    current ??= resolve();
    return current;
  };

  /** The customer as loaders read it: from here on the answer is theirs alone. */
  async function customer() {
    const me = await session();
    if (me) personal = true;
    return me;
  }

  /** Runs `work` for the logged-in customer, or answers 401 OTURUM_GECERSIZ. */
  async function asCustomer<T>(
    work: (me: CustomerProfile) => Promise<T>,
    setCookie?: () => string[],
  ): Promise<Result<T>> {
    personal = true;
    const me = await session();
    if (!me) return noSession();
    return attempt(() => work(me), setCookie);
  }

  /** `asCustomer` with the form parsed by its shared schema once the session is known (else 400 GECERSIZ_ISTEK). */
  async function asCustomerWith<S extends z.ZodType, T>(
    schema: S,
    fields: FormFields,
    work: (me: CustomerProfile, data: z.output<S>) => Promise<T>,
    setCookie?: () => string[],
  ): Promise<Result<T>> {
    personal = true;
    const me = await session();
    if (!me) return noSession();
    const form = parseForm(schema, fields);
    if (!form.ok) return form;
    return attempt(() => work(me, form.value), setCookie);
  }

  const loggedOut = () => {
    current = Promise.resolve(null);
    return expiredSessionCookies(request);
  };

  type Opening = () => ReturnType<typeof customers.login>;

  /** A registration's or a login's form parsed, as the call that opens the session; or its refusal. */
  function opening(kind: 'register' | 'login', fields: FormFields): Parsed<Opening> {
    if (kind === 'register') {
      const form = parseForm(registerInput, fields);
      return form.ok ? { ok: true, value: () => customers.register(form.value, { ip: request.ip }) } : form;
    }
    const form = parseForm(loginInput, fields);
    return form.ok ? { ok: true, value: () => customers.login(form.value, customerDevice(request)) } : form;
  }

  async function startSession(open: Opening) {
    const session = await open();
    // Loaders that run after this action in the same request see the new customer.
    current = Promise.resolve(session.customer);
    await mergeGuestCart(session.customer.id);
    await mergeGuestWishlist(session.customer.id);
    return session;
  }

  /**
   * The guest cart (cookie, or `X-Cart-Token` of an API client) joins the customer's at login and
   * registration. A failure here is logged and the login stands: the guest lines stay in the guest cart.
   */
  async function mergeGuestCart(customerId: number) {
    const guestToken = cartToken(request);
    if (!guestToken) return;
    try {
      await services.cart.mergeGuest(guestToken, customerId);
    } catch (err) {
      request.log.error({ err, customerId }, 'guest cart not merged at login');
    }
  }

  /** The guest's favourites (cookie) join the customer's list the same way, with the same failure rule. */
  async function mergeGuestWishlist(customerId: number) {
    const items = cookieWishlist(request);
    if (!items.length) return;
    try {
      await services.wishlist.mergeGuest(items, customerId);
    } catch (err) {
      request.log.error({ err, customerId }, 'guest wishlist not merged at login');
    }
  }

  const withCookie = (kind: 'register' | 'login') => async (fields: FormFields) => {
    personal = true;
    const refused = await limited(kind);
    if (refused) return refused;
    const open = opening(kind, fields);
    if (!open.ok) return open;
    let cookies: string[] = [];
    return attempt(
      async () => {
        const session = await startSession(open.value);
        cookies = sessionCookies(request, {
          token: session.token,
          remember: session.remember,
          wholesale: session.customer.wholesale,
        });
        cookies.push(customerDeviceCookie(request, session.deviceCookie));
        // The guest cart was merged: its cookie goes.
        if (hasCartCookie(request)) cookies.push(expiredCartCookie(request));
        if (hasWishlistCookie(request)) cookies.push(expiredWishlistCookie(request));
        return session.customer;
      },
      () => cookies,
    );
  };

  return {
    customer,
    hasSession: () => token !== undefined,
    isPersonal: () => personal,
    async shopper() {
      if (token === undefined) return { wholesale: false };
      const wholesale = (await session())?.wholesale ?? false;
      // A retail customer's catalogue page is everyone's page; a wholesale one's is theirs.
      if (wholesale) personal = true;
      return { wholesale };
    },

    register: withCookie('register'),
    login: withCookie('login'),
    async loginWithBearer(fields) {
      personal = true;
      const refused = await limited('login');
      if (refused) return refused;
      const open = opening('login', fields);
      if (!open.ok) return open;
      // No cookie is set for a Bearer client; a device cookie it sends counts as a browser's would.
      return attempt(async () => {
        const session = await startSession(open.value);
        return {
          customer: session.customer,
          token: session.token,
          expiresAt: session.expiresAt.toISOString(),
        };
      });
    },

    async logout() {
      personal = true;
      if (token !== undefined) await customers.logout(token);
      return { ok: true, value: undefined, setCookie: loggedOut() };
    },

    async forgot(fields) {
      personal = true;
      const refused = await limited('forgot');
      if (refused) return refused;
      const form = parseForm(forgotInput, fields);
      if (!form.ok) return form;
      return attempt(nothing(() => customers.requestPasswordReset(form.value)));
    },
    isResetTokenValid: (resetToken) => customers.isResetTokenValid(resetToken),
    async resetPassword(fields) {
      personal = true;
      const refused = await limited('reset');
      if (refused) return refused;
      const form = parseForm(resetInput, fields);
      if (!form.ok) return form;
      return attempt(nothing(() => customers.resetPassword(form.value)));
    },

    profile: () => asCustomer(async (me) => me),
    updateProfile: (fields) =>
      asCustomerWith(profileInput, fields, (me, data) => customers.updateProfile(me.id, data)),
    changeEmail: (fields) =>
      asCustomerWith(emailChangeInput, fields, (me, data) => customers.changeEmail(me.id, data)),
    changePassword: (fields) =>
      // `customer()` found the session, so the token is there.
      asCustomerWith(
        passwordChangeInput,
        fields,
        nothing((_me: CustomerProfile, data: z.output<typeof passwordChangeInput>) =>
          customers.changePassword(token!, data),
        ),
      ),
    setMarketingConsent: (fields) =>
      asCustomerWith(consentInput, fields, (me, data) =>
        customers.setMarketingConsent(me.id, data, { ip: request.ip }),
      ),
    exportData: () => asCustomer((me) => customers.exportData(me.id)),
    deleteAccount: (fields) =>
      asCustomerWith(
        deleteAccountInput,
        fields,
        nothing((me: CustomerProfile, data: z.output<typeof deleteAccountInput>) =>
          customers.deleteAccount(me.id, data),
        ),
        () => loggedOut(),
      ),

    addresses: {
      list: () => asCustomer((me) => addresses.list(me.id)),
      get: (id) => asCustomer((me) => addresses.get(me.id, id)),
      create: (fields) => asCustomerWith(addressInput, fields, (me, data) => addresses.create(me.id, data)),
      update: (id, fields) =>
        asCustomerWith(addressInput, fields, (me, data) => addresses.update(me.id, id, data)),
      remove: (id) => asCustomer(nothing((me: CustomerProfile) => addresses.remove(me.id, id))),
      setDefault: (id, kind: AddressKind) =>
        ADDRESS_KINDS.has(kind)
          ? asCustomer((me) => addresses.setDefault(me.id, id, kind))
          : Promise.resolve(badKind()),
    },
  };
}

/** The request's account context (one per request, made on first use). */
export type AccountOf = (request: FastifyRequest, reply: FastifyReply) => ServerAccountContext;

/** Who asks, for the orders, payments and support: the logged-in customer's id, or null for a guest. */
export async function customerIdOf(accountOf: AccountOf, request: FastifyRequest, reply: FastifyReply) {
  const account = accountOf(request, reply);
  // No session token, no look-up: a guest with a link costs no session query.
  return account.hasSession() ? ((await account.customer())?.id ?? null) : null;
}
