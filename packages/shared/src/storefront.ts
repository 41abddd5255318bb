import type { AccountContext } from './api/account-context.ts';
import type { BlogContext } from './api/blog-context.ts';
import type { PublicCoupon } from './api/cart.ts';
import type { CartContext } from './api/cart-context.ts';
import type {
  CategoryNode,
  CategoryPage,
  HomeShelves,
  ProductDetail,
  SearchPage,
  TagPage,
} from './api/catalog.ts';
import type { ListingQuery } from './api/catalog-query.ts';
import type { CheckoutContext } from './api/checkout-context.ts';
import type { ContentPage, PageLink } from './api/content.ts';
import type { HomeData } from './api/home.ts';
import type { OrdersContext } from './api/orders-context.ts';
import type { ReviewsContext } from './api/reviews-context.ts';
import type { ContactContext, SupportContext } from './api/support-context.ts';
import type { WishlistContext } from './api/wishlist-context.ts';

/** What the server hands to React Router loaders (the load context); implemented by apps/server. */
export interface StorefrontContext {
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  requestId: string;
  /** True while the shop is in maintenance and this visitor has no bypass. */
  maintenance: boolean;
  /** True while the shop is in maintenance and this visitor sees it anyway (signed-in staff, bypass key). */
  maintenancePreview: boolean;
  retryAfterSeconds: number;
  publicConfig: PublicConfig;
  home(): Promise<HomeData>;
  page(slug: string): Promise<ContentPage | null>;
  /** The slug now of a page that once had `slug` (its old address answers 301); null when none did. */
  pageMovedTo(slug: string): Promise<string | null>;
  pageLinks(): Promise<PageLink[]>;
  /** The blog: listings, posts, sidebar (the same for every visitor). */
  blog: BlogContext;
  categories(): Promise<CategoryNode[]>;
  homeShelves(): Promise<HomeShelves>;
  /** Null for an unknown category; the query is already validated. */
  categoryPage(slug: string, query: ListingQuery): Promise<CategoryPage | null>;
  tagPage(slug: string, query: ListingQuery): Promise<TagPage | null>;
  product(slug: string): Promise<ProductDetail | null>;
  /** The slug now of a product that once had `slug` (its old address answers 301); null when none did. */
  productMovedTo(slug: string): Promise<string | null>;
  search(q: string, query: ListingQuery): Promise<SearchPage>;
  /** Shipping and return terms of the shop, for the product pages' structured data. */
  merchantPolicy(): Promise<MerchantPolicy>;
  /** The `/coupons` page: public coupons that can still be used (the same for every visitor). */
  coupons(): Promise<PublicCoupon[]>;
  /** Customer accounts: the request's customer, login and the panel (answers carry the session cookie). */
  account: AccountContext;
  /** The request's cart on `/cart`, and its plain form posts (add, quantity, remove). */
  cart: CartContext;
  /** The request's cart at checkout: totals per payment method, placing the order. */
  checkout: CheckoutContext;
  /** Orders of this request's customer or guest link, and their card payment (`/secure-pay`). */
  orders: OrdersContext;
  /** This request's favourites and compare list (`/wishlist`, `/compare`). */
  wishlist: WishlistContext;
  /** The `/contact` form (rate-limited per address, like its REST route). */
  contact: ContactContext;
  /** Support tickets of this request's customer (panel: Destek). */
  support: SupportContext;
  /** Product reviews: a product's approved ones, the review form, and the customer's own. */
  reviews: ReviewsContext;
  /**
   * The unsubscribe link of a marketing e-mail (`/unsubscribe/{token}`): withdraws the e-mail consent at once,
   * no login; `found` false for an unknown token.
   */
  unsubscribe(token: string): Promise<{ found: boolean }>;
}

/** The shop's shipping fee and free-shipping threshold (settings) and its return window, as pages state them. */
export interface MerchantPolicy {
  /** TRY minor units, VAT included. */
  shippingFeeMinor: number;
  /** A basket of this much or more ships free; 0: never free. */
  freeShippingThresholdMinor: number;
  /** Days a shopper may return a product after delivery. */
  returnDays: number;
}

/** The base of image addresses (`imageUrl`, `variantUrl`): `PUBLIC_UPLOADS_BASE` when set, else the API's. */
export const imagesBase = (config: Pick<PublicConfig, 'apiBase' | 'uploadsBase'>): string =>
  config.uploadsBase || config.apiBase;

/** Runtime configuration that may reach the browser. Never put a secret here. */
export interface PublicConfig {
  /** Base URL of the API and of /uploads; '' means same origin. */
  apiBase: string;
  /**
   * Where pages load the shop's images (`/uploads/…`, resized copies too) from when not from `apiBase`: a CDN
   * in front of the shop (`PUBLIC_UPLOADS_BASE`). Absent or '': `apiBase`.
   */
  uploadsBase?: string;
  /** Version of the deployed client build, to notice newer deployments. */
  buildVersion: string;
}
