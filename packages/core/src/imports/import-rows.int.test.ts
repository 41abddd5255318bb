import type { ImportAnswer } from '@vitrin/shared/api/admin/imports';
import { openTestDatabase } from '@vitrin/testing/database';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import { productPrices, products } from '../db/schema.ts';
import { DomainError } from '../errors.ts';
import { createServices, type Services } from '../services.ts';

/**
 * The import numbers rows as a spreadsheet shows them (header row 1, the first product row 2), however many
 * line breaks a CSV's cells hold, names each error's SKU, and tells what it would change and what it did.
 */
let database: Database;
let dispose: () => Promise<void>;
let services: Services;
beforeAll(async () => {
  ({ database, dispose } = await openTestDatabase({ demo: true }));
  services = createServices(database);
}, 120_000);
afterAll(() => dispose());

const actor = { kind: 'cli' as const };
const dryRun = (bytes: Buffer, name = 'urunler.csv') =>
  services.productImports.run({ bytes, name }, { dryRun: true, actor });
const realRun = (bytes: Buffer, name = 'urunler.csv') =>
  services.productImports.run({ bytes, name }, { dryRun: false, actor });

/** A CSV as Turkish Excel writes it: BOM, `;`, CRLF, every field quoted (line breaks kept in their cell). */
const csvOf = (records: string[][]) =>
  Buffer.from(
    `\uFEFF${records.map((r) => r.map((f) => `"${f.replaceAll('"', '""')}"`).join(';')).join('\r\n')}\r\n`,
  );

/** The shop's own CSV export as records (the header first). */
async function exported(): Promise<string[][]> {
  return parse(await services.productImports.exportCsv(), {
    delimiter: ';',
    bom: true,
    relax_column_count: true,
  });
}

describe('row numbers of the product import', () => {
  it('names a late row of the shop’s own CSV export (descriptions with line breaks) by its spreadsheet row and SKU', async () => {
    const records = await exported();
    const header = records[0]!;
    const [sku, price, description] = ['SKU', 'Satış Fiyatı', 'Açıklama'].map((t) => header.indexOf(t));
    // A product row late in the file, after descriptions that hold line breaks.
    const index = records.findLastIndex((r, i) => i > 0 && r[price!] !== '');
    const breaksBefore = records.slice(1, index).filter((r) => /\n/.test(r[description!] ?? '')).length;
    expect(breaksBefore).toBeGreaterThan(0);
    const row = index + 1;
    const textLine = csvOf(records.slice(0, index)).toString().split('\n').length;
    expect(textLine).toBeGreaterThan(row);
    records[index]![price!] = 'on iki lira';
    const answer = await dryRun(csvOf(records));
    expect(answer.summary.errors).toBe(1);
    expect(answer.rows).toEqual([
      {
        line: row,
        sku: records[index]![sku!],
        errors: [
          {
            field: 'sale_price',
            message: expect.stringMatching(
              new RegExp(`^Satır ${row} \\(${records[index]![sku!]}\\): Satış Fiyatı`),
            ),
          },
        ],
      },
    ]);
  });

  it('numbers a workbook’s rows as Excel shows them, multi-line cells and all, and names the SKU', async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await services.productImports.exportXlsx()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const titles = (sheet.getRow(1).values as string[]).map(String);
    const column = (title: string) => titles.indexOf(title);
    let target = 0;
    sheet.eachRow((r, n) => {
      if (n > 1 && r.getCell(column('Satış Fiyatı')).value !== null) target = n;
    });
    expect(target).toBeGreaterThan(2);
    const cell = (n: number, title: string) => sheet.getRow(n).getCell(column(title));
    cell(2, 'Açıklama').value = 'Birinci satır\nİkinci satır\nÜçüncü satır';
    cell(target, 'Satış Fiyatı').value = 'bedava';
    const sku = String(cell(target, 'SKU').value);
    const answer = await dryRun(Buffer.from(await book.xlsx.writeBuffer()), 'urunler.xlsx');
    expect(answer.rows.map((r) => [r.line, r.sku])).toEqual([[target, sku]]);
    expect(answer.rows[0]!.errors[0]!.message).toMatch(
      new RegExp(`^Satır ${target} \\(${sku}\\): Satış Fiyatı`),
    );
  });

  it('reads quoted cells with line breaks, separators and quotes as one row each, blank lines counted', async () => {
    const file = Buffer.from(
      'SKU;Ürün Adı;Kategori;Satış Fiyatı;Açıklama\r\n' +
        'YENI-1;Kupa;kupalar;100,00;"Birinci satır\r\nİkinci; ""tırnaklı"" satır\r\n\r\nSon satır"\r\n' +
        '\r\n' +
        ';;;;\r\n' +
        'YENI-2;Tabak;kupalar;yüz lira;"Bir\nİki"\r\n' +
        ';Adsız;kupalar;5,00;\r\n',
    );
    const answer = await dryRun(file);
    expect(answer.rows.map((r) => [r.line, r.sku, r.errors.map((e) => e.field)])).toEqual([
      [5, 'YENI-2', ['sale_price']],
      [6, null, ['sku']],
    ]);
    expect(answer.rows[1]!.errors[0]!.message).toMatch(/^Satır 6: SKU/);
  });

  it('refuses a CSV whose quote is never closed, naming the row it opens on', async () => {
    const file = Buffer.from(
      'SKU;Ürün Adı;Kategori;Satış Fiyatı\r\nA-1;Kupa;kupalar;1,00\r\nA-2;"Tabak;kupalar;2,00\r\n',
    );
    const err = await dryRun(file).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ status: 422, code: 'DOSYA_OKUNAMADI' });
    expect((err as Error).message).toMatch(/^Satır 3: .*tırna/);
  });
});

describe('what an import changes', () => {
  it('a dry run lists each change field by field, old → new in Turkish; the real run lists the SKUs created and changed', async () => {
    const records = await exported();
    const header = records[0]!;
    const at = (title: string) => header.indexOf(title);
    const index = records.findIndex(
      (r, i) => i > 0 && r[at('Ana Ürün SKU')] === '' && r[at('Stok Tipi')] === '1',
    );
    const record = records[index]!;
    const sku = record[at('SKU')]!;
    const [stored] = await database.db.select().from(products).where(eq(products.sku, sku));
    const [sale] = await database.db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, stored!.id));
    const oldPrice = record[at('Satış Fiyatı')]!;
    const newMinor = 123_456;
    record[at('Satış Fiyatı')] = '1234,56';
    record[at('Stok')] = String((stored!.stock ?? 0) + 3);
    const fresh = [...header.map(() => '')];
    fresh[at('SKU')] = 'YENI-URUN-1';
    fresh[at('Ürün Adı')] = 'Yepyeni Kupa';
    fresh[at('Kategori')] = record[at('Kategori')]!;
    fresh[at('Satış Fiyatı')] = '99,90';
    const file = csvOf([header, record, fresh]);

    const planned = await dryRun(file);
    expect(planned.summary).toMatchObject({ create: 1, update: 1, errors: 0 });
    expect(planned.created).toEqual(['YENI-URUN-1']);
    expect(planned.updated).toEqual([sku]);
    expect(planned.changesLeftOut).toBe(0);
    expect(planned.changes).toEqual([
      {
        line: 2,
        sku,
        parentSku: null,
        fields: [
          { field: 'sale_price', title: 'Satış Fiyatı', from: oldPrice.replace('.', ','), to: '1.234,56' },
          {
            field: 'stock',
            title: 'Stok',
            from: (stored!.stock ?? 0).toLocaleString('tr-TR'),
            to: ((stored!.stock ?? 0) + 3).toLocaleString('tr-TR'),
          },
        ],
      },
    ]);
    expect(sale).toBeDefined();
    // Nothing changed yet.
    const [still] = await database.db.select().from(products).where(eq(products.sku, sku));
    expect(still!.stock).toBe(stored!.stock);

    const done = await realRun(file);
    expect(done).toMatchObject({ dryRun: false, created: ['YENI-URUN-1'], updated: [sku] });
    expect(done.changes.map((c) => c.sku)).toEqual([sku]);
    const prices = await database.db
      .select()
      .from(productPrices)
      .where(eq(productPrices.productId, stored!.id));
    expect(prices.find((p) => p.priceType === 2)!.amountMinor).toBe(newMinor);

    // Again: nothing created or changed.
    const again = await realRun(file);
    expect(again).toMatchObject({ created: [], updated: [], changes: [], changesLeftOut: 0 });
  });

  it('a refused real run lists nothing created or changed', async () => {
    const records = await exported();
    const header = records[0]!;
    const record = records[1]!;
    record[header.indexOf('Satış Fiyatı')] = 'x';
    const err = await realRun(csvOf([header, record])).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DomainError);
    expect(err).toMatchObject({ status: 422, code: 'ICE_AKTARMA_HATALI' });
    const { details } = err as DomainError<string, ImportAnswer>;
    expect(details).toMatchObject({ created: [], updated: [], changes: [] });
    expect(details!.rows[0]!.line).toBe(2);
  });

  it('stores a description as the product form saves it: plain text as paragraphs, no table, no script', async () => {
    const records = await exported();
    const header = records[0]!;
    const at = (title: string) => header.indexOf(title);
    const [plain, html] = records.filter((r, i) => i > 0 && r[at('Ana Ürün SKU')] === '').slice(0, 2);
    plain![at('Açıklama')] = 'El yapımı kupa.\n\n350 ml\nBulaşık makinesinde yıkanır & <sıcak> içeceğe uygun';
    html![at('Açıklama')] =
      '<p>Ölçüler:</p><table><tr><td>Boy</td><td>10 cm</td></tr></table><script>alert(1)</script><b>Not</b>';
    await realRun(csvOf([header, plain!, html!]));
    const stored = async (sku: string) =>
      (await database.db.select().from(products).where(eq(products.sku, sku)))[0]!.description;
    expect(await stored(plain![at('SKU')]!)).toBe(
      '<p>El yapımı kupa.</p><p>350 ml<br />Bulaşık makinesinde yıkanır &amp; &lt;sıcak&gt; içeceğe uygun</p>',
    );
    expect(await stored(html![at('SKU')]!)).toBe('<p>Ölçüler:</p>Boy10 cm<strong>Not</strong>');
  });
});
