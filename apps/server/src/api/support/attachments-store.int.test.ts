import { personalizationUploads, supportMessages, supportTickets } from '@vitrin/core/db/schema';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { STORE_UNAVAILABLE } from '@vitrin/core/storage/unavailable';
import { itWhere } from '@vitrin/testing/only-where';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { count, desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, browser, registeredBrowser } from '../../../test/accounts.ts';
import { createTestApp, tempDir } from '../../../test/server.ts';
import { loggedInStaff } from '../../../test/staff.ts';
import { multipart, multipartForm, PNG } from '../../../test/uploads.ts';

/**
 * Ticket attachments and personalization photos on each of the shop's file stores: the data directory and an
 * S3-compatible bucket (s3rver behind a gate that can refuse writes). The same requests, the same answers: an
 * attachment is its owner's and staff's only, never a public file; a store that refuses a write leaves no row
 * naming a missing file and no file without its row, and the same request works once it takes writes again.
 */
interface StoreUnderTest {
  name: string;
  open(): Promise<{ files: FileStore; s3?: LocalS3; close(): Promise<void> }>;
}

const stores: StoreUnderTest[] = [
  {
    name: 'the data directory',
    async open() {
      const dir = tempDir('vitrin-attachments-');
      return { files: createDiskStore(dir.dir), close: async () => dir.remove() };
    },
  },
  {
    name: 'an S3 bucket',
    async open() {
      const s3 = await startS3({
        bucket: 'vitrin-attachments',
        ports: [18500, 18504],
        // As an operator may set it up: the pictures public for a CDN, everything else private.
        publicPrefixes: ['uploads/'],
      });
      const files = s3.store();
      return { files, s3, close: () => s3.stop() };
    },
  },
];

const ticketFields = { subject: 'Kupam kırık geldi', message: 'Kargodan çıkan kupanın kulpu kırıktı.' };
const photo = { name: 'kırık kupa.png', type: 'image/png', bytes: PNG };

describe.each(stores)('support attachments and personalization photos in $name', (store) => {
  let opened: Awaited<ReturnType<StoreUnderTest['open']>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let ayse: Browser;
  let mehmet: Browser;
  let staff: Browser;
  beforeAll(async () => {
    opened = await store.open();
    t = await createTestApp({ demo: false, services: { files: opened.files } });
    ayse = await registeredBrowser(t.app, 1);
    mehmet = await registeredBrowser(t.app, 2);
    staff = (await loggedInStaff(t.app, t.services, 'support')).b;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await opened?.close();
  });

  const openTicket = (b: Browser) =>
    b.request({ method: 'POST', url: '/api/front/support/tickets', ...multipartForm(ticketFields, photo) });
  const keysUnder = async (prefix: string) => {
    const keys: string[] = [];
    for await (const file of opened.files.list(prefix)) keys.push(file.key);
    return keys.sort();
  };
  const rows = async () => {
    const db = t.services.database.db;
    return {
      tickets: (await db.select({ n: count() }).from(supportTickets))[0]!.n,
      messages: (await db.select({ n: count() }).from(supportMessages))[0]!.n,
      photos: (await db.select({ n: count() }).from(personalizationUploads))[0]!.n,
      attachments: await keysUnder('private/support/'),
      uploads: await keysUnder('uploads/personalization/'),
    };
  };
  /** The stored path of the newest message's attachment (`support/<random>.<ext>`). */
  const newestAttachmentPath = async () =>
    (
      await t.services.database.db
        .select({ path: supportMessages.attachmentPath })
        .from(supportMessages)
        .orderBy(desc(supportMessages.id))
        .limit(1)
    )[0]!.path!;

  it('keeps an attachment privately: its owner and staff read it, another customer gets 404, /uploads never has it', async () => {
    const res = await openTicket(ayse);
    expect(res.statusCode).toBe(201);
    const { ticket } = res.json();
    const { url } = ticket.messages[0].attachment;

    const own = await ayse.get(url);
    expect(own.statusCode).toBe(200);
    expect(own.rawPayload.equals(PNG)).toBe(true);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const staffs = await staff.get(
      `/api/admin/tickets/${ticket.ticketNo}/attachments/${ticket.messages[0].id}`,
    );
    expect(staffs.statusCode).toBe(200);
    expect(staffs.rawPayload.equals(PNG)).toBe(true);

    expect((await mehmet.get(url)).statusCode).toBe(404);
    expect((await browser(t.app).get(url)).statusCode).toBe(401);

    const stored = await newestAttachmentPath();
    expect(await keysUnder('private/support/')).toContain(`private/${stored}`);
    for (const path of [
      `/uploads/${stored}`,
      `/uploads/private/${stored}`,
      `/uploads/../private/${stored}`,
    ]) {
      expect((await ayse.get(path)).statusCode).toBe(404);
    }
  });

  itWhere(store.name === 'an S3 bucket')(
    'never makes an attachment a public object: an anonymous GET of its address in the bucket is refused',
    async () => {
      const s3 = opened.s3!;
      const stored = await newestAttachmentPath();
      const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/private/${stored}`);
      expect(anonymous.status).toBe(403);
      expect(Buffer.from(await anonymous.arrayBuffer()).includes(PNG)).toBe(false);
      // Its key is outside the public pictures, which a stranger does read (the gate is no wall of its own).
      const { path } = (
        await ayse.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(PNG) })
      ).json();
      expect((await fetch(`${s3.endpoint}/${s3.bucket}/uploads/${path}`)).status).toBe(200);
    },
  );

  itWhere(store.name === 'an S3 bucket')(
    'a bucket refusing writes: 503 DEPOLAMA_KULLANILAMIYOR in Turkish, no ticket, message or file; the same requests work once it accepts',
    async () => {
      const s3 = opened.s3!;
      const { ticket } = (await openTicket(ayse)).json();
      const reply = () =>
        staff.request({
          method: 'POST',
          url: `/api/admin/tickets/${ticket.ticketNo}/messages`,
          ...multipartForm({ message: 'Fotoğrafı inceledik.' }, photo),
        });
      const customerReply = () =>
        ayse.request({
          method: 'POST',
          url: `/api/front/support/tickets/${ticket.ticketNo}/messages`,
          ...multipartForm({ message: 'Bir fotoğraf daha.' }, photo),
        });
      const upload = () =>
        ayse.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(PNG) });

      const before = await rows();
      s3.refuseWrites(true);
      try {
        for (const send of [() => openTicket(ayse), reply, customerReply, upload]) {
          const refused = await send();
          expect(refused.statusCode).toBe(503);
          expect(refused.json().error).toMatchObject({
            code: STORE_UNAVAILABLE,
            message: expect.stringMatching(/Dosya deposuna şu anda ulaşılamıyor/),
          });
          expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
          expect(await rows()).toEqual(before);
        }
      } finally {
        s3.refuseWrites(false);
      }

      for (const [send, status] of [
        [() => openTicket(ayse), 201],
        [reply, 201],
        [customerReply, 201],
        [upload, 201],
      ] as const) {
        expect((await send()).statusCode).toBe(status);
      }
      const after = await rows();
      expect(after.tickets).toBe(before.tickets + 1);
      expect(after.messages).toBe(before.messages + 3);
      expect(after.attachments).toHaveLength(before.attachments.length + 3);
      expect(after.photos).toBe(before.photos + 1);
      expect(after.uploads).toHaveLength(before.uploads.length + 1);
    },
  );

  it('keeps a personalization photo in the store under uploads/personalization/', async () => {
    const res = await ayse.request({ method: 'POST', url: '/api/front/cart/uploads', ...multipart(PNG) });
    expect(res.statusCode).toBe(201);
    const { path } = res.json();
    const stored = await opened.files.readBytes(`uploads/${path}`);
    expect(stored?.equals(PNG)).toBe(true);
  });
});
