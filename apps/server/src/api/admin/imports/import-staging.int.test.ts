import { auditLog, importStaging, products, stockMovements } from '@vitrin/core/db/schema';
import { DomainError } from '@vitrin/core/errors';
import type { ImportProgress } from '@vitrin/shared/api/admin/imports';
import { count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccountTestApp,
  type Browser,
  browser,
  createAccountTestApp,
} from '../../../../test/accounts.ts';

/**
 * The import's way in: rows checked holding nothing, staged in batches of 500 (other queries run between),
 * applied in one short transaction. Called as the route calls the service, with its progress hook to act
 * between two steps of a run.
 */
let t: AccountTestApp;
let shopper: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: true });
  shopper = browser(t.app);
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;
const actor = { kind: 'cli' } as const;
const CATEGORY = 'kupalar';

/** `n` single products `prefix-0…`, each at `lira` and with `stock` pieces. */
function file(prefix: string, n: number, { lira = '10,00', stock = 3 } = {}) {
  const lines = ['SKU;Ürün Adı;Kategori;Satış Fiyatı;Stok'];
  for (let i = 0; i < n; i++)
    lines.push(`${prefix}-${i};Aşama Ürünü ${prefix} ${i};${CATEGORY};${lira};${stock}`);
  return { bytes: Buffer.from(`${lines.join('\r\n')}\r\n`), name: 'asama.csv' };
}

const countOf = async (prefix: string) =>
  (
    await db()
      .select({ n: count() })
      .from(products)
      .where(like(products.sku, `${prefix}-%`))
  )[0]!.n;
const stagedRows = async () => (await db().select({ n: count() }).from(importStaging))[0]!.n;
const movements = async () => (await db().select({ n: count() }).from(stockMovements))[0]!.n;
/** A product saved outside the import (as the panel would), in the file's category. */
const bareProduct = async (sku: string, slug: string) => ({
  sku,
  slug,
  name: 'Elden Eklenen',
  stockType: 1,
  categoryId: (await db().select().from(products).where(eq(products.sku, 'ASAMA-0')))[0]!.categoryId,
  vatRate: 20,
  stock: 1,
});
const importAudits = async () =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import')))[0]!.n;

describe('a real run', () => {
  it('lets the panel read its progress and a shopper be answered between its batches, before anything shows', async () => {
    const seen: Pick<ImportProgress, 'phase' | 'done' | 'total'>[] = [];
    const shopperAnswers: number[] = [];
    const answer = await t.services.productImports.run(file('ASAMA', 1_200), {
      dryRun: false,
      actor,
      id: 'asama-calistirma-01',
      onProgress: async (run) => {
        // What the panel's poll answers, read between two steps of the run.
        const { phase, done, total } = t.services.productImports.progress('asama-calistirma-01');
        seen.push({ phase, done, total });
        if (run.phase === 'write' && run.done > 0 && run.done < run.total && !shopperAnswers.length) {
          // A shopper asks for a product of the file while it is being staged: answered now (awaited
          // here, it would never come if the run held the database), and the product is not there yet.
          const res = await shopper.get('/api/front/products/asama-urunu-asama-0');
          shopperAnswers.push(res.statusCode, await countOf('ASAMA'));
        }
      },
    });
    expect(answer.summary).toEqual({ create: 1_200, update: 0, unchanged: 0, errors: 0 });
    expect(shopperAnswers).toEqual([404, 0]);
    expect(seen).toContainEqual({ phase: 'check', done: 500, total: 1_200 });
    expect(seen).toContainEqual({ phase: 'write', done: 500, total: 1_200 });
    expect(seen).toContainEqual({ phase: 'write', done: 1_000, total: 1_200 });
    expect(await countOf('ASAMA')).toBe(1_200);
    expect((await shopper.get('/api/front/products/asama-urunu-asama-0')).statusCode).toBe(200);
    expect(await stagedRows()).toBe(0);
  });

  it('run again changes nothing: no row staged, written, versioned, moved or audited', async () => {
    const versions = await db()
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(like(products.sku, 'ASAMA-%'));
    const [moves, audits] = [await movements(), await importAudits()];
    let staged = -1;
    const answer = await t.services.productImports.run(file('ASAMA', 1_200), {
      dryRun: false,
      actor,
      onProgress: (run) => {
        if (run.phase === 'write') staged = run.total;
      },
    });
    expect(answer.summary).toEqual({ create: 0, update: 0, unchanged: 1_200, errors: 0 });
    expect(staged).toBe(0);
    const after = await db()
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(like(products.sku, 'ASAMA-%'));
    expect(after).toEqual(versions);
    expect(await movements()).toBe(moves);
    expect(await importAudits()).toBe(audits);
  });

  it('updates stored products in one apply: only the changed columns, the stock moved in the history', async () => {
    const [moves, audits] = [await movements(), await importAudits()];
    const answer = await t.services.productImports.run(file('ASAMA', 1_200, { stock: 5 }), {
      dryRun: false,
      actor,
    });
    expect(answer.summary).toEqual({ create: 0, update: 1_200, unchanged: 0, errors: 0 });
    const [one] = await db().select().from(products).where(eq(products.sku, 'ASAMA-7'));
    expect(one).toMatchObject({ stock: 5, name: 'Aşama Ürünü ASAMA 7', slug: 'asama-urunu-asama-7' });
    expect(await movements()).toBe(moves + 1_200);
    expect(await importAudits()).toBe(audits + 1);
  });
});

describe('a second run of an id still running', () => {
  it('is refused 409 ICE_AKTARMA_CAKISMA in Turkish, and the first run goes on to write its rows', async () => {
    let second: unknown;
    const answer = await t.services.productImports.run(file('IKIZ', 3), {
      dryRun: false,
      actor,
      id: 'ikiz-calistirma-01',
      onProgress: async (run) => {
        if (run.phase === 'write' && second === undefined) {
          second = await t.services.productImports
            .run(file('IKIZ-B', 3), { dryRun: false, actor, id: 'ikiz-calistirma-01' })
            .catch((e: unknown) => e);
        }
      },
    });
    expect(second).toBeInstanceOf(DomainError);
    expect(second).toMatchObject({
      status: 409,
      code: 'ICE_AKTARMA_CAKISMA',
      message: 'Bu kimlikle bir içe aktarım zaten sürüyor.',
    });
    expect(answer.summary.create).toBe(3);
    expect(await countOf('IKIZ')).toBe(3);
    expect(await countOf('IKIZ-B')).toBe(0);
  });
});

describe('all or nothing at the apply', () => {
  it('a slug another change took after the check: 409, nothing of the file written, staging emptied', async () => {
    const before = await countOf('CAKISMA');
    const audits = await importAudits();
    const run = t.services.productImports.run(file('CAKISMA', 600), {
      dryRun: false,
      actor,
      id: 'cakisma-calistirma-01',
      onProgress: async (progress) => {
        if (progress.phase === 'write' && progress.done === progress.total && progress.total > 0) {
          // Every row checked and staged; now the panel saves a product under a slug the file's last row takes.
          await db()
            .insert(products)
            .values(await bareProduct('ELDEN-1', 'asama-urunu-cakisma-599'));
        }
      },
    });
    const err = await run.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ status: 409, code: 'ICE_AKTARMA_CAKISMA' });
    expect((err as Error).message).toMatch(/hiçbir şey yazılmadı/);
    expect(await countOf('CAKISMA')).toBe(before);
    expect(await importAudits()).toBe(audits);
    expect(await stagedRows()).toBe(0);
    expect(t.services.productImports.progress('cakisma-calistirma-01').phase).toBe('failed');
  });

  it('a product the file updates, deleted after the check: 409, nothing written', async () => {
    const [victim] = await db()
      .insert(products)
      .values(await bareProduct('SILINECEK-0', 'silinecek-0'))
      .returning();
    const lines =
      'SKU;Ürün Adı;Kategori;Satış Fiyatı;Stok\r\nSILINECEK-0;Silinecek;kupalar;10;4\r\nYENI-0;Yeni Ürün;kupalar;10;4\r\n';
    const err = await t.services.productImports
      .run(
        { bytes: Buffer.from(lines), name: 'silinen.csv' },
        {
          dryRun: false,
          actor,
          onProgress: async (p) => {
            if (p.phase === 'write' && p.done === p.total && p.total > 0) {
              await db().delete(products).where(eq(products.id, victim!.id));
            }
          },
        },
      )
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 409, code: 'ICE_AKTARMA_CAKISMA' });
    expect(await countOf('YENI')).toBe(0);
    expect(await stagedRows()).toBe(0);
  });
});

describe('staging a crashed run left', () => {
  const leftover = (importId: string, seq: number, createdAt: Date) => ({
    importId,
    seq,
    kind: 'product' as const,
    line: 2,
    sku: `HAYALET-${importId}-${seq}`,
    productId: null,
    data: {
      name: 'Hayalet',
      slug: `hayalet-${importId}-${seq}`,
      stock_type: 1,
      category_id: 1,
      vat_rate: 20,
    },
    prices: null,
    createdAt,
  });

  it('is never applied by a run of the same id, which deletes it first', async () => {
    await db()
      .insert(importStaging)
      .values(leftover('kalan-calistirma-01', 0, new Date()));
    const answer = await t.services.productImports.run(file('KALAN', 2), {
      dryRun: false,
      actor,
      id: 'kalan-calistirma-01',
    });
    expect(answer.summary.create).toBe(2);
    expect(await countOf('HAYALET')).toBe(0);
    expect(await stagedRows()).toBe(0);
  });

  it('is deleted at start-up: all of it on the embedded database, what is over an hour old on PostgreSQL', async () => {
    const old = new Date(Date.now() - 2 * 60 * 60_000);
    await db()
      .insert(importStaging)
      .values([leftover('eski-calistirma-01', 0, old), leftover('yeni-calistirma-01', 0, new Date())]);
    expect(await t.services.productImports.clearCrashedRuns(false)).toBe(1);
    expect((await db().select().from(importStaging)).map((r) => r.importId)).toEqual(['yeni-calistirma-01']);
    expect(await t.services.productImports.clearCrashedRuns(true)).toBe(1);
    expect(await stagedRows()).toBe(0);
    // None of it ever reached the catalogue.
    expect(await countOf('HAYALET')).toBe(0);
  });
});
