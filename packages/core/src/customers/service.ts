import {
  type Address,
  type ConsentInput,
  type CustomerProfile,
  consentInput,
  type DeleteAccountInput,
  deleteAccountInput,
  type EmailChangeInput,
  emailChangeInput,
  type ForgotInput,
  forgotInput,
  type LoginInput,
  loginInput,
  type PasswordChangeInput,
  type ProfileInput,
  passwordChangeInput,
  profileInput,
  type RegisterInput,
  type ResetInput,
  registerInput,
  resetInput,
} from '@vitrin/shared/api/account';
import type { OwnReview } from '@vitrin/shared/api/reviews-context';
import { formatDateTime } from '@vitrin/shared/dates';
import { and, count, eq, gt, isNull, lte, ne } from 'drizzle-orm';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { customers, passwordResets, sessions } from '../db/schema.ts';
import { parseInput } from '../errors.ts';
import { createLoginGuard } from '../login-guard/guard.ts';
import type { Mailer } from '../mail/mailer.ts';
import { type EmailContent, emailChangedEmail, passwordResetEmail, welcomeEmail } from '../mail/templates.ts';
import { customerReviews } from '../reviews/service.ts';
import type { FileStore } from '../storage/file-store.ts';
import { listAddresses } from './addresses.ts';
import {
  CONSENT_DETAIL,
  type ConsentRecord,
  changeConsent,
  consentHistory,
  recordConsent,
} from './consent.ts';
import { eraseAccount } from './erase.ts';
import { removeErasedFiles } from './erased-files.ts';
import {
  type AccountError,
  accountDisabled,
  customerNotFound,
  emailTaken,
  invalidResetToken,
  invalidSession,
  tooManyAttempts,
  wrongCredentials,
  wrongPassword,
} from './errors.ts';
import { createLoginThrottle, LOCK_AFTER_FAILURES, LOCK_MS } from './login-throttle.ts';
import { hashPassword, needsRehash, spendPasswordTime, verifyPassword } from './passwords.ts';
import { hashToken, isTokenShaped, newToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60_000;
/** Session lifetime since last use: 1 day, or 30 with "Beni hatırla". */
export const SESSION_MS = DAY_MS;
export const REMEMBERED_SESSION_MS = 30 * DAY_MS;
/** A session's expiry is pushed forward at most this often: one write a minute, not one per request. */
export const SLIDE_EVERY_MS = 60_000;
export const RESET_VALID_MINUTES = 60;
/** Reset links open at once per account: more requests are answered the same but send nothing (mail bombs). */
export const MAX_OPEN_RESETS = 3;

/** pino's shape (Fastify's `app.log`). */
export interface AccountLogger {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface CustomerServiceOptions {
  mailer: Mailer;
  /** The storefront's public address, e.g. `https://magaza.example.com`: links in e-mails start with it. */
  shopUrl: string;
  /** The shop's name in e-mails; a function is asked at each e-mail (the brand name is a setting). */
  shopName: string | (() => string | Promise<string>);
  /** The clock; injected by tests of locks and expiries. */
  now?: () => Date;
  logger?: AccountLogger;
  /** The shop's files: an erased account's review photos are removed from it. */
  files?: FileStore;
  /** Dropped for the products whose ratings an erasure changed. */
  cache?: Pick<Cache, 'invalidateAll'>;
}

/** A new login: the token is shown this once (the database keeps only its hash). */
export interface NewSession {
  token: string;
  expiresAt: Date;
  remember: boolean;
  customer: CustomerProfile;
}

/** A login's session and the device cookie value its browser keeps (`login-guard/`). */
export type NewLogin = NewSession & { deviceCookie: string };

/** A valid session; `renewed` means its expiry moved (a cookie carrying it should be sent again). */
export interface ActiveSession {
  customer: CustomerProfile;
  expiresAt: Date;
  remember: boolean;
  renewed: boolean;
}

/** "Export my data": everything the shop keeps about the customer, in JSON-able form (no hashes). */
export interface AccountExport {
  exportedAt: string;
  profile: CustomerProfile & { createdAt: string };
  consents: {
    kvkkAcceptedAt: string;
    marketingConsent: boolean;
    marketingConsentAt: string | null;
    /** Every giving and withdrawal of marketing consent, oldest first (the İYS proof rows). */
    history: ConsentRecord[];
  };
  addresses: Address[];
  /** The customer's product reviews, with where each stands. */
  reviews: OwnReview[];
}

/** The columns of a customer's profile (the panel's customer rows start from them too). */
export const profileColumns = {
  id: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
  email: customers.email,
  phone: customers.phone,
  wholesale: customers.wholesale,
  marketingConsent: customers.marketingConsent,
};

export interface ProfileRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  wholesale: boolean;
  marketingConsent: boolean;
}

const toProfile = (row: ProfileRow): CustomerProfile => ({
  id: row.id,
  firstName: row.firstName,
  lastName: row.lastName,
  email: row.email,
  phone: row.phone ?? '',
  wholesale: row.wholesale,
  marketingConsent: row.marketingConsent,
});

const credentialColumns = {
  ...profileColumns,
  passwordHash: customers.passwordHash,
  disabledAt: customers.disabledAt,
};
interface CredentialRow extends ProfileRow {
  passwordHash: string;
  disabledAt: Date | null;
}

const sessionLifetime = (remember: boolean) => (remember ? REMEMBERED_SESSION_MS : SESSION_MS);
const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

/**
 * Customer accounts: registration, login and sessions, password reset, the panel's information page, data
 * export and deletion. Input is parsed here with the shared schemas (the HTTP layer may have parsed it
 * already; parsing is idempotent), so every entry point gets the same Turkish field messages. Refusals are
 * `AccountError`s. Panel operations take the customer id that `authenticate` gave; the ones about sessions
 * take the session's token.
 */
export function createCustomerService(db: Db, options: CustomerServiceOptions) {
  const { mailer, shopName } = options;
  const shopUrl = options.shopUrl.replace(/\/+$/, '');
  const now = options.now ?? (() => new Date());
  const logger: AccountLogger = options.logger ?? {
    info: () => {},
    error: (fields, message) => console.error(message, fields),
  };

  // --- e-mail: sent in the background, so a slow or failing mail server neither fails nor slows the
  // request, and "forgot password" answers in the same time whether or not the address has an account.
  const pendingMail = new Set<Promise<void>>();
  function sendLater(kind: string, customerId: number, to: string, build: (shop: string) => EmailContent) {
    const job: Promise<void> = (async () => {
      const name = typeof shopName === 'function' ? await shopName() : shopName;
      await mailer.send({ to, ...build(name) });
    })()
      .catch((err: unknown) => {
        // The mailer logs the transport error; the address is personal data and stays out of the log.
        const reason = err instanceof Error ? err.message : String(err);
        logger.error({ mail: kind, customerId, reason }, 'account e-mail not sent');
      })
      .finally(() => pendingMail.delete(job));
    pendingMail.add(job);
  }

  const active = (customerId: number) => and(eq(customers.id, customerId), isNull(customers.deletedAt));
  const throttle = createLoginThrottle(now);
  const guard = createLoginGuard(db, {
    kind: 'customer',
    lockAfter: LOCK_AFTER_FAILURES,
    lockMs: LOCK_MS,
    now,
  });

  async function requireCustomer(customerId: number): Promise<CredentialRow> {
    if (!Number.isSafeInteger(customerId)) throw customerNotFound();
    const [row] = await db.select(credentialColumns).from(customers).where(active(customerId));
    if (!row) throw customerNotFound();
    return row;
  }

  /**
   * Checks the password of a signed-in customer's own account (e-mail change, password change, deletion)
   * under the throttle of `login-throttle.ts`, apart from logins: only the account's own sessions reach it.
   * A waiting panel is refused before the password is looked at. A right password moves its hash to
   * today's cost.
   */
  async function checkOwnPassword(row: CredentialRow, password: string, wrong: () => AccountError) {
    const account = `id:${row.id}`;
    const waitUntil = throttle.begin(account, 'panel');
    if (waitUntil) throw tooManyAttempts(waitUntil);
    if (row.passwordHash === null) {
      await spendPasswordTime(password);
    } else if (await verifyPassword(password, row.passwordHash)) {
      throttle.succeeded(account, 'panel');
      await rehashIfOld(row, password);
      return;
    }
    const lockedUntil = throttle.failed(account, 'panel');
    if (lockedUntil) throw tooManyAttempts(lockedUntil);
    throw wrong();
  }

  async function rehashIfOld(row: CredentialRow, password: string) {
    if (!needsRehash(row.passwordHash)) return;
    const passwordHash = await hashPassword(password);
    await db.update(customers).set({ passwordHash }).where(eq(customers.id, row.id));
  }

  async function startSession(customer: CustomerProfile, remember: boolean): Promise<NewSession> {
    const at = now();
    const token = newToken();
    const expiresAt = later(at, sessionLifetime(remember));
    await db.insert(sessions).values({
      customerId: customer.id,
      tokenHash: hashToken(token),
      remember,
      expiresAt,
      lastUsedAt: at,
      createdAt: at,
    });
    // The customer's expired sessions go when they log in again, so the table does not keep them forever.
    await db.delete(sessions).where(and(eq(sessions.customerId, customer.id), lte(sessions.expiresAt, at)));
    return { token, expiresAt, remember, customer };
  }

  /** The session behind a token, its expiry slid forward when the last slide is a minute old. */
  async function findSession(token: unknown) {
    if (!isTokenShaped(token)) return null;
    const at = now();
    const [row] = await db
      .select({
        ...profileColumns,
        sessionId: sessions.id,
        remember: sessions.remember,
        expiresAt: sessions.expiresAt,
        lastUsedAt: sessions.lastUsedAt,
      })
      .from(sessions)
      .innerJoin(customers, eq(customers.id, sessions.customerId))
      .where(
        and(
          eq(sessions.tokenHash, hashToken(token)),
          gt(sessions.expiresAt, at),
          isNull(customers.deletedAt),
          isNull(customers.disabledAt),
        ),
      );
    if (!row) return null;
    let { expiresAt } = row;
    const renewed = at.getTime() - row.lastUsedAt.getTime() >= SLIDE_EVERY_MS;
    if (renewed) {
      expiresAt = later(at, sessionLifetime(row.remember));
      await db.update(sessions).set({ expiresAt, lastUsedAt: at }).where(eq(sessions.id, row.sessionId));
    }
    return {
      sessionId: row.sessionId,
      session: {
        customer: toProfile(row),
        expiresAt,
        remember: row.remember,
        renewed,
      } satisfies ActiveSession,
    };
  }

  async function requireSession(token: string) {
    const found = await findSession(token);
    if (!found) throw invalidSession();
    return found;
  }

  async function isResetTokenValid(token: string): Promise<boolean> {
    if (!isTokenShaped(token)) return false;
    const [row] = await db
      .select({ id: passwordResets.id })
      .from(passwordResets)
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now()),
        ),
      );
    return row !== undefined;
  }

  return {
    /**
     * Creates the account and logs it in (a 1-day session) with the browser's first device cookie, as a
     * login gives; the welcome e-mail goes in the background.
     */
    async register(input: RegisterInput, meta: { ip?: string | undefined } = {}): Promise<NewLogin> {
      const data = parseInput(registerInput, input);
      // Checked before hashing to spare the work; the unique index decides when two registrations race.
      const [taken] = await db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.email, data.email));
      if (taken) throw emailTaken();
      const passwordHash = await hashPassword(data.password);
      const at = now();
      let row: ProfileRow | undefined;
      try {
        row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(customers)
            .values({
              email: data.email,
              firstName: data.firstName,
              lastName: data.lastName,
              phone: data.phone,
              passwordHash,
              kvkkAcceptedAt: at,
              marketingConsent: data.marketingConsent,
              marketingConsentAt: data.marketingConsent ? at : null,
              createdAt: at,
              updatedAt: at,
            })
            .returning(profileColumns);
          // The consent box of the form, with its proof row (İYS) in the same transaction.
          if (data.marketingConsent) {
            await recordConsent(tx, {
              customerId: created!.id,
              recipient: data.email,
              granted: true,
              at,
              detail: CONSENT_DETAIL.register,
              ip: meta.ip,
            });
          }
          return created;
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
      const customer = toProfile(row!);
      sendLater('welcome', customer.id, customer.email, (name) =>
        welcomeEmail({ shopName: name, firstName: customer.firstName, shopUrl }),
      );
      return { ...(await startSession(customer, false)), deviceCookie: await guard.firstDevice(customer.id) };
    },

    /**
     * A new session for the right e-mail and password, under the login guard (`login-guard/`): wrong
     * passwords from a browser showing a device cookie of the account (`deviceCookie`) count against that
     * cookie, any others against the e-mail's unknown browsers (five in a row: 15 minutes of
     * COK_FAZLA_DENEME for them). A wrong password and an unknown address get the same GIRIS_HATALI after
     * the same hashing work, and the same count. The answer carries the browser's device cookie to set.
     */
    async login(input: LoginInput, deviceCookie?: string): Promise<NewLogin> {
      const data = parseInput(loginInput, input);
      const [row] = await db
        .select(credentialColumns)
        .from(customers)
        .where(and(eq(customers.email, data.email), isNull(customers.deletedAt)));
      const attempt = await guard.begin(data.email, row?.id, deviceCookie);
      // A waiting browser is refused before the password is looked at: the right one does not cut the wait short.
      if (attempt.waitUntil) throw tooManyAttempts(attempt.waitUntil, attempt.trusted);
      const passwordHash = row?.passwordHash ?? null;
      if (passwordHash === null) await spendPasswordTime(data.password);
      if (passwordHash === null || !(await verifyPassword(data.password, passwordHash))) {
        const lockedUntil = await attempt.failed();
        throw lockedUntil ? tooManyAttempts(lockedUntil, attempt.trusted) : wrongCredentials();
      }
      await attempt.succeeded();
      // Only the right password learns of the disabling.
      if (row!.disabledAt) throw accountDisabled();
      await rehashIfOld(row!, data.password);
      const session = await startSession(toProfile(row!), data.rememberMe);
      return { ...session, deviceCookie: await attempt.trust(row!.id) };
    },

    /** The session behind a token with its (possibly renewed) expiry, or null; for the HTTP layer's cookie. */
    async session(token: string | null | undefined): Promise<ActiveSession | null> {
      return (await findSession(token))?.session ?? null;
    },

    /** The customer behind a session token, or null for a missing, unknown or expired one. */
    async authenticate(token: string | null | undefined): Promise<CustomerProfile | null> {
      return (await findSession(token))?.session.customer ?? null;
    },

    async logout(token: string | null | undefined): Promise<void> {
      if (!isTokenShaped(token)) return;
      await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)));
    },

    /**
     * Ends every session of the customer but this one, and every device cookie (this browser's too: its
     * next login makes a new one); returns how many sessions ended.
     */
    async endOtherSessions(token: string): Promise<number> {
      const { sessionId, session } = await requireSession(token);
      return db.transaction(async (tx) => {
        const ended = await tx
          .delete(sessions)
          .where(and(eq(sessions.customerId, session.customer.id), ne(sessions.id, sessionId)))
          .returning({ id: sessions.id });
        await guard.revoke(tx, session.customer.id);
        return ended.length;
      });
    },

    /**
     * Sends a single-use reset link valid for an hour. Resolves the same way whether or not the address has
     * an account (only input that is not an e-mail address is refused).
     */
    async requestPasswordReset(input: ForgotInput): Promise<void> {
      const data = parseInput(forgotInput, input);
      const [row] = await db
        .select({ id: customers.id, firstName: customers.firstName })
        .from(customers)
        .where(and(eq(customers.email, data.email), isNull(customers.deletedAt)));
      if (!row) return;
      const at = now();
      const [{ open } = { open: 0 }] = await db
        .select({ open: count() })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.customerId, row.id),
            isNull(passwordResets.usedAt),
            gt(passwordResets.expiresAt, at),
          ),
        );
      if (open >= MAX_OPEN_RESETS) {
        logger.info({ customerId: row.id, open }, 'password reset not sent: too many open links');
        return;
      }
      const token = newToken();
      await db.insert(passwordResets).values({
        customerId: row.id,
        tokenHash: hashToken(token),
        expiresAt: later(at, RESET_VALID_MINUTES * 60_000),
        createdAt: at,
      });
      const resetUrl = `${shopUrl}/reset-password?token=${token}`;
      sendLater('password-reset', row.id, data.email, (name) =>
        passwordResetEmail({
          shopName: name,
          firstName: row.firstName,
          resetUrl,
          validMinutes: RESET_VALID_MINUTES,
        }),
      );
    },

    /** Whether a reset link is still usable: the reset page can say so before a new password is typed. */
    isResetTokenValid,

    /**
     * Sets a new password with a reset link. The link is used up (atomically: two clicks cannot both
     * succeed), every session and device cookie ends, the other open links die and the address's unknown
     * browsers the login guard holds may try again (the e-mail proves ownership). TOKEN_GECERSIZ for an unknown, used or expired link.
     */
    async resetPassword(input: ResetInput): Promise<void> {
      const data = parseInput(resetInput, input);
      // A cheap look first: an unknown link costs no hashing.
      if (!(await isResetTokenValid(data.token))) throw invalidResetToken();
      const passwordHash = await hashPassword(data.password);
      const at = now();
      const email = await db.transaction(async (tx) => {
        const [used] = await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(
            and(
              eq(passwordResets.tokenHash, hashToken(data.token)),
              isNull(passwordResets.usedAt),
              gt(passwordResets.expiresAt, at),
            ),
          )
          .returning({ customerId: passwordResets.customerId });
        if (!used) throw invalidResetToken();
        const [customer] = await tx
          .update(customers)
          .set({ passwordHash, updatedAt: at })
          .where(active(used.customerId))
          .returning({ id: customers.id, email: customers.email });
        if (!customer) throw invalidResetToken();
        await tx.delete(sessions).where(eq(sessions.customerId, customer.id));
        await guard.revoke(tx, customer.id);
        await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.customerId, customer.id), isNull(passwordResets.usedAt)));
        return customer.email;
      });
      await guard.clearUntrusted(email);
    },

    async profile(customerId: number): Promise<CustomerProfile> {
      return toProfile(await requireCustomer(customerId));
    },

    /** Name and phone (Bilgilerim). */
    async updateProfile(customerId: number, input: ProfileInput): Promise<CustomerProfile> {
      const data = parseInput(profileInput, input);
      const [row] = await db
        .update(customers)
        .set({ firstName: data.firstName, lastName: data.lastName, phone: data.phone, updatedAt: now() })
        .where(active(customerId))
        .returning(profileColumns);
      if (!row) throw customerNotFound();
      return toProfile(row);
    },

    /** A new login e-mail address, with the password as proof (SIFRE_HATALI; throttled like a login). */
    async changeEmail(customerId: number, input: EmailChangeInput): Promise<CustomerProfile> {
      const data = parseInput(emailChangeInput, input);
      const row = await requireCustomer(customerId);
      await checkOwnPassword(row, data.password, () => wrongPassword('password'));
      if (data.email === row.email) return toProfile(row);
      try {
        const [updated] = await db
          .update(customers)
          .set({ email: data.email, updatedAt: now() })
          .where(active(customerId))
          .returning(profileColumns);
        if (!updated) throw customerNotFound();
        sendLater('email-changed', row.id, row.email, (name) =>
          emailChangedEmail({
            shopName: name,
            firstName: row.firstName,
            newEmail: updated.email,
            changedAt: formatDateTime(now()),
            contactUrl: `${shopUrl}/contact`,
          }),
        );
        return toProfile(updated);
      } catch (err) {
        if (isUniqueViolation(err)) throw emailTaken();
        throw err;
      }
    },

    /**
     * A new password, with the current one as proof. Every other session ends (whoever else was logged in
     * is out), this one stays; open reset links and every device cookie die with the old password.
     */
    async changePassword(token: string, input: PasswordChangeInput): Promise<void> {
      const data = parseInput(passwordChangeInput, input);
      const { sessionId, session } = await requireSession(token);
      const row = await requireCustomer(session.customer.id);
      await checkOwnPassword(row, data.currentPassword, () => wrongPassword('currentPassword'));
      const passwordHash = await hashPassword(data.newPassword);
      const at = now();
      await db.transaction(async (tx) => {
        await tx.update(customers).set({ passwordHash, updatedAt: at }).where(eq(customers.id, row.id));
        await tx.delete(sessions).where(and(eq(sessions.customerId, row.id), ne(sessions.id, sessionId)));
        await guard.revoke(tx, row.id);
        await tx
          .update(passwordResets)
          .set({ usedAt: at })
          .where(and(eq(passwordResets.customerId, row.id), isNull(passwordResets.usedAt)));
      });
    },

    /** Marketing consent on or off; its time changes only when the answer does. */
    async setMarketingConsent(
      customerId: number,
      input: ConsentInput,
      meta: { ip?: string | undefined } = {},
    ): Promise<CustomerProfile> {
      const { marketingConsent } = parseInput(consentInput, input);
      const at = now();
      const changed = await db.transaction((tx) =>
        changeConsent(tx, customerId, marketingConsent, { detail: CONSENT_DETAIL.account, ip: meta.ip }, at),
      );
      if (changed === undefined) throw customerNotFound();
      const [row] = await db.select(profileColumns).from(customers).where(active(customerId));
      if (!row) throw customerNotFound();
      return toProfile(row);
    },

    /** Everything kept about the customer (KVKK's right of access), without hashes. */
    async exportData(customerId: number): Promise<AccountExport> {
      const [row] = await db
        .select({
          ...profileColumns,
          createdAt: customers.createdAt,
          kvkkAcceptedAt: customers.kvkkAcceptedAt,
          marketingConsentAt: customers.marketingConsentAt,
        })
        .from(customers)
        .where(active(customerId));
      if (!row) throw customerNotFound();
      return {
        exportedAt: now().toISOString(),
        profile: { ...toProfile(row), createdAt: row.createdAt.toISOString() },
        consents: {
          kvkkAcceptedAt: row.kvkkAcceptedAt.toISOString(),
          marketingConsent: row.marketingConsent,
          marketingConsentAt: row.marketingConsentAt?.toISOString() ?? null,
          history: await consentHistory(db, customerId),
        },
        addresses: await listAddresses(db, customerId),
        reviews: await customerReviews(db, customerId),
      };
    },

    /**
     * Deletes the account, with the password as proof. The row stays for the orders the law requires to
     * keep, with its personal data erased; addresses, sessions and reset links go.
     */
    async deleteAccount(customerId: number, input: DeleteAccountInput): Promise<void> {
      const data = parseInput(deleteAccountInput, input);
      const row = await requireCustomer(customerId);
      await checkOwnPassword(row, data.password, () => wrongPassword('password'));
      const at = now();
      const erased = await db.transaction((tx) => eraseAccount(tx, row, at));
      if (options.files) await removeErasedFiles(db, erased, { files: options.files, cache: options.cache });
    },

    /** Wholesale pricing on or off, for the operator's CLI; HESAP_BULUNAMADI for an unknown address. */
    async setWholesale(email: string, on: boolean): Promise<CustomerProfile> {
      const normalized = email.trim().toLowerCase();
      const [row] = await db
        .update(customers)
        .set({ wholesale: on, updatedAt: now() })
        .where(and(eq(customers.email, normalized), isNull(customers.deletedAt)))
        .returning(profileColumns);
      if (!row) throw customerNotFound(normalized);
      return toProfile(row);
    },

    /** Removes expired sessions and reset links of every customer; for a periodic job. */
    async purgeExpired(): Promise<{ sessions: number; resets: number }> {
      const at = now();
      const s = await db.delete(sessions).where(lte(sessions.expiresAt, at)).returning({ id: sessions.id });
      const r = await db
        .delete(passwordResets)
        .where(lte(passwordResets.expiresAt, at))
        .returning({ id: passwordResets.id });
      return { sessions: s.length, resets: r.length };
    },

    /** Resolves when the e-mails sent so far have been handed to the mailer (tests, graceful shutdown). */
    async drainMail(): Promise<void> {
      while (pendingMail.size > 0) await Promise.all([...pendingMail]);
    },
  };
}

export type CustomerService = ReturnType<typeof createCustomerService>;
