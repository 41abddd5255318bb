import { inflateRawSync } from 'node:zlib';

/**
 * A workbook is a zip, and a zip may unpack to a thousand times its size: 1.5 MB of spaces opened as 1.5 GB
 * and a sheet of 1.5 million one-cell rows took the shop's process to 1.9 GB and a minute of CPU inside the
 * spreadsheet reader before its row count could refuse them. So the workbook is unpacked here first, by the
 * zip's own directory and never past a budget (the sizes a zip declares may lie, the inflater's limit does
 * not), and its sheets' rows counted, before the reader sees it.
 */

/** What a workbook may hold unpacked: 50 000 rows with long descriptions fit several times over. */
export const XLSX_MAX_UNPACKED = 128 * 1024 * 1024;

export type WorkbookCheck = 'ok' | 'unreadable' | 'too-large' | 'too-many-rows';

interface Entry {
  name: string;
  method: number;
  compressedSize: number;
  offset: number;
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

/** The entries of the zip's central directory; null when there is none to read. */
function entriesOf(bytes: Buffer): Entry[] | null {
  let eocd = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (bytes.readUInt32LE(i) === EOCD) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  let count = bytes.readUInt16LE(eocd + 10);
  let at = bytes.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === MAX32) {
    const locator = eocd - 20;
    if (locator < 0 || bytes.readUInt32LE(locator) !== ZIP64_LOCATOR) return null;
    const end = Number(bytes.readBigUInt64LE(locator + 8));
    if (end + 56 > bytes.length || bytes.readUInt32LE(end) !== ZIP64_EOCD) return null;
    count = Number(bytes.readBigUInt64LE(end + 32));
    at = Number(bytes.readBigUInt64LE(end + 48));
  }
  const entries: Entry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== CENTRAL) return null;
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraEnd = at + 46 + nameLength + bytes.readUInt16LE(at + 30);
    if (extraEnd > bytes.length) return null;
    const entry: Entry = {
      name: bytes.toString('utf8', at + 46, at + 46 + nameLength),
      method: bytes.readUInt16LE(at + 10),
      compressedSize: bytes.readUInt32LE(at + 20),
      offset: bytes.readUInt32LE(at + 42),
    };
    // Zip64: the 64-bit sizes and offset of the fields marked 0xffffffff, in this order.
    for (let e = at + 46 + nameLength; e + 4 <= extraEnd; e += 4 + bytes.readUInt16LE(e + 2)) {
      if (bytes.readUInt16LE(e) !== 1) continue;
      let field = e + 4;
      const next = () => {
        const value = field + 8 <= extraEnd ? Number(bytes.readBigUInt64LE(field)) : MAX32;
        field += 8;
        return value;
      };
      if (bytes.readUInt32LE(at + 24) === MAX32) next();
      if (entry.compressedSize === MAX32) entry.compressedSize = next();
      if (entry.offset === MAX32) entry.offset = next();
    }
    entries.push(entry);
    at = extraEnd + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** `<row …>` elements (with or without a namespace prefix) in a sheet's XML. */
const ROW = /<(?:[A-Za-z_][\w.-]*:)?row[\s>/]/g;

/**
 * Whether a workbook can be given to the spreadsheet reader: readable as a zip, at most `XLSX_MAX_UNPACKED`
 * unpacked, and no sheet with more than `maxRows` rows.
 */
export function checkWorkbook(bytes: Buffer, maxRows: number): WorkbookCheck {
  const entries = entriesOf(bytes);
  if (!entries) return 'unreadable';
  let budget = XLSX_MAX_UNPACKED;
  for (const entry of entries) {
    const at = entry.offset;
    if (at + 30 > bytes.length || bytes.readUInt32LE(at) !== LOCAL) return 'unreadable';
    const start = at + 30 + bytes.readUInt16LE(at + 26) + bytes.readUInt16LE(at + 28);
    const packed = bytes.subarray(start, start + entry.compressedSize);
    let data: Buffer;
    if (entry.method === 0) data = packed;
    else if (entry.method === 8) {
      try {
        data = inflateRawSync(packed, { maxOutputLength: Math.max(budget, 1) });
      } catch (err) {
        return (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too-large' : 'unreadable';
      }
    } else return 'unreadable';
    budget -= data.length;
    if (budget < 0) return 'too-large';
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(entry.name)) {
      const text = data.toString('latin1');
      ROW.lastIndex = 0;
      for (let rows = 0; ROW.exec(text); ) if (++rows > maxRows) return 'too-many-rows';
    }
  }
  return 'ok';
}
