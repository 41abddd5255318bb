import { crc32, deflateRawSync } from 'node:zlib';
import { auditLog, products } from '@vitrin/core/db/schema';
import { IMPORT_MAX_ROWS } from '@vitrin/shared/api/admin/imports';
import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, createAccountTestApp } from '../../../../test/accounts.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

/**
 * Workbooks made to hurt: a zip that unpacks a thousand times over, a sheet of more rows than any import may
 * have, a zip that is not a workbook, a cut-off one. Each is a Turkish 4xx before the spreadsheet reader
 * takes the shop's memory, and nothing is written.
 */
let t: AccountTestApp;
let manager: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: false });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;
const written = async () => ({
  products: (await db().select({ n: count() }).from(products))[0]!.n,
  imports: (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import')))[0]!
    .n,
});

/** A zip of the given entries, deflated, as a spreadsheet program writes one. */
function zipOf(entries: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const packed = deflateRawSync(data, { level: 9 });
    const fileName = Buffer.from(name);
    const fields = (header: Buffer, at: number) => {
      header.writeUInt16LE(20, at); // version needed
      header.writeUInt16LE(0, at + 2); // flags
      header.writeUInt16LE(8, at + 4); // deflate
      header.writeUInt32LE(0, at + 6); // time and date
      header.writeUInt32LE(crc32(data), at + 10);
      header.writeUInt32LE(packed.length, at + 14);
      header.writeUInt32LE(data.length, at + 18);
      header.writeUInt16LE(fileName.length, at + 22);
    };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    fields(local, 4);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    fields(central, 6);
    central.writeUInt32LE(offset, 42);
    locals.push(local, fileName, packed);
    centrals.push(central, fileName);
    offset += 30 + fileName.length + packed.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** A real workbook's parts, its sheet's XML given by `sheetData` (the rows). */
async function workbook(sheetData: (write: (xml: string) => void) => void): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.addWorksheet('Ürünler').addRow(['SKU', 'Ürün Adı', 'Kategori', 'Satış Fiyatı']);
  const parts = await unzipParts(Buffer.from(await book.xlsx.writeBuffer()));
  const chunks: string[] = [];
  sheetData((xml) => chunks.push(xml));
  const sheet = parts.get('xl/worksheets/sheet1.xml')!.toString();
  parts.set(
    'xl/worksheets/sheet1.xml',
    Buffer.from(
      sheet.replace(/<sheetData>[\s\S]*<\/sheetData>/, `<sheetData>${chunks.join('')}</sheetData>`),
    ),
  );
  return zipOf([...parts].map(([name, data]) => ({ name, data })));
}

/** The parts of a zip exceljs wrote (it writes sizes in its central directory). */
async function unzipParts(zip: Buffer): Promise<Map<string, Buffer>> {
  const { inflateRawSync } = await import('node:zlib');
  const parts = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let n = zip.readUInt16LE(end + 10); n > 0; n--) {
    const nameLength = zip.readUInt16LE(at + 28);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const size = zip.readUInt32LE(at + 20);
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const packed = zip.subarray(start, start + size);
    if (!name.endsWith('/'))
      parts.set(name, zip.readUInt16LE(at + 10) === 8 ? inflateRawSync(packed) : packed);
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return parts;
}

const dryRun = async (bytes: Buffer, name = 'urunler.xlsx', dry = true) => {
  const res = await manager.request({
    method: 'POST',
    url: `/api/admin/imports/products${dry ? '?dryRun=1' : ''}`,
    ...multipartForm(
      {},
      { name, type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', bytes },
    ),
  });
  return { status: res.statusCode, error: res.json().error, body: res.json() };
};

describe('POST /api/admin/imports/products with a hostile workbook', () => {
  it('takes a real workbook built the same way (the cases below differ from it in one thing each)', async () => {
    const ok = await workbook((write) => {
      write(
        '<row r="1"><c r="A1" t="inlineStr"><is><t>SKU</t></is></c><c r="B1" t="inlineStr"><is><t>Ürün Adı</t></is></c>',
      );
      write(
        '<c r="C1" t="inlineStr"><is><t>Kategori</t></is></c><c r="D1" t="inlineStr"><is><t>Satış Fiyatı</t></is></c></row>',
      );
      write(
        '<row r="2"><c r="A2" t="inlineStr"><is><t>ZIP-1</t></is></c><c r="B2" t="inlineStr"><is><t>Kupa</t></is></c>',
      );
      write('<c r="C2" t="inlineStr"><is><t>kupalar</t></is></c><c r="D2"><v>10</v></c></row>');
    });
    const res = await dryRun(ok);
    expect(res.status).toBe(200);
    expect(res.body.rows).toEqual([
      { line: 2, sku: 'ZIP-1', errors: [expect.objectContaining({ field: 'category' })] },
    ]);
  });

  it('a zip bomb (a sheet that unpacks to 130 MB of spaces): 413 DOSYA_COK_BUYUK, nothing written', async () => {
    const before = await written();
    const spaces = ' '.repeat(1024 * 1024);
    const bomb = await workbook((write) => {
      for (let i = 0; i < 130; i++) write(spaces);
    });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    for (const dry of [true, false]) {
      const res = await dryRun(bomb, 'urunler.xlsx', dry);
      expect(res.status).toBe(413);
      expect(res.error).toMatchObject({
        code: 'DOSYA_COK_BUYUK',
        message: expect.stringMatching(/^Excel dosyası açıldığında 128 MB’tan büyük/),
        fields: { file: 'Dosya açıldığında çok büyük' },
      });
    }
    expect(await written()).toEqual(before);
  });

  it('a sheet of 400 000 rows in a small file: 422 COK_FAZLA_SATIR before it is read, nothing written', async () => {
    const before = await written();
    const huge = await workbook((write) => {
      for (let r = 1; r <= 400_000; r++) write(`<row r="${r}"><c r="A${r}"><v>${r}</v></c></row>`);
    });
    const res = await dryRun(huge, 'urunler.xlsx', false);
    expect(res.status).toBe(422);
    expect(res.error).toMatchObject({
      code: 'COK_FAZLA_SATIR',
      message: `Bir dosyada en fazla ${IMPORT_MAX_ROWS.toLocaleString('tr-TR')} satır olabilir. Dosyayı bölün.`,
    });
    // Rows written with a namespace prefix are rows too.
    const prefixed = await workbook((write) => {
      for (let r = 1; r <= IMPORT_MAX_ROWS + 2; r++)
        write(`<x:row r="${r}"><x:c r="A${r}"><x:v>1</x:v></x:c></x:row>`);
    });
    expect((await dryRun(prefixed)).error.code).toBe('COK_FAZLA_SATIR');
    expect(await written()).toEqual(before);
  });

  it('a cut-off workbook and a zip of other things named .xlsx: 415 or 422 in Turkish, nothing written', async () => {
    const before = await written();
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Ürünler').addRow(['SKU']);
    const real = Buffer.from(await book.xlsx.writeBuffer());
    const cut = await dryRun(real.subarray(0, real.length - 200));
    expect(cut.status).toBe(415);
    expect(cut.error).toMatchObject({
      code: 'DOSYA_TURU_GECERSIZ',
      message: 'Excel dosyası okunamadı; dosya bozuk ya da .xlsx değil.',
    });
    const notABook = await dryRun(zipOf([{ name: 'word/document.xml', data: Buffer.from('<w:document/>') }]));
    expect(notABook.status).toBe(422);
    expect(notABook.error.code).toBe('DOSYA_BOS');
    expect(await written()).toEqual(before);
  });
});
