import { describe, expect, it } from 'vitest';
import { money, multiline, optionGroups, stock, variantOptions, vatRate } from './cells.ts';
import { parseCsv } from './csv.ts';

describe('a price cell', () => {
  it.each([
    ['1.234,56', 123_456],
    ['1234,56', 123_456],
    ['1234.56', 123_456],
    ['1,234.56', 123_456],
    ['1.234.567', 123_456_700],
    ['249,9', 24_990],
    ['₺ 99', 9_900],
    ['99 TL', 9_900],
    [249.9, 24_990],
    [0, 0],
  ])('reads %s as %i minor units', (cell, minor) => {
    expect(money(cell)).toEqual({ ok: minor });
  });

  it.each([
    ['abc', 'bir tutar olmalı'],
    ['-5,00', 'negatif olamaz'],
    [-5, 'negatif olamaz'],
    ['12,345', 'iki ondalık'],
    ['1.234', 'iki ondalık'],
    [1.234, 'iki ondalık'],
    ['1,2,3', 'bir tutar olmalı'],
    ['30000000', 'en fazla 20.000.000'],
  ])('refuses %s', (cell, message) => {
    expect(money(cell)).toEqual({ error: expect.stringContaining(message) });
  });
});

describe('other cells', () => {
  it('reads VAT as 0, 10 or 20, an Excel percent cell too', () => {
    expect(vatRate('%20')).toEqual({ ok: 20 });
    expect(vatRate(0.1)).toEqual({ ok: 10 });
    expect(vatRate('18')).toEqual({ error: '0, 10 ya da 20 olmalı.' });
  });

  it('reads stock as a whole number or sınırsız', () => {
    expect(stock('12')).toEqual({ ok: 12 });
    expect(stock('Sınırsız')).toEqual({ ok: null });
    expect(stock('-1')).toEqual({ error: 'negatif olamaz.' });
    expect(stock('1,5')).toEqual({ error: 'sıfır ya da pozitif bir tam sayı olmalı.' });
  });

  it('reads option groups and a variant’s options', () => {
    expect(optionGroups('Renk=Kırmızı|Mavi; Beden=S|M')).toEqual({
      ok: [
        { name: 'Renk', values: ['Kırmızı', 'Mavi'] },
        { name: 'Beden', values: ['S', 'M'] },
      ],
    });
    expect(variantOptions('Renk=Kırmızı;Beden=M')).toEqual({ ok: { Renk: 'Kırmızı', Beden: 'M' } });
    expect(variantOptions('Renk')).toEqual({ error: expect.stringContaining('biçiminde') });
    expect(variantOptions('Renk=A;Renk=B')).toEqual({ error: '"Renk" iki kez yazılmış.' });
  });
});

describe('CSV', () => {
  it('takes `;` or `,` from the header, quoted fields with separators, quotes and line breaks, and numbers rows as a spreadsheet does', async () => {
    expect(await parseCsv('\uFEFFa;b\r\n"x;1";"say ""hi""\nthere"\r\n\r\n;\r\nz;2')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'say "hi"\nthere'] },
      // The blank line and the empty `;` row are rows 3 and 4 of the sheet.
      { line: 5, cells: ['z', '2'] },
    ]);
    expect(await parseCsv('a,b\n1,"2,5"\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['1', '2,5'] },
    ]);
  });
});

describe('a text of lines', () => {
  it('is the same text whether its line breaks came as CRLF (a CSV) or LF (a workbook)', () => {
    expect(multiline('bir\r\niki\rüç\ndört', 100)).toEqual({ ok: 'bir\niki\nüç\ndört' });
  });
});
