import { and, asc, desc, eq, inArray, lte, sql } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { type MailStatus, mailQueue } from '../db/schema.ts';
import type { Mailer, MailLogger, MailMessage } from './mailer.ts';

/** A message for the queue: what it is (`order-confirmation`, `password-reset`, ...) and its content. */
export interface QueuedMessage extends MailMessage {
  kind: string;
}

/** One row of the queue as the operator sees it (`vitrin mail list`). */
export interface QueuedMail {
  id: number;
  kind: string;
  to: string;
  subject: string;
  status: MailStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

/**
 * Waits after the 1st, 2nd, ... failed attempt: minutes at first (a mail server restarting), then hours, so
 * a mail server that is away for a day or two still gets every message. After the last one the mail is
 * `failed` and stays listed for the operator (`vitrin mail list --failed`, `vitrin mail retry ID`).
 */
export const RETRY_DELAYS_MS = [5, 15, 60, 180, 360, 720, 1440, 1440].map((minutes) => minutes * 60_000);
/** An attempt longer than this is taken as lost (its node died): another node may then try the mail. */
const LEASE_MS = 10 * 60_000;
const BATCH = 20;
/**
 * How long a sent mail is kept (for `vitrin mail list`), and a failed one (for the operator to see and
 * retry). Bodies hold personal data and reset links: nothing is kept for longer than that serves.
 */
const KEEP_SENT_MS = 7 * 24 * 60 * 60_000;
const KEEP_FAILED_MS = 30 * 24 * 60 * 60_000;

/**
 * Writes an e-mail into the durable queue inside the caller's transaction `tx`, so the mail exists exactly
 * when the change that causes it commits. Call the queue's `kick()` after the commit to send it at once;
 * otherwise the next round (each minute) sends it. Returns the queue row's id.
 */
export async function enqueueMail(tx: Db, message: QueuedMessage): Promise<number> {
  const [row] = await tx
    .insert(mailQueue)
    .values({
      kind: message.kind,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      bodyText: message.text,
      headers: message.headers ?? {},
    })
    .returning({ id: mailQueue.id });
  return row!.id;
}

/** A refusal of the mail server that no retry changes (5xx: no such mailbox, message refused). */
function permanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const describe = (err: unknown) => {
  if (!(err instanceof Error)) return String(err);
  const { code, responseCode } = err as { code?: unknown; responseCode?: unknown };
  return [responseCode ?? code, err.message].filter((p) => p !== undefined).join(' ');
};

export interface MailQueueOptions {
  mailer: Mailer;
  now?: () => Date;
  logger?: MailLogger;
}

/**
 * The sending side of the queue. A round claims due mails with `FOR UPDATE SKIP LOCKED` and moves their
 * next attempt past a lease before sending, so several app nodes on one PostgreSQL never send one mail
 * twice (a node that dies mid-send leaves it to be tried again after the lease). The mailer composes and
 * sends on its worker thread, never on the request thread.
 */
export function createMailQueue(db: Db, options: MailQueueOptions) {
  const { mailer } = options;
  const now = options.now ?? (() => new Date());
  const logger = options.logger;
  let running: Promise<number> | null = null;
  /** A round asked for while one runs: it starts after that one, so it sees every mail queued before the ask. */
  let next: Promise<number> | null = null;
  let timer: NodeJS.Timeout | null = null;

  async function claim(): Promise<(typeof mailQueue.$inferSelect)[]> {
    const at = now();
    const due = db
      .select({ id: mailQueue.id })
      .from(mailQueue)
      // The database's clock too: a row it just stamped with now() (microseconds) may be later than `at`
      // (milliseconds), and must not wait for the next round.
      .where(and(eq(mailQueue.status, 'pending'), lte(mailQueue.nextAttemptAt, sql`greatest(now(), ${at})`)))
      .orderBy(asc(mailQueue.nextAttemptAt), asc(mailQueue.id))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    return db
      .update(mailQueue)
      .set({ attempts: sql`${mailQueue.attempts} + 1`, nextAttemptAt: new Date(at.getTime() + LEASE_MS) })
      .where(and(inArray(mailQueue.id, due), eq(mailQueue.status, 'pending')))
      .returning();
  }

  async function attempt(row: typeof mailQueue.$inferSelect): Promise<boolean> {
    try {
      await mailer.send({
        to: row.toAddress,
        subject: row.subject,
        html: row.html,
        text: row.bodyText,
        ...(row.replyTo ? { replyTo: row.replyTo } : {}),
        ...(Object.keys(row.headers).length ? { headers: row.headers } : {}),
      });
    } catch (err) {
      const giveUp = permanent(err) || row.attempts > RETRY_DELAYS_MS.length;
      const delay = RETRY_DELAYS_MS[Math.min(row.attempts, RETRY_DELAYS_MS.length) - 1]!;
      await db
        .update(mailQueue)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: describe(err).slice(0, 500),
          nextAttemptAt: new Date(now().getTime() + delay),
        })
        .where(eq(mailQueue.id, row.id));
      logger?.error(
        { mailId: row.id, kind: row.kind, attempts: row.attempts },
        giveUp ? 'mail failed for good' : 'mail queued for another attempt',
      );
      return false;
    }
    await db
      .update(mailQueue)
      .set({ status: 'sent', sentAt: now(), lastError: null })
      .where(eq(mailQueue.id, row.id));
    return true;
  }

  async function round(): Promise<number> {
    let sent = 0;
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      const results = await Promise.all(batch.map(attempt));
      sent += results.filter(Boolean).length;
    }
    return sent;
  }

  /** Sends every mail due now, also those queued while a round ran. Resolves with how many this round sent. */
  function deliverDue(): Promise<number> {
    if (!running) {
      running = round().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => 0)
      .then(() => {
        next = null;
        return deliverDue();
      });
    return next;
  }

  function kick(): void {
    deliverDue().catch((err: unknown) =>
      logger?.error({ reason: err instanceof Error ? err.message : String(err) }, 'mail queue round failed'),
    );
  }

  const view = (row: typeof mailQueue.$inferSelect): QueuedMail => ({
    id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.nextAttemptAt,
    lastError: row.lastError,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
  });

  return {
    enqueue: (message: QueuedMessage, tx: Db = db) => enqueueMail(tx, message),
    deliverDue,
    /** Starts a round after a commit that queued mail, in the background. */
    kick,
    /** Resolves once no round runs (tests, graceful shutdown, the CLI before it closes the database). */
    async drain(): Promise<void> {
      while (running || next) await (next ?? running)!.catch(() => {});
    },
    /** A round every `intervalMs` (the server); mails of other nodes and retries that came due go then. */
    start(intervalMs = 60_000): void {
      timer ??= setInterval(kick, intervalMs).unref();
      kick();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },

    /**
     * A `Mailer` over the queue for e-mails that no transaction causes (password reset, contact form): the
     * mail is written to the queue and a round started. Resolves once it is sent; rejects when this first
     * attempt did not send it (the caller may record that), while the queue keeps it for the next ones.
     */
    mailer: {
      async send(message: MailMessage & { kind?: string }) {
        const id = await enqueueMail(db, { kind: message.kind ?? 'mail', ...message });
        await deliverDue();
        const [row] = await db
          .select({ status: mailQueue.status, lastError: mailQueue.lastError })
          .from(mailQueue)
          .where(eq(mailQueue.id, id));
        if (row?.status === 'failed') throw new Error(`mail ${id} refused for good: ${row.lastError}`);
        if (row?.status !== 'sent') {
          throw new Error(`mail ${id} not sent yet (${row?.lastError ?? 'waiting'}); it stays queued`);
        }
      },
      close: () => mailer.close(),
    } satisfies Mailer,

    /** Deletes sent mails after 7 days and failed ones after 30 (the hourly purge); returns how many. */
    async purge(): Promise<number> {
      const at = now().getTime();
      const sent = await db
        .delete(mailQueue)
        .where(and(eq(mailQueue.status, 'sent'), lte(mailQueue.sentAt, new Date(at - KEEP_SENT_MS))))
        .returning({ id: mailQueue.id });
      const failed = await db
        .delete(mailQueue)
        .where(and(eq(mailQueue.status, 'failed'), lte(mailQueue.createdAt, new Date(at - KEEP_FAILED_MS))))
        .returning({ id: mailQueue.id });
      return sent.length + failed.length;
    },

    /** The newest mails first; `failed`: only those given up on. */
    async list(filter: { failed?: boolean; limit?: number } = {}): Promise<QueuedMail[]> {
      const rows = await db
        .select()
        .from(mailQueue)
        .where(filter.failed ? eq(mailQueue.status, 'failed') : undefined)
        .orderBy(desc(mailQueue.id))
        .limit(filter.limit ?? 50);
      return rows.map(view);
    },

    /**
     * Makes a failed or waiting mail due now (with a fresh set of attempts) and sends it. Null: no such mail.
     * With `actor` (the CLI's `mail retry`), the audit entry is written in the retry's transaction.
     */
    async retry(id: number, actor?: AuditActor): Promise<QueuedMail | null> {
      const row = await db.transaction(async (tx) => {
        const [was] = await tx
          .select({ status: mailQueue.status, attempts: mailQueue.attempts })
          .from(mailQueue)
          .where(and(eq(mailQueue.id, id), inArray(mailQueue.status, ['pending', 'failed'])))
          .for('update');
        if (!was) return undefined;
        await tx
          .update(mailQueue)
          .set({ status: 'pending', attempts: 0, nextAttemptAt: now() })
          .where(eq(mailQueue.id, id));
        if (actor) {
          await recordAudit(tx, {
            actor,
            action: 'mail.retry',
            entity: 'mail',
            entityId: id,
            before: was,
            after: { status: 'pending', attempts: 0 },
          });
        }
        return { id };
      });
      if (!row) {
        const [existing] = await db.select().from(mailQueue).where(eq(mailQueue.id, id));
        return existing ? view(existing) : null;
      }
      await deliverDue();
      const [after] = await db.select().from(mailQueue).where(eq(mailQueue.id, id));
      return view(after!);
    },
  };
}

export type MailQueue = ReturnType<typeof createMailQueue>;
