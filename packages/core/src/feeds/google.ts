import type { FeedItem } from './items.ts';
import { decimalAmount, element } from './text.ts';

/**
 * Google Merchant Center's product feed: RSS 2.0 with the `g:` namespace, one `<item>` per product and per
 * variant (variants share `g:item_group_id`). Prices are what a retail shopper pays, VAT included; with a
 * higher market price the storefront shows a discount, so `g:price` is the market price and
 * `g:sale_price` the price paid.
 */
export function googleHead(shop: { name: string; baseUrl: string }): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>${element('title', shop.name)}${element('link', `${shop.baseUrl}/`)}${element('description', `${shop.name} ürünleri`)}`;
}

/** When the catalogue was read for this feed (RSS's date form, RFC 822), after the head. */
export function googleStamp(builtAt: Date): string {
  return `${element('lastBuildDate', builtAt.toUTCString())}\n`;
}

export const GOOGLE_TAIL = '</channel></rss>\n';

const money = (minor: number) => `${decimalAmount(minor)} TRY`;

/** Option names that Google reads as its own variant attributes. */
const VARIANT_ATTRIBUTES: Record<string, string> = {
  renk: 'g:color',
  beden: 'g:size',
  numara: 'g:size',
  boyut: 'g:size',
  materyal: 'g:material',
  malzeme: 'g:material',
  desen: 'g:pattern',
};

/**
 * The barcode when it is a valid GTIN, with the SKU as the part number; without one, `identifier_exists` no
 * and no `g:mpn`: Google warns about an item that says it has no identifiers but sends a part number.
 */
function identifiers(item: FeedItem): string {
  if (!item.gtin) return element('g:identifier_exists', 'no');
  return element('g:gtin', item.gtin) + element('g:mpn', item.id);
}

export function googleItem(item: FeedItem): string {
  const options = Object.entries(item.options)
    .map(([name, value]) => {
      const attribute = VARIANT_ATTRIBUTES[name.toLocaleLowerCase('tr-TR')];
      return attribute ? element(attribute, value) : '';
    })
    .join('');
  return `<item>${element('g:id', item.id)}${element('title', item.title)}${element('description', item.description)}${element('link', item.link)}${element('g:image_link', item.image)}${item.moreImages
    .map((url) => element('g:additional_image_link', url))
    .join('')}${element('g:availability', item.inStock ? 'in_stock' : 'out_of_stock')}${
    item.marketMinor === null
      ? element('g:price', money(item.priceMinor))
      : element('g:price', money(item.marketMinor)) + element('g:sale_price', money(item.priceMinor))
  }${element('g:brand', item.brand)}${identifiers(item)}${element('g:condition', 'new')}${element(
    'g:product_type',
    item.categoryPath.join(' > '),
  )}${element('g:item_group_id', item.groupId)}${options}<g:shipping>${element('g:country', 'TR')}${element(
    'g:service',
    'Standart',
  )}${element('g:price', money(item.shippingMinor))}</g:shipping></item>\n`;
}
