import { csvField as field } from '../exports/spreadsheet-text.ts';
import { EXPORT_COLUMNS, type ExportRow } from './export-rows.ts';

/**
 * The orders as the CSV that Excel set to Turkish opens into columns with a double click: UTF-8 with a BOM
 * (else it reads the file as Windows-1254 and breaks ğ, ş, ı), `;` between fields (Turkish Excel's list
 * separator, since `,` is its decimal mark), amounts as `1234,56` (no thousands mark, so they are numbers
 * there) and dates as `26.11.2026 14:05` in Turkey time, CRLF line ends.
 */
export function ordersCsv(rows: ExportRow[]): string {
  const lines = [EXPORT_COLUMNS.map((c) => field(c.title))];
  for (const row of rows) {
    lines.push(
      EXPORT_COLUMNS.map((c) => {
        const value = row[c.key];
        if (value instanceof Date) return shopDateTime(value);
        if (typeof value === 'number') return decimalComma(value);
        return field(value);
      }),
    );
  }
  return `\uFEFF${lines.map((l) => l.join(';')).join('\r\n')}\r\n`;
}

/** `123456` kuruş → `1234,56`. */
const decimalComma = (minor: number) =>
  `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)},${String(Math.abs(minor) % 100).padStart(2, '0')}`;

/** `26.11.2026 14:05` in Turkey (UTC+3 all year). */
function shopDateTime(at: Date): string {
  const t = new Date(at.getTime() + 3 * 60 * 60_000).toISOString();
  return `${t.slice(8, 10)}.${t.slice(5, 7)}.${t.slice(0, 4)} ${t.slice(11, 16)}`;
}
