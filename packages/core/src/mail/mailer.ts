import { randomBytes } from 'node:crypto';
import { Worker } from 'node:worker_threads';

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply goes (the contact form's sender), when not to the shop's own address. */
  replyTo?: string;
  /** Extra headers (a marketing mail's `List-Unsubscribe` and `List-Unsubscribe-Post`), passed to nodemailer. */
  headers?: Record<string, string>;
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

interface Waiting {
  resolve: () => void;
  reject: (err: Error) => void;
}

/** What the worker answers for one message: nothing, or why it was not sent. */
interface WorkerReply {
  id: number;
  error?: { name?: string; message: string; code?: unknown; responseCode?: number };
}

/**
 * Sends the shop's e-mails. With `smtpUrl` through a pooled SMTP transport; without it each message is
 * written as an RFC 822 `.eml` file into `outboxDir`, so a shop without a mail server (and a developer)
 * can still open what would have been sent.
 *
 * nodemailer runs in a worker thread (`mail-worker.mjs`), started at the first message: composing a message
 * cost the request thread about a tenth of an order's CPU. `send` still resolves once the message is sent
 * (or written) and rejects when it is not; a worker that dies is started again by the next message.
 *
 * Bodies hold password-reset tokens: only the recipient's domain and the subject are ever logged, and
 * nodemailer's own logger (which can dump the SMTP conversation) stays off.
 */
export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, outboxDir, from, logger } = options;
  const transportName = smtpUrl ? 'smtp' : 'outbox';
  let nextId = 1;
  /** The running worker and the messages it was given that it has not answered yet. */
  let current: { worker: Worker; pending: Map<number, Waiting> } | null = null;

  const start = () => {
    const worker = new Worker(new URL('./mail-worker.mjs', import.meta.url), {
      workerData: { smtpUrl, outboxDir, from },
    });
    const pending = new Map<number, Waiting>();
    const failAll = (err: Error) => {
      for (const { reject } of pending.values()) reject(err);
      pending.clear();
    };
    worker.on('message', ({ id, error }: WorkerReply) => {
      const waiting = pending.get(id);
      if (!waiting) return;
      pending.delete(id);
      if (pending.size === 0) worker.unref();
      if (!error) return waiting.resolve();
      waiting.reject(Object.assign(new Error(error.message), error));
    });
    worker.on('error', failAll);
    worker.on('exit', () => {
      if (current?.worker === worker) current = null;
      failAll(new Error('mail worker stopped'));
    });
    // An idle worker does not keep the process alive (after the listeners: adding one refs the worker);
    // a message waiting for its answer does (a script that sends one mail exits once it is sent).
    worker.unref();
    return { worker, pending };
  };

  return {
    async send(message) {
      const fields = {
        transport: transportName,
        toDomain: recipientDomain(message.to),
        subject: message.subject,
      };
      const fileName = smtpUrl ? undefined : outboxFileName(new Date());
      const id = nextId++;
      current ??= start();
      const { worker, pending } = current;
      try {
        await new Promise<void>((resolve, reject) => {
          pending.set(id, { resolve, reject });
          worker.ref();
          worker.postMessage({ id, message, fileName });
        });
      } catch (err) {
        logger?.error(
          { ...fields, err: describeError(err) },
          smtpUrl ? 'mail not sent' : 'mail not written to the outbox',
        );
        throw err;
      }
      logger?.info(
        fileName ? { ...fields, file: fileName } : fields,
        smtpUrl ? 'mail sent' : 'mail written to the outbox',
      );
    },
    close() {
      void current?.worker.terminate();
      current = null;
    },
  };
}

/** Name, code and message only: an error object may carry the message it failed to send. */
function describeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { message: String(err) };
  const code = (err as { code?: unknown }).code;
  return { name: err.name, message: err.message, ...(code === undefined ? {} : { code }) };
}
