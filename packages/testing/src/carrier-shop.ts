import type { SettingsService } from '@vitrin/core/settings/service';
import type { CarrierName } from '@vitrin/core/shipping/carrier';
import type { CarrierTuning } from '@vitrin/core/shipping/providers';
import { type GeliverContractServer, startGeliverServer } from './geliver-server.ts';
import { startYurticiServer, type YurticiContractServer } from './yurtici-server.ts';

/**
 * A shop that buys labels from the carriers' stand-ins (issue 41): the Geliver stand-in (offers ready on the
 * first read) and the Yurtiçi Kargo one, the environment the shop reads their keys from (tests change it),
 * the tuning that keeps a test quick, and the shop's sender address.
 *
 *     const carriers = await openCarrierShop();
 *     const services = await createTestServices({ options: { shipping: carriers.shipping } });
 *     await carriers.setUp(services.settings);
 *     await carriers.use(services.settings, 'geliver');
 */

/** The carriers' clients against the stand-ins: Geliver's test mode, no waiting between offer reads. */
export const CARRIER_TUNING = {
  geliver: { test: true, offerPollMs: 1, timeoutMs: 5_000 },
  yurtici: { timeoutMs: 5_000 },
} as const satisfies CarrierTuning;

/** The address parcels leave from (`shipping_sender`). */
export const SHOP_SENDER = {
  city: 'İstanbul',
  district: 'Şişli',
  address: 'Halaskargazi Cad. No: 10',
  postalCode: '34371',
} as const;

type Settings = Pick<SettingsService, 'set'>;

export interface CarrierShop {
  geliver: GeliverContractServer;
  yurtici: YurticiContractServer;
  /** The environment the shop reads GELIVER_* and YURTICI_* from; empty until `keys` or `use`. */
  env: Record<string, string | undefined>;
  /** The services' `shipping` option. */
  shipping: { env: Record<string, string | undefined>; tuning: CarrierTuning };
  /** The shop's sender address and phone in its settings. */
  setUp(settings: Settings): Promise<void>;
  /** Puts the carrier's stand-in keys in the environment (every carrier's without one). */
  keys(carrier?: CarrierName): void;
  /** Takes every key out of the environment. */
  clearKeys(): void;
  /** The carrier's keys in the environment and `shipping_provider` set to it. */
  use(settings: Settings, carrier: CarrierName): Promise<void>;
  close(): Promise<void>;
}

export async function openCarrierShop(): Promise<CarrierShop> {
  const geliver = await startGeliverServer({ offerReads: 1 });
  const yurtici = await startYurticiServer();
  const env: Record<string, string | undefined> = {};
  const keysOf: Record<CarrierName, Record<string, string>> = {
    geliver: { GELIVER_API_TOKEN: geliver.token, GELIVER_BASE_URL: geliver.url },
    yurtici: {
      YURTICI_USERNAME: yurtici.keys.username,
      YURTICI_PASSWORD: yurtici.keys.password,
      YURTICI_BASE_URL: yurtici.url,
    },
  };
  const keys = (carrier?: CarrierName) =>
    Object.assign(env, ...(carrier ? [keysOf[carrier]] : Object.values(keysOf)));
  return {
    geliver,
    yurtici,
    env,
    shipping: { env, tuning: CARRIER_TUNING },
    async setUp(settings) {
      await settings.set('shipping_sender', JSON.stringify(SHOP_SENDER));
      await settings.set('contact_phone', '0212 555 00 00');
    },
    keys,
    clearKeys() {
      for (const key of Object.keys(env)) delete env[key];
    },
    async use(settings, carrier) {
      keys(carrier);
      await settings.set('shipping_provider', carrier);
    },
    async close() {
      await Promise.all([geliver.close(), yurtici.close()]);
    },
  };
}
