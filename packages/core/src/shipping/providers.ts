import type { Carrier, CarrierName, ShipmentRequest } from './carrier.ts';
import { createGeliverCarrier, GELIVER_BASE_URL, type GeliverOptions } from './geliver/geliver.ts';
import { createYurticiCarrier, type YurticiCarrierOptions } from './yurtici/index.ts';

/** The process environment the carriers' keys come from (never the database, never a page). */
export type CarrierEnv = Readonly<Record<string, string | undefined>>;

/** Yurtiçi Kargo's SOAP service (KOPSWebServices) when `YURTICI_BASE_URL` is not set. */
export const YURTICI_BASE_URL = 'https://ws.yurticikargo.com/KOPSWebServices/ShippingOrderDispatcherServices';

/** The environment variables each carrier reads (the panel may say which are set, never their values). */
export const CARRIER_KEYS: Record<CarrierName, readonly string[]> = {
  geliver: ['GELIVER_API_TOKEN', 'GELIVER_BASE_URL', 'GELIVER_TEST'],
  yurtici: ['YURTICI_USERNAME', 'YURTICI_PASSWORD', 'YURTICI_BASE_URL'],
};

/** What the shop adds to an adapter's options beyond its keys (tests: short waits). */
export interface CarrierTuning {
  geliver?: Partial<Omit<GeliverOptions, 'token' | 'baseUrl'>>;
  yurtici?: Partial<Omit<YurticiCarrierOptions, 'username' | 'password' | 'baseUrl' | 'findRequest'>>;
}

export interface CarrierSetup {
  env: CarrierEnv;
  shopUrl: string;
  tuning?: CarrierTuning;
  /** A shipment's request as the shop stored it, for a label this process did not make (Yurtiçi). */
  findRequest: (carrier: CarrierName, shipmentId: string) => Promise<ShipmentRequest | undefined>;
}

const isHttpUrl = (url: string) => /^https?:\/\/[^/\s]+/.test(url);

/** The carrier built from its environment variables, or why it cannot be (in Turkish). */
export function carrierFromEnv(name: CarrierName, setup: CarrierSetup): Carrier | { missing: string } {
  const { env } = setup;
  if (name === 'geliver') {
    const token = env.GELIVER_API_TOKEN?.trim();
    if (!token)
      return {
        missing:
          'Geliver anahtarı tanımlı değil: GELIVER_API_TOKEN ortam değişkenini girip sunucuyu yeniden başlatın (ya da kargo entegrasyonunu "manual" yapın).',
      };
    const baseUrl = env.GELIVER_BASE_URL?.trim() || GELIVER_BASE_URL;
    if (!isHttpUrl(baseUrl))
      return { missing: `GELIVER_BASE_URL bir http(s) adresi olmalıdır: "${baseUrl}"` };
    // GELIVER_TEST=1: Geliver's test shipments (free, nothing charged), for a new account's first labels.
    const test = env.GELIVER_TEST?.trim() === '1';
    return createGeliverCarrier({
      shopUrl: setup.shopUrl,
      ...(test ? { test } : {}),
      ...setup.tuning?.geliver,
      token,
      baseUrl,
    });
  }
  const username = env.YURTICI_USERNAME?.trim();
  const password = env.YURTICI_PASSWORD?.trim();
  if (!username || !password)
    return {
      missing:
        'Yurtiçi Kargo anahtarları tanımlı değil: YURTICI_USERNAME ve YURTICI_PASSWORD ortam değişkenlerini girip sunucuyu yeniden başlatın (ya da kargo entegrasyonunu "manual" yapın).',
    };
  const baseUrl = env.YURTICI_BASE_URL?.trim() || YURTICI_BASE_URL;
  if (!isHttpUrl(baseUrl)) return { missing: `YURTICI_BASE_URL bir http(s) adresi olmalıdır: "${baseUrl}"` };
  return createYurticiCarrier({
    ...setup.tuning?.yurtici,
    username,
    password,
    baseUrl,
    findRequest: (shipmentId) => setup.findRequest('yurtici', shipmentId),
  });
}

/**
 * The shop's carriers, each built once per set of keys (a Geliver carrier remembers the shop's sender address
 * id); keys changed in the environment make a new one.
 */
export function createCarriers(setup: CarrierSetup) {
  const built = new Map<string, Carrier | { missing: string }>();
  return {
    get(name: CarrierName): Carrier | { missing: string } {
      const key = `${name}:${JSON.stringify(CARRIER_KEYS[name].map((k) => setup.env[k] ?? ''))}`;
      let entry = built.get(key);
      if (!entry) {
        entry = carrierFromEnv(name, setup);
        built.set(key, entry);
      }
      return entry;
    },
  };
}

export type Carriers = ReturnType<typeof createCarriers>;
