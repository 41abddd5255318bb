import { type GeliverContractServer, startGeliverServer } from '@vitrin/testing/geliver-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { type CarrierAddress, isRetryableCarrierError, type ShipmentRequest } from '../carrier.ts';
import {
  carrierStatusOf,
  createGeliverCarrier,
  type GeliverOptions,
  geliverParcel,
  geliverPhone,
  minorOfDecimal,
} from './geliver.ts';

let geliver: GeliverContractServer;

beforeAll(async () => {
  geliver = await startGeliverServer();
});
afterAll(() => geliver.close());

const shop: CarrierAddress = {
  name: 'Vitrin Seramik',
  phone: '0212 555 00 00',
  email: 'depo@vitrin.example',
  city: 'İstanbul',
  district: 'Esenyurt',
  address: 'Hasan Mah. Atatürk Cad. No: 12',
  postalCode: '34510',
};

const shopper: CarrierAddress = {
  name: 'Ayşe Yılmaz',
  phone: '5321234567',
  email: 'ayse@example.com',
  city: 'İZMİR',
  district: 'karşıyaka',
  address: 'Bostanlı Mah. 1801 Sok. No: 4 D: 3',
};

let n = 0;
function request(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  n++;
  return {
    key: `VT${1000 + n}-1`,
    orderNumber: `VT${1000 + n}`,
    sender: shop,
    recipient: shopper,
    parcels: [{ weightKg: 1.2, lengthCm: 30, widthCm: 20, heightCm: 10 }],
    valueMinor: 45_000,
    ...overrides,
  };
}

function carrier(options: Partial<GeliverOptions> = {}) {
  return createGeliverCarrier({
    token: geliver.token,
    baseUrl: geliver.url,
    test: true,
    shopUrl: 'https://vitrin.example',
    offerPollMs: 1,
    timeoutMs: 5_000,
    ...options,
  });
}

/** The carrier error a call ends with (the test fails when it does not throw one). */
async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

const purchasesOf = (shipmentId: string) =>
  geliver.purchases.filter((p) => p.shipmentId === shipmentId).length;
/** Labels bought for shipments made under this key (any of them). */
const purchasesFor = (key: string) =>
  geliver.purchases.filter((p) => geliver.shipment(p.shipmentId)?.order?.orderNumber === key && !p.isReturn)
    .length;
const createdFor = (key: string) =>
  geliver.requests.filter(
    (r) =>
      r.method === 'POST' &&
      r.path === '/shipments' &&
      (r.body as { order?: { orderNumber?: string } }).order?.orderNumber === key,
  ).length;

describe('Geliver carrier: ship', () => {
  it('creates the shipment, buys the cheapest label and answers tracking number, link and a PDF label', async () => {
    const req = request();
    const geliverCarrier = carrier();
    const shipment = await geliverCarrier.ship(req);

    expect(shipment.carrier).toBe('Sürat Kargo');
    expect(shipment.trackingNumber).toMatch(/^S\d+$/);
    expect(shipment.trackingUrl).toBe(
      `https://www.suratkargo.com.tr/kargoweb/bireysel.aspx?no=${shipment.trackingNumber}`,
    );
    expect(shipment.barcode).toMatch(/^GLV\d+$/);
    expect(shipment.labelUrl).toBe(`${geliver.url.replace('/api/v1', '')}/labels/${shipment.id}.pdf`);
    expect(shipment.status).toBe('created');
    // 30×20×10 cm = 2 desi: 69.90 + 2 × 8.00
    expect(shipment.amountMinor).toBe(8_590);
    expect(purchasesOf(shipment.id)).toBe(1);

    const pdf = await geliverCarrier.label(shipment.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(shipment.trackingNumber);
  });

  it("sends Geliver's fields: the key as the order number, il and ilçe by Geliver's codes, sizes as strings", async () => {
    const req = request();
    await carrier().ship(req);
    const sent = geliver.requests.find(
      (r) =>
        r.path === '/shipments' &&
        r.method === 'POST' &&
        (r.body as { order?: { orderNumber?: string } }).order?.orderNumber === req.key,
    );
    expect(sent?.body).toMatchObject({
      recipientAddress: {
        name: 'Ayşe Yılmaz',
        phone: '+905321234567',
        email: 'ayse@example.com',
        address1: 'Bostanlı Mah. 1801 Sok. No: 4 D: 3',
        countryCode: 'TR',
        cityCode: '35',
        cityName: 'İzmir',
        districtName: 'Karşıyaka',
        districtID: 35002,
      },
      length: '30.00',
      width: '20.00',
      height: '10.00',
      distanceUnit: 'cm',
      weight: '1.20',
      massUnit: 'kg',
      test: true,
      order: {
        orderNumber: req.key,
        sourceIdentifier: 'https://vitrin.example',
        totalAmount: '450.00',
        totalAmountCurrency: 'TRY',
      },
    });
    const transaction = geliver.requests.filter((r) => r.path === '/transactions').at(-1);
    expect(Object.keys(transaction?.body as object)).toEqual(['offerID']);
  });

  it('lists the offers cheapest first, and buys the one chosen on the same shipment', async () => {
    const req = request();
    const geliverCarrier = carrier();
    const offers = await geliverCarrier.offers(req);

    expect(offers.map((o) => o.carrier)).toEqual(['Sürat Kargo', 'MNG Kargo', 'Yurtiçi Kargo']);
    expect(offers.map((o) => o.amountMinor)).toEqual([8_590, 9_450, 10_390]);
    expect(offers[0]).toMatchObject({ service: 'Standart', currency: 'TRY' });

    const shipment = await geliverCarrier.ship(req, offers[1]!.id);
    expect(shipment.carrier).toBe('MNG Kargo');
    expect(shipment.amountMinor).toBe(9_450);
    expect(createdFor(req.key)).toBe(1);
  });

  it('waits while Geliver computes the offers, reading the shipment until they are complete', async () => {
    geliver.setOfferReads(3);
    try {
      const req = request();
      const before = geliver.requests.length;
      const offers = await carrier().offers(req);
      expect(offers).toHaveLength(3);
      const reads = geliver.requests
        .slice(before)
        .filter((r) => r.method === 'GET' && r.path.startsWith('/shipments/'));
      expect(reads).toHaveLength(3);
    } finally {
      geliver.setOfferReads(2);
    }
  });

  it('gives up on offers not ready within its reads with KARGO_ULASILAMIYOR; the retry goes on with the same shipment', async () => {
    geliver.setOfferReads(4);
    try {
      const req = request();
      const err = await refusal(carrier({ offerPolls: 1 }).ship(req));
      expect(err.code).toBe('KARGO_ULASILAMIYOR');
      expect(isRetryableCarrierError(err)).toBe(true);

      const shipment = await carrier().ship(req);
      expect(shipment.trackingNumber).not.toBe('');
      expect(createdFor(req.key)).toBe(1);
    } finally {
      geliver.setOfferReads(2);
    }
  });

  it('refuses an offer that is not one of this shipment’s with KARGO_TEKLIF_YOK', async () => {
    const err = await refusal(carrier().ship(request(), 'off_baska_birinin'));
    expect(err.code).toBe('KARGO_TEKLIF_YOK');
  });
});

describe('Geliver carrier: the key makes a retry safe', () => {
  it('answers the first shipment when the same key ships again: one label bought', async () => {
    const req = request();
    const first = await carrier().ship(req);
    const again = await carrier().ship(req);
    expect(again).toEqual(first);
    expect(purchasesFor(req.key)).toBe(1);
    expect(createdFor(req.key)).toBe(1);
  });

  it('buys one label when two calls with the same key buy at once', async () => {
    const req = request();
    const geliverCarrier = carrier();
    await geliverCarrier.offers(req);
    const [a, b] = await Promise.all([geliverCarrier.ship(req), geliverCarrier.ship(req)]);
    expect(b.id).toBe(a.id);
    expect(b.trackingNumber).toBe(a.trackingNumber);
    expect(purchasesFor(req.key)).toBe(1);
  });

  it('buys one label when the purchase answered 500 and the shop tries again', async () => {
    const req = request();
    geliver.failNext(1, { status: 500 }, { method: 'POST', path: '/transactions' });
    const err = await refusal(carrier().ship(req));
    expect(err.code).toBe('KARGO_ULASILAMIYOR');
    expect(isRetryableCarrierError(err)).toBe(true);

    const shipment = await carrier().ship(req);
    expect(shipment.trackingNumber).not.toBe('');
    expect(purchasesFor(req.key)).toBe(1);
    expect(createdFor(req.key)).toBe(1);
  });

  it('buys one label when Geliver bought it but its answer was a 500', async () => {
    const req = request();
    geliver.failNext(1, { status: 500, carryOut: true }, { method: 'POST', path: '/transactions' });
    expect((await refusal(carrier().ship(req))).code).toBe('KARGO_ULASILAMIYOR');

    const shipment = await carrier().ship(req);
    expect(purchasesFor(req.key)).toBe(1);
    expect(shipment.trackingNumber).not.toBe('');
  });

  it('buys one label when the purchase timed out after Geliver carried it out', async () => {
    const req = request();
    geliver.failNext(1, { status: 'timeout' }, { method: 'POST', path: '/transactions' });
    const err = await refusal(carrier({ timeoutMs: 300 }).ship(req));
    expect(err.code).toBe('KARGO_ULASILAMIYOR');
    expect(err.message).toContain('zamanında yanıt vermedi');
    const bought = geliver.purchases.at(-1)!;

    const shipment = await carrier().ship(req);
    expect(shipment.id).toBe(bought.shipmentId);
    expect(purchasesFor(req.key)).toBe(1);
    expect(createdFor(req.key)).toBe(1);
  });

  it('makes one shipment when the creation timed out after Geliver made it', async () => {
    const req = request();
    geliver.failNext(1, { status: 'timeout' }, { method: 'POST', path: '/shipments' });
    expect((await refusal(carrier({ timeoutMs: 300 }).ship(req))).code).toBe('KARGO_ULASILAMIYOR');
    expect(createdFor(req.key)).toBe(1);

    const shipment = await carrier().ship(req);
    expect(shipment.trackingNumber).not.toBe('');
    expect(purchasesFor(req.key)).toBe(1);
    expect(createdFor(req.key)).toBe(1);
  });
});

describe('Geliver carrier: the sender address', () => {
  it('is created once and found again by a carrier made later', async () => {
    const fresh = await startGeliverServer();
    try {
      const options = { token: fresh.token, baseUrl: fresh.url, test: true, offerPollMs: 1 };
      const one = createGeliverCarrier(options);
      await one.ship(request());
      await one.ship(request());
      await createGeliverCarrier(options).ship(request());
      expect(fresh.senderAddresses()).toHaveLength(1);
      expect(fresh.senderAddresses()[0]).toMatchObject({
        name: 'Vitrin Seramik',
        phone: '+902125550000',
        cityCode: '34',
        districtName: 'Esenyurt',
        zip: '34510',
        isRecipientAddress: false,
      });
      expect(fresh.requests.filter((r) => r.method === 'POST' && r.path === '/addresses')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it('needs a postal code (Geliver requires one on a sender address)', async () => {
    const err = await refusal(carrier().ship(request({ sender: { ...shop, postalCode: undefined } })));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toContain('posta kodu');
  });
});

describe('Geliver carrier: refusals', () => {
  it('answers 429 with KARGO_YOGUN and when to try again from Retry-After', async () => {
    const at = Date.parse('2026-11-29T12:00:00Z');
    geliver.failNext(1, { status: 429, retryAfterSeconds: 7 });
    const err = await refusal(carrier({ now: () => at }).ship(request()));
    expect(err.code).toBe('KARGO_YOGUN');
    expect(err.retryAt).toEqual(new Date(at + 7_000));
    expect(err.message).toContain('7 saniye');
    expect(isRetryableCarrierError(err)).toBe(true);
  });

  it('answers a refused token with KARGO_YETKI_YOK', async () => {
    const err = await refusal(carrier({ token: 'yanlis-anahtar' }).ship(request()));
    expect(err.code).toBe('KARGO_YETKI_YOK');
    expect(err.message).toContain('GELIVER_API_TOKEN');
    expect(isRetryableCarrierError(err)).toBe(false);
  });

  it("answers an address Geliver refuses with KARGO_REDDETTI in Geliver's words, buying nothing", async () => {
    const before = geliver.labelPurchases();
    const err = await refusal(carrier().ship(request({ recipient: { ...shopper, phone: '123' } })));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toContain('Alıcı telefon numarası geçersiz.');
    expect(err.message).toContain('Telefon +90 ile başlayan 10 haneli olmalı.');
    expect(geliver.labelPurchases()).toBe(before);
  });

  it('refuses an ilçe Geliver does not list for the il before sending the shipment', async () => {
    const req = request({ recipient: { ...shopper, district: 'Kadıköy' } });
    const err = await refusal(carrier().ship(req));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toContain('"Kadıköy"');
    expect(createdFor(req.key)).toBe(0);
  });

  it('refuses an il Geliver does not know', async () => {
    const err = await refusal(carrier().ship(request({ recipient: { ...shopper, city: 'Atlantis' } })));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toContain('"Atlantis"');
  });

  it('refuses a parcel without weight', async () => {
    const err = await refusal(carrier().ship(request({ parcels: [{ weightKg: 0 }] })));
    expect(err.code).toBe('KARGO_REDDETTI');
  });

  it('answers 5xx and an unreachable Geliver with KARGO_ULASILAMIYOR', async () => {
    geliver.failNext(1, { status: 500 });
    expect((await refusal(carrier().ship(request()))).code).toBe('KARGO_ULASILAMIYOR');
    const down = await refusal(carrier({ baseUrl: 'http://127.0.0.1:1/api/v1' }).ship(request()));
    expect(down.code).toBe('KARGO_ULASILAMIYOR');
  });

  it('answers a shipment Geliver does not have with KARGO_GONDERI_YOK', async () => {
    const geliverCarrier = carrier();
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const call of [
      () => geliverCarrier.track(missing),
      () => geliverCarrier.cancel(missing),
      () => geliverCarrier.label(missing),
    ])
      expect((await refusal(call())).code).toBe('KARGO_GONDERI_YOK');
  });
});

describe('Geliver carrier: tracking and cancelling', () => {
  it('reads the status as Geliver test mode moves it on each read: created, in transit, delivered', async () => {
    const geliverCarrier = carrier();
    const shipment = await geliverCarrier.ship(request());
    const first = await geliverCarrier.track(shipment.id);
    const second = await geliverCarrier.track(shipment.id);
    const third = await geliverCarrier.track(shipment.id);

    expect([first.status, second.status, third.status]).toEqual(['created', 'in_transit', 'delivered']);
    expect(second.events).toEqual([
      { at: expect.any(Date), description: 'Transfer merkezinde', location: 'İstanbul Aktarma' },
    ]);
    expect(third.events[0]?.description).toBe('Teslim edildi');
    expect(third.trackingNumber).toBe(shipment.trackingNumber);
    expect(third.trackingUrl).toBe(shipment.trackingUrl);
  });

  it('cancels a label bought by mistake, and cancelling again is not an error', async () => {
    const geliverCarrier = carrier();
    const shipment = await geliverCarrier.ship(request());
    await geliverCarrier.cancel(shipment.id);
    await geliverCarrier.cancel(shipment.id);
    expect(geliver.shipment(shipment.id)?.statusCode).toBe('CANCELED');
    expect((await geliverCarrier.track(shipment.id)).status).toBe('cancelled');
  });

  it("refuses to cancel a parcel the carrier already took, in Geliver's words", async () => {
    const geliverCarrier = carrier();
    const shipment = await geliverCarrier.ship(request());
    await geliverCarrier.track(shipment.id);
    await geliverCarrier.track(shipment.id);
    const err = await refusal(geliverCarrier.cancel(shipment.id));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toContain('Kargoya verilmiş gönderi iptal edilemez.');
  });
});

describe('Geliver carrier: returns', () => {
  it('opens a return of the shipment that went out, its label bought once however often asked', async () => {
    const geliverCarrier = carrier();
    const out = request();
    const original = await geliverCarrier.ship(out);
    const back = request({
      key: `${out.orderNumber}-R1`,
      orderNumber: out.orderNumber,
      sender: shopper,
      recipient: shop,
      isReturn: true,
      returnOf: original.id,
    });

    const first = await geliverCarrier.ship(back);
    expect(first.id).not.toBe(original.id);
    expect(first.carrier).toBe('Sürat Kargo');
    expect(first.trackingNumber).not.toBe('');
    expect(first.labelUrl).toBeDefined();
    expect(geliver.shipment(first.id)).toMatchObject({
      isReturn: true,
      senderAddress: { name: 'Ayşe Yılmaz', cityCode: '35', districtName: 'Karşıyaka' },
      recipientAddress: { name: 'Vitrin Seramik', cityCode: '34' },
    });
    const sent = geliver.requests.find((r) => r.method === 'POST' && r.path === `/shipments/${original.id}`);
    expect(sent?.body).toMatchObject({ isReturn: true, willAccept: true, count: 1 });

    const again = await geliverCarrier.ship(back);
    expect(again.id).toBe(first.id);
    expect(geliver.purchases.filter((p) => p.isReturn && p.shipmentId === first.id)).toHaveLength(1);
    expect(
      geliver.requests.filter((r) => r.method === 'POST' && r.path === `/shipments/${original.id}`),
    ).toHaveLength(1);
    expect((await geliverCarrier.label(first.id)).subarray(0, 4).toString('latin1')).toBe('%PDF');
  });

  it('needs the shipment a return sends back', async () => {
    const err = await refusal(carrier().ship(request({ isReturn: true })));
    expect(err.code).toBe('KARGO_REDDETTI');
  });
});

describe('Geliver carrier: the rules under it', () => {
  it('writes Turkish phones as Geliver takes them', () => {
    expect(geliverPhone('0532 123 45 67')).toBe('+905321234567');
    expect(geliverPhone('5321234567')).toBe('+905321234567');
    expect(geliverPhone('+90 (532) 123-4567')).toBe('+905321234567');
    expect(geliverPhone('123')).toBe('123');
  });

  it('reads lira amounts as kuruş exactly', () => {
    expect(minorOfDecimal('85.90')).toBe(8_590);
    expect(minorOfDecimal('0.1')).toBe(10);
    expect(minorOfDecimal('12.345')).toBe(1_235);
    expect(minorOfDecimal('12,5')).toBeUndefined();
    expect(minorOfDecimal(undefined)).toBeUndefined();
  });

  it('makes one parcel of several, a cube of the desi when sizes are missing', () => {
    expect(geliverParcel([{ weightKg: 2, desi: 9 }])).toEqual({
      length: '30.00',
      width: '30.00',
      height: '30.00',
      weight: '2.00',
    });
    expect(
      geliverParcel([{ weightKg: 1 }, { weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 }]),
    ).toEqual({
      length: '20.81',
      width: '20.81',
      height: '20.81',
      weight: '3.00',
    });
    expect(() => geliverParcel([])).toThrow(DomainError);
  });

  it("maps Geliver's shipment statuses onto the shop's", () => {
    const cases: Array<[string, string]> = [
      ['CREATED', 'created'],
      ['GOT_OFFERS', 'created'],
      ['OFFER_ACCEPTED', 'created'],
      ['TRACKING_CODE_CREATED', 'created'],
      ['LABEL_PRINTED', 'created'],
      ['SHIPPED', 'in_transit'],
      ['DELIVERED', 'delivered'],
      ['CANCELED', 'cancelled'],
      ['RETURNED', 'failed'],
      ['RETURN_SHIPPED', 'failed'],
      ['FAILED', 'failed'],
    ];
    for (const [statusCode, status] of cases) expect(carrierStatusOf({ statusCode })).toBe(status);
    expect(carrierStatusOf({ trackingStatus: { trackingStatusCode: 'TRANSIT' } })).toBe('in_transit');
    expect(carrierStatusOf({ trackingStatus: { trackingStatusCode: 'DELIVERED' } })).toBe('delivered');
    expect(carrierStatusOf({})).toBe('created');
  });
});
