/** Catalogue API types and limits; zod-free, so the storefront can import them (schemas: catalog-query.ts). */
/** `relevance` ranks search results; elsewhere it means `newest`. */
/** `rating`: higher average of approved reviews first, then more reviews, then newest; none last. */
export const LISTING_SORTS = ['relevance', 'newest', 'price_asc', 'price_desc', 'name', 'rating'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const MAX_PAGE_SIZE = 48;
export const DEFAULT_PAGE_SIZE = 24;
export const MAX_QUERY_LENGTH = 200;

export interface SearchSuggestion {
  products: Array<{ slug: string; name: string; image: string | null }>;
  categories: Array<{ slug: string; name: string }>;
}

export interface SearchPage {
  q: string;
  listing: ProductListing | null;
}

export interface CategoryNode {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  children: CategoryNode[];
}

export interface Crumb {
  name: string;
  url: string;
}

/** A price as the shopper sees it, always in TRY minor units, VAT included. Never the purchase price. */
export interface PriceView {
  amountMinor: number;
  vatRate: number;
  marketMinor: number | null;
  discountPercent: number | null;
  instalmentBaseMinor: number;
  originalCurrency: string;
  isWholesale: boolean;
}

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  image: string | null;
  stockType: number;
  inStock: boolean;
  price: PriceView | null;
  /** Approved reviews: their average (one decimal, 1-5) and how many; null without any. */
  rating: { average: number; count: number } | null;
}

export interface ListingFacets {
  tags: Array<{ slug: string; name: string; count: number }>;
  options: Array<{ name: string; values: string[] }>;
  priceRange: { minMinor: number; maxMinor: number } | null;
}

export interface ProductListing {
  items: ProductCard[];
  total: number;
  page: number;
  pageSize: number;
  pageCount: number;
  facets: ListingFacets;
}

/** Stock as shown: exact counts only when few are left ("Son 3 ürün"). */
export interface StockView {
  state: 'in_stock' | 'low' | 'out';
  /** Set when the state is 'low'. */
  remaining: number | null;
}

export interface VariantView {
  id: number;
  sku: string;
  options: Record<string, string>;
  images: string[];
  stock: StockView;
  price: PriceView | null;
}

export interface PersonalizationView {
  fields: Array<{ key: string; label: string; maxLength: number; required: boolean }>;
  allowImage: boolean;
  surchargeMinor: number;
}

export interface ProductDetail {
  id: number;
  slug: string;
  sku: string;
  name: string;
  /** The maker's name; empty when unknown. */
  brand: string;
  shortDescription: string;
  /** Sanitized HTML. */
  description: string;
  stockType: number;
  vatRate: number;
  images: string[];
  /** Alt text by image path (the product's and its variants' images); an image without one takes the name. */
  imageAlts: Record<string, string>;
  stock: StockView;
  price: PriceView | null;
  optionGroups: Array<{ name: string; values: string[] }>;
  variants: VariantView[];
  personalization: PersonalizationView | null;
  specifications: Array<{ key: string; value: string }>;
  tags: Array<{ slug: string; name: string }>;
  category: { slug: string; name: string };
  breadcrumbs: Crumb[];
  related: ProductCard[];
  /** The page's `<title>` and meta description as the shop owner wrote them; empty: made from name and summary. */
  metaTitle: string;
  metaDescription: string;
}

export interface CategoryPage {
  category: { id: number; slug: string; name: string; description: string; image: string | null };
  breadcrumbs: Crumb[];
  subcategories: Array<{ slug: string; name: string; image: string | null }>;
  listing: ProductListing;
}

export interface TagPage {
  tag: { slug: string; name: string };
  listing: ProductListing;
}

/** The home page's catalogue shelves. */
export interface HomeShelves {
  featuredCategories: Array<{ slug: string; name: string; description: string; image: string | null }>;
  /** The newest products that can be bought. */
  newProducts: ProductCard[];
  /** Products sold below their market price, the largest discount first. */
  discountedProducts: ProductCard[];
}
