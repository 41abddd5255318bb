import {
  startYurticiServer,
  wsdlSequences,
  YURTICI_TEST_KEYS,
  type YurticiContractServer,
  yurticiWsdl,
} from '@vitrin/testing/yurtici-server';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import type { Carrier, ShipmentRequest } from '../carrier.ts';
import {
  createYurticiCarrier,
  shippingOrderFields,
  yurticiCargoKey,
  yurticiDate,
  yurticiPhone,
  yurticiStatus,
} from './index.ts';
import { children, envelope, soapBody, text } from './soap.ts';

let server: YurticiContractServer;
let carrier: Carrier;
let keyNo = 0;

const request = (over: Partial<ShipmentRequest> = {}): ShipmentRequest => {
  keyNo += 1;
  return {
    key: `${100200 + keyNo}-1`,
    orderNumber: `${100200 + keyNo}`,
    sender: {
      name: 'Vitrin Mağaza',
      phone: '+902161234567',
      city: 'İstanbul',
      district: 'Kadıköy',
      address: 'Caferağa Mah. Moda Cad. No: 10',
    },
    recipient: {
      name: 'Ayşe Yılmaz',
      phone: '+905321234567',
      email: 'ayse@example.com',
      city: 'Ankara',
      district: 'Çankaya',
      address: 'Kızılay Mah. Atatürk Blv. No: 5 D: 3',
    },
    parcels: [{ weightKg: 1.25, desi: 3 }],
    valueMinor: 45_000,
    ...over,
  };
};

/** The error a call fails with (a test of a refusal fails when the call succeeds). */
async function failure(promise: Promise<unknown>): Promise<DomainError> {
  const outcome = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  if (!(outcome instanceof DomainError)) throw new Error(`expected a DomainError, got ${String(outcome)}`);
  return outcome;
}

const pdfText = async (pdf: Buffer) => (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;

beforeAll(async () => {
  server = await startYurticiServer();
  carrier = createYurticiCarrier({ ...YURTICI_TEST_KEYS, baseUrl: server.url, timeoutMs: 2_000 });
});
afterAll(() => server.close());

describe('the envelopes', () => {
  it('follow the WSDL: every ShippingOrderVO field is one of its sequence, in its order, required ones present', () => {
    const sequence = wsdlSequences(yurticiWsdl('http://x')).get('ShippingOrderVO') ?? [];
    const names = shippingOrderFields(request({ cashOnDeliveryMinor: 12_345 }), 'K1')
      .filter(([, value]) => value !== undefined)
      .map(([name]) => name);
    const positions = names.map((name) => sequence.findIndex((e) => e.name === name));
    expect(positions).not.toContain(-1);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const required of sequence.filter((e) => e.required)) expect(names).toContain(required.name);
  });

  it('escape what the shopper typed', () => {
    const xml = envelope('createShipment', children([['receiverCustName', 'A & B <C>']]));
    expect(text(soapBody(xml)?.createShipment as never, 'receiverCustName')).toBe('A & B <C>');
  });
});

describe('keys, phones, states, dates', () => {
  it('keeps a key of capitals and digits as the cargoKey and hashes any other into 20 characters', () => {
    expect(yurticiCargoKey('100234R1')).toBe('100234R1');
    const derived = yurticiCargoKey('100234-1');
    expect(derived).toMatch(/^[A-Z0-9]{20}$/);
    expect(derived.startsWith('1002341')).toBe(true);
    expect(yurticiCargoKey('100234-1')).toBe(derived);
    expect(yurticiCargoKey('10023-41')).not.toBe(derived);
    expect(yurticiCargoKey('x'.repeat(60))).toHaveLength(20);
  });

  it('writes phones as 0 and ten digits', () => {
    expect(yurticiPhone('+90 532 123 45 67')).toBe('05321234567');
    expect(yurticiPhone('5321234567')).toBe('05321234567');
    expect(yurticiPhone('0216 123 45 67')).toBe('02161234567');
    expect(yurticiPhone('12345')).toBe('12345');
  });

  it('maps operation statuses onto the shop’s', () => {
    expect(yurticiStatus('NOP')).toBe('created');
    expect(yurticiStatus('ISR')).toBe('in_transit');
    expect(yurticiStatus('IND')).toBe('in_transit');
    expect(yurticiStatus('IND', '2')).toBe('failed');
    expect(yurticiStatus('DLV')).toBe('delivered');
    for (const s of ['CNL', 'ISC', 'BI']) expect(yurticiStatus(s)).toBe('cancelled');
  });

  it('reads both date forms in Turkey’s time', () => {
    expect(yurticiDate('20260914', '142530')?.toISOString()).toBe('2026-09-14T11:25:30.000Z');
    expect(yurticiDate('14.09.2026', '14:25')?.toISOString()).toBe('2026-09-14T11:25:00.000Z');
    expect(yurticiDate('', '')).toBeNull();
  });
});

describe('Yurtiçi Kargo carrier', () => {
  it('ships: the cargo key is sent with the recipient, the parcels and the order number', async () => {
    const req = request({
      parcels: [
        { weightKg: 1.25, desi: 3 },
        { weightKg: 2, lengthCm: 30, widthCm: 20, heightCm: 10 },
      ],
    });
    const shipment = await carrier.ship(req);
    const cargoKey = yurticiCargoKey(req.key);
    expect(shipment).toMatchObject({
      id: cargoKey,
      carrier: 'Yurtiçi Kargo',
      trackingNumber: cargoKey,
      barcode: cargoKey,
      status: 'created',
    });
    expect(shipment.trackingUrl).toBe(
      `https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=${cargoKey}`,
    );
    expect(server.shipments.get(cargoKey)?.fields).toMatchObject({
      invoiceKey: cargoKey,
      receiverCustName: 'Ayşe Yılmaz',
      receiverAddress: 'Kızılay Mah. Atatürk Blv. No: 5 D: 3 Çankaya/Ankara',
      cityName: 'Ankara',
      townName: 'Çankaya',
      receiverPhone1: '05321234567',
      emailAddress: 'ayse@example.com',
      cargoCount: '2',
      desi: '5',
      kg: '3.25',
      specialField1: `3$${req.orderNumber}#`,
      ttDocumentId: '0',
    });
    expect(server.shipments.get(cargoKey)?.fields.ttCollectionType).toBeUndefined();
  });

  it('answers the same shipment for the same key: 60020, then the shipment read back', async () => {
    const req = request();
    const first = await carrier.ship(req);
    const creates = server.creates;
    const again = await carrier.ship(req);
    expect(again.id).toBe(first.id);
    expect(server.creates).toBe(creates);
  });

  it('creates once when a retry follows a 500 (before the create and after it, the answer lost)', async () => {
    const before = request();
    server.failNext(1, 'http500');
    expect((await failure(carrier.ship(before))).code).toBe('KARGO_ULASILAMIYOR');
    expect(server.shipments.has(yurticiCargoKey(before.key))).toBe(false);
    const creates = server.creates;
    await carrier.ship(before);
    expect(server.creates).toBe(creates + 1);

    const lost = request();
    server.failNext(1, 'lose');
    expect((await failure(carrier.ship(lost))).code).toBe('KARGO_ULASILAMIYOR');
    expect(server.creates).toBe(creates + 2);
    const shipment = await carrier.ship(lost);
    expect(shipment.id).toBe(yurticiCargoKey(lost.key));
    expect(server.creates).toBe(creates + 2);
  });

  it('gives up on a Yurtiçi that does not answer in time, as unreachable and retryable', async () => {
    server.failNext(1, 'hang');
    const quick = createYurticiCarrier({ ...YURTICI_TEST_KEYS, baseUrl: server.url, timeoutMs: 200 });
    const err = await failure(quick.ship(request()));
    expect(err.code).toBe('KARGO_ULASILAMIYOR');
    expect(err.message).toMatch(/ulaşılamıyor/);
  });

  it('says KARGO_YETKI_YOK for a wrong password, and sends nothing', async () => {
    const wrong = createYurticiCarrier({ ...YURTICI_TEST_KEYS, password: 'yanlis', baseUrl: server.url });
    const creates = server.creates;
    const err = await failure(wrong.ship(request()));
    expect(err.code).toBe('KARGO_YETKI_YOK');
    expect(err.message).toMatch(/YURTICI_PASSWORD/);
    expect(server.creates).toBe(creates);
    expect((await failure(wrong.track('X1'))).code).toBe('KARGO_YETKI_YOK');
  });

  it('says KARGO_REDDETTI with Yurtiçi’s words for a bad phone, a bad city, a short address', async () => {
    const phone = await failure(
      carrier.ship(request({ recipient: { ...request().recipient, phone: '12345' } })),
    );
    expect(phone.code).toBe('KARGO_REDDETTI');
    expect(phone.message).toMatch(/telefon numarası geçersiz/);
    const city = await failure(
      carrier.ship(request({ recipient: { ...request().recipient, city: 'Atlantis' } })),
    );
    expect(city.code).toBe('KARGO_REDDETTI');
    expect(city.message).toMatch(/Atlantis/);
    const address = await failure(
      carrier.ship(request({ recipient: { ...request().recipient, address: 'x', district: '', city: '' } })),
    );
    expect(address.code).toBe('KARGO_REDDETTI');
    expect(address.message).toMatch(/RECEIVER_ADDRESS/);
  });

  it('refuses a shipment without parcels and an offer not its own', async () => {
    expect((await failure(carrier.ship(request({ parcels: [] })))).code).toBe('KARGO_REDDETTI');
    expect((await failure(carrier.ship(request(), 'geliver-offer-1'))).code).toBe('KARGO_TEKLIF_YOK');
  });

  it('sends the cash on delivery fields: amount with a dot, a document number, cash, same document', async () => {
    const req = request({ cashOnDeliveryMinor: 123_450 });
    const shipment = await carrier.ship(req);
    expect(server.shipments.get(shipment.id)?.fields).toMatchObject({
      ttInvoiceAmount: '1234.50',
      ttDocumentId: req.orderNumber,
      ttCollectionType: '0',
      ttDocumentSaveType: '0',
    });
  });

  it('tracks the parcel on to delivered, with Yurtiçi’s gönderi kodu and movements', async () => {
    const shipment = await carrier.ship(request());
    const seen = [];
    let last = await carrier.track(shipment.id);
    seen.push(last.status);
    while (last.status !== 'delivered' && seen.length < 6) {
      last = await carrier.track(shipment.id);
      seen.push(last.status);
    }
    expect(seen).toEqual(['created', 'in_transit', 'in_transit', 'delivered']);
    const docId = server.shipments.get(shipment.id)?.docId ?? '';
    expect(last.trackingNumber).toBe(docId);
    expect(last.trackingUrl).toContain(docId);
    expect(last.events.map((e) => e.description)).toEqual([
      'Kargo şubeye teslim alındı – Sorun yok',
      'Kargo transfer merkezinde – Sorun yok',
      'Kargo teslim edildi – Sorun yok',
    ]);
    expect(last.events[2]?.location).toBe('ÇANKAYA, ÇANKAYA, ANKARA');
  });

  it('cancels a shipment not yet taken, and a second cancel is fine', async () => {
    const shipment = await carrier.ship(request());
    await carrier.cancel(shipment.id);
    await carrier.cancel(shipment.id);
    expect((await carrier.track(shipment.id)).status).toBe('cancelled');
  });

  it('refuses to cancel a parcel a branch has taken', async () => {
    const shipment = await carrier.ship(request());
    server.setStatus(shipment.id, 'IND');
    const err = await failure(carrier.cancel(shipment.id));
    expect(err.code).toBe('KARGO_REDDETTI');
    expect(err.message).toMatch(/teslimattadır/);
  });

  it('says KARGO_GONDERI_YOK for a cargo key Yurtiçi does not have', async () => {
    expect((await failure(carrier.track('YOKBOYLEBIRKEY'))).code).toBe('KARGO_GONDERI_YOK');
    expect((await failure(carrier.cancel('YOKBOYLEBIRKEY'))).code).toBe('KARGO_GONDERI_YOK');
    expect((await failure(carrier.label('YOKBOYLEBIRKEY'))).code).toBe('KARGO_GONDERI_YOK');
  });

  it('makes the label: a PDF with the cargo key, sender, recipient, desi and kg', async () => {
    const req = request({ cashOnDeliveryMinor: 50_000 });
    const shipment = await carrier.ship(req);
    const pdf = await carrier.label(shipment.id);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const words = await pdfText(pdf);
    expect(words).toContain(shipment.id);
    for (const part of [
      'Vitrin Mağaza',
      'Ayşe Yılmaz',
      'Çankaya / Ankara',
      'Desi: 3',
      'Kg: 1,25',
      'Tahsilatlı',
    ]) {
      expect(words).toContain(part);
    }
  });

  it('makes the label of a shipment this process did not send from the shop’s record', async () => {
    const req = request();
    await carrier.ship(req);
    const id = yurticiCargoKey(req.key);
    const other = createYurticiCarrier({
      ...YURTICI_TEST_KEYS,
      baseUrl: server.url,
      findRequest: async (shipmentId) => (shipmentId === id ? req : undefined),
    });
    expect(await pdfText(await other.label(id))).toContain('Ayşe Yılmaz');
  });

  it('offers the contract price when the shop states one, nothing otherwise', async () => {
    expect(await carrier.offers(request())).toEqual([]);
    const priced = createYurticiCarrier({
      ...YURTICI_TEST_KEYS,
      baseUrl: server.url,
      contractPriceMinor: 8_990,
    });
    expect(await priced.offers(request())).toEqual([
      {
        id: 'yurtici-standart',
        carrier: 'Yurtiçi Kargo',
        service: 'Standart',
        amountMinor: 8_990,
        currency: 'TRY',
      },
    ]);
  });

  it('serves its WSDL', async () => {
    const wsdl = await (await fetch(`${server.url}?wsdl`)).text();
    expect(wsdl).toContain('name="createShipment"');
    expect(wsdl).toContain(server.url);
  });
});

describe('answers other than the stand-in’s', () => {
  const answering =
    (status: number, body: string, headers: Record<string, string> = {}): typeof fetch =>
    async () =>
      new Response(body, { status, headers: { 'Content-Type': 'text/xml', ...headers } });
  const withAnswer = (status: number, body: string, headers?: Record<string, string>) =>
    createYurticiCarrier({
      ...YURTICI_TEST_KEYS,
      baseUrl: 'http://yurtici.invalid',
      fetch: answering(status, body, headers),
    });
  const faultOf = (text: string) =>
    `<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><soap:Fault><faultcode>soap:Server</faultcode><faultstring>${text}</faultstring><detail><ns1:YurticikargoWSException xmlns:ns1="http://yurticikargo.com.tr/WSExceptions/"><errorCode>1</errorCode><errText>${text}</errText></ns1:YurticikargoWSException></detail></soap:Fault></soap:Body></soap:Envelope>`;

  it('reads a delivered answer with namespace prefixes and dotted dates (recorded shape)', async () => {
    const xml =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:queryShipmentResponse xmlns:ns2="http://yurticikargo.com.tr/ShippingOrderDispatcherServices"><ShippingDeliveryVO><outFlag>0</outFlag><outResult>Başarılı</outResult><count>1</count><senderCustId>1</senderCustId><shippingDeliveryDetailVO><cargoKey>K1</cargoKey><errCode>0</errCode><jobId>5</jobId><operationCode>5</operationCode><operationMessage>Kargo teslim edilmiştir.</operationMessage><operationStatus>DLV</operationStatus><shippingDeliveryItemDetailVO><docId>158160312958</docId><invDocCargoVOArray><unitName>ÇANKAYA</unitName><eventName>Teslim edildi</eventName><eventDate>24.06.2026</eventDate><eventTime>14:35</eventTime></invDocCargoVOArray></shippingDeliveryItemDetailVO></shippingDeliveryDetailVO></ShippingDeliveryVO></ns2:queryShipmentResponse></S:Body></S:Envelope>';
    const tracking = await withAnswer(200, xml).track('K1');
    expect(tracking).toMatchObject({ status: 'delivered', trackingNumber: '158160312958' });
    expect(tracking.trackingUrl).toBe(
      'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code=158160312958',
    );
    expect(tracking.events[0]?.at.toISOString()).toBe('2026-06-24T11:35:00.000Z');
  });

  it('says KARGO_YETKI_YOK for a fault about the user, KARGO_ULASILAMIYOR for another fault, a 503 or a page that is not SOAP', async () => {
    expect(
      (await failure(withAnswer(500, faultOf('Kullanıcı adı veya şifre hatalı')).track('K1'))).code,
    ).toBe('KARGO_YETKI_YOK');
    expect((await failure(withAnswer(500, faultOf('NullPointerException')).track('K1'))).code).toBe(
      'KARGO_ULASILAMIYOR',
    );
    expect((await failure(withAnswer(503, 'Service Unavailable').track('K1'))).code).toBe(
      'KARGO_ULASILAMIYOR',
    );
    expect((await failure(withAnswer(200, '<html>bakım</html>').track('K1'))).code).toBe(
      'KARGO_ULASILAMIYOR',
    );
    expect((await failure(withAnswer(403, 'Forbidden').track('K1'))).code).toBe('KARGO_YETKI_YOK');
  });

  it('says KARGO_YOGUN with the time to come back for a 429', async () => {
    const err = await failure(withAnswer(429, '', { 'Retry-After': '30' }).track('K1'));
    expect(err.code).toBe('KARGO_YOGUN');
    expect(err.retryAt).toBeInstanceOf(Date);
  });

  it('says KARGO_ULASILAMIYOR for Yurtiçi’s own unexpected error (936)', async () => {
    const xml =
      '<S:Envelope xmlns:S="http://schemas.xmlsoap.org/soap/envelope/"><S:Body><ns2:createShipmentResponse xmlns:ns2="http://yurticikargo.com.tr/ShippingOrderDispatcherServices"><ShippingOrderResultVO><outFlag>1</outFlag><outResult>Hata</outResult><count>1</count><jobId>0</jobId><shippingOrderDetailVO><cargoKey>X</cargoKey><errCode>936</errCode><errMessage>Beklenmeyen hata</errMessage></shippingOrderDetailVO></ShippingOrderResultVO></ns2:createShipmentResponse></S:Body></S:Envelope>';
    expect((await failure(withAnswer(200, xml).ship(request()))).code).toBe('KARGO_ULASILAMIYOR');
  });
});
