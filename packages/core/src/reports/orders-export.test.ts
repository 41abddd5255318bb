import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ExportRow } from './export-rows.ts';
import { ordersCsv } from './orders-csv.ts';
import { ordersXlsx } from './orders-xlsx.ts';

const row = (extra: Partial<ExportRow> = {}): ExportRow => ({
  orderNo: 'VT123',
  // 10 June 2025 00:05 in Turkey.
  at: new Date('2025-06-09T21:05:00Z'),
  state: 'Sipariş Alındı',
  paymentMethod: 'Havale / EFT',
  paymentStatus: 'Havale / EFT bekleniyor',
  customer: 'Ayşe Yılmaz',
  email: 'ayse@ornek.test',
  province: 'İstanbul',
  subtotalMinor: 123_456,
  discountMinor: 5,
  shippingMinor: 0,
  feesMinor: 1_990,
  vatMinor: 20_576,
  totalMinor: 125_441,
  coupon: '',
  ...extra,
});

describe('the orders CSV for Turkish Excel', () => {
  const csv = ordersCsv([row(), row({ orderNo: 'VT124', totalMinor: -1_250, customer: 'Çiçek; "Bahçe"' })]);
  const lines = csv.slice(1).split('\r\n');

  it('starts with a BOM, ends lines with CRLF and heads the columns in Turkish', () => {
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(lines[0]).toBe(
      'Sipariş No;Tarih;Durum;Ödeme Yöntemi;Ödeme Durumu;Müşteri;E-posta;İl;Ara Toplam (TL);İndirim (TL);Kargo (TL);Hizmet Bedelleri (TL);KDV (TL);Toplam (TL);Kupon',
    );
  });

  it('writes amounts with a decimal comma and no thousands mark, dates in Turkey time', () => {
    expect(lines[1]).toBe(
      'VT123;10.06.2025 00:05;Sipariş Alındı;Havale / EFT;Havale / EFT bekleniyor;Ayşe Yılmaz;ayse@ornek.test;İstanbul;1234,56;0,05;0,00;19,90;205,76;1254,41;',
    );
  });

  it('writes a negative amount with its sign, and quotes a text holding ; or a quote', () => {
    expect(lines[2]).toContain(';"Çiçek; ""Bahçe""";');
    expect(lines[2]).toContain(';-12,50;');
  });

  it('guards a formula-like text with a leading apostrophe', () => {
    const guarded = ordersCsv([row({ customer: '=HYPERLINK("x")', coupon: '+1' })]);
    expect(guarded).toContain(`;"'=HYPERLINK(""x"")";`);
    expect(guarded.trimEnd().endsWith(";'+1")).toBe(true);
  });
});

describe('the orders workbook', () => {
  it('holds amounts as lira number cells with a ₺ format, the date as Turkey wall-clock time, texts guarded', async () => {
    const book = new ExcelJS.Workbook();
    const file = await ordersXlsx([row({ customer: '=1+1' })], 'Atölye');
    await book.xlsx.load(file as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Siparişler')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe('Sipariş No');
    const cells = sheet.getRow(2);
    expect(cells.getCell(2).value).toEqual(new Date('2025-06-10T00:05:00Z'));
    expect(cells.getCell(6).value).toBe("'=1+1");
    expect(cells.getCell(9).value).toBe(1234.56);
    expect(cells.getCell(14).value).toBe(1254.41);
    expect(cells.getCell(14).numFmt).toBe('#,##0.00 "₺"');
  });
});
