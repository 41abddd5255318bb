/**
 * Text for the product feeds: XML 1.0 escaping and descriptions as plain text. Feeds are read by machines
 * that reject a whole file for one bad character, so everything written into them passes through here.
 */

/**
 * Characters a feed must not hold: controls but tab, LF and CR (XML 1.0 forbids C0 ones; C1 ones are only
 * noise), lone surrogates and U+FFFE/U+FFFF.
 */
const INVALID_XML = /[^\P{Cc}\t\n\r]|\p{Cs}|[\uFFFE\uFFFF]/gu;
const SPECIAL = /[<>&'"]/g;
const ENTITY: Record<string, string> = {
  '<': '&lt;',
  '>': '&gt;',
  '&': '&amp;',
  "'": '&apos;',
  '"': '&quot;',
};

/** A text node or attribute value: invalid characters dropped, markup characters escaped. */
export function xmlText(value: string): string {
  return value.replace(INVALID_XML, '').replace(SPECIAL, (c) => ENTITY[c]!);
}

/** `<name>text</name>`, or nothing for an empty or missing value. */
export function element(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return `<${name}>${typeof value === 'number' ? value : xmlText(value)}</${name}>`;
}

/** The first `max` characters (code points, so no emoji is cut in half). */
export function truncate(value: string, max: number): string {
  if (value.length <= max) return value;
  return Array.from(value).slice(0, max).join('').trimEnd();
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ccedil: 'ç',
  Ccedil: 'Ç',
  ouml: 'ö',
  Ouml: 'Ö',
  uuml: 'ü',
  Uuml: 'Ü',
  gbreve: 'ğ',
  Gbreve: 'Ğ',
  scedil: 'ş',
  Scedil: 'Ş',
  inodot: 'ı',
  imath: 'ı',
  Idot: 'İ',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  rsquo: '’',
  lsquo: '‘',
  rdquo: '”',
  ldquo: '“',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  times: '×',
  euro: '€',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,8});/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code =
        ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
    }
    return NAMED[ref] ?? whole;
  });
}

/**
 * A product description (stored as HTML) as plain text: scripts and styles dropped with their content,
 * block ends and line breaks become spaces, tags removed, entities decoded, whitespace collapsed.
 */
export function plainText(html: string, max: number): string {
  const text = html
    .replace(/<(script|style|template)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<[^>]*>/g, ' ');
  return truncate(decodeEntities(text).replace(/\s+/g, ' ').trim(), max);
}

/** Minor units as a decimal amount with two places: 12345 → "123.45". */
export function decimalAmount(minor: number): string {
  return `${Math.trunc(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;
}
