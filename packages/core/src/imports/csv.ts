import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { importError } from './errors.ts';

/** What a malformed CSV is told, in Turkish (csv-parse's own messages are English). */
const CSV_PROBLEMS: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'bir hücrenin çift tırnağı (") kapanmamış; dosya buradan sonra okunamadı.',
  CSV_INVALID_CLOSING_QUOTE:
    'çift tırnakla biten bir hücreden sonra ayırıcı yerine başka bir karakter var; hücredeki tırnakları ikiler ("") yazın.',
};
const CSV_PROBLEM =
  'CSV okunamadı; dosyayı Excel’de “CSV UTF-8” olarak yeniden kaydedin ya da XLSX yükleyin.';

/** Bytes handed to the parser at a time, a turn of the event loop between two. */
const SLICE = 256 * 1024;

/**
 * CSV as spreadsheets write it (RFC 4180, read by csv-parse): fields in double quotes may hold the separator,
 * quotes (doubled) and line breaks. Turkish Excel separates with `;` (its decimal mark is `,`), others with
 * `,`: the header line tells which (the one of the two it holds more of, outside quotes). Each row carries its
 * number as a spreadsheet shows it (the header is row 1, a blank line a row too), however many line breaks
 * its cells hold. A quote left open is a 422 naming its row.
 */
export async function parseCsv(text: string): Promise<{ line: number; cells: string[] }[]> {
  const parser = Readable.from(slices(Buffer.from(text, 'utf8'))).pipe(
    parse({
      delimiter: separatorOf(text),
      bom: true,
      // Rows as spreadsheets leave them: short ones (trailing empty cells left off), a stray `"` inside a field.
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      info: true,
    }),
  );
  const rows: { line: number; cells: string[] }[] = [];
  try {
    for await (const { record, info } of parser as AsyncIterable<{
      record: string[];
      info: { records: number };
    }>) {
      // Lines with nothing in them (Excel writes `;;;` for an empty row) are not rows, but they are counted.
      if (record.some((f) => f.trim() !== '')) rows.push({ line: info.records, cells: record });
    }
  } catch (err) {
    if (!(err instanceof CsvError)) throw err;
    const row = ((err as CsvError & { records?: number }).records ?? rows.length) + 1;
    throw importError(422, 'DOSYA_OKUNAMADI', `Satır ${row}: ${CSV_PROBLEMS[err.code] ?? CSV_PROBLEM}`, {
      file: 'CSV okunamadı',
    });
  }
  return rows;
}

/** The bytes in slices (the parser joins a character cut between two). */
async function* slices(bytes: Buffer) {
  for (let i = 0; i < bytes.length; i += SLICE) {
    yield bytes.subarray(i, i + SLICE);
    await nextTurn();
  }
}

function separatorOf(text: string): ';' | ',' {
  let semicolons = 0;
  let commas = 0;
  let quoted = false;
  for (const c of text) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) break;
    else if (!quoted && c === ';') semicolons++;
    else if (!quoted && c === ',') commas++;
  }
  return semicolons >= commas && semicolons > 0 ? ';' : commas > 0 ? ',' : ';';
}

/** The exports' text guard, which the import reads back. */
export { csvField, unguarded } from '../exports/spreadsheet-text.ts';
