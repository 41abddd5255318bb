/**
 * CSV as spreadsheets write it (RFC 4180): fields in double quotes may hold the separator, quotes (doubled)
 * and line breaks. Turkish Excel separates with `;` (its decimal mark is `,`), others with `,`: the header
 * line tells which (the one of the two it holds more of, outside quotes).
 */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const separator = separatorOf(body);
  const rows: { line: number; cells: string[] }[] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // The line the current row started on, and the line being read (a quoted field may hold line breaks).
  let start = 1;
  let line = 1;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (quoted) {
      if (c === '\n') line++;
      if (c === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === separator) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(field);
      rows.push({ line: start, cells: row });
      line++;
      start = line;
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push({ line: start, cells: row });
  }
  // Lines with nothing in them (Excel writes `;;;` for an empty row) are not rows.
  return rows.filter((r) => r.cells.some((f) => f.trim() !== ''));
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
