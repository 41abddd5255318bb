import { orders } from '@vitrin/core/db/schema';
import { billing, type OrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountTestApp, Browser } from '../../../../test/accounts.ts';
import { type AdminWorld, openAdminWorld } from '../../../../test/staff.ts';

let world: AdminWorld<'support' | 'manager'>;
let t: AccountTestApp;
let w: OrderWorld;
let support: Browser;
let manager: Browser;
beforeAll(async () => {
  world = await openAdminWorld('support', 'manager');
  ({ t, w } = world);
  support = world.as.support.b;
  manager = world.as.manager.b;
});
afterAll(() => world.close());

const textOf = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;

describe('GET /api/admin/orders/{number}/invoice.pdf', () => {
  it('is a PDF with the Turkish seller, the corporate buyer, the lines, the VAT by rate and the total', async () => {
    await t.services.settings.set('unvan', 'Işıklı Çömlekçi Atölyesi Ltd. Şti.');
    await t.services.settings.set('contact_address', 'Moda Cad. No: 5 Kadıköy / İstanbul');
    await t.services.settings.set('tax_id', '9876543210');
    await t.services.settings.set('tax_office', 'Kadıköy');
    await t.services.settings.set('mersis_no', '0123456789012345');
    const { id, orderNo } = await w.placeOrder({
      lines: [
        { kind: 'single', quantity: 2 },
        { kind: 'variant', quantity: 1 },
      ],
    });
    await w.db
      .update(orders)
      .set({
        billingAddress: {
          ...billing,
          billingType: 'corporate',
          tcKimlikNo: null,
          companyName: 'Güneş Ofis Ürünleri A.Ş.',
          taxNumber: '1234567890',
          taxOffice: 'Üsküdar',
        },
        vatLines: [
          { rate: 10, grossMinor: 10_000, vatMinor: 909 },
          { rate: 20, grossMinor: 20_000, vatMinor: 3_333 },
        ],
        totalMinor: 30_000,
      })
      .where(eq(orders.id, id));

    const res = await support.get(`/api/admin/orders/${orderNo}/invoice.pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="fatura-${orderNo}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const text = await textOf(res.rawPayload);
    expect(text).toContain('Işıklı Çömlekçi Atölyesi Ltd. Şti.');
    expect(text).toContain('Moda Cad. No: 5 Kadıköy / İstanbul');
    expect(text).toContain('VKN: 9876543210');
    expect(text).toContain('Vergi Dairesi: Kadıköy');
    expect(text).toContain('MERSİS No: 0123456789012345');
    expect(text).toContain('Güneş Ofis Ürünleri A.Ş.');
    expect(text).toContain('VKN: 1234567890');
    expect(text).toContain('Vergi Dairesi: Üsküdar');
    expect(text).toContain('Kupa');
    expect(text).toContain('Renk: Mavi');
    expect(text).toMatch(/KDV %10 \(matrah ₺90,91\)\s*₺9,09/);
    expect(text).toMatch(/KDV %20 \(matrah ₺166,67\)\s*₺33,33/);
    expect(text).toMatch(/Genel Toplam\s*₺300,00/);
  });

  it('names an individual buyer with their TCKN', async () => {
    const { orderNo } = await w.placeOrder();
    const text = await textOf((await support.get(`/api/admin/orders/${orderNo}/invoice.pdf`)).rawPayload);
    expect(text).toContain('Ayşe Yılmaz');
    expect(text).toContain('TCKN: 10000000146');
  });

  it('answers 404 SIPARIS_BULUNAMADI for an unknown order and 400 for a malformed number', async () => {
    const missing = await support.get('/api/admin/orders/VT-YOK-BOYLE/invoice.pdf');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('SIPARIS_BULUNAMADI');
    const bad = await support.get('/api/admin/orders/a%3Bb/invoice.pdf');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toMatchObject({
      code: 'GECERSIZ_ISTEK',
      fields: { number: 'Sipariş numarası geçersiz' },
    });
  });
});

describe('GET /api/admin/orders/{number}/packing-slip', () => {
  it('holds the lines, quantities, options and addresses, and no price', async () => {
    const { orderNo } = await w.placeOrder({
      lines: [
        { kind: 'single', quantity: 3 },
        { kind: 'variant', quantity: 1 },
      ],
    });
    const res = await support.get(`/api/admin/orders/${orderNo}/packing-slip`);
    expect(res.statusCode).toBe(200);
    const slip = res.json();
    expect(slip).toMatchObject({
      orderNo,
      shipTo: {
        name: 'Ayşe Yılmaz',
        phone: '+905321234567',
        lines: ['Caferağa Mah. Moda Cad. No: 1 D: 2', 'Kadıköy / İstanbul', '34710'],
      },
      lines: [
        { name: 'Kupa', sku: 'SINGLE', options: [], quantity: 3 },
        { name: 'Tabak', sku: 'VARIANT', options: ['Renk: Mavi'], quantity: 1 },
      ],
    });
    expect(res.body).not.toMatch(/price|total|minor|₺/i);
  });
});

describe('GET /api/admin/exports/orders.csv and .xlsx', () => {
  let inRange: string;
  beforeAll(async () => {
    const at = async (when: string) => {
      const { id, orderNo } = await w.placeOrder({ email: `disa@ornek.test` });
      await w.db
        .update(orders)
        .set({ createdAt: new Date(when) })
        .where(eq(orders.id, id));
      return orderNo;
    };
    await at('2025-06-09T20:59:00Z'); // 9 June 23:59 in Turkey: before the range
    inRange = await at('2025-06-09T21:05:00Z'); // 10 June 00:05 in Turkey
    await at('2025-06-11T21:00:00Z'); // 12 June 00:00 in Turkey: after the range
  });

  it('writes the range’s orders as CSV for Turkish Excel: BOM, semicolons, decimal commas, Turkey time', async () => {
    const res = await manager.get('/api/admin/exports/orders.csv?from=2025-06-10&to=2025-06-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="siparisler-2025-06-10-2025-06-11.csv"',
    );
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Sipariş No;Tarih;Durum;Ödeme Yöntemi;Ödeme Durumu;Müşteri;E-posta;İl;Ara Toplam (TL);İndirim (TL);Kargo (TL);Hizmet Bedelleri (TL);KDV (TL);Toplam (TL);Kupon',
    );
    expect(lines.slice(1)).toEqual([
      `${inRange};10.06.2025 00:05;Sipariş Alındı;Havale / EFT;Havale / EFT bekleniyor;Ayşe Yılmaz;disa@ornek.test;İstanbul;200,00;0,00;0,00;0,00;33,33;200,00;`,
    ]);
  });

  it('writes the same orders as XLSX with number cells for money and date cells', async () => {
    const res = await manager.get('/api/admin/exports/orders.xlsx?from=2025-06-10&to=2025-06-11');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Siparişler')!;
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe(inRange);
    // Turkey's wall-clock time, as Excel shows it.
    expect(row.getCell(2).value).toEqual(new Date('2025-06-10T00:05:00Z'));
    expect(row.getCell(14).value).toBe(200);
    expect(row.getCell(14).numFmt).toBe('#,##0.00 "₺"');
  });

  it.each([
    ['no start', 'to=2025-06-11', { from: 'Başlangıç tarihi gerekli' }],
    ['no end', 'from=2025-06-10&to=', { to: 'Bitiş tarihi gerekli' }],
    [
      'a day not in the format',
      'from=10.06.2025&to=2025-06-11',
      { from: 'Tarih YYYY-AA-GG biçiminde olmalı' },
    ],
    ['a day that does not exist', 'from=2025-02-30&to=2025-06-11', { from: 'Böyle bir tarih yok' }],
    [
      'a reversed range',
      'from=2025-06-11&to=2025-06-10',
      { to: 'Bitiş tarihi başlangıç tarihinden önce olamaz' },
    ],
    [
      'a range over 366 days',
      'from=2024-01-01&to=2025-01-01',
      { to: 'Tarih aralığı en fazla 366 gün olabilir' },
    ],
  ])('refuses %s with 400 GECERSIZ_ISTEK and its Turkish field message', async (_, query, fields) => {
    for (const ext of ['csv', 'xlsx']) {
      const res = await manager.get(`/api/admin/exports/orders.${ext}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'GECERSIZ_ISTEK', fields });
    }
  });

  it('refuses support with 403 YETKI_YOK: every order with names and e-mails is for owners and managers', async () => {
    for (const ext of ['csv', 'xlsx']) {
      const res = await support.get(`/api/admin/exports/orders.${ext}?from=2025-06-10&to=2025-06-11`);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('YETKI_YOK');
      expect(res.body).not.toContain(inRange);
    }
  });

  it('takes a leap year’s 366 days', async () => {
    expect(
      (await manager.get('/api/admin/exports/orders.csv?from=2024-01-01&to=2024-12-31')).statusCode,
    ).toBe(200);
  });
});
