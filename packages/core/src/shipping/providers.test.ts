import { type GeliverContractServer, startGeliverServer } from '@vitrin/testing/geliver-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentRequest } from './carrier.ts';
import { carrierFromEnv } from './providers.ts';

let geliver: GeliverContractServer;
beforeAll(async () => {
  geliver = await startGeliverServer({ offerReads: 1 });
});
afterAll(() => geliver.close());

const address = {
  name: 'Vitrin Seramik',
  phone: '0212 555 00 00',
  city: 'İstanbul',
  district: 'Şişli',
  address: 'Halaskargazi Cad. No: 10',
  postalCode: '34371',
};

const request = (key: string): ShipmentRequest => ({
  key,
  orderNumber: key,
  sender: address,
  recipient: { ...address, name: 'Ayşe Yılmaz', phone: '5321234567' },
  parcels: [{ weightKg: 1, desi: 1 }],
  valueMinor: 10_000,
});

/** The `test` flag of the shipments Geliver was asked to create under `key`. */
const testFlags = (key: string) =>
  geliver.requests
    .filter((r) => r.method === 'POST' && r.path === '/shipments')
    .map((r) => r.body as { test?: boolean; order?: { orderNumber?: string } })
    .filter((b) => b.order?.orderNumber === key)
    .map((b) => b.test);

describe('GELIVER_TEST', () => {
  it.each([
    ['1', true, 'VTTEST1-1'],
    ['0', undefined, 'VTTEST2-1'],
    [undefined, undefined, 'VTTEST3-1'],
  ])('GELIVER_TEST=%s: shipments are created with test %s', async (value, test, key) => {
    const carrier = carrierFromEnv('geliver', {
      env: { GELIVER_API_TOKEN: geliver.token, GELIVER_BASE_URL: geliver.url, GELIVER_TEST: value },
      shopUrl: 'https://vitrin.example',
      tuning: { geliver: { offerPollMs: 1 } },
      findRequest: async () => undefined,
    });
    if ('missing' in carrier) throw new Error(carrier.missing);
    await carrier.offers(request(key));
    const flags = testFlags(key);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toBe(test);
  });
});
