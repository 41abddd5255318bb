import { CARRIERS, trackingUrl as carrierTrackingUrl } from '@vitrin/shared/cargo';
import { divideRoundHalfAwayFromZero, normalizeCurrency, parseDecimal } from '@vitrin/shared/money';
import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { isDomainError } from '../../errors.ts';
import {
  type Carrier,
  type CarrierAddress,
  type CarrierOffer,
  type CarrierShipment,
  type CarrierStatus,
  carrierError,
  type Parcel,
  type ShipmentRequest,
  type Tracking,
  type TrackingEvent,
} from '../carrier.ts';
import { type GeliverHttpOptions, geliverHttp } from './http.ts';
import {
  GELIVER_UNPAID_STATUSES,
  type GeliverAddress,
  type GeliverCity,
  type GeliverCreateReturn,
  type GeliverCreateShipment,
  type GeliverDistrict,
  type GeliverOffer,
  type GeliverShipment,
  type GeliverTransaction,
} from './models.ts';

export { GELIVER_BASE_URL } from './http.ts';

export interface GeliverOptions extends GeliverHttpOptions {
  /**
   * Geliver's test shipments (`test: true` on each): free offers, nothing charged, the status one step further
   * on each read. For a new account's first labels and the contract tests.
   */
  test?: boolean;
  /** The shop's address, sent as the order's `sourceIdentifier` (Geliver asks for the shop's full URL). */
  shopUrl?: string;
  /** Reads of a new shipment while Geliver computes its offers (20), `offerPollMs` apart (1000, as the SDK advises). */
  offerPolls?: number;
  offerPollMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

/** Geliver's provider codes and the carriers shoppers know (names and tracking pages as the shop keeps them). */
const PROVIDERS: Record<string, keyof typeof CARRIERS> = {
  YURTICI: 'yurtici',
  ARAS: 'aras',
  MNG: 'mng',
  PTT: 'ptt',
  SURAT: 'surat',
  UPS: 'ups',
  DHL: 'dhl',
  HEPSIJET: 'hepsijet',
  TRENDYOL: 'trendyol',
  KOLAYGELSIN: 'kolaygelsin',
};

function carrierNameOf(providerCode: string | undefined, accountName?: string): string {
  const code = (providerCode ?? '').toUpperCase().replace(/[^A-Z]/g, '');
  const known = PROVIDERS[code];
  if (known) return CARRIERS[known].name;
  return accountName?.trim() || providerCode?.trim() || 'Geliver';
}

/** `SURAT_STANDART` of provider `SURAT` → `Standart`. */
function serviceOf(offer: GeliverOffer): string | undefined {
  const code = offer.providerServiceCode?.trim();
  if (!code) return undefined;
  const prefix = `${offer.providerCode ?? ''}_`;
  const words = (code.startsWith(prefix) ? code.slice(prefix.length) : code).split('_').filter(Boolean);
  if (words.length === 0) return undefined;
  return words.map((w) => w.charAt(0) + w.slice(1).toLocaleLowerCase('tr-TR')).join(' ');
}

/** A decimal string of lira (`'123.45'`) in kuruş; undefined when it is not a number. */
export function minorOfDecimal(value: string | number | undefined): number | undefined {
  const d = parseDecimal(value);
  if (!d) return undefined;
  const shift = d.exponent + 2;
  const minor =
    shift >= 0
      ? d.coefficient * 10n ** BigInt(shift)
      : divideRoundHalfAwayFromZero(d.coefficient, 10n ** BigInt(-shift));
  return Number(minor);
}

/** A Turkish phone as Geliver's examples write it (`+905321234567`); anything else as typed, for Geliver to judge. */
export function geliverPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return `+90${digits}`;
  if (digits.length === 11 && digits.startsWith('0')) return `+9${digits}`;
  if (digits.length === 12 && digits.startsWith('90')) return `+${digits}`;
  return phone.trim();
}

/** Where a shipment is, from Geliver's shipment status (and its tracking code when the status says nothing). */
export function carrierStatusOf(shipment: GeliverShipment): CarrierStatus {
  switch (shipment.statusCode?.toUpperCase()) {
    case 'CREATED':
    case 'GOT_OFFERS':
    case 'OFFER_ACCEPTED':
    case 'TRACKING_CODE_CREATED':
    case 'LABEL_PRINTED':
      return 'created';
    case 'SHIPPED':
      return 'in_transit';
    case 'DELIVERED':
      return 'delivered';
    case 'CANCELED':
    case 'CANCELLED':
      return 'cancelled';
    case 'RETURNED':
    case 'RETURN_SHIPPED':
    case 'FAILED':
      return 'failed';
  }
  const tracking = shipment.trackingStatus?.trackingStatusCode?.toUpperCase() ?? '';
  if (tracking.startsWith('DELIVER')) return 'delivered';
  if (/RETURN|FAIL/.test(tracking)) return 'failed';
  if (/TRANSIT|PICKED|OUT_FOR/.test(tracking)) return 'in_transit';
  return 'created';
}

/** Whether the shipment's label has been bought (an offer accepted), cancelled since or not. */
function isBought(s: GeliverShipment): boolean {
  if (s.acceptedOfferID || s.acceptedOffer?.id || s.labelURL || s.trackingNumber || s.barcode) return true;
  const status = s.statusCode?.toUpperCase();
  return status !== undefined && !GELIVER_UNPAID_STATUSES.has(status) && status !== 'CANCELED';
}

const isCancelled = (s: GeliverShipment) => carrierStatusOf(s) === 'cancelled';

const offersComplete = (s: GeliverShipment) => Number(s.offers?.percentageCompleted ?? 0) >= 100;

const priceOf = (o: GeliverOffer) => minorOfDecimal(o.totalAmount ?? o.amount);

function toOffer(o: GeliverOffer): CarrierOffer | null {
  const amountMinor = priceOf(o);
  if (!o.id || amountMinor === undefined) return null;
  const service = serviceOf(o);
  return {
    id: o.id,
    carrier: carrierNameOf(o.providerCode, o.providerAccountName),
    ...(service ? { service } : {}),
    amountMinor,
    currency: normalizeCurrency(o.currency) ?? o.currency ?? 'TRY',
  };
}

/** A shipment's offers as the shop shows them: cheapest first. */
function offersOf(s: GeliverShipment): CarrierOffer[] {
  return (s.offers?.list ?? [])
    .map(toOffer)
    .filter((o): o is CarrierOffer => o !== null)
    .sort((a, b) => a.amountMinor - b.amountMinor);
}

/** cm with two decimals, as Geliver's decimal strings. */
const decimal = (n: number) => (Math.round(n * 100) / 100).toFixed(2);

/**
 * One parcel in Geliver's terms (a shipment is one package: several parcels go as one of their total weight and
 * desi). Sizes when they are given; otherwise a cube of the desi, or of a desi equal to the weight (carriers bill
 * the greater of kg and desi, so the price is the weight's).
 */
export function geliverParcel(
  parcels: Parcel[],
): Pick<GeliverCreateShipment, 'length' | 'width' | 'height' | 'weight'> {
  if (parcels.length === 0)
    throw carrierError('KARGO_REDDETTI', 'Gönderide koli yok; en az bir koli ve ağırlığı gerekir.');
  const bad = parcels.find((p) => !(p.weightKg > 0));
  if (bad) throw carrierError('KARGO_REDDETTI', 'Her kolinin ağırlığı sıfırdan büyük olmalı.');
  const weight = parcels.reduce((sum, p) => sum + p.weightKg, 0);
  const only = parcels.length === 1 ? parcels[0]! : null;
  if (only?.lengthCm && only.widthCm && only.heightCm)
    return {
      length: decimal(only.lengthCm),
      width: decimal(only.widthCm),
      height: decimal(only.heightCm),
      weight: decimal(weight),
    };
  const desi = parcels.reduce((sum, p) => {
    if (p.desi && p.desi > 0) return sum + p.desi;
    if (p.lengthCm && p.widthCm && p.heightCm) return sum + (p.lengthCm * p.widthCm * p.heightCm) / 3000;
    return sum + p.weightKg;
  }, 0);
  const side = decimal(Math.ceil(Math.cbrt(desi * 3000) * 100) / 100);
  return { length: side, width: side, height: side, weight: decimal(weight) };
}

interface Place {
  cityCode: string;
  cityName: string;
  districtName: string;
  districtID?: string | number;
}

export function createGeliverCarrier(options: GeliverOptions): Carrier {
  const http = geliverHttp(options);
  const polls = options.offerPolls ?? 20;
  const pollMs = options.offerPollMs ?? 1000;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  let cities: Promise<GeliverCity[]> | null = null;
  const districts = new Map<string, Promise<GeliverDistrict[]>>();
  const senders = new Map<string, Promise<string>>();

  /** Once per carrier: a failed read is forgotten so the next call asks again. */
  function remembered<T>(read: () => Promise<T>, forget: () => void): Promise<T> {
    const p = read();
    p.catch(forget);
    return p;
  }

  function cityList(): Promise<GeliverCity[]> {
    cities ??= remembered(
      async () =>
        (await http.call<GeliverCity[]>('GET', '/cities', { query: { countryCode: 'TR' } })).data ?? [],
      () => {
        cities = null;
      },
    );
    return cities;
  }

  function districtList(cityCode: string): Promise<GeliverDistrict[]> {
    let list = districts.get(cityCode);
    if (!list) {
      list = remembered(
        async () =>
          (
            await http.call<GeliverDistrict[]>('GET', '/districts', {
              query: { countryCode: 'TR', cityCode },
            })
          ).data ?? [],
        () => districts.delete(cityCode),
      );
      districts.set(cityCode, list);
    }
    return list;
  }

  /** The il and ilçe as Geliver's codes, looked up by name in its own lists (`/cities`, `/districts`). */
  async function placeOf(address: CarrierAddress): Promise<Place> {
    const wanted = foldTurkish(address.city);
    const city = (await cityList()).find(
      (c) =>
        foldTurkish(c.name) === wanted || (c.cityCode !== undefined && c.cityCode === address.city.trim()),
    );
    if (!city?.cityCode)
      throw carrierError(
        'KARGO_REDDETTI',
        `Geliver "${address.city}" ilini tanımıyor; adresin ilini düzeltin.`,
      );
    const ilce = foldTurkish(address.district);
    const district = (await districtList(city.cityCode)).find((d) => foldTurkish(d.name) === ilce);
    if (!district?.name)
      throw carrierError(
        'KARGO_REDDETTI',
        `Geliver ${city.name ?? address.city} ilinde "${address.district}" ilçesini tanımıyor; adresin ilçesini düzeltin.`,
      );
    return {
      cityCode: city.cityCode,
      cityName: city.name ?? address.city,
      districtName: district.name,
      ...(district.districtID !== undefined ? { districtID: district.districtID } : {}),
    };
  }

  function addressBody(address: CarrierAddress, place: Place): GeliverAddress {
    return {
      name: address.name.trim(),
      ...(address.email ? { email: address.email.trim() } : {}),
      phone: geliverPhone(address.phone),
      address1: address.address.trim(),
      countryCode: 'TR',
      ...place,
      ...(address.postalCode ? { zip: address.postalCode.trim() } : {}),
    };
  }

  const sameAddress = (a: GeliverAddress, b: GeliverAddress) =>
    a.name === b.name &&
    a.phone === b.phone &&
    a.address1 === b.address1 &&
    a.cityCode === b.cityCode &&
    foldTurkish(a.districtName) === foldTurkish(b.districtName) &&
    (a.zip ?? '') === (b.zip ?? '');

  /** The shop's sender address at Geliver: found among its sender addresses, else created once. */
  function senderId(sender: CarrierAddress): Promise<string> {
    if (!sender.postalCode?.trim())
      throw carrierError(
        'KARGO_REDDETTI',
        'Geliver gönderici adresinde posta kodu ister; mağazanın gönderi adresine posta kodunu ekleyin.',
      );
    const key = JSON.stringify(sender);
    let id = senders.get(key);
    if (!id) {
      id = remembered(
        async () => {
          const body = addressBody(sender, await placeOf(sender));
          for (let page = 1; page <= 20; page++) {
            const answer = await http.call<GeliverAddress[]>('GET', '/addresses', {
              query: { isRecipientAddress: false, limit: 100, page },
            });
            const found = (answer.data ?? []).find(
              (a) => a.id && a.isRecipientAddress !== true && sameAddress(a, body),
            );
            if (found?.id) return found.id;
            if (!answer.totalPages || page >= answer.totalPages) break;
          }
          const created = await http.call<GeliverAddress>('POST', '/addresses', {
            body: { ...body, shortName: 'Mağaza', isRecipientAddress: false },
          });
          if (!created.data?.id)
            throw carrierError('KARGO_ULASILAMIYOR', 'Geliver gönderici adresinin kimliğini vermedi.');
          return created.data.id;
        },
        () => senders.delete(key),
      );
      senders.set(key, id);
    }
    return id;
  }

  async function getShipment(id: string): Promise<GeliverShipment> {
    const answer = await http.call<GeliverShipment>('GET', `/shipments/${encodeURIComponent(id)}`);
    if (!answer.data?.id) throw carrierError('KARGO_GONDERI_YOK', "Geliver'da böyle bir gönderi yok.");
    return answer.data;
  }

  /** The shipments Geliver lists under an order number (exactly that number; lists without the order trusted). */
  async function shipmentsOfOrder(orderNumber: string): Promise<GeliverShipment[]> {
    const answer = await http.call<GeliverShipment[]>('GET', '/shipments', {
      query: { orderNumber, limit: 100, page: 1 },
    });
    return (answer.data ?? []).filter(
      (s) => s.id && (s.order?.orderNumber === undefined || s.order.orderNumber === orderNumber),
    );
  }

  /** The shipment made before under this key: a bought one first, then one still waiting, then a cancelled one. */
  async function findByKey(key: string): Promise<GeliverShipment | null> {
    const mine = (await shipmentsOfOrder(key)).filter((s) => s.isReturn !== true);
    return (
      mine.find((s) => isBought(s) && !isCancelled(s)) ??
      mine.find((s) => !isCancelled(s)) ??
      mine.find((s) => isBought(s)) ??
      null
    );
  }

  async function createShipment(request: ShipmentRequest): Promise<GeliverShipment> {
    const parcel = geliverParcel(request.parcels);
    // One after the other: a refused recipient leaves no call to Geliver running behind the answer.
    const place = await placeOf(request.recipient);
    const sender = await senderId(request.sender);
    const body: GeliverCreateShipment = {
      senderAddressID: sender,
      recipientAddress: addressBody(request.recipient, place),
      ...parcel,
      distanceUnit: 'cm',
      massUnit: 'kg',
      ...(options.test ? { test: true } : {}),
      ...(request.cashOnDeliveryMinor ? { productPaymentOnDelivery: true } : {}),
      order: {
        orderNumber: request.key,
        ...(options.shopUrl ? { sourceIdentifier: options.shopUrl } : {}),
        totalAmount: (request.valueMinor / 100).toFixed(2),
        totalAmountCurrency: 'TRY',
      },
    };
    const answer = await http.call<GeliverShipment>('POST', '/shipments', { body });
    if (!answer.data?.id) throw carrierError('KARGO_ULASILAMIYOR', 'Geliver gönderinin kimliğini vermedi.');
    return answer.data;
  }

  /** Reads the shipment until Geliver has computed every offer (bounded: a retry later picks it up by its key). */
  async function withOffers(shipment: GeliverShipment): Promise<GeliverShipment> {
    let s = shipment;
    for (let read = 0; !offersComplete(s); read++) {
      if (read >= polls) {
        if (offersOf(s).length > 0) return s;
        throw carrierError(
          'KARGO_ULASILAMIYOR',
          'Geliver teklifleri henüz hesaplıyor; biraz sonra yeniden deneyin.',
        );
      }
      await sleep(pollMs);
      s = await getShipment(s.id!);
    }
    return s;
  }

  async function keyedShipment(request: ShipmentRequest): Promise<GeliverShipment> {
    return (await findByKey(request.key)) ?? (await createShipment(request));
  }

  function toShipment(s: GeliverShipment, offer?: GeliverOffer): CarrierShipment {
    const accepted =
      s.acceptedOffer ??
      s.offers?.list?.find((o) => o.id && o.id === s.acceptedOfferID) ??
      offer ??
      undefined;
    const carrier = carrierNameOf(s.providerCode ?? accepted?.providerCode, accepted?.providerAccountName);
    const trackingNumber = s.trackingNumber || s.barcode || '';
    const amountMinor = accepted ? priceOf(accepted) : minorOfDecimal(s.totalAmount);
    return {
      id: s.id!,
      carrier,
      trackingNumber,
      trackingUrl:
        s.trackingUrl || (trackingNumber ? carrierTrackingUrl(carrier, trackingNumber) : null) || '',
      ...(s.barcode ? { barcode: s.barcode } : {}),
      ...(s.labelURL ? { labelUrl: s.labelURL } : {}),
      ...(amountMinor !== undefined ? { amountMinor } : {}),
      status: carrierStatusOf(s),
    };
  }

  /** Buys the offer's label; an answer lost on the way is looked for on the shipment before it counts as failed. */
  async function buy(s: GeliverShipment, offer: GeliverOffer): Promise<CarrierShipment> {
    let tx: GeliverTransaction | undefined;
    try {
      tx = (await http.call<GeliverTransaction>('POST', '/transactions', { body: { offerID: offer.id } }))
        .data;
    } catch (err) {
      if (!isDomainError(err, 'KARGO_REDDETTI')) throw err;
      // Refused: bought meanwhile (a retry racing the first call)? Then that purchase is the answer.
      const now = await getShipment(s.id!);
      if (isBought(now)) return toShipment(now, offer);
      throw err;
    }
    const bought = tx?.shipment?.id ? tx.shipment : await getShipment(tx?.shipmentID ?? s.id!);
    return toShipment(bought, offer);
  }

  function chosen(s: GeliverShipment, offerId: string | undefined): GeliverOffer {
    const list = (s.offers?.list ?? []).filter((o) => o.id && priceOf(o) !== undefined);
    if (offerId) {
      const offer = list.find((o) => o.id === offerId);
      if (!offer)
        throw carrierError(
          'KARGO_TEKLIF_YOK',
          'Seçilen teklif bu gönderi için geçerli değil; teklifleri yeniden alın.',
        );
      return offer;
    }
    const cheapest = offersOf(s)[0];
    const offer = cheapest && list.find((o) => o.id === cheapest.id);
    if (!offer) throw carrierError('KARGO_TEKLIF_YOK', 'Geliver bu gönderi için teklif bulamadı.');
    return offer;
  }

  /** A return of a shipment that went out, its label bought at once (`POST /shipments/{id}`, `isReturn`). */
  async function shipReturn(request: ShipmentRequest): Promise<CarrierShipment> {
    if (!request.returnOf)
      throw carrierError(
        'KARGO_REDDETTI',
        'Geliver iadeyi giden gönderinin üzerinden açar; iadenin hangi gönderinin olduğu belirtilmedi.',
      );
    const original = await getShipment(request.returnOf);
    const orderNumber = original.order?.orderNumber;
    if (orderNumber) {
      const earlier = (await shipmentsOfOrder(orderNumber)).find(
        (s) => s.isReturn === true && !isCancelled(s),
      );
      if (earlier) return toShipment(earlier);
    }
    const place = await placeOf(request.sender);
    const body: GeliverCreateReturn = {
      isReturn: true,
      willAccept: true,
      count: 1,
      senderAddress: {
        name: request.sender.name.trim(),
        phone: geliverPhone(request.sender.phone),
        address1: request.sender.address.trim(),
        countryCode: 'TR',
        cityCode: place.cityCode,
        districtName: place.districtName,
      },
    };
    const tx = (
      await http.call<GeliverTransaction>('POST', `/shipments/${encodeURIComponent(request.returnOf)}`, {
        body,
      })
    ).data;
    const made = tx?.shipment?.id ? tx.shipment : tx?.shipmentID ? await getShipment(tx.shipmentID) : null;
    if (!made) throw carrierError('KARGO_ULASILAMIYOR', 'Geliver iade gönderisinin kimliğini vermedi.');
    return toShipment(made);
  }

  return {
    name: 'geliver',

    async offers(request) {
      if (request.isReturn) return [];
      const s = await keyedShipment(request);
      if (isBought(s) || isCancelled(s)) return offersOf(s);
      return offersOf(await withOffers(s));
    },

    async ship(request, offerId) {
      if (request.isReturn) return shipReturn(request);
      const s = await keyedShipment(request);
      if (isBought(s) || isCancelled(s)) return toShipment(s);
      const ready = await withOffers(s);
      return buy(ready, chosen(ready, offerId));
    },

    async track(shipmentId): Promise<Tracking> {
      const s = await getShipment(shipmentId);
      const shipment = toShipment(s);
      const t = s.trackingStatus;
      const at = t ? new Date(t.statusDate ?? s.updatedAt ?? '') : null;
      const events: TrackingEvent[] =
        t && at && !Number.isNaN(at.getTime())
          ? [
              {
                at,
                description: t.statusDetails?.trim() || t.trackingStatusCode || shipment.status,
                ...(t.locationName ? { location: t.locationName } : {}),
              },
            ]
          : [];
      return {
        status: shipment.status,
        trackingNumber: shipment.trackingNumber,
        trackingUrl: shipment.trackingUrl,
        events,
      };
    },

    async cancel(shipmentId) {
      try {
        await http.call<GeliverShipment>('DELETE', `/shipments/${encodeURIComponent(shipmentId)}`);
      } catch (err) {
        if (!isDomainError(err, 'KARGO_REDDETTI')) throw err;
        // Refused: already cancelled is done; anything else (handed to the carrier) stands as Geliver said.
        if (isCancelled(await getShipment(shipmentId))) return;
        throw err;
      }
    },

    async label(shipmentId) {
      const s = await getShipment(shipmentId);
      if (!s.labelURL)
        throw carrierError('KARGO_REDDETTI', 'Bu gönderinin etiketi henüz yok; önce etiketi satın alın.');
      const pdf = await http.download(s.labelURL);
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-')
        throw carrierError(
          'KARGO_ULASILAMIYOR',
          "Geliver'ın verdiği etiket bir PDF değil; biraz sonra yeniden deneyin.",
        );
      return pdf;
    },
  };
}
