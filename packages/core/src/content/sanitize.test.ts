import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './sanitize.ts';

describe('sanitizeRichText', () => {
  it('keeps the markup content pages use', () => {
    const html =
      '<h2>Başlık</h2><p>Metin <strong>kalın</strong> <a href="/content/sss">bağlantı</a></p><ul><li>a</li></ul>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="alert(1)">a</p><script>alert(2)</script><a href="javascript:alert(3)">x</a><img src=x onerror="alert(4)">',
    );
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/i);
  });

  it('removes styles, iframes and forms', () => {
    const out = sanitizeRichText(
      '<style>p{}</style><iframe src="https://x"></iframe><form><input></form><p style="color:red">a</p>',
    );
    expect(out).toBe('<p>a</p>');
  });

  it('adds noopener to links that open a new tab', () => {
    expect(sanitizeRichText('<a href="https://x.com" target="_blank">x</a>')).toContain(
      'rel="noopener noreferrer"',
    );
  });
});
