import { createServer } from 'node:net';
import { createMailer } from '@vitrin/core/mail/mailer';
import { SMTPServer } from 'smtp-server';

/** One message as the server received it: the envelope and the raw MIME text. */
export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  raw: string;
}

/**
 * A real SMTP server on loopback (a free port) that keeps every message it receives, for integration
 * tests of the core and of the server. `refuse` names recipients it answers with a permanent error.
 */
export async function startSmtp({
  refuse,
  port: wanted = 0,
}: {
  refuse?: (address: string) => boolean;
  /** A fixed port (a mail server coming back where it was); by default a free one. */
  port?: number;
} = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refuse?.(address.address)) callback(new Error('mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const { mailFrom, rcptTo } = session.envelope;
        received.push({
          from: mailFrom ? mailFrom.address : undefined,
          to: rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(wanted, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Messages to `address`, quoted-printable and encoded-word headers undone. */
    mailsTo: (address: string) => received.filter((m) => m.to.includes(address)).map((m) => readable(m.raw)),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** Quoted-printable and encoded-word headers undone, enough to read what nodemailer wrote. */
export function readable(raw: string): string {
  const unfolded = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(unfolded.charCodeAt(i));
  }
  return Buffer.from(bytes)
    .toString('utf8')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : data.replaceAll('_', ' '),
    );
}

/** A loopback port nothing listens on (yet): a mail server that is away. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** The shop's mailer sending through the test server at `smtpUrl` (no outbox). */
export const smtpMailer = (smtpUrl: string) =>
  createMailer({ smtpUrl, outboxDir: '/nonexistent', from: 'Vitrin <siparis@example.com>' });
