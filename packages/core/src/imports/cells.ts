import type { OptionGroup } from '../db/schema.ts';
import type { Cell } from './table.ts';

/**
 * One cell read as its column's value: `{ ok }`, or a Turkish message naming what is wrong. An empty cell
 * never reaches these (it means "no change" on an existing product, the default on a new one).
 */
export type Read<T> = { ok: T } | { error: string };

const ok = <T>(value: T): Read<T> => ({ ok: value });
const fail = <T>(error: string): Read<T> => ({ error });

const CONTROL = /\p{Cc}/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;
const INVISIBLE = 'görünmez bir denetim karakteri içeriyor; metni yeniden yazın.';

/** Largest price a cell may hold: 20 000 000 in the product's currency (the column is 32-bit kuruş). */
const MAX_MINOR = 2_000_000_000;

/** A cell's text: a number cell as Excel shows it, spaces (and no-break spaces) around it off. */
export const text = (cell: Cell) =>
  (typeof cell === 'number' ? String(Number(cell.toFixed(6))) : cell).replace(
    /^[\s\u00a0]+|[\s\u00a0]+$/g,
    '',
  );

/** "Remove it": a price, barcode, brand or text that should be gone. */
export const isRemoval = (value: string) => value === '-' || value.toLocaleLowerCase('tr-TR') === 'yok';

/**
 * A price in major units as whole minor units (kuruş, cent). Turkish "1.234,56" and "1234,56", and
 * "1234.56" and "1,234.56" are read; "1.234" is refused rather than guessed (a thousand, or 1,234?).
 */
export function money(cell: Cell): Read<number> {
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) return fail('bir tutar olmalı (ör. 1.234,56).');
    if (cell < 0) return fail('negatif olamaz.');
    const minor = Math.round(cell * 100);
    if (Math.abs(cell * 100 - minor) > 1e-6) return fail('en fazla iki ondalık basamak olabilir.');
    return minor > MAX_MINOR ? fail('en fazla 20.000.000 olabilir.') : ok(minor);
  }
  const v = text(cell)
    .replace(/^(₺|TL|TRY)\s*|\s*(₺|TL|TRY)$/gi, '')
    .replace(/[\s\u00a0]/g, '');
  if (/^-\d/.test(v)) return fail('negatif olamaz.');
  let whole: string;
  let fraction = '';
  const lastDot = v.lastIndexOf('.');
  const lastComma = v.lastIndexOf(',');
  if (/^\d+$/.test(v)) whole = v;
  else if (/^\d{1,3}(\.\d{3})+$/.test(v) && v.split('.').length > 2) whole = v.replaceAll('.', '');
  else if (lastDot >= 0 && lastComma >= 0) {
    const decimalMark = lastComma > lastDot ? ',' : '.';
    const thousands = decimalMark === ',' ? '\\.' : ',';
    const m = v.match(new RegExp(`^(\\d{1,3}(?:${thousands}\\d{3})*)\\${decimalMark}(\\d+)$`));
    if (!m) return fail('bir tutar olmalı (ör. 1.234,56).');
    whole = m[1]!.replace(/[.,]/g, '');
    fraction = m[2]!;
  } else {
    const m = v.match(/^(\d+)[.,](\d+)$/);
    if (!m) return fail('bir tutar olmalı (ör. 1.234,56).');
    whole = m[1]!;
    fraction = m[2]!;
  }
  if (fraction.length > 2) {
    return fail('en fazla iki ondalık basamak olabilir (binlik ayırıcıyla: 1.234,00).');
  }
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return minor > MAX_MINOR ? fail('en fazla 20.000.000 olabilir.') : ok(minor);
}

/** 0, 10 or 20 ("%20" too; a percent cell of Excel holds 0.2). */
export function vatRate(cell: Cell): Read<0 | 10 | 20> {
  let n =
    typeof cell === 'number'
      ? cell
      : Number(
          text(cell)
            .replace(/^%\s*|\s*%$/g, '')
            .replace(',', '.'),
        );
  if (typeof cell === 'number' && cell > 0 && cell < 1) n = Math.round(cell * 100);
  return n === 0 || n === 10 || n === 20 ? ok(n) : fail('0, 10 ya da 20 olmalı.');
}

const CURRENCY_NAMES: Record<string, 'TRY' | 'USD' | 'EUR'> = {
  TRY: 'TRY',
  TL: 'TRY',
  '₺': 'TRY',
  USD: 'USD',
  $: 'USD',
  EUR: 'EUR',
  '€': 'EUR',
};

export function currency(cell: Cell): Read<'TRY' | 'USD' | 'EUR'> {
  const c = CURRENCY_NAMES[text(cell).toLocaleUpperCase('tr-TR')];
  return c ? ok(c) : fail('TRY, USD ya da EUR olmalı.');
}

/** A count of stock: a whole number from 0; "sınırsız" (null) for a virtual product only, checked later. */
export function stock(cell: Cell): Read<number | null> {
  const v = text(cell);
  if (['sınırsız', 'sinirsiz'].includes(v.toLocaleLowerCase('tr-TR'))) return ok(null);
  if (!/^\d{1,8}$/.test(v) || Number(v) > 10_000_000) {
    return fail(/^-\d/.test(v) ? 'negatif olamaz.' : 'sıfır ya da pozitif bir tam sayı olmalı.');
  }
  return ok(Number(v));
}

const YES = ['1', 'evet', 'e', 'true', 'aktif', 'var'];
const NO = ['0', 'hayır', 'hayir', 'h', 'false', 'pasif', 'yok'];

export function flag(cell: Cell): Read<boolean> {
  const v = text(cell).toLocaleLowerCase('tr-TR');
  if (YES.includes(v)) return ok(true);
  if (NO.includes(v)) return ok(false);
  return fail('1 (evet) ya da 0 (hayır) olmalı.');
}

const STOCK_TYPE_NAMES: Record<string, 1 | 2 | 3 | 4> = {
  '1': 1,
  '2': 2,
  '3': 3,
  '4': 4,
  tekil: 1,
  'tekil ürün': 1,
  varyantlı: 2,
  'varyantlı ürün': 2,
  tasarlanabilir: 3,
  'tasarlanabilir ürün': 3,
  sanal: 4,
  'sanal ürün': 4,
};

export function stockType(cell: Cell): Read<1 | 2 | 3 | 4> {
  const t = STOCK_TYPE_NAMES[text(cell).toLocaleLowerCase('tr-TR')];
  return t ? ok(t) : fail('1 (tekil), 2 (varyantlı), 3 (tasarlanabilir) ya da 4 (sanal) olmalı.');
}

/** A one-line text of at most `max` characters (and at least `min`). */
export function line(cell: Cell, max: number, min = 1): Read<string> {
  const v = text(cell);
  if (CONTROL.test(v)) return fail(INVISIBLE);
  if (v.length < min) return fail(`en az ${min} karakter olmalı.`);
  return v.length > max ? fail(`en fazla ${max} karakter olabilir.`) : ok(v);
}

/**
 * A text of lines, its line breaks as `\n`: a CSV from Windows writes `\r\n` in a cell, a workbook keeps `\n`,
 * and the same text from either is the same value (a round trip through the other changes nothing).
 */
export function multiline(cell: Cell, max: number): Read<string> {
  const v = text(cell).replace(/\r\n?/g, '\n');
  if (CONTROL_BUT_LINES.test(v)) return fail(INVISIBLE);
  return v.length > max ? fail(`en fazla ${max.toLocaleString('tr-TR')} karakter olabilir.`) : ok(v);
}

/** SKUs are letters, digits and `. _ - /`, up to 64 characters. */
export function sku(cell: Cell): Read<string> {
  const v = text(cell);
  return /^[\p{L}\p{N}][\p{L}\p{N}._\-/]{0,63}$/u.test(v)
    ? ok(v)
    : fail('harf, rakam ve . _ - / karakterlerinden oluşmalı (en fazla 64 karakter, boşluksuz).');
}

/** A barcode (GTIN/EAN/UPC): 8 to 14 digits. */
export function barcode(cell: Cell): Read<string> {
  const v = text(cell).replace(/[\s-]/g, '');
  return /^\d{8,14}$/.test(v) ? ok(v) : fail('8-14 haneli bir sayı olmalı (EAN/GTIN).');
}

const OPTION_PART = /^[^=;|\p{Cc}]{1,60}$/u;

/** A product's option groups: `Renk=Kırmızı|Mavi;Beden=S|M`. */
export function optionGroups(cell: Cell): Read<OptionGroup[]> {
  const groups: OptionGroup[] = [];
  for (const part of text(cell)
    .split(';')
    .filter((p) => p.trim())) {
    const [name, values, extra] = part.split('=').map((s) => s.trim());
    const list = (values ?? '').split('|').map((s) => s.trim());
    if (extra !== undefined || !name || !OPTION_PART.test(name) || !list.every((v) => OPTION_PART.test(v))) {
      return fail('"Renk=Kırmızı|Mavi;Beden=S|M" biçiminde olmalı.');
    }
    if (groups.some((g) => g.name === name)) return fail(`"${name}" iki kez yazılmış.`);
    if (new Set(list).size !== list.length) return fail(`"${name}" değerlerinden biri iki kez yazılmış.`);
    groups.push({ name, values: list });
  }
  return groups.length ? ok(groups) : fail('"Renk=Kırmızı|Mavi;Beden=S|M" biçiminde olmalı.');
}

/** A variant's options, one value per group: `Renk=Kırmızı;Beden=M`. */
export function variantOptions(cell: Cell): Read<Record<string, string>> {
  const options: Record<string, string> = {};
  for (const part of text(cell)
    .split(';')
    .filter((p) => p.trim())) {
    const [name, value, extra] = part.split('=').map((s) => s.trim());
    if (extra !== undefined || !name || !value || !OPTION_PART.test(name) || !OPTION_PART.test(value)) {
      return fail('"Renk=Kırmızı;Beden=M" biçiminde olmalı.');
    }
    if (Object.hasOwn(options, name)) return fail(`"${name}" iki kez yazılmış.`);
    options[name] = value;
  }
  return Object.keys(options).length ? ok(options) : fail('"Renk=Kırmızı;Beden=M" biçiminde olmalı.');
}

export const formatOptionGroups = (groups: OptionGroup[]) =>
  groups.map((g) => `${g.name}=${g.values.join('|')}`).join(';');
export const formatVariantOptions = (options: Record<string, string>) =>
  Object.entries(options)
    .map(([k, v]) => `${k}=${v}`)
    .join(';');
