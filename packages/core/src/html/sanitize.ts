import { asRichText } from '@vitrin/shared/rich-text';
import sanitizeHtml from 'sanitize-html';

/** Where our uploaded images are served: the only site-relative image source a stored body may name. */
const UPLOADS_PREFIX = '/uploads/';

/** A link target: http(s) or mailto, or a path on this site (`/content/sss`, not `//elsewhere`). */
function allowedHref(href: string): boolean {
  if (/^\/(?!\/)/.test(href)) return !href.includes('\\');
  try {
    const url = new URL(href);
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:';
  } catch {
    return false;
  }
}

/**
 * A path that stays under `/uploads/` as a browser reads it: no `..` segment and no backslash, spelt out or
 * percent-encoded (a browser takes `%2e%2e` for `..`, so `/uploads/%2e%2e/api/…` would leave the folder).
 */
const staysInUploads = (src: string) => !/\.\.|\\|%2e|%5c|%2f/i.test(src);

/** An image source: one of our uploads, or an https address. */
function allowedSrc(src: string): boolean {
  if (src.startsWith(UPLOADS_PREFIX)) return staysInUploads(src);
  try {
    return new URL(src).protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * What a blog post's or a content page's body may hold when it is stored: an allow-list of tags and
 * attributes (anything else is dropped, text kept; script, style and the like with their content).
 * sanitize-html decodes entities before it checks a scheme, so `jav&#x61;script:` is caught too.
 */
const options: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'h2',
    'h3',
    'h4',
    'strong',
    'em',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'img',
    'figure',
    'figcaption',
    'br',
    'hr',
    'code',
    'pre',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'width', 'height'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'object',
    'embed',
    'svg',
    'math',
  ],
  transformTags: {
    // The editor's bold and italic may arrive as b/i (pasted text): kept as their meaning.
    b: 'strong',
    i: 'em',
    h1: 'h2',
    a: (tagName, attribs) => {
      const { href, target, ...rest } = attribs;
      const { rel: _rel, ...others } = rest;
      const kept: Record<string, string> =
        href !== undefined && allowedHref(href.trim()) ? { href: href.trim(), ...others } : others;
      // A link that opens elsewhere must not hand this page to the other one.
      if (target === '_blank') Object.assign(kept, { target: '_blank', rel: 'noopener noreferrer' });
      return { tagName, attribs: kept };
    },
    img: (tagName, attribs) => {
      const { src, ...rest } = attribs;
      const kept: Record<string, string> =
        src !== undefined && allowedSrc(src.trim()) ? { src: src.trim(), ...rest } : rest;
      for (const size of ['width', 'height'] as const) {
        if (kept[size] !== undefined && !/^\d{1,4}$/.test(kept[size])) delete kept[size];
      }
      return { tagName, attribs: kept };
    },
  },
  // An image whose source was refused is no image.
  exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
};

/**
 * A rich-text body (blog post, content page) made safe to store and show: see `options` for what stays.
 * Applied by the panel's API before writing, so the database never holds a script.
 */
export function sanitizeStoredHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/**
 * A product description as stored, typed in the panel's editor or imported alike: plain text becomes paragraphs
 * (`asRichText`), then the stored-body allow-list applies, so the storefront shows both the same way.
 */
export function storedDescription(text: string): string {
  return sanitizeStoredHtml(asRichText(text));
}

/** The text of a sanitized body, for the reading time and emptiness checks. */
export function plainText(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).replace(/\s+/g, ' ').trim();
}
