import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '@vitrin/shared/api/admin/imports';
import { parseCsv } from './csv.ts';
import { importError } from './errors.ts';
import { checkWorkbook, XLSX_MAX_UNPACKED } from './xlsx-guard.ts';

/** A cell as the file gives it: CSV text, or an XLSX cell's number or text. */
export type Cell = string | number;

export interface Table {
  header: string[];
  /**
   * The rows after the header, each with its row number as a spreadsheet shows it (the header is row 1, the
   * first product row 2), whatever line breaks the cells of a CSV hold.
   */
  rows: { line: number; cells: Cell[] }[];
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE = [0xd0, 0xcf, 0x11, 0xe0];
const startsWith = (bytes: Buffer, magic: number[]) => magic.every((b, i) => bytes[i] === b);

const MB = IMPORT_MAX_BYTES / (1024 * 1024);
export const tooLarge = () =>
  importError(413, 'DOSYA_COK_BUYUK', `Dosya en fazla ${MB} MB olabilir.`, { file: 'Dosya çok büyük' });
const wrongType = (message: string) =>
  importError(415, 'DOSYA_TURU_GECERSIZ', message, { file: 'CSV ya da XLSX dosyası seçin' });

/**
 * The file as a header and rows: a `.xlsx` workbook (its first sheet) or a `.csv` in UTF-8 (with or without
 * BOM, `;` or `,` between fields). Judged by its content, its name only choosing between the two.
 */
export async function readTable(file: { bytes: Buffer; name: string }): Promise<Table> {
  const { bytes, name } = file;
  if (bytes.length > IMPORT_MAX_BYTES) throw tooLarge();
  if (bytes.length === 0) throw empty();
  const ext = name.toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';
  let rows: { line: number; cells: Cell[] }[];
  if (startsWith(bytes, ZIP) && ext !== 'csv' && ext !== 'txt') rows = await readXlsx(bytes);
  else if (startsWith(bytes, OLE) || ext === 'xls') {
    throw wrongType('Eski Excel biçimi (.xls) okunamaz; dosyayı Excel’de .xlsx ya da CSV olarak kaydedin.');
  } else if (ext === 'xlsx') throw wrongType('Dosya bir Excel çalışma kitabı (.xlsx) değil.');
  else if (ext === 'csv' || ext === 'txt' || ext === '') rows = await parseCsv(utf8(bytes));
  else throw wrongType('Yalnızca CSV (.csv) ve Excel (.xlsx) dosyaları içe aktarılabilir.');
  const [header, ...rest] = rows;
  if (!header || !rest.length) throw empty();
  if (rest.length > IMPORT_MAX_ROWS) {
    throw tooManyRows(`; bu dosyada ${rest.length.toLocaleString('tr-TR')} var`);
  }
  return { header: header.cells.map((h) => String(h).trim()), rows: rest };
}

const tooManyRows = (counted = '') =>
  importError(
    422,
    'COK_FAZLA_SATIR',
    `Bir dosyada en fazla ${IMPORT_MAX_ROWS.toLocaleString('tr-TR')} satır olabilir${counted}. Dosyayı bölün.`,
    { file: 'Çok fazla satır' },
  );

const empty = () =>
  importError(422, 'DOSYA_BOS', 'Dosya boş: başlık satırı ve en az bir ürün satırı olmalı.', {
    file: 'Dosya boş',
  });

/** UTF-8 text; a file that is not (a binary, or Windows-1254 text) is refused rather than garbled. */
function utf8(bytes: Buffer): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    if (text.includes('\u0000')) throw new Error('binary');
    return text;
  } catch {
    throw wrongType('Dosya UTF-8 metin değil: CSV’yi “CSV UTF-8” olarak kaydedin ya da XLSX yükleyin.');
  }
}

/** The first sheet of a workbook; exceljs is loaded at the first import of one (it is large). */
async function readXlsx(bytes: Buffer): Promise<{ line: number; cells: Cell[] }[]> {
  const unreadable = () => wrongType('Excel dosyası okunamadı; dosya bozuk ya da .xlsx değil.');
  // Unpacked within a budget and its rows counted first: a zip bomb never reaches the reader (xlsx-guard.ts).
  const check = checkWorkbook(bytes, IMPORT_MAX_ROWS + 1);
  if (check === 'unreadable') throw unreadable();
  if (check === 'too-many-rows') throw tooManyRows();
  if (check === 'too-large') {
    throw importError(
      413,
      'DOSYA_COK_BUYUK',
      `Excel dosyası açıldığında ${XLSX_MAX_UNPACKED / (1024 * 1024)} MB’tan büyük; dosyayı bölün ya da CSV olarak kaydedin.`,
      { file: 'Dosya açıldığında çok büyük' },
    );
  }
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw unreadable();
  }
  const sheet = book.worksheets[0];
  if (!sheet) return [];
  if (sheet.actualRowCount > IMPORT_MAX_ROWS + 1) throw tooManyRows();
  const rows: { line: number; cells: Cell[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, col) => {
      cells[col - 1] = cellValue(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    if (cells.some((c) => String(c).trim() !== '')) rows.push({ line, cells });
  });
  return rows;
}

/** A cell's value as a number or text: formulas give their result, rich text its plain text. */
function cellValue(value: unknown): Cell {
  if (value == null) return '';
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const v = value as { result?: unknown; richText?: { text: string }[]; text?: unknown };
    if ('result' in v) return cellValue(v.result);
    if (v.richText) return v.richText.map((r) => r.text).join('');
    if (v.text !== undefined) return cellValue(v.text);
  }
  return String(value);
}
