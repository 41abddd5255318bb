import { createMailer } from '@vitrin/core';
import { contactMessages } from '@vitrin/core/db/schema';
import { smtpMailer, startSmtp } from '@vitrin/testing/smtp';
import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browser } from '../../../test/accounts.ts';
import { createTestApp } from '../../../test/server.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  const mailer = smtpMailer(smtp.url);
  t = await createTestApp({ demo: false, services: { mailer } });
  await t.services.settings.set('contact_email', 'iletisim@magaza.example.com');
});
afterAll(async () => {
  await t.services.contact.drainMail();
  await t.close();
  t.services.mailer.close();
  await smtp.close();
});

const valid = {
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  subject: 'Kupa siparişi hakkında',
  message: 'Merhaba, mavi kupanın bulaşık makinesinde yıkanıp yıkanamayacağını öğrenmek istiyorum.',
  kvkk: true,
};

const stored = () => t.services.database.db.select().from(contactMessages).orderBy(desc(contactMessages.id));

describe('POST /api/front/contact', () => {
  it('stores the message and mails it to the shop with Reply-To the sender', async () => {
    const res = await browser(t.app).post('/api/front/contact', valid);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ ok: true });
    await t.services.contact.drainMail();
    const [row] = await stored();
    expect(row).toMatchObject({ name: 'Ayşe Yılmaz', email: 'ayse@example.com', subject: valid.subject });
    expect(row!.kvkkAcceptedAt).toBeInstanceOf(Date);
    expect(row!.mailedAt).toBeInstanceOf(Date);
    const [mail] = smtp.mailsTo('iletisim@magaza.example.com');
    expect(mail).toContain('Reply-To: ayse@example.com');
    expect(mail).toContain('İletişim formu: Kupa siparişi hakkında');
    expect(mail).toContain('bulaşık makinesinde');
    expect(mail).toContain('Content-Type: text/html');
  });

  it('escapes the message in the HTML part', async () => {
    const res = await browser(t.app).post('/api/front/contact', {
      ...valid,
      message: '<script>alert(1)</script> merhaba',
    });
    expect(res.statusCode).toBe(201);
    await t.services.contact.drainMail();
    const html = smtp.mailsTo('iletisim@magaza.example.com').at(-1)!.split('Content-Type: text/html')[1]!;
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; merhaba');
    expect(html).not.toContain('<script>alert');
  });

  it('keeps the message when the mail cannot be sent', async () => {
    const down = await createTestApp({
      demo: false,
      services: {
        mailer: createMailer({
          smtpUrl: 'smtp://127.0.0.1:9',
          outboxDir: '/nonexistent',
          from: 'a@example.com',
        }),
      },
    });
    try {
      const res = await browser(down.app).post('/api/front/contact', valid);
      expect(res.statusCode).toBe(201);
      await down.services.contact.drainMail();
      const [row] = await down.services.database.db.select().from(contactMessages);
      expect(row).toMatchObject({ email: 'ayse@example.com', mailedAt: null });
    } finally {
      await down.close();
    }
  });

  it('answers a filled honeypot with the same success and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await browser(t.app).post('/api/front/contact', { ...valid, website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    expect((await stored()).length).toBe(before);
  });

  it('allows 5 messages per address in 10 minutes, then 429 COK_FAZLA_ISTEK in Turkish', async () => {
    const b = browser(t.app);
    for (let i = 0; i < 5; i++) expect((await b.post('/api/front/contact', valid)).statusCode).toBe(201);
    const res = await b.post('/api/front/contact', valid);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    expect(res.json().error).toMatchObject({ code: 'COK_FAZLA_ISTEK' });
    expect(res.json().error.message).toMatch(/dakika sonra yeniden deneyin/);
    expect((await browser(t.app).post('/api/front/contact', valid)).statusCode).toBe(201);
  });

  const refused = async (body: object) => {
    const before = (await stored()).length;
    const res = await browser(t.app).post('/api/front/contact', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GECERSIZ_ISTEK');
    expect((await stored()).length).toBe(before);
    return res.json().error.fields as Record<string, string>;
  };

  it('refuses missing fields, naming each in Turkish', async () => {
    expect(await refused({})).toEqual({
      name: 'Adınızı ve soyadınızı girin',
      email: 'E-posta adresinizi girin',
      subject: 'Konuyu yazın',
      message: 'Mesajınızı yazın',
      kvkk: 'KVKK aydınlatma metnini okuduğunuzu onaylamanız gerekiyor',
    });
  });

  it('refuses blank fields', async () => {
    expect(await refused({ ...valid, name: '   ' })).toEqual({ name: 'Adınızı ve soyadınızı girin' });
  });

  it('refuses a malformed e-mail address', async () => {
    expect(await refused({ ...valid, email: 'ayse@' })).toEqual({
      email: 'Geçerli bir e-posta adresi girin',
    });
  });

  it('refuses a message over 5000 characters', async () => {
    expect(await refused({ ...valid, message: 'a'.repeat(5001) })).toEqual({
      message: 'Mesajınız en fazla 5000 karakter olabilir',
    });
  });

  it('refuses a message without the KVKK acknowledgement', async () => {
    expect(await refused({ ...valid, kvkk: false })).toEqual({
      kvkk: 'KVKK aydınlatma metnini okuduğunuzu onaylamanız gerekiyor',
    });
  });

  it('refuses a body that is not an object', async () => {
    const res = await browser(t.app).request({
      method: 'POST',
      url: '/api/front/contact',
      payload: '[1,2]',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
  });
});
