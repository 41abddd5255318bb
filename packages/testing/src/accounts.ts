import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAddressBook } from '@vitrin/core/customers/addresses';
import { type AccountLogger, createCustomerService } from '@vitrin/core/customers/service';
import type { Database } from '@vitrin/core/db/client';
import { createMailer, type Mailer, type MailMessage } from '@vitrin/core/mail/mailer';
import type { AddressInput } from '@vitrin/shared/api/account';
import { openTestDatabase } from './database.ts';

export const SHOP_URL = 'https://magaza.example.com';

/** Ayşe's registration form, valid as it is; tests override one field at a time. */
export const ayse = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  email: 'ayse@example.com',
  phone: '0532 123 45 67',
  password: 'gizli-şifre-1',
  kvkk: true,
  marketingConsent: false,
};

/** A valid address of the address book (an individual's, with a T.C. kimlik no that passes its checksum). */
export const homeAddress: AddressInput = {
  title: 'Ev',
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '0532 123 45 67',
  provinceCode: 34,
  district: 'Kadıköy',
  line: 'Caferağa Mah. Moda Cad. No: 1 D: 2',
  postcode: '34710',
  billingType: 'individual',
  tcKimlikNo: '10000000146',
};

export const person = (n: number) => ({
  ...ayse,
  firstName: `Müşteri ${n}`,
  email: `musteri${n}@example.com`,
});

/**
 * For account tests: a fresh database (PGlite, or PostgreSQL with TEST_DATABASE_URL), a clock the test
 * moves, and a mailer that writes `.eml` files into a temporary outbox and remembers what it sent.
 */
export async function openAccounts({ failingMailer = false } = {}) {
  const { database, dispose } = await openTestDatabase();
  const outboxDir = await mkdtemp(join(tmpdir(), 'vitrin-accounts-outbox-'));
  const outbox = createMailer({ outboxDir, from: 'Vitrin Atölye <noreply@example.com>' });
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    async send(message) {
      if (failingMailer) throw new Error('SMTP sunucusu yanıt vermiyor');
      sent.push(message);
      await outbox.send(message);
    },
    close: () => outbox.close(),
  };
  const START = new Date('2026-11-23T10:00:00Z').getTime();
  let time = START;
  const clock = {
    now: () => new Date(time),
    advance(ms: number) {
      time += ms;
    },
  };
  const logged: { fields: Record<string, unknown>; message: string }[] = [];
  const logger: AccountLogger = {
    info: () => {},
    error: (fields, message) => logged.push({ fields, message }),
  };
  const newCustomerService = () =>
    createCustomerService(database.db, {
      mailer,
      shopUrl: `${SHOP_URL}/`,
      shopName: 'Vitrin Atölye',
      now: clock.now,
      logger,
    });
  let customers = newCustomerService();
  const addresses = createAddressBook(database.db, { now: clock.now });
  return {
    database,
    get customers() {
      return customers;
    },
    addresses,
    clock,
    sent,
    logged,
    /** Raw `.eml` files in the outbox, after the e-mails under way were written. */
    async outboxFiles(): Promise<string[]> {
      await customers.drainMail();
      const names = (await readdir(outboxDir)).filter((n) => n.endsWith('.eml')).sort();
      return Promise.all(names.map((n) => readFile(join(outboxDir, n), 'utf8')));
    },
    /** The reset token of the last reset e-mail sent to `to`. */
    async resetTokenFor(to: string): Promise<string> {
      await customers.drainMail();
      const mail = sent.filter((m) => m.to === to && m.subject === 'Şifre sıfırlama isteğiniz').at(-1);
      const token = mail && /reset-password\?token=([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
      if (!token) throw new Error(`no reset e-mail to ${to}`);
      return token;
    },
    /**
     * Empties the account tables, the outbox and the logs and sets the clock back: one database per file.
     * The service is made anew, so the login throttle it holds in memory starts empty too.
     */
    async reset() {
      await customers.drainMail();
      // Carts, orders and coupon uses refer to customers: they go too (cascade).
      await database.query(
        'truncate customers, sessions, password_resets, addresses, login_devices, login_failures restart identity cascade',
      );
      for (const name of await readdir(outboxDir)) await rm(join(outboxDir, name), { force: true });
      sent.length = 0;
      logged.length = 0;
      time = START;
      customers = newCustomerService();
    },
    async dispose() {
      await customers.drainMail();
      mailer.close();
      await rm(outboxDir, { recursive: true, force: true });
      await dispose();
    },
  };
}

export type Accounts = Awaited<ReturnType<typeof openAccounts>>;

/** Every row of a table as JSON text, to check that a secret appears nowhere in it. */
export async function tableText(database: Database, table: string): Promise<string> {
  return JSON.stringify(await database.query(`select * from ${table}`));
}

export { rejection } from './refusal.ts';
