import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { supportMessages } from '../db/schema.ts';
import type { FileStore } from '../storage/file-store.ts';
import { attachmentKey, isStoredAttachmentPath } from './attachments.ts';

/**
 * How old a stored attachment no message names must be before it goes: a message's file is written before
 * its row (the file never missing for a row), so a file younger than this may be a message still being saved.
 */
export const ORPHAN_ATTACHMENT_GRACE_MS = 60 * 60 * 1000;
/** Paths looked up per query (a bound parameter each). */
const LOOKUP_BATCH = 500;

/**
 * Deletes ticket attachments that no message names: left by a message whose save failed and whose file could
 * not be taken back then (the store away for a moment, the process killed between the two), personal data
 * with no purpose. Files the attachment store could not have made are left alone. Returns how many went.
 */
export async function deleteOrphanAttachments(db: Db, files: FileStore, at: Date): Promise<number> {
  const cutoff = at.getTime() - ORPHAN_ATTACHMENT_GRACE_MS;
  const old: string[] = [];
  for await (const file of files.list(attachmentKey('support/'))) {
    const stored = file.key.slice(attachmentKey('').length);
    if (isStoredAttachmentPath(stored) && file.modified.getTime() < cutoff) old.push(stored);
  }
  let deleted = 0;
  for (let i = 0; i < old.length; i += LOOKUP_BATCH) {
    const batch = old.slice(i, i + LOOKUP_BATCH);
    const named = new Set(
      (
        await db
          .select({ path: supportMessages.attachmentPath })
          .from(supportMessages)
          .where(inArray(supportMessages.attachmentPath, batch))
      ).map((row) => row.path),
    );
    for (const stored of batch) {
      if (named.has(stored)) continue;
      await files.remove(attachmentKey(stored));
      deleted += 1;
    }
  }
  return deleted;
}
