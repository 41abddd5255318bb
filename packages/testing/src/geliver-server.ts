import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type {
  GeliverAddress,
  GeliverCity,
  GeliverDistrict,
  GeliverEnvelope,
  GeliverOffer,
  GeliverShipment,
  GeliverTransaction,
} from '@vitrin/core/shipping/geliver/models';
import { onePagePdf } from './pdf.ts';

/**
 * A local stand-in for Geliver's REST API (`/api/v1`, docs.geliver.io; models from the official SDK
 * `GeliverApp/geliver-js`), as its test mode answers: the Bearer token checked, the `{ result, data }` envelope
 * and the `{ result: false, message, additionalMessage }` refusal, `/cities` and `/districts`, sender addresses,
 * `POST /shipments` whose offers are ready after `offerReads` reads (free: nothing is charged), `POST
 * /transactions` buying the accepted offer's label, each read of a bought test shipment moving its status one
 * step (OFFER_ACCEPTED → TRACKING_CODE_CREATED → SHIPPED → DELIVERED), `DELETE /shipments/{id}`, returns
 * (`POST /shipments/{id}` with `isReturn`) and the label PDF at its `labelURL`.
 *
 * Knobs for tests: `failNext` (500, 429 with Retry-After, or a call carried out whose answer never comes),
 * `purchases` (every label bought), `requests` (what came in). Start it on port 0.
 */
export const GELIVER_TEST_TOKEN = 'geliver-test-7f3a91c2';

/** The il and ilçe lists it knows (a few of Geliver's, by plate code). */
const PLACES: Record<string, { name: string; districts: string[] }> = {
  '01': { name: 'Adana', districts: ['Seyhan', 'Çukurova', 'Yüreğir'] },
  '06': { name: 'Ankara', districts: ['Çankaya', 'Keçiören', 'Yenimahalle', 'Etimesgut'] },
  '07': { name: 'Antalya', districts: ['Muratpaşa', 'Konyaaltı', 'Kepez'] },
  '16': { name: 'Bursa', districts: ['Osmangazi', 'Nilüfer', 'Yıldırım'] },
  '26': { name: 'Eskişehir', districts: ['Odunpazarı', 'Tepebaşı'] },
  '34': {
    name: 'İstanbul',
    districts: ['Kadıköy', 'Beşiktaş', 'Üsküdar', 'Şişli', 'Esenyurt', 'Ataşehir', 'Bakırköy'],
  },
  '35': { name: 'İzmir', districts: ['Konak', 'Karşıyaka', 'Bornova', 'Buca'] },
  '41': { name: 'Kocaeli', districts: ['İzmit', 'Gebze', 'Darıca'] },
};

/** The providers whose offers it makes: base price and price per desi, lira. */
const PROVIDERS = [
  { code: 'YURTICI', service: 'YURTICI_STANDART', base: 84.9, perDesi: 9.5, account: 'Geliver Yurtiçi' },
  { code: 'SURAT', service: 'SURAT_STANDART', base: 69.9, perDesi: 8, account: 'Geliver Sürat' },
  { code: 'MNG', service: 'MNG_STANDART', base: 77.5, perDesi: 8.5, account: 'Geliver MNG' },
] as const;

const TRACKING_PAGES: Record<string, string> = {
  YURTICI: 'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=',
  SURAT: 'https://www.suratkargo.com.tr/kargoweb/bireysel.aspx?no=',
  MNG: 'https://service.mngkargo.com.tr/iactive/popup/kargotakip.asp?k=',
};

/** A bought test shipment's steps, one per read: status, tracking code, Turkish words, where. */
const STEPS = [
  { status: 'OFFER_ACCEPTED', tracking: 'PRE_TRANSIT', details: 'Etiket oluşturuldu', location: '' },
  {
    status: 'TRACKING_CODE_CREATED',
    tracking: 'PRE_TRANSIT',
    details: 'Gönderi kaydı alındı',
    location: 'İstanbul',
  },
  { status: 'SHIPPED', tracking: 'TRANSIT', details: 'Transfer merkezinde', location: 'İstanbul Aktarma' },
  { status: 'DELIVERED', tracking: 'DELIVERED', details: 'Teslim edildi', location: '' },
] as const;

export type GeliverFault =
  /** Answers 500 (by default before doing anything; `carryOut` does the call first). */
  | { status: 500; carryOut?: boolean }
  /** Answers 429 with Retry-After (seconds, 7 by default). */
  | { status: 429; retryAfterSeconds?: number }
  /** Carries the call out and never answers (the client's timeout fires; the label may be bought). */
  | { status: 'timeout'; carryOut?: boolean };

interface PendingFault {
  fault: GeliverFault;
  method?: string;
  path?: string | RegExp;
}

interface Stored {
  shipment: GeliverShipment;
  /** Reads while its offers are computed. */
  reads: number;
  /** All the offers it will have. */
  offers: GeliverOffer[];
  step: number;
}

export interface GeliverServerOptions {
  token?: string;
  /** Reads of a new shipment before its offers are complete (2). */
  offerReads?: number;
  port?: number;
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly additionalMessage?: string,
  ) {
    super(message);
  }
}

const PHONE = /^\+90\d{10}$/;

function decimalField(body: Record<string, unknown>, name: string): number {
  const value = body[name];
  if (typeof value !== 'string' || !/^\d+(\.\d+)?$/.test(value) || !(Number(value) > 0))
    throw new Refusal(400, `${name} alanı geçersiz.`, `${name} sıfırdan büyük ve metin olarak gönderilmeli.`);
  return Number(value);
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** A one-page PDF naming the tracking number (what the carriers' label files are to a test). */
const labelPdf = (trackingNumber: string) =>
  onePagePdf({
    text: `Geliver test etiketi ${trackingNumber}`,
    fontSize: 18,
    at: [40, 160],
    size: [283, 425],
  });

export async function startGeliverServer(options: GeliverServerOptions = {}) {
  const token = options.token ?? GELIVER_TEST_TOKEN;
  const state = { offerReads: options.offerReads ?? 2, origin: '' };
  const addresses = new Map<string, GeliverAddress>();
  const shipments = new Map<string, Stored>();
  const faults: PendingFault[] = [];
  const hooks: { method?: string; path?: string | RegExp; run: () => Promise<void> }[] = [];
  /** Every label bought: the shipment, the offer, whether it is a return. */
  const purchases: Array<{ shipmentId: string; offerId: string; isReturn: boolean }> = [];
  const requests: Array<{ method: string; path: string; query: Record<string, string>; body: unknown }> = [];
  let serial = 0;

  const now = () => new Date().toISOString();

  function placeOf(
    a: GeliverAddress,
    role: string,
  ): { cityCode: string; cityName: string; districtName: string } {
    const code = str(a.cityCode);
    const city = PLACES[code];
    if (!city) throw new Refusal(400, `${role} adresinin şehir kodu geçersiz.`, `cityCode: ${code || 'boş'}`);
    const district = city.districts.find((d) => d === str(a.districtName));
    if (!district)
      throw new Refusal(
        400,
        `${role} adresinin ilçesi ${city.name} şehrinde bulunamadı.`,
        str(a.districtName),
      );
    return { cityCode: code, cityName: city.name, districtName: district };
  }

  function checkAddress(a: GeliverAddress, role: string, needsZip: boolean): GeliverAddress {
    if (!str(a.name)) throw new Refusal(400, `${role} adı zorunludur.`);
    if (!PHONE.test(str(a.phone)))
      throw new Refusal(
        400,
        `${role} telefon numarası geçersiz.`,
        'Telefon +90 ile başlayan 10 haneli olmalı.',
      );
    if (str(a.address1).length < 5) throw new Refusal(400, `${role} açık adresi çok kısa.`);
    if (str(a.countryCode) !== 'TR') throw new Refusal(400, `${role} ülke kodu desteklenmiyor.`);
    if (needsZip && !str(a.zip)) throw new Refusal(400, 'Gönderici adresi için posta kodu zorunludur.');
    return { ...a, ...placeOf(a, role) };
  }

  function makeOffers(shipmentId: string, desi: number, only?: string): GeliverOffer[] {
    return PROVIDERS.filter((p) => !only || p.code === only).map((p) => {
      const amount = (p.base + p.perDesi * Math.max(1, Math.ceil(desi))).toFixed(2);
      return {
        id: `off_${shipmentId.slice(0, 8)}_${p.code.toLowerCase()}`,
        amount,
        totalAmount: amount,
        currency: 'TRY',
        providerCode: p.code,
        providerServiceCode: p.service,
        providerAccountName: p.account,
        isAccepted: false,
        test: true,
        averageEstimatedTimeHumanReadible: '1-2 gün',
      };
    });
  }

  /** Offers as Geliver answers them while computing: a share of the list, then the whole with cheapest and fastest. */
  function showOffers(stored: Stored) {
    const s = stored.shipment;
    const total = stored.offers.length;
    const done =
      stored.reads >= state.offerReads ? total : Math.floor((total * stored.reads) / (state.offerReads + 1));
    const list = stored.offers.slice(0, done);
    const cheapest = [...list].sort((a, b) => Number(a.totalAmount) - Number(b.totalAmount))[0];
    s.offers = {
      percentageCompleted: Math.round((done / total) * 100),
      totalOffersRequested: total,
      totalOffersCompleted: done,
      list,
      ...(cheapest ? { cheapest, fastest: list[0] } : {}),
    };
    if (done === total && s.statusCode === 'CREATED') s.statusCode = 'GOT_OFFERS';
  }

  function setStep(stored: Stored, step: number) {
    const s = stored.shipment;
    const at = STEPS[step]!;
    stored.step = step;
    s.statusCode = at.status;
    s.trackingStatus = {
      trackingStatusCode: at.tracking,
      statusDetails: at.details,
      statusDate: now(),
      ...(at.location ? { locationName: at.location } : {}),
    };
    s.updatedAt = now();
  }

  function purchase(stored: Stored, offer: GeliverOffer): GeliverTransaction {
    const s = stored.shipment;
    serial++;
    const trackingNumber = `${offer.providerCode === 'SURAT' ? 'S' : 'T'}${String(700_000_000 + serial)}`;
    Object.assign(s, {
      acceptedOfferID: offer.id,
      acceptedOffer: { ...offer, isAccepted: true },
      providerCode: offer.providerCode,
      providerServiceCode: offer.providerServiceCode,
      barcode: `GLV${String(serial).padStart(9, '0')}`,
      trackingNumber,
      trackingUrl: `${TRACKING_PAGES[offer.providerCode ?? ''] ?? 'https://kargotakip.test/?no='}${trackingNumber}`,
      labelURL: `${state.origin}/labels/${s.id}.pdf`,
      labelFileType: 'PROVIDER_PDF',
      totalAmount: offer.totalAmount,
      currency: offer.currency,
    } satisfies GeliverShipment);
    for (const o of s.offers?.list ?? []) o.isAccepted = o.id === offer.id;
    setStep(stored, 0);
    purchases.push({ shipmentId: s.id!, offerId: offer.id!, isReturn: s.isReturn === true });
    return {
      id: randomUUID(),
      isPayed: true,
      offerID: offer.id,
      shipmentID: s.id,
      amount: offer.totalAmount,
      currency: offer.currency,
      shipment: s,
    };
  }

  const isBought = (stored: Stored) => Boolean(stored.shipment.acceptedOfferID);

  function found(id: string): Stored {
    const stored = shipments.get(id);
    if (!stored) throw new Refusal(404, 'Gönderi bulunamadı.');
    return stored;
  }

  function page<T>(items: T[], query: Record<string, string>): GeliverEnvelope<T[]> {
    const limit = Math.max(1, Math.min(100, Number(query.limit) || 20));
    const pageNo = Math.max(1, Number(query.page) || 1);
    return {
      result: true,
      data: items.slice((pageNo - 1) * limit, pageNo * limit),
      limit,
      page: pageNo,
      totalRows: items.length,
      totalPages: Math.max(1, Math.ceil(items.length / limit)),
    };
  }

  function createShipment(body: Record<string, unknown>): GeliverShipment {
    const senderId = str(body.senderAddressID);
    const sender = addresses.get(senderId);
    if (!sender || sender.isRecipientAddress)
      throw new Refusal(400, 'Gönderici adresi bulunamadı.', senderId);
    const recipient =
      typeof body.recipientAddress === 'object' && body.recipientAddress !== null
        ? checkAddress(body.recipientAddress as GeliverAddress, 'Alıcı', false)
        : addresses.get(str(body.recipientAddressID));
    if (!recipient) throw new Refusal(400, 'Alıcı adresi zorunludur.');
    const [length, width, height, weight] = ['length', 'width', 'height', 'weight'].map((f) =>
      decimalField(body, f),
    ) as [number, number, number, number];
    if (body.distanceUnit !== 'cm' || body.massUnit !== 'kg')
      throw new Refusal(400, 'Ölçü birimi geçersiz.', 'distanceUnit cm, massUnit kg olmalı.');
    const order = body.order as Record<string, unknown> | undefined;
    if (order !== undefined && (typeof order !== 'object' || !str(order.orderNumber)))
      throw new Refusal(400, 'Sipariş numarası zorunludur.');
    const id = randomUUID();
    const desi = Math.max((length * width * height) / 3000, weight);
    const shipment: GeliverShipment = {
      id,
      statusCode: 'CREATED',
      test: body.test === true,
      isReturn: false,
      senderAddressID: senderId,
      senderAddress: sender,
      recipientAddress: recipient,
      length: String(body.length),
      width: String(body.width),
      height: String(body.height),
      weight: String(body.weight),
      distanceUnit: 'cm',
      massUnit: 'kg',
      desi: desi.toFixed(2),
      productPaymentOnDelivery: body.productPaymentOnDelivery === true,
      ...(order
        ? {
            order: {
              id: randomUUID(),
              orderNumber: str(order.orderNumber),
              ...(order.sourceIdentifier ? { sourceIdentifier: str(order.sourceIdentifier) } : {}),
              ...(order.totalAmount !== undefined ? { totalAmount: String(order.totalAmount) } : {}),
              ...(order.totalAmountCurrency ? { totalAmountCurrency: str(order.totalAmountCurrency) } : {}),
            },
          }
        : {}),
      createdAt: now(),
      updatedAt: now(),
    };
    const stored: Stored = { shipment, reads: 0, offers: makeOffers(id, desi), step: -1 };
    shipments.set(id, stored);
    showOffers(stored);
    return shipment;
  }

  function createReturn(
    original: Stored,
    body: Record<string, unknown>,
  ): GeliverShipment | GeliverTransaction {
    if (!isBought(original)) throw new Refusal(400, 'Etiketi alınmamış gönderinin iadesi oluşturulamaz.');
    if (original.shipment.statusCode === 'CANCELED')
      throw new Refusal(400, 'İptal edilmiş gönderi iade edilemez.');
    if (body.count !== undefined && body.count !== 1)
      throw new Refusal(400, 'Bir gönderi için tek iade açılır.');
    const given = body.senderAddress as GeliverAddress | undefined;
    const sender = given
      ? { ...checkAddress({ ...given, countryCode: given.countryCode ?? 'TR' }, 'İade gönderici', false) }
      : original.shipment.recipientAddress;
    const id = randomUUID();
    const o = original.shipment;
    const provider = str(body.providerServiceCode).split('_')[0] || o.providerCode;
    const shipment: GeliverShipment = {
      id,
      statusCode: 'CREATED',
      test: o.test === true,
      isReturn: true,
      senderAddress: sender,
      recipientAddress: o.senderAddress,
      length: o.length,
      width: o.width,
      height: o.height,
      weight: o.weight,
      distanceUnit: 'cm',
      massUnit: 'kg',
      desi: o.desi,
      ...(o.order ? { order: { ...o.order } } : {}),
      createdAt: now(),
      updatedAt: now(),
    };
    const stored: Stored = { shipment, reads: 0, offers: makeOffers(id, Number(o.desi), provider), step: -1 };
    stored.reads = state.offerReads;
    shipments.set(id, stored);
    showOffers(stored);
    if (body.willAccept === true) return purchase(stored, stored.offers[0]!);
    return shipment;
  }

  function route(method: string, path: string, query: Record<string, string>, body: unknown): unknown {
    const json = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
    if (method === 'GET' && path === '/cities') {
      if (query.countryCode !== 'TR') return { result: true, data: [] };
      const data: GeliverCity[] = Object.entries(PLACES).map(([cityCode, c]) => ({
        name: c.name,
        cityCode,
        countryCode: 'TR',
      }));
      return { result: true, data };
    }
    if (method === 'GET' && path === '/districts') {
      const city = PLACES[query.cityCode ?? ''];
      const data: GeliverDistrict[] = (city?.districts ?? []).map((name, i) => ({
        name,
        districtID: Number(query.cityCode) * 1000 + i + 1,
        cityCode: query.cityCode,
        countryCode: 'TR',
      }));
      return { result: true, data };
    }
    if (method === 'GET' && path === '/addresses') {
      const wantRecipient =
        query.isRecipientAddress === undefined ? undefined : query.isRecipientAddress === 'true';
      const all = [...addresses.values()].filter(
        (a) => wantRecipient === undefined || Boolean(a.isRecipientAddress) === wantRecipient,
      );
      return page(all, query);
    }
    if (method === 'POST' && path === '/addresses') {
      const recipient = json.isRecipientAddress === true;
      const address = checkAddress(json as GeliverAddress, recipient ? 'Alıcı' : 'Gönderici', !recipient);
      const stored: GeliverAddress = {
        ...address,
        id: randomUUID(),
        isRecipientAddress: recipient,
        isActive: true,
      };
      addresses.set(stored.id!, stored);
      return { result: true, data: stored };
    }
    if (method === 'GET' && path === '/shipments') {
      const all = [...shipments.values()]
        .map((s) => s.shipment)
        .filter((s) => !query.orderNumber || s.order?.orderNumber === query.orderNumber);
      return page(all, query);
    }
    if (method === 'POST' && path === '/shipments') return { result: true, data: createShipment(json) };
    if (method === 'POST' && path === '/transactions') {
      if (json.shipment !== undefined)
        throw new Refusal(400, 'Tek adımda gönderi bu test sunucusunda yok; offerID gönderin.');
      const offerId = str(json.offerID);
      const stored = [...shipments.values()].find((s) => s.offers.some((o) => o.id === offerId));
      if (!offerId || !stored) throw new Refusal(404, 'Teklif bulunamadı.', offerId);
      if (stored.shipment.statusCode === 'CANCELED')
        throw new Refusal(400, 'İptal edilmiş gönderinin teklifi kabul edilemez.');
      if (isBought(stored)) throw new Refusal(400, 'Bu gönderi için bir teklif zaten kabul edilmiş.');
      const offer = stored.shipment.offers?.list?.find((o) => o.id === offerId);
      if (!offer) throw new Refusal(400, 'Teklif henüz hazır değil.');
      return { result: true, data: purchase(stored, offer) };
    }
    const one = /^\/shipments\/([^/]+)$/.exec(path);
    if (one) {
      const stored = found(decodeURIComponent(one[1]!));
      const s = stored.shipment;
      if (method === 'GET') {
        if (!isBought(stored) && s.statusCode !== 'CANCELED') {
          stored.reads++;
          showOffers(stored);
        } else if (
          isBought(stored) &&
          s.test &&
          s.statusCode !== 'CANCELED' &&
          stored.step < STEPS.length - 1
        ) {
          setStep(stored, stored.step + 1);
        }
        return { result: true, data: s };
      }
      if (method === 'DELETE') {
        if (s.statusCode === 'CANCELED') throw new Refusal(400, 'Gönderi zaten iptal edilmiş.');
        if (s.statusCode === 'SHIPPED' || s.statusCode === 'DELIVERED')
          throw new Refusal(400, 'Kargoya verilmiş gönderi iptal edilemez.');
        s.statusCode = 'CANCELED';
        s.cancelDate = now();
        s.updatedAt = now();
        return { result: true, data: s };
      }
      if (method === 'POST') {
        if (json.isReturn !== true) throw new Refusal(400, 'Klonlama bu test sunucusunda yok.');
        return { result: true, data: createReturn(stored, json) };
      }
    }
    throw new Refusal(404, 'Bulunamadı.', `${method} ${path}`);
  }

  const matches = (f: { method?: string; path?: string | RegExp }, method: string, path: string) =>
    (!f.method || f.method === method) &&
    (!f.path || (typeof f.path === 'string' ? f.path === path : f.path.test(path)));

  function takeFault(method: string, path: string): GeliverFault | null {
    const i = faults.findIndex((f) => matches(f, method, path));
    if (i < 0) return null;
    return faults.splice(i, 1)[0]!.fault;
  }

  function takeHook(method: string, path: string): (() => Promise<void>) | null {
    const i = hooks.findIndex((h) => matches(h, method, path));
    if (i < 0) return null;
    return hooks.splice(i, 1)[0]!.run;
  }

  function send(res: ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
    res.end(JSON.stringify(payload));
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', state.origin);
    const method = req.method ?? 'GET';
    const label = /^\/labels\/([^/]+)\.pdf$/.exec(url.pathname);
    if (label && method === 'GET') {
      const stored = shipments.get(label[1]!);
      if (!stored?.shipment.trackingNumber)
        return send(res, 404, { result: false, message: 'Etiket bulunamadı.' });
      res.writeHead(200, { 'content-type': 'application/pdf' });
      res.end(labelPdf(stored.shipment.trackingNumber));
      return;
    }
    if (!url.pathname.startsWith('/api/v1/'))
      return send(res, 404, { result: false, message: 'Bulunamadı.' });
    const path = url.pathname.slice('/api/v1'.length);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(res, 400, { result: false, message: 'Geçersiz JSON.' });
    }
    const query = Object.fromEntries(url.searchParams);
    requests.push({ method, path, query, body });
    const hook = takeHook(method, path);
    if (hook) await hook();
    if (req.headers.authorization !== `Bearer ${token}`)
      return send(res, 401, {
        result: false,
        message: 'Yetkisiz erişim.',
        additionalMessage: 'Geçersiz API anahtarı.',
      });

    const fault = takeFault(method, path);
    if (fault?.status === 429)
      return send(
        res,
        429,
        { result: false, message: 'Çok fazla istek.' },
        {
          'retry-after': String(fault.retryAfterSeconds ?? 7),
        },
      );
    if (fault?.status === 500 && !fault.carryOut)
      return send(res, 500, { result: false, message: 'Sunucu hatası.' });

    if (fault?.status === 'timeout' && fault.carryOut === false) return; // never carried out, never answered
    let status = 200;
    let payload: unknown;
    try {
      payload = route(method, path, query, body);
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      status = err.status;
      payload = {
        result: false,
        message: err.message,
        ...(err.additionalMessage ? { additionalMessage: err.additionalMessage } : {}),
      };
    }
    if (fault?.status === 'timeout') return; // carried out, but the answer never comes
    if (fault?.status === 500) return send(res, 500, { result: false, message: 'Sunucu hatası.' });
    send(res, status, payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { result: false, message: String(err) });
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  state.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The API's base URL (`GELIVER_BASE_URL` of a shop on this stand-in). */
    url: `${state.origin}/api/v1`,
    token,
    purchases,
    requests,
    /** Labels bought so far. */
    labelPurchases: () => purchases.length,
    /** The next `count` calls (of `method` and `path` under /api/v1 when given) fail as `fault` says. */
    failNext(count: number, fault: GeliverFault, match: { method?: string; path?: string | RegExp } = {}) {
      for (let i = 0; i < count; i++) faults.push({ fault, ...match });
    },
    /**
     * The next call of `method` and `path` first awaits `run` (the shop changing while the call is under way),
     * then is answered as usual.
     */
    whileCalled(match: { method?: string; path?: string | RegExp }, run: () => Promise<void>) {
      hooks.push({ ...match, run });
    },
    /** Reads a test shipment as a client does (each read moves it one step on) until it is at `status`; where it is. */
    async readUntil(id: string, status: string) {
      for (let i = 0; i < 5 && shipments.get(id)?.shipment.statusCode !== status; i++)
        await fetch(`${state.origin}/api/v1/shipments/${encodeURIComponent(id)}`, {
          headers: { authorization: `Bearer ${token}` },
        });
      return shipments.get(id)?.shipment.statusCode;
    },
    /** Reads of a new shipment before its offers are complete. */
    setOfferReads(reads: number) {
      state.offerReads = reads;
    },
    shipment: (id: string) => shipments.get(id)?.shipment,
    senderAddresses: () => [...addresses.values()].filter((a) => !a.isRecipientAddress),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GeliverContractServer = Awaited<ReturnType<typeof startGeliverServer>>;
