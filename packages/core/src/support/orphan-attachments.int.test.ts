import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ayse } from '@vitrin/testing/accounts';
import { type OpenTestShop, openTestShop } from '@vitrin/testing/shop';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStore } from '../storage/disk-store.ts';
import type { FileStore } from '../storage/file-store.ts';
import { ORPHAN_ATTACHMENT_GRACE_MS } from './orphan-attachments.ts';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(32, 1),
]);

let t: OpenTestShop;
let files: FileStore;
const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrin-orphan-attachments-'));
beforeAll(async () => {
  files = createDiskStore(dataDir);
  t = await openTestShop({ files });
});
afterAll(async () => {
  await t.dispose();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A file as the attachment store writes one, with no message naming it (its message was never saved). */
async function orphan(): Promise<string> {
  const key = `private/support/${randomBytes(16).toString('base64url')}.png`;
  await files.put(key, PNG);
  return key;
}
const present = async (key: string) => (await files.head(key)) !== undefined;

describe('support: attachments no message names', () => {
  it('are deleted an hour after they were written; a message’s file and what the store did not make stay', async () => {
    const { customer } = await t.services.customers.register({ ...ayse, email: 'yetim.ek@example.com' });
    const ticket = await t.services.support.open(
      customer.id,
      { subject: 'Kırık kupa', message: 'Fotoğrafı ekledim.' },
      { bytes: PNG, name: 'kupa.png' },
    );
    const lost = await orphan();
    await files.put('private/support/BENIOKU.txt', Buffer.from('not ours'));

    expect(await t.services.support.purgeOrphanAttachments()).toBe(0);
    expect(await present(lost)).toBe(true);

    const later = new Date(Date.now() + ORPHAN_ATTACHMENT_GRACE_MS + 60_000);
    expect(await t.services.support.purgeOrphanAttachments(later)).toBe(1);
    expect(await present(lost)).toBe(false);
    expect(await present('private/support/BENIOKU.txt')).toBe(true);
    // The message's file is still its customer's to read.
    const message = ticket.messages[0]!;
    const file = await t.services.support.attachment(customer.id, ticket.ticketNo, String(message.id));
    expect(file.bytes.equals(PNG)).toBe(true);
  });
});
