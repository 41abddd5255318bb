import { createHash } from 'node:crypto';
import { CARRIERS } from '@vitrin/shared/cargo';
import {
  type Carrier,
  type CarrierOffer,
  type CarrierShipment,
  type CarrierStatus,
  carrierError,
  type Parcel,
  type ShipmentRequest,
  type Tracking,
  type TrackingEvent,
} from '../carrier.ts';
import { yurticiLabelPdf } from './label.ts';
import { children, envelope, list, soapBody, soapFault, text, type XmlNode } from './soap.ts';

export { type YurticiLabelData, yurticiLabelPdf } from './label.ts';

/**
 * Yurtiçi Kargo directly, for a shop with its own Yurtiçi contract: the SOAP service
 * `ShippingOrderDispatcherServices` (KOPSWebServices), spoken with a few templated envelopes and
 * fast-xml-parser (`soap.ts`). Three operations only, document/literal, no WS-Security: an envelope
 * written out is shorter than a SOAP client's set-up and does not fetch the WSDL from a host that only
 * answers whitelisted IPs.
 *
 * - `ship` sends one `ShippingOrderVO` whose cargoKey (and invoiceKey) is derived from `request.key`; the
 *   same key is the same cargoKey, and Yurtiçi's 60020 (cargo key exists) is answered by reading the
 *   shipment back with `queryShipment`: a retry never sends a second shipment.
 * - The shipment's id is the cargoKey; its tracking number is the cargoKey until a branch takes the parcel
 *   and Yurtiçi gives its gönderi kodu (docId), then that.
 * - `offers`: Yurtiçi's contract prices cannot be read from this service; one offer at the contract price
 *   the shop states (`contractPriceMinor`), none without it.
 * - `label`: this service gives no label; the label is ours, a PDF with the cargoKey as a Code 128 barcode.
 */
export interface YurticiCarrierOptions {
  username: string;
  password: string;
  /** The service's address, without `?wsdl` (`https://ws.yurticikargo.com/KOPSWebServices/ShippingOrderDispatcherServices`). */
  baseUrl: string;
  /** `TR` (answers in Turkish) or `EN`. */
  language?: 'TR' | 'EN';
  fetch?: typeof fetch;
  /** Per request; Yurtiçi sometimes takes over 15 s. */
  timeoutMs?: number;
  /** The shop's contract price of one shipment, kuruş: what `offers` answers. */
  contractPriceMinor?: number;
  /**
   * The request a shipment was made from, for its label when this process did not make it (the shop keeps
   * its shipments' addresses). Without it, or when it knows nothing, the label carries what Yurtiçi tells.
   */
  findRequest?: (shipmentId: string) => Promise<ShipmentRequest | undefined>;
}

export const YURTICI_CARRIER_NAME = CARRIERS.yurtici.name;
export const YURTICI_OFFER_ID = 'yurtici-standart';

/** Yurtiçi's codes this adapter acts on (the service's technical document). */
export const YURTICI_CODES = {
  /** Done (an absent errCode reads so too). */
  ok: '0',
  /** ERR_EXIST_CARGO_KEY_PARAM: the cargo key is already in the system. */
  cargoKeyExists: '60020',
  /** Unexpected error at Yurtiçi (contact its IT): try later. */
  unexpected: '936',
  /** ERR_INTG_CARGO_KEY_NOT_FOUND: no cargo key of this user. */
  cargoKeyNotFound: '82519',
  /** ERR_INTG_CARGO_KEY_OPERATION_CANCELLED: cancelled before. */
  alreadyCancelled: '82520',
} as const;

const MAX_KEY_LENGTH = 20;

/**
 * The cargoKey of a request key: the key itself when it is 1-19 capital letters and digits (what a
 * tracking number may hold, and what a branch reads off the barcode), else its letters and digits (at most
 * 12) followed by a hash, 20 characters in all. The two forms never meet (≤ 19 against exactly 20), so two
 * keys never share a cargoKey.
 */
export function yurticiCargoKey(key: string): string {
  if (/^[A-Z0-9]{1,19}$/.test(key)) return key;
  const readable = key
    .toLocaleUpperCase('tr-TR')
    .normalize('NFKD')
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 12);
  const hash = BigInt(`0x${createHash('sha256').update(key).digest('hex')}`)
    .toString(36)
    .toUpperCase();
  return (readable + hash).slice(0, MAX_KEY_LENGTH);
}

/** Yurtiçi's phone form: `0` and ten digits; anything else is sent as its digits (Yurtiçi refuses it). */
export function yurticiPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  const match = /^(?:0090|90)?0?(\d{10})$/.exec(digits);
  return match ? `0${match[1]}` : digits;
}

/** A parcel's desi: given, else from its sizes (cm³ / 3000), else none. */
function parcelDesi(parcel: Parcel): number | undefined {
  if (parcel.desi !== undefined) return parcel.desi;
  if (parcel.lengthCm && parcel.widthCm && parcel.heightCm) {
    return (parcel.lengthCm * parcel.widthCm * parcel.heightCm) / 3000;
  }
  return undefined;
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The parcels' count, desi (when every parcel has one) and kg. */
export function parcelTotals(parcels: Parcel[]): { count: number; desi?: number; kg: number } {
  const desis = parcels.map(parcelDesi);
  const known = desis.every((d): d is number => d !== undefined);
  return {
    count: parcels.length,
    ...(known && parcels.length > 0 ? { desi: round3(desis.reduce((a, b) => a + b, 0)) } : {}),
    kg: round3(parcels.reduce((sum, p) => sum + p.weightKg, 0)),
  };
}

/**
 * The collection document number of a cash-on-delivery shipment (`ttDocumentId`, a number of at most 12
 * digits): the order number's digits when they fit, else 12 digits of the key's hash.
 */
export function yurticiDocumentId(request: ShipmentRequest): string {
  const digits = request.orderNumber.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length > 0 && digits.length <= 12) return digits;
  const hash = BigInt(`0x${createHash('sha256').update(request.key).digest('hex')}`).toString();
  return hash.slice(0, 12).replace(/^0/, '1');
}

const clip = (value: string, max: number) => value.trim().slice(0, max);

/** The `ShippingOrderVO` of a request, in the WSDL's order (its required numbers sent as 0 when unused). */
export function shippingOrderFields(request: ShipmentRequest, cargoKey: string) {
  const { recipient } = request;
  const totals = parcelTotals(request.parcels);
  const cod = request.cashOnDeliveryMinor !== undefined && request.cashOnDeliveryMinor > 0;
  return [
    ['cargoKey', cargoKey],
    ['invoiceKey', cargoKey],
    ['receiverCustName', clip(recipient.name, 100)],
    ['receiverAddress', clip(`${recipient.address} ${recipient.district}/${recipient.city}`, 500)],
    ['cityName', clip(recipient.city, 40)],
    ['townName', clip(recipient.district, 40)],
    ['receiverPhone1', yurticiPhone(recipient.phone)],
    ['emailAddress', recipient.email ? clip(recipient.email, 200) : undefined],
    ['taxOfficeId', 0],
    ['desi', totals.desi],
    ['kg', totals.kg],
    ['cargoCount', totals.count],
    // Özel alan 3 is the order number (Sipariş No) in Yurtiçi's reports.
    ['specialField1', `3$${clip(request.orderNumber, 50)}#`],
    ['ttInvoiceAmount', cod ? ((request.cashOnDeliveryMinor ?? 0) / 100).toFixed(2) : undefined],
    ['ttDocumentId', cod ? yurticiDocumentId(request) : 0],
    // 0: collected in cash; 0: the collection on the same document.
    ['ttCollectionType', cod ? '0' : undefined],
    ['ttDocumentSaveType', cod ? '0' : undefined],
    ['dcSelectedCredit', 0],
    ['dcCreditRule', 0],
    ['description', clip(`Sipariş ${request.orderNumber}`, 255)],
  ] as const;
}

/** Yurtiçi's operation status of a shipment, as the shop's. */
export function yurticiStatus(operationStatus: string, rejectStatus = ''): CarrierStatus {
  switch (operationStatus.trim().toUpperCase()) {
    case 'NOP': // sent, not yet taken by a branch
      return 'created';
    case 'ISR': // taken and documented by a branch, invoicing not done
      return 'in_transit';
    case 'IND': // on its way / in delivery; a refusal (iade) in progress makes it undeliverable
      return ['0', '1', '2', '3', '9', '10'].includes(rejectStatus.trim()) ? 'failed' : 'in_transit';
    case 'DLV':
      return 'delivered';
    case 'CNL': // stopped before leaving
    case 'ISC': // cancelled
    case 'BI': // cancelled by Yurtiçi's agent
      return 'cancelled';
    default:
      return 'created';
  }
}

const trackingUrlOf = (code: string) => CARRIERS.yurtici.tracking.replace('{no}', encodeURIComponent(code));

/** `20240114` + `142530` (or `14.01.2024` + `14:25`) in Turkey's time (UTC+3), or null. */
export function yurticiDate(date: string, time: string): Date | null {
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(date.trim());
  const dotted = /^(\d{2})[./-](\d{2})[./-](\d{4})$/.exec(date.trim());
  const [y, m, d] = compact
    ? [compact[1], compact[2], compact[3]]
    : dotted
      ? [dotted[3], dotted[2], dotted[1]]
      : [];
  if (!y) return null;
  const digits = time.replace(/\D/g, '').padEnd(6, '0').slice(0, 6);
  const at = new Date(
    `${y}-${m}-${d}T${digits.slice(0, 2)}:${digits.slice(2, 4)}:${digits.slice(4, 6)}+03:00`,
  );
  return Number.isNaN(at.getTime()) ? null : at;
}

const UNREACHABLE = "Yurtiçi Kargo'ya şu an ulaşılamıyor; biraz sonra yeniden deneyin. Sipariş değişmedi.";
const LOGIN_REFUSED =
  "Yurtiçi Kargo web servis kullanıcı adını veya şifresini kabul etmedi (YURTICI_USERNAME, YURTICI_PASSWORD); Yurtiçi'nin verdiği web servis bilgilerini ve sunucunun IP yetkisini kontrol edin.";

/** An answer that refuses the user rather than the shipment (no per-shipment detail, words of login). */
const LOGIN_WORDS = /kullan[ıi]c[ıi]|[şs]ifre|parola|yetki|password|user ?name|login|authori[sz]/i;

type Operation = 'createShipment' | 'queryShipment' | 'cancelShipment';
const RESULT_ELEMENT: Record<Operation, string> = {
  createShipment: 'ShippingOrderResultVO',
  queryShipment: 'ShippingDeliveryVO',
  cancelShipment: 'ShippingOrderResultVO',
};
const DETAIL_ELEMENT: Record<Operation, string> = {
  createShipment: 'shippingOrderDetailVO',
  queryShipment: 'shippingDeliveryDetailVO',
  cancelShipment: 'shippingCancelDetailVO',
};

interface Answer {
  outFlag: string;
  outResult: string;
  /** The detail of the one cargo key asked about, when Yurtiçi answered one. */
  detail: XmlNode | undefined;
}

const codeOf = (node: XmlNode | undefined) => {
  const code = text(node, 'errCode');
  return code === '' ? YURTICI_CODES.ok : code;
};

export function createYurticiCarrier(options: YurticiCarrierOptions): Carrier {
  const language = options.language ?? 'TR';
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const baseUrl = options.baseUrl.replace(/\?wsdl$/i, '');
  /** Requests shipped by this process, for their labels. */
  const shipped = new Map<string, ShipmentRequest>();

  const credentials = (languageElement: 'userLanguage' | 'wsLanguage') =>
    children([
      ['wsUserName', options.username],
      ['wsPassword', options.password],
      [languageElement, language],
    ]);

  async function call(operation: Operation, body: string, cargoKey: string): Promise<Answer> {
    let response: Response;
    let xml: string;
    try {
      response = await doFetch(baseUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'text/xml; charset=utf-8', SOAPAction: '""' },
        body: envelope(operation, body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      xml = await response.text();
    } catch (cause) {
      throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, { cause });
    }
    if (response.status === 401 || response.status === 403) {
      throw carrierError('KARGO_YETKI_YOK', LOGIN_REFUSED, { cause: `HTTP ${response.status}` });
    }
    if (response.status === 429) {
      const seconds = Number(response.headers.get('retry-after'));
      throw carrierError('KARGO_YOGUN', 'Yurtiçi Kargo şu an çok yoğun; biraz sonra yeniden deneyin.', {
        retryAt: new Date(Date.now() + (Number.isFinite(seconds) && seconds > 0 ? seconds : 60) * 1000),
      });
    }
    const parsed = soapBody(xml);
    const fault = parsed ? soapFault(parsed) : null;
    if (fault) {
      if (LOGIN_WORDS.test(fault.message)) {
        throw carrierError('KARGO_YETKI_YOK', LOGIN_REFUSED, { cause: fault.message });
      }
      throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, {
        cause: `SOAP Fault ${fault.errorCode}: ${fault.message}`,
      });
    }
    if (!response.ok || !parsed) {
      throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, {
        cause: `HTTP ${response.status}: ${xml.slice(0, 200)}`,
      });
    }
    const result = list(parsed[`${operation}Response`] as XmlNode | undefined, RESULT_ELEMENT[operation])[0];
    if (result === undefined) {
      throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, {
        cause: `no ${operation} result: ${xml.slice(0, 200)}`,
      });
    }
    const details = list(result, DETAIL_ELEMENT[operation]);
    const detail =
      details.find((d) => text(d, 'cargoKey') === cargoKey) ??
      (details.length === 1 ? details[0] : undefined);
    const outFlag = text(result, 'outFlag') || '0';
    const outResult = text(result, 'outResult');
    if (detail === undefined && outFlag !== '0') {
      if (LOGIN_WORDS.test(outResult)) {
        throw carrierError('KARGO_YETKI_YOK', LOGIN_REFUSED, { cause: outResult });
      }
      if (outFlag === '2' || codeOf(result) === YURTICI_CODES.unexpected) {
        throw carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, { cause: `outFlag ${outFlag}: ${outResult}` });
      }
      throw carrierError(
        'KARGO_REDDETTI',
        `Yurtiçi Kargo isteği kabul etmedi: ${outResult || 'sebep bildirilmedi'}`,
      );
    }
    return { outFlag, outResult, detail };
  }

  /** A refusal of one shipment in Yurtiçi's words (936 is Yurtiçi's own failure: try again). */
  function refusal(detail: XmlNode | undefined, what: string) {
    const code = codeOf(detail);
    const message = text(detail, 'errMessage') || `hata kodu ${code}`;
    if (code === YURTICI_CODES.unexpected) {
      return carrierError('KARGO_ULASILAMIYOR', UNREACHABLE, { cause: `936: ${message}` });
    }
    return carrierError('KARGO_REDDETTI', `Yurtiçi Kargo ${what}: ${message}`, { cause: `errCode ${code}` });
  }

  const notFound = (cargoKey: string) =>
    carrierError('KARGO_GONDERI_YOK', `Yurtiçi Kargo'da ${cargoKey} kargo anahtarıyla bir gönderi yok.`);

  /** Yurtiçi's word on one cargo key (queryShipment with its movements). */
  async function query(cargoKey: string) {
    const { detail } = await call(
      'queryShipment',
      credentials('wsLanguage') +
        children([
          ['keys', cargoKey],
          ['keyType', 0],
          ['addHistoricalData', true],
          ['onlyTracking', false],
        ]),
      cargoKey,
    );
    if (detail === undefined) throw notFound(cargoKey);
    const code = codeOf(detail);
    if (code !== YURTICI_CODES.ok) {
      if (code === YURTICI_CODES.cargoKeyNotFound || /bulun(ama|mamakta)/i.test(text(detail, 'errMessage'))) {
        throw notFound(cargoKey);
      }
      throw refusal(detail, 'gönderiyi sorgulatmadı');
    }
    const item = list(detail, 'shippingDeliveryItemDetailVO')[0];
    const docId = text(item, 'docId');
    const status = yurticiStatus(text(detail, 'operationStatus'), text(item, 'rejectStatus'));
    const trackingNumber = docId || cargoKey;
    return {
      detail,
      item,
      status,
      trackingNumber,
      trackingUrl: text(item, 'trackingUrl') || trackingUrlOf(trackingNumber),
      docId,
    };
  }

  const shipmentOf = (cargoKey: string, found?: Awaited<ReturnType<typeof query>>): CarrierShipment => ({
    id: cargoKey,
    carrier: YURTICI_CARRIER_NAME,
    trackingNumber: found?.trackingNumber ?? cargoKey,
    trackingUrl: found?.trackingUrl ?? trackingUrlOf(cargoKey),
    barcode: cargoKey,
    status: found?.status ?? 'created',
  });

  return {
    name: 'yurtici',

    async offers(): Promise<CarrierOffer[]> {
      if (options.contractPriceMinor === undefined) return [];
      return [
        {
          id: YURTICI_OFFER_ID,
          carrier: YURTICI_CARRIER_NAME,
          service: 'Standart',
          amountMinor: options.contractPriceMinor,
          currency: 'TRY',
        },
      ];
    },

    async ship(request, offerId) {
      if (offerId !== undefined && offerId !== YURTICI_OFFER_ID) {
        throw carrierError('KARGO_TEKLIF_YOK', 'Bu teklif Yurtiçi Kargo’nun değil; teklifleri yeniden alın.');
      }
      if (request.parcels.length === 0) {
        throw carrierError('KARGO_REDDETTI', 'Gönderide en az bir koli olmalı.');
      }
      const cargoKey = yurticiCargoKey(request.key);
      const order = children(shippingOrderFields(request, cargoKey));
      const { detail } = await call(
        'createShipment',
        `${credentials('userLanguage')}<ShippingOrderVO>${order}</ShippingOrderVO>`,
        cargoKey,
      );
      const code = codeOf(detail);
      if (code === YURTICI_CODES.cargoKeyExists) {
        // Sent before (a retry after a lost answer): Yurtiçi's shipment is the answer.
        shipped.set(cargoKey, request);
        return shipmentOf(cargoKey, await query(cargoKey));
      }
      if (code !== YURTICI_CODES.ok) throw refusal(detail, 'gönderiyi kabul etmedi');
      shipped.set(cargoKey, request);
      return shipmentOf(cargoKey);
    },

    async track(shipmentId): Promise<Tracking> {
      const found = await query(shipmentId);
      const events: TrackingEvent[] = [];
      for (const step of list(found.item, 'invDocCargoVOArray')) {
        const at = yurticiDate(text(step, 'eventDate'), text(step, 'eventTime'));
        if (!at) continue;
        const reason = text(step, 'reasonName');
        const place = [text(step, 'unitName'), text(step, 'townName'), text(step, 'cityName')].filter(
          Boolean,
        );
        events.push({
          at,
          description:
            [text(step, 'eventName'), reason].filter(Boolean).join(' – ') ||
            text(found.detail, 'operationMessage'),
          ...(place.length > 0 ? { location: place.join(', ') } : {}),
        });
      }
      events.sort((a, b) => a.at.getTime() - b.at.getTime());
      return {
        status: found.status,
        trackingNumber: found.trackingNumber,
        trackingUrl: found.trackingUrl,
        events,
      };
    },

    async cancel(shipmentId) {
      const { detail } = await call(
        'cancelShipment',
        credentials('userLanguage') + children([['cargoKeys', shipmentId]]),
        shipmentId,
      );
      const code = codeOf(detail);
      if (code === YURTICI_CODES.alreadyCancelled) return;
      if (code === YURTICI_CODES.cargoKeyNotFound) throw notFound(shipmentId);
      if (code !== YURTICI_CODES.ok) throw refusal(detail, 'gönderiyi iptal etmedi');
      const status = text(detail, 'operationStatus').toUpperCase();
      if (['CNL', 'ISC', 'BI', ''].includes(status)) return;
      throw carrierError(
        'KARGO_REDDETTI',
        `Yurtiçi Kargo gönderiyi iptal etmedi: ${text(detail, 'operationMessage') || status}. Şubede işlem görmüş bir gönderi iptal edilemez; iade sürecini başlatın.`,
      );
    },

    async label(shipmentId) {
      const found = await query(shipmentId);
      const request = shipped.get(shipmentId) ?? (await options.findRequest?.(shipmentId));
      const number = (value: string) => (value && Number.isFinite(Number(value)) ? Number(value) : undefined);
      if (request) {
        const totals = parcelTotals(request.parcels);
        return yurticiLabelPdf({
          cargoKey: shipmentId,
          ...(found.docId ? { docId: found.docId } : {}),
          orderNumber: request.orderNumber,
          sender: request.sender,
          recipient: request.recipient,
          parcels: totals.count,
          ...(totals.desi !== undefined ? { desi: totals.desi } : {}),
          kg: totals.kg,
          ...(request.cashOnDeliveryMinor ? { cashOnDeliveryMinor: request.cashOnDeliveryMinor } : {}),
          ...(request.isReturn ? { isReturn: true } : {}),
        });
      }
      // Made elsewhere and unknown to the shop: what Yurtiçi tells, once a branch has taken the parcel.
      const desi = number(text(found.item, 'totalDesi'));
      const kg = number(text(found.item, 'totalKg'));
      const parcels = number(text(found.item, 'totalCargo'));
      const receiverName = text(found.item, 'receiverCustName');
      return yurticiLabelPdf({
        cargoKey: shipmentId,
        ...(found.docId ? { docId: found.docId } : {}),
        ...(receiverName
          ? {
              recipient: {
                name: receiverName,
                address: text(found.item, 'receiverAddressTxt'),
                city: '',
                district: '',
                phone: '',
              },
            }
          : {}),
        ...(desi !== undefined ? { desi } : {}),
        ...(kg !== undefined ? { kg } : {}),
        ...(parcels !== undefined ? { parcels } : {}),
      });
    },
  };
}
