import type { ProductCard, ProductDetail, StockView } from '@vitrin/shared/api/catalog';
import type { GlobalSetting, SocialAccount } from '@vitrin/shared/api/home';
import type { ReviewPage } from '@vitrin/shared/api/reviews-context';
import { STOCK_TYPE } from '@vitrin/shared/constants';
import { imageUrl } from '@vitrin/shared/media';
import type { MerchantPolicy } from '@vitrin/shared/storefront';

/**
 * schema.org JSON-LD of the storefront's pages, as Google's search features read it (Organization, WebSite
 * search box, Product merchant listings, BreadcrumbList, ItemList, Article). Every URL is absolute on the
 * request's origin, which the server builds from PUBLIC_URL (a cached page is the same for every visitor).
 */

const SCHEMA = 'https://schema.org';
type Json = Record<string, unknown>;

/** The text of a `<script type="application/ld+json">`: `<` escaped so stored text cannot end the script. */
export const jsonLdText = (data: unknown) => JSON.stringify(data).replace(/</g, '\\u003c');

/** The absolute URL of an image path (`folder/file`) under /uploads. */
export const absoluteImage = (origin: string, image: string | null | undefined) => origin + imageUrl(image);

const organizationId = (origin: string) => `${origin}/#organization`;

/** The shop as an online store: name, legal name, logo, contact and the footer's social profiles. */
export function organizationJsonLd(origin: string, settings: GlobalSetting, socials: SocialAccount[]): Json {
  return {
    '@context': SCHEMA,
    '@type': 'OnlineStore',
    '@id': organizationId(origin),
    name: settings.brand_name,
    ...(settings.unvan ? { legalName: settings.unvan } : {}),
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: absoluteImage(origin, settings.logo) },
    ...(settings.contact_email ? { email: settings.contact_email } : {}),
    ...(settings.contact_phone ? { telephone: settings.contact_phone } : {}),
    ...(settings.contact_address
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: settings.contact_address,
            addressCountry: 'TR',
          },
        }
      : {}),
    ...(socials.length ? { sameAs: socials.map((s) => s.url) } : {}),
  };
}

/** The site with its search box: Google may offer a search of this shop right under its result. */
export function websiteJsonLd(origin: string, brand: string): Json {
  return {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: brand,
    url: `${origin}/`,
    inLanguage: 'tr-TR',
    publisher: { '@id': organizationId(origin) },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The products a listing page shows, in its order (the summary form: each item's URL). */
export function itemListJsonLd(origin: string, items: ProductCard[], offset = 0): Json {
  return {
    '@context': SCHEMA,
    '@type': 'ItemList',
    numberOfItems: items.length,
    itemListElement: items.map((p, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: `${origin}/product/${p.slug}`,
      name: p.name,
    })),
  };
}

/** The publisher of a post: the shop, with its logo. */
export function publisherJsonLd(origin: string, brand: string, logo: string): Json {
  return {
    '@type': 'Organization',
    '@id': organizationId(origin),
    name: brand,
    url: `${origin}/`,
    logo: { '@type': 'ImageObject', url: absoluteImage(origin, logo) },
  };
}

interface ProductOffer {
  price: ProductDetail['price'];
  stock: StockView;
  policy: MerchantPolicy;
  /** The shop's name: the brand of a product whose maker is not named. */
  shopName: string;
}

/** Stock types whose products are made to order or delivered as digital goods. */
const { Designable: DESIGNABLE, Virtual: VIRTUAL } = STOCK_TYPE;

/**
 * A product for Google's merchant listings: brand, condition, price, shipping to Turkey at the shop's fee and
 * its return policy.
 *
 * `priceValidUntil` is left out: a sale here is a sale price below the market price with no end date (it
 * lasts until the owner changes it), and Google asks for the date only "if applicable". A made-up date would
 * tell shoppers that an offer ends when it does not, a misleading practice under the Turkish rules on
 * commercial advertising, and would drop the snippet once the date passed on a page kept somewhere.
 */
export function productJsonLd(origin: string, product: ProductDetail, offer: ProductOffer): Json {
  const { price, stock, policy } = offer;
  const url = `${origin}/product/${product.slug}`;
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    sku: product.sku,
    description: product.shortDescription || product.name,
    image: product.images.map((i) => absoluteImage(origin, i)),
    category: product.category.name,
    brand: { '@type': 'Brand', name: product.brand || offer.shopName },
    ...(price && {
      offers: {
        '@type': 'Offer',
        url,
        priceCurrency: 'TRY',
        price: (price.amountMinor / 100).toFixed(2),
        availability: stock.state === 'out' ? `${SCHEMA}/OutOfStock` : `${SCHEMA}/InStock`,
        itemCondition: `${SCHEMA}/NewCondition`,
        seller: { '@id': organizationId(origin) },
        // Nothing is shipped for a digital product.
        ...(product.stockType !== VIRTUAL && {
          shippingDetails: shippingJsonLd(price.amountMinor, policy),
        }),
        hasMerchantReturnPolicy: returnPolicyJsonLd(product.stockType, policy),
      },
    }),
  };
}

/**
 * The product's rating and a few of its approved reviews, to spread into its Product: nothing without an
 * approved review (Google refuses an aggregateRating of 0 reviews). Review texts are plain text; `jsonLdText`
 * escapes `<` so none can end the script.
 */
export function reviewsJsonLd(reviews: ReviewPage | null, few = 5): Json {
  if (!reviews || reviews.summary.count === 0 || reviews.summary.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: reviews.summary.average,
      reviewCount: reviews.summary.count,
      bestRating: 5,
      worstRating: 1,
    },
    review: reviews.reviews.slice(0, few).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      name: r.title,
      reviewBody: r.body,
      datePublished: r.createdAt.slice(0, 10),
    })),
  };
}

/** The shipping of this product bought alone: free at or above the threshold, else the flat fee. */
function shippingJsonLd(amountMinor: number, policy: MerchantPolicy): Json {
  const free = policy.freeShippingThresholdMinor > 0 && amountMinor >= policy.freeShippingThresholdMinor;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: {
      '@type': 'MonetaryAmount',
      value: free ? '0.00' : (policy.shippingFeeMinor / 100).toFixed(2),
      currency: 'TRY',
    },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'TR' },
  };
}

/**
 * Returns within the withdrawal period, by post, free with the shop's carrier (a shopper who returns through
 * the carrier the seller names pays nothing, Law 6502). Made-to-order and instantly delivered digital goods are
 * outside the withdrawal right (Mesafeli Sözleşmeler Yönetmeliği, madde 15).
 */
function returnPolicyJsonLd(stockType: number, policy: MerchantPolicy): Json {
  if (stockType === DESIGNABLE || stockType === VIRTUAL) {
    return {
      '@type': 'MerchantReturnPolicy',
      applicableCountry: 'TR',
      returnPolicyCategory: `${SCHEMA}/MerchantReturnNotPermitted`,
    };
  }
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: 'TR',
    returnPolicyCategory: `${SCHEMA}/MerchantReturnFiniteReturnWindow`,
    merchantReturnDays: policy.returnDays,
    returnMethod: `${SCHEMA}/ReturnByMail`,
    returnFees: `${SCHEMA}/FreeReturn`,
  };
}
