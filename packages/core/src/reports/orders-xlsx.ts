import ExcelJS from 'exceljs';
import { formulaGuarded } from '../exports/spreadsheet-text.ts';
import { EXPORT_COLUMNS, type ExportRow } from './export-rows.ts';

const SHOP_OFFSET_MS = 3 * 60 * 60_000;

/**
 * The orders as an Excel workbook: amounts as number cells in lira with a ₺ format (they add up), the date
 * as a date cell. Excel has no time zones, so the cell holds Turkey's wall-clock time. Texts are guarded
 * against formulas as in the CSV.
 */
export async function ordersXlsx(rows: ExportRow[], title: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = title;
  const sheet = book.addWorksheet('Siparişler', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({
    header: c.title,
    key: c.key,
    width: c.money ? 16 : c.key === 'at' ? 18 : c.key === 'email' ? 28 : 20,
    ...(c.money ? { style: { numFmt: '#,##0.00 "₺"' } } : {}),
    ...(c.key === 'at' ? { style: { numFmt: 'dd.mm.yyyy hh:mm' } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow(
      Object.fromEntries(
        EXPORT_COLUMNS.map((c) => {
          const value = row[c.key];
          if (value instanceof Date) return [c.key, new Date(value.getTime() + SHOP_OFFSET_MS)];
          return [c.key, typeof value === 'number' ? value / 100 : formulaGuarded(value)];
        }),
      ),
    );
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}
