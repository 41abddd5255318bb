/**
 * Trendyol's partner API as it writes its bodies (developers.trendyol.com: product filter, product create V2,
 * price-and-inventory, getBatchRequestResult, getShipmentPackages, updatePackage). Amounts are TRY decimals
 * (JSON numbers), dates epoch milliseconds. Only the fields Vitrin reads or sends; Trendyol sends more.
 */

/** A refusal: `errors[]` with a key and Turkish words (401 also names `ClientApiAuthenticationException`). */
export interface TrendyolErrors {
  timestamp?: number | string;
  exception?: string;
  message?: string;
  errors?: { key?: string; message?: string; errorCode?: number | string; args?: unknown[] }[];
}

/** A page as Trendyol answers it (page from 0). */
export interface TrendyolPage<T> {
  page?: number;
  size?: number;
  totalPages?: number;
  totalElements?: number;
  content?: T[];
}

/** One of the seller's products (filterProducts), by barcode. */
export interface TrendyolProduct {
  id?: string;
  barcode?: string;
  stockCode?: string;
  productMainId?: string;
  title?: string;
  quantity?: number;
  salePrice?: number;
  listPrice?: number;
  vatRate?: number;
  approved?: boolean;
  archived?: boolean;
  onSale?: boolean;
  locked?: boolean;
  rejected?: boolean;
  blacklisted?: boolean;
  productUrl?: string;
  brand?: string;
  categoryName?: string;
  lastUpdateDate?: number;
}

/** One item of `POST …/products/price-and-inventory` (`{ items: [...] }`, at most 1,000). */
export interface TrendyolStockPriceItem {
  barcode: string;
  quantity?: number;
  salePrice?: number;
  listPrice?: number;
}

/** One item of product create V2 (`POST …/v2/products`, `{ items: [...] }`, at most 1,000). */
export interface TrendyolCreateItem {
  barcode: string;
  title: string;
  productMainId: string;
  brandId: number;
  categoryId: number;
  quantity: number;
  stockCode: string;
  dimensionalWeight: number;
  description: string;
  currencyType: 'TRY';
  listPrice: number;
  salePrice: number;
  vatRate: number;
  images: { url: string }[];
  attributes: { attributeId: number; attributeValueId?: number; customAttributeValue?: string }[];
}

/** What an asynchronous request answers at once. */
export interface TrendyolBatchAccepted {
  batchRequestId?: string;
}

/** `GET …/products/batch-requests/{id}`: the batch and, item by item, SUCCESS or FAILED with the reasons. */
export interface TrendyolBatchResult {
  batchRequestId?: string;
  /** Product create / update: IN_PROGRESS until every item has its answer. Price and stock send none. */
  status?: 'IN_PROGRESS' | 'COMPLETED' | string;
  creationDate?: number;
  lastModification?: number;
  sourceType?: string;
  itemCount?: number;
  failedItemCount?: number;
  items?: {
    requestItem?: { barcode?: string; product?: { barcode?: string } } & Record<string, unknown>;
    status?: 'SUCCESS' | 'FAILED' | 'IN_PROGRESS' | string;
    failureReasons?: (string | { message?: string })[];
  }[];
}

export interface TrendyolAddress {
  id?: number;
  firstName?: string;
  lastName?: string;
  company?: string;
  address1?: string;
  address2?: string;
  city?: string;
  cityCode?: number;
  district?: string;
  districtId?: number;
  neighborhood?: string;
  postalCode?: string;
  countryCode?: string;
  phone?: string | null;
  fullName?: string;
  fullAddress?: string;
  taxOffice?: string | null;
  taxNumber?: string | null;
}

export interface TrendyolOrderLine {
  /** The line id updatePackage names. */
  id?: number;
  quantity?: number;
  barcode?: string;
  merchantSku?: string;
  productName?: string;
  productCode?: number;
  /** Price of one piece before the line's discount (TRY, VAT included). */
  amount?: number;
  /** The discount of the line, all its pieces. */
  discount?: number;
  /** Price of one piece as the buyer paid it. */
  price?: number;
  currencyCode?: string;
  /** The line's VAT rate, %. */
  vatBaseAmount?: number;
  orderLineItemStatusName?: string;
}

/** One shipment package (getShipmentPackages `content[]`). */
export interface TrendyolShipmentPackage {
  /** The shipment package id (updatePackage's `packageId`). */
  id?: number;
  shipmentPackageId?: number;
  orderNumber?: string;
  orderDate?: number;
  status?: string;
  shipmentPackageStatus?: string;
  lastModifiedDate?: number;
  customerFirstName?: string;
  customerLastName?: string;
  customerEmail?: string | null;
  customerId?: number;
  shipmentAddress?: TrendyolAddress;
  invoiceAddress?: TrendyolAddress;
  lines?: TrendyolOrderLine[];
  grossAmount?: number;
  totalDiscount?: number;
  totalPrice?: number;
  currencyCode?: string;
  cargoProviderName?: string | null;
  cargoTrackingNumber?: number | string | null;
  cargoTrackingLink?: string | null;
  invoiceLink?: string | null;
  packageHistories?: { createdDate?: number; status?: string }[];
}

/** `PUT …/shipment-packages/{packageId}`: Picking, then Invoiced with the invoice number. */
export interface TrendyolUpdatePackage {
  lines: { lineId: number; quantity: number }[];
  params: { invoiceNumber?: string };
  status: 'Picking' | 'Invoiced';
}

/** getCategoryTree (`GET /product/product-categories`): `{ categories: [...] }`, each with its subCategories. */
export interface TrendyolCategory {
  id?: number;
  name?: string;
  parentId?: number | null;
  subCategories?: TrendyolCategory[];
}

/** getBrandsByName (`GET /product/brands/by-name?name=`): the brands of that exact name. */
export interface TrendyolBrand {
  id?: number;
  name?: string;
}

/** getCategoryAttributes (`GET /product/product-categories/{id}/attributes`). */
export interface TrendyolCategoryAttributes {
  id?: number;
  name?: string;
  displayName?: string;
  categoryAttributes?: {
    categoryId?: number;
    attribute?: { id?: number; name?: string };
    required?: boolean;
    allowCustom?: boolean;
    varianter?: boolean;
    slicer?: boolean;
    allowMultipleAttributeValues?: boolean;
    attributeValues?: { id?: number; name?: string }[];
  }[];
}
