import { describe, expect, it } from 'vitest';
import { asRichText } from './rich-text.ts';

describe('a description as rich text', () => {
  it('keeps HTML as it is', () => {
    const html = '<p>Çarkta şekillendirilmiş kupa.</p>\n<ul><li>350 ml</li></ul>';
    expect(asRichText(html)).toBe(html);
  });

  it('makes plain text with line breaks paragraphs, as it was typed', () => {
    expect(asRichText('Kupa.\r\n\r\n350 ml\nEl yapımı\n\n\nBulaşık makinesinde yıkanır.')).toBe(
      '<p>Kupa.</p><p>350 ml<br>El yapımı</p><p>Bulaşık makinesinde yıkanır.</p>',
    );
  });

  it('escapes what looks like markup in plain text', () => {
    expect(asRichText('Çap < 10 cm & yükseklik > 8 cm')).toBe(
      '<p>Çap &lt; 10 cm &amp; yükseklik &gt; 8 cm</p>',
    );
  });

  it('leaves a blank text blank', () => {
    expect(asRichText('  \n ')).toBe('');
  });
});
