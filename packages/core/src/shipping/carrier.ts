import { DomainError } from '../errors.ts';

/**
 * A carrier the shop buys labels from (issue 41): Geliver (an aggregator over Yurtiçi, MNG, Aras, Sürat,
 * PTT, HepsiJet…) or Yurtiçi Kargo directly. The order side (which order, which address, the order's state
 * table, the durable job that calls the carrier) is the shop's; an adapter only speaks its carrier's API.
 *
 * Every call that buys or cancels something is safe to repeat: `ship` is keyed by `request.key` (the same
 * key gives the same shipment, looked up at the carrier first or sent as the carrier's own idempotency key),
 * so a retry after a timeout never buys a second label.
 */
export type CarrierName = 'geliver' | 'yurtici';

/** A person and an address as carriers take them. `city` and `district` are the il and ilçe names. */
export interface CarrierAddress {
  name: string;
  /** Digits, Turkish mobile or landline (`5321234567` or `+905321234567`). */
  phone: string;
  email?: string;
  /** İl, as the shop stores it (`İstanbul`). */
  city: string;
  /** İlçe (`Kadıköy`). */
  district: string;
  /** Street, number, flat: one line. */
  address: string;
  postalCode?: string;
}

export interface Parcel {
  /** Weight in kg (> 0). */
  weightKg: number;
  /** Desi (volumetric weight); made from the sizes when they are given. */
  desi?: number;
  lengthCm?: number;
  widthCm?: number;
  heightCm?: number;
}

export interface ShipmentRequest {
  /**
   * The idempotency key: the same key is the same shipment (`<order no>-<n>`, `<order no>-R<n>` for a return).
   * Carriers that take a reference of their own get it (Yurtiçi's cargoKey, Geliver's order number).
   */
  key: string;
  orderNumber: string;
  sender: CarrierAddress;
  recipient: CarrierAddress;
  parcels: Parcel[];
  /** What the goods are worth, kuruş (insurance, the carrier's declared value). */
  valueMinor: number;
  /** A return: the shopper sends to the shop (sender and recipient as the parcel travels). */
  isReturn?: boolean;
  /**
   * For a return, the carrier's id of the shipment it sends back (`CarrierShipment.id`). Geliver opens a return
   * from the shipment that went out (its carrier and addresses); a carrier that books returns as new shipments
   * ignores it.
   */
  returnOf?: string;
  /** Cash on delivery collected by the carrier, kuruş. */
  cashOnDeliveryMinor?: number;
}

/** A price a carrier offers for a shipment (Geliver computes several; a direct carrier has one). */
export interface CarrierOffer {
  id: string;
  /** The carrier's name as shoppers know it (`Yurtiçi Kargo`). */
  carrier: string;
  /** The service (`Standart`), when the carrier names one. */
  service?: string;
  amountMinor: number;
  currency: string;
}

/** Where a shipment is, in the shop's words; each adapter maps its carrier's states onto these. */
export type CarrierStatus =
  /** Label bought, parcel not yet handed over. */
  | 'created'
  /** Taken by the carrier, on its way (order state 3 "Kargoda"). */
  | 'in_transit'
  /** Handed to the recipient (4 "Teslim Edildi"). */
  | 'delivered'
  /** Could not be delivered: refused, address not found, returned to sender (5 "Teslim Edilemedi"). */
  | 'failed'
  | 'cancelled';

export interface CarrierShipment {
  /** The carrier's id of the shipment: what `track`, `cancel` and `label` take. */
  id: string;
  /** The carrier that carries it (`Yurtiçi Kargo`; through Geliver, the one whose offer was taken). */
  carrier: string;
  trackingNumber: string;
  /** The carrier's public tracking page for the shopper. */
  trackingUrl: string;
  barcode?: string;
  /** Where the label's PDF can be fetched, when the carrier hosts it (else `label()`). */
  labelUrl?: string;
  /** What was paid for the label, kuruş, when the carrier says. */
  amountMinor?: number;
  status: CarrierStatus;
}

export interface TrackingEvent {
  at: Date;
  /** The carrier's own words for the step (`Teslim edildi`, `Transfer merkezinde`). */
  description: string;
  location?: string;
}

export interface Tracking {
  status: CarrierStatus;
  trackingNumber: string;
  trackingUrl: string;
  events: TrackingEvent[];
}

export interface Carrier {
  readonly name: CarrierName;
  /** What the carrier would charge (Geliver: its offers, cheapest first; a direct carrier: one or none). */
  offers(request: ShipmentRequest): Promise<CarrierOffer[]>;
  /**
   * Creates the shipment and buys its label (through `offerId`, else the cheapest offer). Repeating it with
   * the same `request.key` answers the shipment bought the first time, never a second one.
   */
  ship(request: ShipmentRequest, offerId?: string): Promise<CarrierShipment>;
  /** Where the shipment is now, read from the carrier (a webhook is only a hint to call this). */
  track(shipmentId: string): Promise<Tracking>;
  /** Cancels a label bought by mistake; a shipment already cancelled is not an error. */
  cancel(shipmentId: string): Promise<void>;
  /** The label as a PDF. */
  label(shipmentId: string): Promise<Buffer>;
}

/** The carrier's error codes; messages in Turkish, shown in the panel as they are. */
export type CarrierErrorCode =
  /** The carrier did not answer, answered 5xx, or took too long: try again later; nothing changed. */
  | 'KARGO_ULASILAMIYOR'
  /** The carrier throttles us (429): try again after Retry-After. */
  | 'KARGO_YOGUN'
  /** The carrier refused our keys (401/403). */
  | 'KARGO_YETKI_YOK'
  /** The carrier refused the shipment (an address, a phone, a weight): its own words in the message. */
  | 'KARGO_REDDETTI'
  /** No such shipment at the carrier. */
  | 'KARGO_GONDERI_YOK'
  /** No offer for this shipment. */
  | 'KARGO_TEKLIF_YOK';

const STATUS: Record<CarrierErrorCode, number> = {
  KARGO_ULASILAMIYOR: 503,
  KARGO_YOGUN: 503,
  KARGO_YETKI_YOK: 502,
  KARGO_REDDETTI: 422,
  KARGO_GONDERI_YOK: 404,
  KARGO_TEKLIF_YOK: 422,
};

/** A carrier's refusal or absence as the one domain error (`retryAt` for the throttled and the absent). */
export function carrierError(
  code: CarrierErrorCode,
  message: string,
  options: { cause?: unknown; retryAt?: Date } = {},
): DomainError<CarrierErrorCode> {
  return new DomainError(STATUS[code], code, message, undefined, options);
}

/** Whether a failed call may be tried again later as it is (the durable job's retry with back-off). */
export const isRetryableCarrierError = (err: unknown): boolean =>
  err instanceof DomainError && (err.code === 'KARGO_ULASILAMIYOR' || err.code === 'KARGO_YOGUN');
