import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (the contact form's sender), when not to the shop's own address. */
  replyTo?: string;
}

/** The subset of pino's logger (Fastify's `app.log`) the mailer uses. */
export interface MailLogger {
  info(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
}

export interface MailerOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; without it messages go to `outboxDir` as `.eml` files. */
  smtpUrl?: string | undefined;
  outboxDir: string;
  /** Sender, e.g. `"Vitrin Atölye" <siparis@example.com>`. */
  from: string;
  logger?: MailLogger | undefined;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Domain of the last address in `to` (`Ayşe <a@b.com>` -> `b.com`): enough to trace a delivery, no more. */
export function recipientDomain(to: string): string {
  const at = to.lastIndexOf('@');
  if (at < 0) return '';
  return to
    .slice(at + 1)
    .replace(/[>\s].*$/s, '')
    .toLowerCase();
}

/** `2026-11-22T10-15-30.123Z-3f9a1c2b7d4e.eml`: sorts by time; no `:` so the name is valid everywhere. */
function outboxFileName(now: Date): string {
  return `${now.toISOString().replaceAll(':', '-')}-${randomBytes(6).toString('hex')}.eml`;
}

/**
 * Sends the shop's e-mails. With `smtpUrl` through a pooled SMTP transport; without it each message is
 * written as an RFC 822 `.eml` file into `outboxDir`, so a shop without a mail server (and a developer)
 * can still open what would have been sent.
 *
 * Bodies hold password-reset tokens: only the recipient's domain and the subject are ever logged, and
 * nodemailer's own logger (which can dump the SMTP conversation) stays off.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;

  if (smtpUrl) {
    const transport = nodemailer.createTransport(
      {
        url: smtpUrl,
        pool: true,
        // A request that sends a reset mail waits on this: fail in seconds, not nodemailer's minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
        logger: false,
        debug: false,
      },
      { from },
    );
    return {
      async send(message) {
        const fields = { transport: 'smtp', toDomain: recipientDomain(message.to), subject: message.subject };
        try {
          await transport.sendMail(message);
        } catch (err) {
          logger?.error({ ...fields, err: describeError(err) }, 'mail not sent');
          throw err;
        }
        logger?.info(fields, 'mail sent');
      },
      close() {
        transport.close();
      },
    };
  }

  const transport = nodemailer.createTransport(
    { streamTransport: true, buffer: true, newline: 'windows' },
    { from },
  );
  return {
    async send(message) {
      const fields = { transport: 'outbox', toDomain: recipientDomain(message.to), subject: message.subject };
      const fileName = outboxFileName(new Date());
      const target = join(outboxDir, fileName);
      // Written under a temporary name in the same directory and renamed: a reader of the outbox never
      // sees half a message, and a crash leaves a `.tmp` file, never a truncated `.eml`.
      const temporary = `${target}.tmp`;
      try {
        const info = await transport.sendMail(message);
        await mkdir(outboxDir, { recursive: true });
        await writeFile(temporary, info.message as Buffer, { flag: 'wx' });
        await rename(temporary, target);
      } catch (err) {
        await rm(temporary, { force: true }).catch(() => {});
        logger?.error({ ...fields, err: describeError(err) }, 'mail not written to the outbox');
        throw err;
      }
      logger?.info({ ...fields, file: fileName }, 'mail written to the outbox');
    },
    close() {
      transport.close();
    },
  };
}

/** Name, code and message only: an error object may carry the message it failed to send. */
function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(code === undefined ? {} : { code }) };
}
