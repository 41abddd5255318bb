import { auditLog, products } from '@vitrin/core/db/schema';
import { IMPORT_FILE_DAYS } from '@vitrin/core/imports/kept-files';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { STORE_UNAVAILABLE } from '@vitrin/core/storage/unavailable';
import { itWhere } from '@vitrin/testing/only-where';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { createTestApp, tempDir } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

const HEADER =
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Piyasa Fiyatı;Alış Fiyatı;Para Birimi;KDV Oranı;Stok;Aktif;Seçenekler';
/** A one-product CSV as Turkish Excel saves it (BOM, `;`, CRLF). */
const csvOf = (sku: string) =>
  Buffer.from(
    `\uFEFF${HEADER}\r\n${sku};;Dosyası Saklanan Kupa ${sku};Seramik > Kupalar ve Fincanlar;Atölye Işık;;120,00;;;TRY;%20;3;evet;\r\n`,
  );

const DAY_MS = 24 * 60 * 60 * 1000;

/** The store the shop keeps its files in, as a test opens it. */
interface StoreUnderTest {
  name: string;
  open(): Promise<{ files: FileStore; s3?: LocalS3; close(): Promise<void> }>;
}

const onDisk: StoreUnderTest = {
  name: 'the data directory',
  async open() {
    const dir = tempDir('vitrin-import-files-');
    return { files: createDiskStore(dir.dir), close: async () => dir.remove() };
  },
};

const inBucket: StoreUnderTest = {
  name: 'an S3 bucket',
  async open() {
    const s3 = await startS3({ bucket: 'vitrin-imports', ports: [18505, 18509] });
    const files = s3.store();
    return { files, s3, close: () => s3.stop() };
  },
};

describe.each([onDisk, inBucket])('product import files kept for the report, in $name', (store) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let opened: Awaited<ReturnType<StoreUnderTest['open']>>;
  let manager: Browser;
  let support: Browser;
  beforeAll(async () => {
    opened = await store.open();
    t = await createTestApp({ demo: true, services: { files: opened.files } });
    manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
    support = (await loggedInStaff(t.app, t.services, 'support')).b;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await opened?.close();
  });

  const upload = (bytes: Buffer, id: string, { name = 'urunler.csv', dryRun = false } = {}) =>
    manager.request({
      method: 'POST',
      url: `/api/admin/imports/products${dryRun ? '?dryRun=1' : ''}`,
      ...multipartForm({ id }, { name, type: 'text/csv', bytes }),
    });
  const keptFile = (b: Browser, id: string) => b.get(`/api/admin/imports/${id}/file`);

  it('keeps a written run’s file: the panel downloads it as it was sent, named in the audit row', async () => {
    const bytes = csvOf('DOSYA-KUPA-1');
    const run = await upload(bytes, 'saklanan-dosya-01', { name: 'Ekim fiyat listesi.csv' });
    expect(run.statusCode).toBe(200);

    const file = await keptFile(manager, 'saklanan-dosya-01');
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(bytes)).toBe(true);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(
      `attachment; filename="Ekim fiyat listesi.csv"; filename*=UTF-8''${encodeURIComponent('Ekim fiyat listesi.csv')}`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('private, no-store');

    const [entry] = await t.services.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'product.import'));
    expect(entry!.after).toMatchObject({ file: 'Ekim fiyat listesi.csv', run: 'saklanan-dosya-01' });
  });

  it('offers it only to staff who may import (403 for support)', async () => {
    expect((await keptFile(support, 'saklanan-dosya-01')).statusCode).toBe(403);
  });

  it('keeps nothing for a dry run or a refused one (404 ICE_AKTARMA_BULUNAMADI)', async () => {
    expect((await upload(csvOf('DOSYA-KUPA-2'), 'deneme-calisma-01', { dryRun: true })).statusCode).toBe(200);
    const refused = Buffer.from(`\uFEFF${HEADER}\r\nDOSYA-KUPA-3;;;;;;;;;;;;;\r\n`);
    expect((await upload(refused, 'hatali-calisma-01')).statusCode).toBe(422);
    for (const id of ['deneme-calisma-01', 'hatali-calisma-01', 'hic-olmayan-01']) {
      const answer = await keptFile(manager, id);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe('ICE_AKTARMA_BULUNAMADI');
    }
  });

  itWhere(store.name === 'an S3 bucket')(
    'a bucket refusing writes stops a real run with 503 DEPOLAMA_KULLANILAMIYOR and nothing written; the same run works once it accepts',
    async () => {
      const s3 = opened.s3!;
      const db = t.services.database.db;
      const written = async () => ({
        products: (await db.select({ n: count() }).from(products).where(eq(products.sku, 'DOSYA-KUPA-5')))[0]!
          .n,
        audits: (
          await db.select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import'))
        )[0]!.n,
      });
      const before = await written();
      s3.refuseWrites(true);
      try {
        const refused = await upload(csvOf('DOSYA-KUPA-5'), 'kova-reddetti-01');
        expect(refused.statusCode).toBe(503);
        expect(refused.json().error).toMatchObject({
          code: STORE_UNAVAILABLE,
          message: expect.stringMatching(/Dosya deposuna şu anda ulaşılamıyor/),
        });
      } finally {
        s3.refuseWrites(false);
      }
      expect(await written()).toEqual(before);
      expect((await keptFile(manager, 'kova-reddetti-01')).statusCode).toBe(404);

      expect((await upload(csvOf('DOSYA-KUPA-5'), 'kova-reddetti-01')).statusCode).toBe(200);
      expect(await written()).toEqual({ products: 1, audits: before.audits + 1 });
      expect((await keptFile(manager, 'kova-reddetti-01')).statusCode).toBe(200);
    },
  );

  it(`removes the files kept over ${IMPORT_FILE_DAYS} days with the hourly purge, and only those`, async () => {
    expect((await upload(csvOf('DOSYA-KUPA-4'), 'eski-calisma-01')).statusCode).toBe(200);
    expect(await t.services.productImports.purgeKeptFiles()).toBe(0);
    expect((await keptFile(manager, 'eski-calisma-01')).statusCode).toBe(200);

    const later = new Date(Date.now() + (IMPORT_FILE_DAYS + 1) * DAY_MS);
    expect(await t.services.productImports.purgeKeptFiles(later)).toBe(store.name === 'an S3 bucket' ? 3 : 2);
    expect((await keptFile(manager, 'eski-calisma-01')).statusCode).toBe(404);
    expect((await keptFile(manager, 'saklanan-dosya-01')).statusCode).toBe(404);
    // The products the runs wrote stay: only the copies of their files go.
    const [kept] = await t.services.database.db
      .select({ n: count() })
      .from(products)
      .where(eq(products.sku, 'DOSYA-KUPA-4'));
    expect(kept!.n).toBe(1);
  });
});
