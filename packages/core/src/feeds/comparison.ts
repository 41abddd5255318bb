import type { FeedItem } from './items.ts';
import { decimalAmount, element, xmlText } from './text.ts';

/**
 * The XML that Turkish price-comparison sites (Akakçe, Cimri, Epey) read: `<products>` of `<product>`, one
 * per product and per variant (variants name their product's SKU in `<groupId>`); amounts in lira with a
 * point and two decimals, VAT included. The element names are listed in docs/features.md.
 */
export const COMPARISON_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** `<products built="2026-11-27T01:22:05Z">`: when the catalogue was read for this feed. */
export function comparisonStamp(builtAt: Date): string {
  return `<products built="${builtAt.toISOString().replace(/\.\d+Z$/, 'Z')}">\n`;
}
export const COMPARISON_TAIL = '</products>\n';

export function comparisonItem(item: FeedItem): string {
  const options = Object.entries(item.options);
  return `<product>${element('id', item.id)}${element('groupId', item.groupId)}${element('name', item.title)}${element('url', item.link)}${element('price', decimalAmount(item.priceMinor))}${
    item.marketMinor === null ? '' : element('marketPrice', decimalAmount(item.marketMinor))
  }<currency>TRY</currency><stock>${item.stock ?? ''}</stock>${element('inStock', item.inStock ? 'true' : 'false')}${element('brand', item.brand)}${element('category', item.categoryPath.join(' > '))}${element('image', item.image)}${item.moreImages.length ? `<images>${item.moreImages.map((url) => element('image', url)).join('')}</images>` : ''}${element('barcode', item.gtin)}${element('shippingFee', decimalAmount(item.shippingMinor))}${
    options.length
      ? `<options>${options.map(([name, value]) => `<option name="${xmlText(name)}">${xmlText(value)}</option>`).join('')}</options>`
      : ''
  }</product>\n`;
}
