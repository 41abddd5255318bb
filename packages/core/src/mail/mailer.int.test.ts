import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { startSmtp } from '@vitrin/testing/smtp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type MailLogger, type MailMessage } from './mailer.ts';
import { passwordResetEmail } from './templates.ts';

// --- a few lines of MIME reading, enough for what nodemailer writes ---------------------------------

interface MimePart {
  headers: Map<string, string>;
  body: string;
}

function parsePart(raw: string): MimePart {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const headers = new Map<string, string>();
  // Unfold continuation lines (RFC 5322 2.2.3), then one header a line.
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body: split < 0 ? '' : raw.slice(split + 4) };
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const unwrapped = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unwrapped.length; i++) {
    const hex = unwrapped.slice(i + 1, i + 3);
    if (unwrapped[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(unwrapped.charCodeAt(i));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words; adjacent words are joined as bytes, since a character may straddle two. */
function decodeHeader(value: string): string {
  return value.replace(/(?:=\?[^?]+\?[BbQq]\?[^?]*\?=\s*)+/g, (run) => {
    const chunks = [...run.matchAll(/=\?[^?]+\?([BbQq])\?([^?]*)\?=/g)].map(([, kind, data = '']) =>
      kind?.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64')
        : decodeQuotedPrintable(data.replaceAll('_', ' ')),
    );
    const trailing = /\s*$/.exec(run)?.[0] ?? '';
    return Buffer.concat(chunks).toString('utf8') + trailing;
  });
}

function decodeBody(part: MimePart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body).toString('utf8');
  return part.body;
}

/** The decoded body of the first part of `type` in a (possibly multipart) message. */
function bodyOfType(message: MimePart, type: string): string | undefined {
  const contentType = message.headers.get('content-type') ?? 'text/plain';
  if (contentType.toLowerCase().startsWith(type)) return decodeBody(message);
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!boundary) return undefined;
  for (const chunk of message.body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith('--')) break;
    const found = bodyOfType(parsePart(chunk.replace(/^\r\n/, '')), type);
    if (found !== undefined) return found;
  }
  return undefined;
}

function recordingLogger() {
  const lines: string[] = [];
  const logger: MailLogger = {
    info: (fields, message) => lines.push(JSON.stringify({ ...fields, message })),
    error: (fields, message) => lines.push(JSON.stringify({ ...fields, message })),
  };
  return { logger, lines };
}

const run = promisify(execFile);
const from = '"Vitrin Atölye" <siparis@vitrin.example>';
const token = 'Zx9-Qa1b2C3d4E5f6G7h8I9j0K';
const resetMail: MailMessage = {
  to: 'ayse@example.com',
  ...passwordResetEmail({
    shopName: 'Vitrin Atölye',
    firstName: 'Ayşe',
    resetUrl: `https://vitrin.example/sifre-sifirla?token=${token}`,
    validMinutes: 60,
  }),
};

describe('mailer', () => {
  describe('with SMTP_URL', () => {
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    beforeAll(async () => {
      smtp = await startSmtp({ refuse: (address) => address.startsWith('reddet@') });
    });
    afterAll(() => smtp.close());

    it('sends through the SMTP server with the Turkish subject and the text body', async () => {
      const { logger, lines } = recordingLogger();
      const mailer = createMailer({
        smtpUrl: smtp.url,
        outboxDir: '/nonexistent',
        from,
        logger,
      });
      try {
        await mailer.send(resetMail);
      } finally {
        mailer.close();
      }

      expect(smtp.received).toHaveLength(1);
      const [delivery] = smtp.received;
      expect(delivery?.from).toBe('siparis@vitrin.example');
      expect(delivery?.to).toEqual(['ayse@example.com']);
      const message = parsePart(delivery!.raw);
      expect(message.headers.get('to')).toBe('ayse@example.com');
      expect(decodeHeader(message.headers.get('subject')!)).toBe('Şifre sıfırlama isteğiniz');
      expect(decodeHeader(message.headers.get('from')!)).toBe('Vitrin Atölye <siparis@vitrin.example>');
      const text = bodyOfType(message, 'text/plain');
      expect(text).toContain('Merhaba Ayşe,');
      expect(text).toContain(`https://vitrin.example/sifre-sifirla?token=${token}`);
      expect(bodyOfType(message, 'text/html')).toContain('<html lang="tr">');

      expect(lines.join('\n')).toContain('example.com');
      expect(lines.join('\n')).toContain('Şifre sıfırlama isteğiniz');
    });

    it('rejects when the server refuses the recipient, and logs neither the address nor the body', async () => {
      const { logger, lines } = recordingLogger();
      const mailer = createMailer({
        smtpUrl: smtp.url,
        outboxDir: '/x',
        from,
        logger,
      });
      try {
        await expect(mailer.send({ ...resetMail, to: 'reddet@example.com' })).rejects.toThrow();
      } finally {
        mailer.close();
      }
      const log = lines.join('\n');
      expect(log).toContain('mail not sent');
      expect(log).not.toContain('reddet@');
      expect(log).not.toContain(token);
    });
  });

  describe('without SMTP_URL', () => {
    let root: string;
    beforeAll(async () => {
      root = await mkdtemp(join(tmpdir(), 'vitrin-outbox-'));
    });
    afterAll(() => rm(root, { recursive: true, force: true }));

    it('writes an .eml file into the outbox when no SMTP_URL is set', async () => {
      const outboxDir = join(root, 'data', 'outbox');
      const { logger, lines } = recordingLogger();
      const mailer = createMailer({ outboxDir, from, logger });
      await mailer.send(resetMail);
      mailer.close();

      const files = await readdir(outboxDir);
      expect(files).toHaveLength(1);
      const [file] = files;
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T[\d-]+\.\d{3}Z-[0-9a-f]{12}\.eml$/);
      expect(files.filter((name) => name.endsWith('.tmp'))).toEqual([]);

      const raw = await readFile(join(outboxDir, file!), 'utf8');
      expect(raw).toContain('\r\n'); // RFC 822 line ends
      const message = parsePart(raw);
      expect(message.headers.get('to')).toBe('ayse@example.com');
      expect(decodeHeader(message.headers.get('subject')!)).toBe('Şifre sıfırlama isteğiniz');
      expect(bodyOfType(message, 'text/plain')).toContain(token);

      const log = lines.join('\n');
      expect(log).toContain(file);
      expect(log).not.toContain(token);
      expect(log).not.toContain('ayse@');
    });

    it('keeps every message of a burst in its own file', async () => {
      const outboxDir = join(root, 'burst');
      const mailer = createMailer({ outboxDir, from });
      await Promise.all(Array.from({ length: 5 }, () => mailer.send(resetMail)));
      mailer.close();
      const files = await readdir(outboxDir);
      expect(files.filter((name) => name.endsWith('.eml'))).toHaveLength(5);
      expect(files).toHaveLength(5);
    });

    it('keeps a process alive while a message waits, and lets it exit once the mailer is idle', async () => {
      // Like a CLI command that e-mails a customer: nothing else keeps that process running, and nobody
      // closes the mailer.
      const outboxDir = join(root, 'process');
      const script = join(root, 'send-one.ts');
      const mailerModule = fileURLToPath(new URL('./mailer.ts', import.meta.url));
      await writeFile(
        script,
        `import { createMailer } from ${JSON.stringify(mailerModule)};
        const mailer = createMailer({ outboxDir: ${JSON.stringify(outboxDir)}, from: 'a@example.com' });
        void mailer.send({ to: 'b@example.com', subject: 'Deneme', html: '<p>x</p>', text: 'x' })
          .then(() => console.log('sent'));`,
      );
      const { stdout } = await run(process.execPath, ['--import', 'tsx', script], { timeout: 30_000 });
      expect(stdout.trim()).toBe('sent');
      expect((await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toHaveLength(1);
    });

    it('rejects a message it cannot write, logs why, and writes the next one', async () => {
      const outboxDir = join(root, 'blocked');
      // A file where the outbox directory should be: the write fails (ENOTDIR/EEXIST) until it is gone.
      await writeFile(outboxDir, 'not a directory');
      const { logger, lines } = recordingLogger();
      const mailer = createMailer({ outboxDir, from, logger });
      await expect(mailer.send(resetMail)).rejects.toThrow();
      expect(lines.join('\n')).toContain('mail not written to the outbox');
      expect(lines.join('\n')).not.toContain(token);
      await rm(outboxDir);
      await mailer.send(resetMail);
      mailer.close();
      // A closed mailer starts its worker again for the next message.
      await mailer.send(resetMail);
      mailer.close();
      expect((await readdir(outboxDir)).filter((name) => name.endsWith('.eml'))).toHaveLength(2);
    });
  });
});
