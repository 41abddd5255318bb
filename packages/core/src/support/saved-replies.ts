import type { SavedReply, SavedReplyData } from '@vitrin/shared/api/admin/saved-replies';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { eq } from 'drizzle-orm';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { supportSavedReplies } from '../db/schema.ts';
import { supportError } from './errors.ts';

const notFound = () => supportError('HAZIR_YANIT_BULUNAMADI', 'Hazır yanıt bulunamadı.');
const titleTaken = () =>
  supportError('HAZIR_YANIT_VAR', 'Bu başlıkla bir hazır yanıt zaten var.', {
    title: 'Başka bir başlık seçin',
  });

type Row = typeof supportSavedReplies.$inferSelect;
const toReply = (r: Row): SavedReply => ({
  id: r.id,
  title: r.title,
  body: r.body,
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Support's saved replies: staff keep a title and a text to insert into a ticket's reply in the panel (and
 * edit there before sending). Every change is in the audit log, in its own transaction. A reply comes parsed by
 * its route's schema (`savedReplyRequest`), its only caller.
 */
export function createSavedReplies(db: Db, now: () => Date = () => new Date()) {
  /** A title another reply has (the unique index on lower(title) decides a race). */
  async function write<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (isUniqueViolation(err)) throw titleTaken();
      throw err;
    }
  }

  return {
    /** Every saved reply, by title in Turkish alphabetical order. */
    async list(): Promise<SavedReply[]> {
      const rows = await db.select().from(supportSavedReplies);
      return rows.map(toReply).sort((a, b) => (turkishSortKey(a.title) < turkishSortKey(b.title) ? -1 : 1));
    },

    async create(actor: AuditActor, data: SavedReplyData): Promise<SavedReply> {
      return write(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(supportSavedReplies).values(data).returning();
          await recordAudit(tx, {
            actor,
            action: 'savedReply.create',
            entity: 'saved_reply',
            entityId: row!.id,
            before: null,
            after: data,
          });
          return toReply(row!);
        }),
      );
    },

    async update(actor: AuditActor, id: number, data: SavedReplyData): Promise<SavedReply> {
      return write(() =>
        db.transaction(async (tx) => {
          const [before] = await tx
            .select()
            .from(supportSavedReplies)
            .where(eq(supportSavedReplies.id, id))
            .for('update');
          if (!before) throw notFound();
          const [row] = await tx
            .update(supportSavedReplies)
            .set({ ...data, updatedAt: now() })
            .where(eq(supportSavedReplies.id, id))
            .returning();
          await recordAudit(tx, {
            actor,
            action: 'savedReply.update',
            entity: 'saved_reply',
            entityId: id,
            before: { title: before.title, body: before.body },
            after: data,
          });
          return toReply(row!);
        }),
      );
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const [gone] = await tx.delete(supportSavedReplies).where(eq(supportSavedReplies.id, id)).returning();
        if (!gone) throw notFound();
        await recordAudit(tx, {
          actor,
          action: 'savedReply.delete',
          entity: 'saved_reply',
          entityId: id,
          before: { title: gone.title, body: gone.body },
          after: null,
        });
      });
    },
  };
}

export type SavedReplies = ReturnType<typeof createSavedReplies>;
