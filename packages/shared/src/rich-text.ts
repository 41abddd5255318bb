/**
 * Rich text kept as HTML (product descriptions, pages, posts). A description written before the editor, or
 * imported, may be plain text with line breaks: it becomes paragraphs, so it shows as it was typed.
 */

/** A tag such as `<p>`, `</li>` or `<br/>`: the text is HTML. `3 < 5` is not. */
const HTML_TAG = /<\/?[a-z][a-z0-9]*(\s[^<>]*)?\/?>/i;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * HTML as it is; plain text as paragraphs (a blank line between them), a single line break as `<br>`, its
 * `<`, `>` and `&` escaped. Blank: ''.
 *
 * @example asRichText('Kupa.\n\n350 ml\nEl yapımı') // '<p>Kupa.</p><p>350 ml<br>El yapımı</p>'
 */
export function asRichText(text: string): string {
  if (text.trim() === '') return '';
  if (HTML_TAG.test(text)) return text;
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${escapeHtml(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
    .join('');
}
