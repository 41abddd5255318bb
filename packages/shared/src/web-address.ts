/**
 * Web addresses the panel's owner types (social accounts, menu links, links in rich text): typed as a shop
 * owner writes them on a card, `www.ornek.com.tr/...`, they get `https://` before they are checked, on the
 * panel and on the server alike. Every message is Turkish (the specification's dialog validators keep their
 * own English `Invalid URL`, `email.ts`).
 */

/** A host with a dot (`www.ornek.com.tr`, `ornek.com`, letters of any language), a port, then a path. */
const BARE_HOST = /^[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+(?::\d{1,5})?(?:[/?#]\S*)?$/u;

/**
 * `https://` before an address typed without its scheme; anything else (an address with a scheme, a site
 * path, text that is no address) is left as it is, for the check to refuse or take.
 *
 * @example withHttps('www.ornek.com.tr/x') // 'https://www.ornek.com.tr/x'
 * @example withHttps('http://ornek.com') // 'http://ornek.com'
 */
export function withHttps(value: string): string {
  return BARE_HOST.test(value) ? `https://${value}` : value;
}

export const WEB_ADDRESS_MESSAGES = {
  /** An address that is not a web address after `https://` was added where it was missing. */
  invalid: 'Geçerli bir web adresi girin, ör. https://www.ornek.com.tr',
  /** A link that may also be a path of the shop (menu links, links in rich text). */
  invalidLink:
    'Geçerli bir web adresi (ör. https://www.ornek.com.tr) ya da sitenin bir yolu (ör. /shop/giyim) girin',
  required: 'Adresi girin',
  tooLong: (max: number) => `Adres en fazla ${max} karakter olabilir`,
} as const;
