import { describe, expect, it } from 'vitest';
import { isValidGtin } from './gtin.ts';
import { decimalAmount, element, plainText, truncate, xmlText } from './text.ts';

describe('feed text', () => {
  it('escapes markup characters and keeps Turkish letters', () => {
    expect(xmlText(`Çay & <Kahve> "İğne" 'ş'`)).toBe(
      'Çay &amp; &lt;Kahve&gt; &quot;İğne&quot; &apos;ş&apos;',
    );
  });

  it('drops characters XML 1.0 forbids but keeps tabs, line breaks and emoji', () => {
    expect(xmlText('a\u0000b\u0008c\td\ne\rf\u001Fg\uFFFEh\uD800i😀')).toBe('abc\td\ne\rfghi😀');
  });

  it('writes no element for an empty value', () => {
    expect(element('g:gtin', null)).toBe('');
    expect(element('g:gtin', '')).toBe('');
    expect(element('stock', 0)).toBe('<stock>0</stock>');
  });

  it('turns a description into plain text without scripts, tags or entities', () => {
    expect(
      plainText(
        '<p>Sırlı&nbsp;kupa &amp; tabak</p><script>alert("x")</script><ul><li>350&#160;ml</li></ul>',
        100,
      ),
    ).toBe('Sırlı kupa & tabak 350 ml');
    expect(plainText('<p>a &uuml; &#x131; &unknown;</p>', 100)).toBe('a ü ı &unknown;');
  });

  it('cuts at a number of characters without splitting an emoji', () => {
    expect(truncate('ab😀cd', 3)).toBe('ab😀');
    expect(plainText(`<p>${'x'.repeat(6000)}</p>`, 5000)).toHaveLength(5000);
  });

  it('writes amounts with a point and two decimals', () => {
    expect(decimalAmount(12345)).toBe('123.45');
    expect(decimalAmount(5)).toBe('0.05');
    expect(decimalAmount(100000)).toBe('1000.00');
  });
});

describe('GTIN check', () => {
  it.each(['8690000000005', '4006381333931', '96385074', '036000291452', '10012345678902'])(
    'accepts %s',
    (code) => {
      expect(isValidGtin(code)).toBe(true);
    },
  );

  it.each(['8690000000001', '123', 'ABC1234567890', '', null, '12345678901'])('refuses %s', (code) => {
    expect(isValidGtin(code)).toBe(false);
  });
});
