import { type Accounts, ayse, openAccounts } from '@vitrin/testing/accounts';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customers, mailQueue, marketingConsents } from '../db/schema.ts';
import { enqueueMarketingMail } from '../mail/marketing.ts';
import { createMailQueue } from '../mail/queue.ts';
import { unsubscribe, unsubscribeTokenOf } from './consent.ts';

const SHOP_URL = 'https://magaza.example.com';
const MINUTE = 60_000;

let t: Accounts;
beforeAll(async () => {
  t = await openAccounts();
});
beforeEach(() => t.reset());
afterAll(() => t.dispose());

const db = () => t.database.db;
const proofRows = () => db().select().from(marketingConsents).orderBy(asc(marketingConsents.id));
const consentOf = async (id: number) => (await db().select().from(customers).where(eq(customers.id, id)))[0]!;
const register = (consent: boolean, email = ayse.email) =>
  t.customers.register({ ...ayse, email, marketingConsent: consent }, { ip: '203.0.113.7' });

/** A mail to the customer as the reminders and review requests queue it. */
const marketingMail = (customerId: number) =>
  db().transaction((tx) =>
    enqueueMarketingMail(tx, {
      kind: 'test-marketing',
      customerId,
      shopUrl: SHOP_URL,
      compose: ({ unsubscribeUrl }) => ({
        subject: 'Kampanya',
        html: `<p><a href="${unsubscribeUrl}">E-posta listemizden çıkmak için tıklayın</a></p>`,
        text: unsubscribeUrl,
      }),
    }),
  );

describe('marketing consent records (İYS)', () => {
  it("records the register form's consent box with source, detail, address and time", async () => {
    const { customer } = await register(true);
    expect(await proofRows()).toEqual([
      expect.objectContaining({
        customerId: customer.id,
        recipient: ayse.email,
        channel: 'email',
        granted: true,
        source: 'HS_WEB',
        detail: 'Üyelik formu',
        ip: '203.0.113.7',
        createdAt: t.clock.now(),
      }),
    ]);
    expect(await consentOf(customer.id)).toMatchObject({
      marketingConsent: true,
      marketingConsentAt: t.clock.now(),
    });
  });

  it('records nothing for a registration without consent', async () => {
    await register(false);
    expect(await proofRows()).toEqual([]);
  });

  it("records each change on the account's information page, and only a change", async () => {
    const { customer } = await register(false);
    t.clock.advance(5 * MINUTE);
    await t.customers.setMarketingConsent(customer.id, { marketingConsent: true }, { ip: '198.51.100.2' });
    await t.customers.setMarketingConsent(customer.id, { marketingConsent: true });
    t.clock.advance(MINUTE);
    const profile = await t.customers.setMarketingConsent(customer.id, { marketingConsent: false });
    expect(profile.marketingConsent).toBe(false);
    const rows = await proofRows();
    expect(rows.map((r) => [r.granted, r.detail, r.ip, r.createdAt.getTime()])).toEqual([
      [true, 'Hesap bilgileri', '198.51.100.2', t.clock.now().getTime() - MINUTE],
      [false, 'Hesap bilgileri', null, t.clock.now().getTime()],
    ]);
  });

  it('puts the history in the data export (only their own), keeps it detached at erasure, and withdraws then', async () => {
    const { customer } = await register(true);
    const other = await register(true, 'baska@example.com');
    await t.customers.setMarketingConsent(customer.id, { marketingConsent: false });
    await t.customers.setMarketingConsent(customer.id, { marketingConsent: true });
    const exported = await t.customers.exportData(customer.id);
    expect(exported.consents.history.map((h) => [h.granted, h.detail, h.source])).toEqual([
      [true, 'Üyelik formu', 'HS_WEB'],
      [false, 'Hesap bilgileri', 'HS_WEB'],
      [true, 'Hesap bilgileri', 'HS_WEB'],
    ]);
    expect(exported.consents.history.every((h) => h.recipient === ayse.email)).toBe(true);

    await unsubscribeTokenOf(db(), customer.id);
    await t.customers.deleteAccount(customer.id, { password: ayse.password });
    const rows = await proofRows();
    const mine = rows.filter((r) => r.recipient === ayse.email);
    expect(mine.map((r) => [r.customerId, r.granted, r.detail])).toEqual([
      [null, true, 'Üyelik formu'],
      [null, false, 'Hesap bilgileri'],
      [null, true, 'Hesap bilgileri'],
      [null, false, 'Hesabın silinmesi'],
    ]);
    expect(rows.filter((r) => r.customerId === other.customer.id)).toHaveLength(1);
    expect((await consentOf(customer.id)).unsubscribeToken).toBeNull();
  });
});

describe('marketing mail and the unsubscribe link', () => {
  it('refuses to queue a marketing mail to a customer without consent', async () => {
    const { customer } = await register(false);
    expect(await marketingMail(customer.id)).toBeNull();
    expect(await db().select().from(mailQueue).where(eq(mailQueue.kind, 'test-marketing'))).toEqual([]);
  });

  it('unsubscribes with the token at once, idempotently, with its proof row; an unknown token is undefined', async () => {
    const { customer } = await register(true);
    await marketingMail(customer.id);
    const token = (await consentOf(customer.id)).unsubscribeToken!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The same link in every mail.
    await marketingMail(customer.id);
    expect((await consentOf(customer.id)).unsubscribeToken).toBe(token);

    t.clock.advance(MINUTE);
    expect(await unsubscribe(db(), token, { ip: '192.0.2.9', at: t.clock.now() })).toEqual({
      withdrawn: true,
    });
    expect(await unsubscribe(db(), token, { at: t.clock.now() })).toEqual({ withdrawn: false });
    expect(await consentOf(customer.id)).toMatchObject({
      marketingConsent: false,
      marketingConsentAt: t.clock.now(),
    });
    const withdrawn = (await proofRows()).filter((r) => !r.granted);
    expect(withdrawn).toEqual([
      expect.objectContaining({
        detail: 'E-postadaki abonelikten çıkma bağlantısı',
        source: 'HS_WEB',
        ip: '192.0.2.9',
        createdAt: t.clock.now(),
      }),
    ]);
    expect(await marketingMail(customer.id)).toBeNull();
    expect(await unsubscribe(db(), 'x'.repeat(43), { at: t.clock.now() })).toBeUndefined();
    expect(await unsubscribe(db(), '../etc', { at: t.clock.now() })).toBeUndefined();
  });

  it('sends List-Unsubscribe and List-Unsubscribe-Post to the mail server', async () => {
    const smtp = await startSmtp();
    const mailer = smtpMailer(smtp.url);
    try {
      const { customer } = await register(true);
      await marketingMail(customer.id);
      const token = (await consentOf(customer.id)).unsubscribeToken!;
      const queue = createMailQueue(db(), { mailer });
      queue.kick();
      await queue.drain();
      // Headers unfolded (a long one is folded onto the next line); earlier tests' mails may go out too.
      const headers = smtp.received
        .filter((m) => m.to.includes(ayse.email))
        .map((m) => m.raw.slice(0, m.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '))
        .find((h) => h.includes(token));
      expect(headers).toContain(`List-Unsubscribe: <${SHOP_URL}/unsubscribe/${token}>`);
      expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});
