/**
 * The parts of Geliver's API models (docs.geliver.io; the official SDK `GeliverApp/geliver-js`, `src/models`,
 * generated from Geliver's OpenAPI, and its request types in `src/requests.ts`) that the adapter reads and
 * sends. Decimals (sizes, weights, prices) travel as strings. The stand-in of the tests answers the same shapes.
 */

/** Every answer: `{ result, data }`; a refusal `{ result: false, message, code, additionalMessage }`. */
export interface GeliverEnvelope<T> {
  result?: boolean;
  message?: string;
  code?: string;
  additionalMessage?: string;
  data?: T;
  limit?: number;
  page?: number;
  totalRows?: number;
  totalPages?: number;
}

export interface GeliverAddress {
  id?: string;
  name?: string;
  email?: string;
  phone?: string;
  address1?: string;
  address2?: string;
  countryCode?: string;
  cityName?: string;
  /** The il's plate code (`34`). */
  cityCode?: string;
  districtName?: string;
  districtID?: string | number;
  /** Required for a sender address. */
  zip?: string;
  shortName?: string;
  isRecipientAddress?: boolean;
  isActive?: boolean;
}

export interface GeliverCity {
  name?: string;
  cityCode?: string;
  countryCode?: string;
  areaCode?: string;
}

export interface GeliverDistrict {
  name?: string;
  districtID?: string | number;
  cityCode?: string;
  countryCode?: string;
  regionCode?: string;
}

export interface GeliverOffer {
  id?: string;
  amount?: string;
  amountVat?: string;
  totalAmount?: string;
  currency?: string;
  providerCode?: string;
  providerServiceCode?: string;
  providerAccountName?: string;
  isAccepted?: boolean;
  averageEstimatedTimeHumanReadible?: string;
  test?: boolean;
}

/** The offers of a shipment, computed asynchronously: complete at `percentageCompleted` 100. */
export interface GeliverOfferList {
  cheapest?: GeliverOffer;
  fastest?: GeliverOffer;
  list?: GeliverOffer[];
  percentageCompleted?: string | number;
  totalOffersRequested?: string | number;
  totalOffersCompleted?: string | number;
}

export interface GeliverTracking {
  trackingStatusCode?: string;
  trackingSubStatusCode?: string;
  statusDetails?: string;
  statusDate?: string;
  locationName?: string;
}

export interface GeliverOrder {
  id?: string;
  orderNumber?: string;
  sourceCode?: string;
  sourceIdentifier?: string;
  totalAmount?: string;
  totalAmountCurrency?: string;
}

/**
 * A shipment's `statusCode` (the SDK's documented `statusFilter` values): CREATED, GOT_OFFERS, OFFER_ACCEPTED,
 * TRACKING_CODE_CREATED, LABEL_PRINTED, SHIPPED, DELIVERED, CANCELED, RETURNED, RETURN_SHIPPED, FAILED.
 */
export interface GeliverShipment {
  id?: string;
  statusCode?: string;
  test?: boolean;
  isReturn?: boolean;
  isReturned?: boolean;
  order?: GeliverOrder;
  orderID?: string;
  senderAddressID?: string;
  senderAddress?: GeliverAddress;
  recipientAddress?: GeliverAddress;
  length?: string;
  width?: string;
  height?: string;
  weight?: string;
  distanceUnit?: string;
  massUnit?: string;
  desi?: string;
  offers?: GeliverOfferList;
  acceptedOfferID?: string;
  acceptedOffer?: GeliverOffer;
  providerCode?: string;
  providerServiceCode?: string;
  barcode?: string;
  trackingNumber?: string;
  trackingUrl?: string;
  trackingStatus?: GeliverTracking;
  labelURL?: string;
  labelFileType?: string;
  responsiveLabelURL?: string;
  totalAmount?: string;
  currency?: string;
  productPaymentOnDelivery?: boolean;
  cancelDate?: string;
  createdAt?: string;
  updatedAt?: string;
}

/** The purchase of a label: `POST /transactions` with `{ offerID }` answers it with the bought shipment. */
export interface GeliverTransaction {
  id?: string;
  isPayed?: boolean;
  offerID?: string;
  shipmentID?: string;
  amount?: string;
  currency?: string;
  shipment?: GeliverShipment;
}

/** `POST /shipments`: the recipient inline (or by id), the parcel in cm and kg as strings, the order. */
export interface GeliverCreateShipment {
  senderAddressID: string;
  recipientAddress?: GeliverAddress;
  recipientAddressID?: string;
  length: string;
  width: string;
  height: string;
  distanceUnit: 'cm';
  weight: string;
  massUnit: 'kg';
  test?: boolean;
  productPaymentOnDelivery?: boolean;
  order?: GeliverOrder;
}

/** `POST /shipments/{id}` with `isReturn`: a return of that shipment; `willAccept` buys its label at once. */
export interface GeliverCreateReturn {
  isReturn: true;
  willAccept?: boolean;
  count?: number;
  providerServiceCode?: string;
  senderAddress?: Pick<
    GeliverAddress,
    'name' | 'phone' | 'address1' | 'countryCode' | 'cityCode' | 'districtName'
  >;
}

/** The shipment statuses before a label is bought. */
export const GELIVER_UNPAID_STATUSES: ReadonlySet<string> = new Set(['CREATED', 'GOT_OFFERS']);
