import { CONTACT_HONEYPOT, contactRequest } from '@vitrin/shared/api/contact';
import { fieldMessages } from '@vitrin/shared/zod';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { contactMessageEmail } from '../mail/support-templates.ts';
import type { SettingsService } from '../settings/service.ts';
import { invalidSupportInput } from '../support/errors.ts';

export interface ContactLogger {
  error(fields: Record<string, unknown>, message: string): void;
}

export interface ContactServiceOptions {
  mailer: Mailer;
  settings: SettingsService;
  now?: () => Date;
  logger?: ContactLogger;
}

/**
 * The contact form: every valid message is stored first (so nothing is lost when the mail server is down)
 * and then mailed to the shop's `contact_email` in the background, with Reply-To the sender; `mailed_at`
 * records a delivery. A filled honeypot field is a bot: it gets the same answer and nothing is stored.
 */
export function createContactService(db: Db, options: ContactServiceOptions) {
  const { mailer, settings } = options;
  const now = options.now ?? (() => new Date());
  const logger: ContactLogger = options.logger ?? {
    error: (fields, message) => console.error(message, fields),
  };
  const pendingMail = new Set<Promise<void>>();

  return {
    /** `stored` is false for a bot (honeypot filled): the caller answers as if it were stored. */
    async send(input: unknown, meta: { ip?: string | undefined } = {}): Promise<{ stored: boolean }> {
      const honeypot = (input as Record<string, unknown> | null)?.[CONTACT_HONEYPOT];
      if (typeof honeypot === 'string' && honeypot.trim() !== '') return { stored: false };
      const result = contactRequest.safeParse(input ?? {});
      if (!result.success) {
        throw invalidSupportInput(fieldMessages(result.error));
      }
      const data = result.data;
      const sentAt = now();
      const [row] = await db
        .insert(contactMessages)
        .values({
          name: data.name,
          email: data.email,
          subject: data.subject,
          message: data.message,
          kvkkAcceptedAt: sentAt,
          ip: meta.ip ?? null,
          createdAt: sentAt,
        })
        .returning({ id: contactMessages.id });
      const id = row!.id;
      const job: Promise<void> = (async () => {
        const shop = await settings.all();
        await mailer.send({
          to: shop.contact_email,
          replyTo: data.email,
          ...contactMessageEmail({ shopName: shop.brand_name, ...data, sentAt }),
        });
        await db.update(contactMessages).set({ mailedAt: now() }).where(eq(contactMessages.id, id));
      })()
        .catch((err: unknown) => {
          const reason = err instanceof Error ? err.message : String(err);
          logger.error({ mail: 'contact', contactMessageId: id, reason }, 'contact e-mail not sent');
        })
        .finally(() => pendingMail.delete(job));
      pendingMail.add(job);
      return { stored: true };
    },

    async drainMail(): Promise<void> {
      while (pendingMail.size > 0) await Promise.allSettled([...pendingMail]);
    },
  };
}

export type ContactService = ReturnType<typeof createContactService>;
