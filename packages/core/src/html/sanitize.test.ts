import { describe, expect, it } from 'vitest';
import { plainText, sanitizeStoredHtml } from './sanitize.ts';

/** Nothing that could run: no script-capable tag, no handler, no script or data URL, whatever its spelling. */
function expectInert(html: string) {
  const out = sanitizeStoredHtml(html);
  expect(out).not.toMatch(/<\s*(script|style|iframe|svg|object|embed|form|input|math|link|meta|base)/i);
  expect(out).not.toMatch(/\son[a-z]+\s*=/i);
  expect(out).not.toMatch(/(javascript|vbscript|data)\s*:/i);
  expect(out).not.toMatch(/expression\s*\(/i);
  return out;
}

describe('sanitizeStoredHtml', () => {
  it('keeps the markup the editor makes', () => {
    const html =
      '<h2>Başlık</h2><h3>Alt</h3><h4>Küçük</h4><p>Metin <strong>kalın</strong> <em>eğik</em> <a href="/content/sss">iç</a> <a href="mailto:a@b.com">posta</a></p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><blockquote><p>alıntı</p></blockquote><hr /><pre><code>kod</code></pre>' +
      '<figure><img src="/uploads/blog/a.webp" alt="Bir görsel" width="800" height="600" /><figcaption>Alt yazı</figcaption></figure><p>a<br />b</p>';
    expect(sanitizeStoredHtml(html)).toBe(html);
  });

  it('drops a script with its content', () => {
    expect(sanitizeStoredHtml('<p>a</p><script>alert(1)</script>')).toBe('<p>a</p>');
    expectInert('<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>');
    expectInert('<scr<script>ipt>alert(1)</scr</script>ipt>');
    expectInert('<<SCRIPT>alert("XSS");//<</SCRIPT>');
  });

  it('drops event handlers in any case and quoting', () => {
    expect(sanitizeStoredHtml('<img src=x onerror=alert(1)>')).toBe('');
    expect(sanitizeStoredHtml('<img src="https://cdn.example/a.png" onerror="alert(1)">')).toBe(
      '<img src="https://cdn.example/a.png" />',
    );
    expectInert('<p OnMouseOver="alert(1)">a</p>');
    expectInert('<IMG SRC=/ onerror="alert(String.fromCharCode(88,83,83))"></img>');
    expectInert('<BODY ONLOAD=alert(1)>');
  });

  it('drops svg and its onload', () => {
    expect(sanitizeStoredHtml('<svg onload=alert(1)><circle/></svg><p>x</p>')).toBe('<p>x</p>');
    expectInert('<svg/onload=alert(1)>');
    expectInert('<math><mtext><script>alert(1)</script></mtext></math>');
  });

  it('drops javascript: links however they are spelt', () => {
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'jav&#x09;ascript:alert(1)',
      '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
      '&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)',
      ' &#14;  javascript:alert(1)',
      'jav&#x0A;ascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      '//evil.example/x',
    ]) {
      const out = expectInert(`<a href="${href}">x</a>`);
      expect(out).toBe('<a>x</a>');
    }
  });

  it('allows image sources only from our uploads or over https', () => {
    expect(sanitizeStoredHtml('<img src="http://cdn.example/a.png">')).toBe('');
    expect(sanitizeStoredHtml('<img src="data:image/png;base64,AAAA">')).toBe('');
    expect(sanitizeStoredHtml('<img src="javascript:alert(1)">')).toBe('');
    expect(sanitizeStoredHtml('<img src="/admin/x.png">')).toBe('');
    expect(sanitizeStoredHtml('<img src="/uploads/../private/a.png">')).toBe('');
    // A browser reads %2e%2e as `..`: the image would be asked of /api/… with the reader's cookies.
    for (const src of [
      '/uploads/%2e%2e/api/admin/session',
      '/uploads/.%2E/x.png',
      '/uploads/a%5c..%5cb.png',
    ]) {
      expect(sanitizeStoredHtml(`<img src="${src}">`)).toBe('');
    }
    expect(sanitizeStoredHtml('<img src="/uploads/posts/a%20b.webp">')).toBe(
      '<img src="/uploads/posts/a%20b.webp" />',
    );
    expect(sanitizeStoredHtml('<img src="/uploads/blog/a.webp" width="100%">')).toBe(
      '<img src="/uploads/blog/a.webp" />',
    );
  });

  it('drops styles, style attributes and expressions', () => {
    expect(sanitizeStoredHtml('<style>p{}</style><p style="color:red">a</p>')).toBe('<p>a</p>');
    expectInert('<p style="width: expression(alert(1));">a</p>');
    expectInert('<DIV STYLE="background-image: url(javascript:alert(1))">a</DIV>');
    expectInert('<LINK REL="stylesheet" HREF="javascript:alert(1);">');
  });

  it('drops iframes, objects, forms, meta refreshes and base', () => {
    expect(
      sanitizeStoredHtml(
        '<iframe src="https://x.example"></iframe><object data="x"></object><embed src="x"><form><input value="a"></form><p>b</p>',
      ),
    ).toBe('<p>b</p>');
    expectInert('<META HTTP-EQUIV="refresh" CONTENT="0;url=javascript:alert(1);">');
    expectInert('<BASE HREF="javascript:alert(1);//">');
    expectInert('<TABLE BACKGROUND="javascript:alert(1)"><TD>x</TD></TABLE>');
  });

  it('keeps only the allowed attributes', () => {
    expect(
      sanitizeStoredHtml('<p class="x" id="y" data-a="1">a</p><a href="https://x.example" class="z">b</a>'),
    ).toBe('<p>a</p><a href="https://x.example">b</a>');
  });

  it('sets rel="noopener noreferrer" on a link opening a new tab, whatever rel it came with', () => {
    expect(sanitizeStoredHtml('<a href="https://x.example" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps text that merely looks like markup as text', () => {
    expect(sanitizeStoredHtml('<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>')).toBe(
      '<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>',
    );
  });
});

describe('plainText', () => {
  it('gives the words of a body', () => {
    expect(plainText('<h2>Başlık</h2><p>bir <strong>iki</strong></p>')).toBe('Başlıkbir iki');
  });
});
