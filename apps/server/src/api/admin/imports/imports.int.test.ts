import { auditLog, productPrices, products, productVariants } from '@vitrin/core/db/schema';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@vitrin/shared/api/admin/imports';
import { and, count, eq, isNull } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, type Browser, createAccountTestApp } from '../../../../test/accounts.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { multipartForm } from '../../../../test/uploads.ts';

let t: AccountTestApp;
let manager: Browser;
let support: Browser;
beforeAll(async () => {
  t = await createAccountTestApp({ demo: true });
  manager = (await loggedInStaff(t.app, t.services, 'manager')).b;
  support = (await loggedInStaff(t.app, t.services, 'support')).b;
}, 120_000);
afterAll(() => t.close());

const db = () => t.services.database.db;
const HEADER =
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Piyasa Fiyatı;Alış Fiyatı;Para Birimi;KDV Oranı;Stok;Aktif;Seçenekler';

/** A CSV as Turkish Excel saves it: BOM, `;`, CRLF. */
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`);

const upload = (
  b: Browser,
  bytes: Buffer,
  { name = 'urunler.csv', dryRun = false, id }: { name?: string; dryRun?: boolean; id?: string } = {},
) =>
  b.request({
    method: 'POST',
    url: `/api/admin/imports/products${dryRun ? '?dryRun=1' : ''}`,
    ...multipartForm(id ? { id } : {}, { name, type: 'text/csv', bytes }),
  });

const productCount = async () => (await db().select({ n: count() }).from(products))[0]!.n;
const productOf = async (sku: string) => (await db().select().from(products).where(eq(products.sku, sku)))[0];
const ownPrices = async (productId: number) =>
  Object.fromEntries(
    (
      await db()
        .select()
        .from(productPrices)
        .where(and(eq(productPrices.productId, productId), isNull(productPrices.variantId)))
    ).map((p) => [p.priceType, `${p.amountMinor} ${p.currency}`]),
  );
const importAudits = async () =>
  (await db().select({ n: count() }).from(auditLog).where(eq(auditLog.action, 'product.import')))[0]!.n;

/** The errors of one line of an answer. */
const errorsOf = (
  body: { rows: { line: number; errors: { field: string; message: string }[] }[] },
  line: number,
) => body.rows.find((r) => r.line === line)?.errors ?? [];

const NEW_PRODUCTS = [
  'IMP-KUPA-1;;İçe Aktarılan Çay Kupası;Seramik > Kupalar ve Fincanlar;Atölye Işık;8690000000017;1.234,50;1.500,00;600,00;TRY;%20;12;evet;',
  'IMP-TSORT-1;;İçe Aktarılan Tişört;kupalar;Atölye Işık;;349,90;;;TRY;20;;1;"Renk=Kırmızı|Mavi;Beden=S|M"',
  'IMP-TSORT-1-KS;IMP-TSORT-1;;;;8690000000024;;;;;;5;1;"Renk=Kırmızı;Beden=S"',
  'IMP-TSORT-1-MM;IMP-TSORT-1;;;;;379,90;;;;;0;1;"Renk=Mavi;Beden=M"',
];

describe('POST /api/admin/imports/products', () => {
  it('checks every row in a dry run and changes nothing', async () => {
    const before = await productCount();
    const res = await upload(manager, csv(...NEW_PRODUCTS), { dryRun: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      dryRun: true,
      rows: [],
      summary: { create: 4, update: 0, unchanged: 0, errors: 0 },
    });
    expect(await productCount()).toBe(before);
  });

  it('creates single and variant products, in the storefront search at once, then a second run changes nothing', async () => {
    const audits = await importAudits();
    const res = await upload(manager, csv(...NEW_PRODUCTS), { id: 'ilk-calistirma-0001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toEqual({ create: 4, update: 0, unchanged: 0, errors: 0 });

    const kupa = (await productOf('IMP-KUPA-1'))!;
    expect(kupa).toMatchObject({
      name: 'İçe Aktarılan Çay Kupası',
      slug: 'ice-aktarilan-cay-kupasi',
      brand: 'Atölye Işık',
      barcode: '8690000000017',
      vatRate: 20,
      stock: 12,
      stockType: 1,
      isActive: true,
    });
    expect(await ownPrices(kupa.id)).toEqual({ 1: '60000 TRY', 2: '123450 TRY', 3: '150000 TRY' });
    const tisort = (await productOf('IMP-TSORT-1'))!;
    expect(tisort.stockType).toBe(2);
    expect(tisort.optionGroups).toEqual([
      { name: 'Renk', values: ['Kırmızı', 'Mavi'] },
      { name: 'Beden', values: ['S', 'M'] },
    ]);
    const variants = await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, tisort.id));
    expect(variants.map((v) => [v.sku, v.options, v.stock, v.barcode])).toEqual([
      ['IMP-TSORT-1-KS', { Renk: 'Kırmızı', Beden: 'S' }, 5, '8690000000024'],
      ['IMP-TSORT-1-MM', { Renk: 'Mavi', Beden: 'M' }, 0, null],
    ]);
    const search = (await manager.get('/api/front/search?q=aktarilan')).json();
    expect(search.listing.items.map((p: { name: string }) => p.name)).toContain('İçe Aktarılan Çay Kupası');

    // One audit row for the import, with its counts.
    expect(await importAudits()).toBe(audits + 1);
    const [entry] = await db().select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(entry!.after).toMatchObject({ file: 'urunler.csv', create: 4, update: 0 });

    // The progress of the run, by its id.
    const progress = await manager.get('/api/admin/imports/ilk-calistirma-0001');
    expect(progress.statusCode).toBe(200);
    expect(progress.json()).toMatchObject({ phase: 'done', total: 4, result: { summary: { create: 4 } } });

    const again = await upload(manager, csv(...NEW_PRODUCTS));
    expect(again.statusCode).toBe(200);
    expect(again.json().summary).toEqual({ create: 0, update: 0, unchanged: 4, errors: 0 });
    expect(await importAudits()).toBe(audits + 1);
  });

  it('updates by SKU only what a supplier’s short list names, from a comma-separated file with dot decimals', async () => {
    const file = Buffer.from(
      'sku,name,category,sale_price\r\nIMP-KUPA-1,İçe Aktarılan Çay Kupası,kupalar,1299.00\r\n',
    );
    const dry = await upload(manager, file, { dryRun: true });
    expect(dry.json().summary).toEqual({ create: 0, update: 1, unchanged: 0, errors: 0 });
    const version = (await productOf('IMP-KUPA-1'))!.updatedAt;
    const res = await upload(manager, file);
    expect(res.statusCode).toBe(200);
    const kupa = (await productOf('IMP-KUPA-1'))!;
    // A price is part of the product's version (checkout prices from cached rows of the same version only).
    expect(kupa.updatedAt.getTime()).toBeGreaterThan(version.getTime());
    expect(await ownPrices(kupa.id)).toEqual({ 1: '60000 TRY', 2: '129900 TRY', 3: '150000 TRY' });
    expect(kupa.stock).toBe(12);
    expect(kupa.brand).toBe('Atölye Işık');
    const product = (await manager.get(`/api/front/products/${kupa.slug}`)).json();
    expect(JSON.stringify(product)).toContain('1299');
  });

  it('reads an XLSX workbook, number cells and all', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Ürünler');
    sheet.addRow(['SKU', 'Ürün Adı', 'Kategori', 'Satış Fiyatı', 'KDV Oranı', 'Stok', 'Barkod']);
    sheet.addRow(['IMP-XLSX-1', 'Excel’den Gelen Tabak', 'tabaklar', 249.9, 0.1, 7, '0012345678905']);
    const bytes = Buffer.from(await book.xlsx.writeBuffer());
    const res = await upload(manager, bytes, { name: 'urunler.xlsx' });
    expect(res.statusCode).toBe(200);
    expect(res.json().summary.create).toBe(1);
    const tabak = (await productOf('IMP-XLSX-1'))!;
    expect(tabak).toMatchObject({ vatRate: 10, stock: 7, barcode: '0012345678905' });
    expect(await ownPrices(tabak.id)).toEqual({ 2: '24990 TRY' });
  });

  it('numbers rows as a spreadsheet does with multi-line cells, names the SKU, lists the changes, then the SKUs created and changed', async () => {
    const file = (price: string) =>
      Buffer.from(
        '\uFEFFSKU;Ürün Adı;Kategori;Satış Fiyatı;Açıklama\r\n' +
          `IMP-SATIR-1;Satır Kupası;kupalar;${price};"Birinci satır\r\nİkinci satır\r\nÜçüncü satır"\r\n` +
          'IMP-SATIR-2;Satır Tabağı;kupalar;50,00;"Bir\r\nİki"\r\n',
      );
    const created = await upload(manager, file('229,90'));
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      created: ['IMP-SATIR-1', 'IMP-SATIR-2'],
      updated: [],
      changes: [],
      changesLeftOut: 0,
    });
    const planned = await upload(manager, file('239,90'), { dryRun: true });
    expect(planned.json()).toMatchObject({
      created: [],
      updated: ['IMP-SATIR-1'],
      changes: [
        {
          line: 2,
          sku: 'IMP-SATIR-1',
          parentSku: null,
          fields: [{ field: 'sale_price', title: 'Satış Fiyatı', from: '229,90', to: '239,90' }],
        },
      ],
    });
    const wrong = await upload(manager, Buffer.from(file('229,90').toString().replace('50,00', 'elli')), {
      dryRun: true,
    });
    expect(wrong.json().rows).toEqual([
      {
        line: 3,
        sku: 'IMP-SATIR-2',
        errors: [
          { field: 'sale_price', message: expect.stringMatching(/^Satır 3 \(IMP-SATIR-2\): Satış Fiyatı/) },
        ],
      },
    ]);
    const changed = await upload(manager, file('239,90'));
    expect(changed.json()).toMatchObject({ created: [], updated: ['IMP-SATIR-1'] });
  });

  it('writes nothing when one row is wrong (422 naming the line and field), then takes the fixed file', async () => {
    const before = await productCount();
    const bad = csv(
      'IMP-BATCH-1;;Toplu Ürün Bir;kupalar;;;100,00;;;TRY;20;1;1;',
      'IMP-BATCH-2;;Toplu Ürün İki;kupalar;;;abc;;;TRY;20;1;1;',
    );
    const res = await upload(manager, bad);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      error: { code: 'ICE_AKTARMA_HATALI' },
      summary: { errors: 1 },
      rows: [{ line: 3, errors: [{ field: 'sale_price' }] }],
    });
    expect(res.json().rows[0].errors[0].message).toMatch(/Satış Fiyatı bir tutar olmalı/);
    expect(await productCount()).toBe(before);
    const fixed = await upload(
      manager,
      csv(
        'IMP-BATCH-1;;Toplu Ürün Bir;kupalar;;;100,00;;;TRY;20;1;1;',
        'IMP-BATCH-2;;Toplu Ürün İki;kupalar;;;90,00;;;TRY;20;1;1;',
      ),
    );
    expect(fixed.statusCode).toBe(200);
    expect(await productCount()).toBe(before + 2);
  });

  it('is refused to support (403) and to a visitor (401)', async () => {
    expect((await upload(support, csv(...NEW_PRODUCTS))).statusCode).toBe(403);
    expect((await support.get('/api/admin/exports/products.csv')).statusCode).toBe(403);
  });
});

describe('variants', () => {
  it('adds a variant to a stored product from its row alone, its new value joining the product’s group', async () => {
    const file = Buffer.from(
      'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Satış Fiyatı;Stok;Seçenekler\r\nIMP-TSORT-1-YS;IMP-TSORT-1;;;;3;"Renk=Yeşil;Beden=S"\r\n',
    );
    const res = await upload(manager, file);
    expect(res.statusCode).toBe(200);
    expect(res.json().summary).toEqual({ create: 1, update: 0, unchanged: 0, errors: 0 });
    const tisort = (await productOf('IMP-TSORT-1'))!;
    expect(tisort.optionGroups[0]).toEqual({ name: 'Renk', values: ['Kırmızı', 'Mavi', 'Yeşil'] });
    const added = await db().select().from(productVariants).where(eq(productVariants.sku, 'IMP-TSORT-1-YS'));
    expect(added[0]).toMatchObject({ productId: tisort.id, stock: 3, position: 2 });
    expect((await upload(manager, file)).json().summary.unchanged).toBe(1);
  });

  it('refuses a variant of another product, options that do not fit, and the same options twice', async () => {
    const res = await upload(
      manager,
      Buffer.from(
        [
          'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Satış Fiyatı;Stok;Seçenekler',
          'IMP-TSORT-1-KS;IMP-KUPA-1;;;;1;Renk=Kırmızı',
          'IMP-TSORT-1-X1;IMP-TSORT-1;;;;1;Renk=Mor',
          'IMP-TSORT-1-X2;IMP-TSORT-1;;;;1;"Renk=Mavi;Beden=M"',
          'IMP-TSORT-1-X3;YOK-BOYLE-URUN;;;;1;Renk=Mavi',
        ].join('\r\n'),
      ),
      { dryRun: true },
    );
    const body = res.json();
    expect(errorsOf(body, 2)[0]!.message).toContain('başka bir ürünün varyantı');
    expect(errorsOf(body, 3)[0]!.message).toContain('eksik: Beden');
    expect(errorsOf(body, 4)[0]!.message).toContain('IMP-TSORT-1-MM SKU’lu varyantında da var');
    expect(errorsOf(body, 5)[0]!.message).toContain('Ana ürün bulunamadı');
  });
});

describe('the export', () => {
  it('gives back every product with its purchase price, and importing it again finds nothing to change (CSV)', async () => {
    const res = await manager.get('/api/admin/exports/products.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="urunler-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    expect(res.body.startsWith('\uFEFFSKU;Ana Ürün SKU;Ürün Adı')).toBe(true);
    expect(res.body).toContain(
      'IMP-KUPA-1;;İçe Aktarılan Çay Kupası;ice-aktarilan-cay-kupasi;1;Seramik > Kupalar ve Fincanlar;Atölye Işık;8690000000017;',
    );
    expect(res.body).toContain(';1299,00;1500,00;600,00;');
    const variants = (await db().select({ n: count() }).from(productVariants))[0]!.n;
    const dry = await upload(manager, res.rawPayload, { dryRun: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().rows).toEqual([]);
    expect(dry.json().summary).toEqual({
      create: 0,
      update: 0,
      unchanged: (await productCount()) + variants,
      errors: 0,
    });
  });

  it('as XLSX too', async () => {
    const res = await manager.get('/api/admin/exports/products.xlsx');
    expect(res.statusCode).toBe(200);
    const dry = await upload(manager, res.rawPayload, { name: 'urunler.xlsx', dryRun: true });
    expect(dry.json().rows).toEqual([]);
    expect(dry.json().summary).toMatchObject({ create: 0, update: 0, errors: 0 });
  });
});

describe('bad input', () => {
  const fileError = async (bytes: Buffer, name = 'urunler.csv') => {
    const res = await upload(manager, bytes, { name, dryRun: true });
    return {
      status: res.statusCode,
      code: res.json().error?.code as string,
      message: res.json().error?.message as string,
    };
  };
  /** The errors of the only row of a one-row dry run. */
  const rowErrors = async (...lines: string[]) => {
    const res = await upload(manager, csv(...lines), { dryRun: true });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('not a file: 400 DOSYA_GEREKLI', async () => {
    const res = await manager.post('/api/admin/imports/products', { file: 'urunler.csv' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('DOSYA_GEREKLI');
    const noFile = await manager.request({
      method: 'POST',
      url: '/api/admin/imports/products',
      ...multipartForm({ dryRun: '1' }),
    });
    expect(noFile.json().error.code).toBe('DOSYA_GEREKLI');
  });

  it('a wrong type: 415 DOSYA_TURU_GECERSIZ', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]), Buffer.alloc(64)]);
    expect(await fileError(png, 'foto.png')).toMatchObject({ status: 415, code: 'DOSYA_TURU_GECERSIZ' });
    expect(await fileError(png, 'urunler.csv')).toMatchObject({ status: 415, code: 'DOSYA_TURU_GECERSIZ' });
    expect(await fileError(Buffer.from('not a zip'), 'urunler.xlsx')).toMatchObject({ status: 415 });
    const latin = Buffer.from('SKU;Ürün Adı;Kategori;Satış Fiyatı\nA;Çay;kupalar;1\n', 'latin1');
    expect(await fileError(latin)).toMatchObject({ status: 415, message: expect.stringMatching(/UTF-8/) });
  });

  it('an empty file: 422 DOSYA_BOS', async () => {
    expect(await fileError(Buffer.alloc(0))).toMatchObject({ status: 422, code: 'DOSYA_BOS' });
    expect(await fileError(Buffer.from(`\uFEFF${HEADER}\r\n`))).toMatchObject({
      status: 422,
      code: 'DOSYA_BOS',
    });
  });

  it('a required header missing: 422 BASLIK_EKSIK naming it', async () => {
    const res = await fileError(Buffer.from('SKU;Ürün Adı;Kategori\r\nA-1;Kupa;kupalar\r\n'));
    expect(res).toMatchObject({ status: 422, code: 'BASLIK_EKSIK' });
    expect(res.message).toContain('Satış Fiyatı');
  });

  it('an unknown category', async () => {
    const body = await rowErrors('BAD-1;;Kupa;Giyim > Tişört;;;10,00;;;;;1;;');
    expect(errorsOf(body, 2)).toEqual([
      { field: 'category', message: expect.stringContaining('Kategori bulunamadı') },
    ]);
  });

  it('a bad price: not a number, negative, three decimals', async () => {
    const body = await rowErrors(
      'BAD-2;;Kupa;kupalar;;;abc;;;;;1;;',
      'BAD-3;;Kupa;kupalar;;;-5,00;;;;;1;;',
      'BAD-4;;Kupa;kupalar;;;12,345;;;;;1;;',
      'BAD-5;;Kupa;kupalar;;;10;1.234;;;;1;;',
    );
    expect(errorsOf(body, 2)[0]!.message).toMatch(/Satış Fiyatı bir tutar olmalı/);
    expect(errorsOf(body, 3)[0]!.message).toBe('Satır 3 (BAD-3): Satış Fiyatı negatif olamaz.');
    expect(errorsOf(body, 4)[0]!.message).toMatch(/en fazla iki ondalık/);
    expect(errorsOf(body, 5)).toEqual([
      { field: 'market_price', message: expect.stringMatching(/iki ondalık/) },
    ]);
    expect(body.summary.errors).toBe(4);
  });

  it('a bad VAT rate and a bad currency', async () => {
    const body = await rowErrors(
      'BAD-6;;Kupa;kupalar;;;10,00;;;TL;18;1;;',
      'BAD-7;;Kupa;kupalar;;;10,00;;;GBP;20;1;;',
    );
    expect(errorsOf(body, 2)).toEqual([
      { field: 'vat_rate', message: 'Satır 2 (BAD-6): KDV Oranı 0, 10 ya da 20 olmalı.' },
    ]);
    expect(errorsOf(body, 3)).toEqual([
      { field: 'currency', message: 'Satır 3 (BAD-7): Para Birimi TRY, USD ya da EUR olmalı.' },
    ]);
  });

  it('a SKU twice in the file', async () => {
    const body = await rowErrors(
      'DUP-1;;Kupa Bir;kupalar;;;10,00;;;;;1;;',
      'DUP-1;;Kupa İki;kupalar;;;10,00;;;;;1;;',
    );
    expect(errorsOf(body, 3)).toEqual([
      { field: 'sku', message: expect.stringContaining('2. satırda da var') },
    ]);
    expect(errorsOf(body, 2)).toEqual([]);
  });

  it('a slug another product has', async () => {
    const other = (await productOf('IMP-KUPA-1'))!;
    const res = await upload(
      manager,
      Buffer.from(`SKU;Ürün Adı;Slug;Kategori;Satış Fiyatı\r\nSLUG-1;Kupa;${other.slug};kupalar;10\r\n`),
      { dryRun: true },
    );
    expect(errorsOf(res.json(), 2)).toEqual([
      {
        field: 'slug',
        message: `Satır 2 (SLUG-1): "${other.slug}" adresi başka bir ürünün (SKU IMP-KUPA-1); başka bir slug yazın.`,
      },
    ]);
    // Without a slug, the name's is numbered instead.
    const named = await upload(
      manager,
      Buffer.from('SKU;Ürün Adı;Kategori;Satış Fiyatı\r\nSLUG-2;İçe Aktarılan Çay Kupası;kupalar;10\r\n'),
    );
    expect(named.statusCode).toBe(200);
    expect((await productOf('SLUG-2'))!.slug).toBe('ice-aktarilan-cay-kupasi-2');
  });

  it('too many rows: 422 COK_FAZLA_SATIR', async () => {
    const lines = ['SKU;Ürün Adı;Kategori;Satış Fiyatı'];
    for (let i = 0; i <= IMPORT_MAX_ROWS; i++) lines.push(`R-${i};Kupa ${i};kupalar;10`);
    expect(await fileError(Buffer.from(lines.join('\n')))).toMatchObject({
      status: 422,
      code: 'COK_FAZLA_SATIR',
    });
  });

  it('too big: 413 DOSYA_COK_BUYUK', async () => {
    const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, 'a');
    expect(await fileError(big)).toMatchObject({ status: 413, code: 'DOSYA_COK_BUYUK' });
  });

  it('an unknown run: 404 ICE_AKTARMA_BULUNAMADI', async () => {
    const res = await manager.get('/api/admin/imports/bilinmeyen-calistirma');
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ICE_AKTARMA_BULUNAMADI');
  });
});
