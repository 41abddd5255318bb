import type { Secret } from '../orders/secrets.ts';
import type { PaymentProvider, PaymentProviders, ProviderName } from './provider.ts';
import { createTestPaymentProvider } from './test-provider.ts';

/** The process environment the providers read their keys from (never the database, never the browser). */
export type ProviderEnv = Readonly<Record<string, string | undefined>>;

/** Builds a provider from the environment, or says (in Turkish) which keys are missing. */
export type ProviderFactory = (env: ProviderEnv) => PaymentProvider | { missing: string };

export interface ProvidersOptions {
  settings: { get(key: 'payment_provider'): Promise<ProviderName> };
  env: ProviderEnv;
  /** The built-in test bank: only in the demo shop and in development. */
  allowTestProvider: boolean;
  testSecret: Secret;
  /** The real providers by name (`iyzico`, `paytr`); each reads its own keys. */
  factories: Partial<Record<Exclude<ProviderName, 'test'>, ProviderFactory>>;
}

const NAMES: Record<ProviderName, string> = { test: 'Test', iyzico: 'iyzico', paytr: 'PayTR' };

/** The environment variables each provider reads (the panel says which are set, never their values). */
export const PROVIDER_KEYS: Record<ProviderName, readonly string[]> = {
  test: [],
  iyzico: ['IYZICO_API_KEY', 'IYZICO_SECRET_KEY', 'IYZICO_BASE_URL'],
  paytr: [
    'PAYTR_MERCHANT_ID',
    'PAYTR_MERCHANT_KEY',
    'PAYTR_MERCHANT_SALT',
    'PAYTR_BASE_URL',
    'PAYTR_TEST_MODE',
  ],
};

/** One provider as the panel shows it: ready or why not, its mode, and which of its keys are set. */
export interface ProviderState {
  name: ProviderName;
  label: string;
  ready: boolean;
  mode: string | null;
  reason: string | null;
  keys: { name: string; set: boolean }[];
}

/**
 * The providers of one shop: `payment_provider` names the one that takes new payments; an attempt already
 * started keeps its own (a result or a refund goes to the provider that took it, even after a switch).
 * Each provider is built once, from the environment.
 */
export function createPaymentProviders(options: ProvidersOptions): PaymentProviders & {
  /** What the panel shows: the chosen provider, its mode and which keys are set (never their values). */
  status(): Promise<{
    name: ProviderName;
    label: string;
    ready: boolean;
    mode: string | null;
    reason: string | null;
  }>;
  /** Every provider's state and the chosen one's name (the panel's "Kart ödemesi" section). */
  overview(): Promise<{ chosen: ProviderName; providers: ProviderState[] }>;
} {
  const built = new Map<ProviderName, PaymentProvider | { missing: string }>();

  function build(name: ProviderName): PaymentProvider | { missing: string } {
    let entry = built.get(name);
    if (!entry) {
      if (name === 'test') {
        entry = options.allowTestProvider
          ? createTestPaymentProvider(options.testSecret)
          : {
              missing:
                'Test ödeme sağlayıcısı yalnızca demo mağazada ve geliştirmede kullanılabilir. Ayarlardan iyzico ya da PayTR seçin ve anahtarlarını ortam değişkenlerine girin; o zamana kadar kartla ödeme sunulmaz (havale ve kapıda ödeme çalışır).',
            };
      } else {
        const factory = options.factories[name];
        entry = factory
          ? factory(options.env)
          : { missing: `${NAMES[name]} bu sürümde kullanılamıyor; kartla ödeme sunulmaz.` };
      }
      built.set(name, entry);
    }
    return entry;
  }

  const isProvider = (e: PaymentProvider | { missing: string }): e is PaymentProvider => !('missing' in e);

  function stateOf(name: ProviderName): Omit<ProviderState, 'keys'> {
    const entry = build(name);
    return isProvider(entry)
      ? { name, label: NAMES[name], ready: true, mode: entry.mode, reason: null }
      : { name, label: NAMES[name], ready: false, mode: null, reason: entry.missing };
  }

  return {
    async active() {
      const entry = build(await options.settings.get('payment_provider'));
      return isProvider(entry)
        ? { provider: entry, reason: null }
        : { provider: null, reason: entry.missing };
    },

    byName(name: string) {
      if (!Object.hasOwn(NAMES, name)) return null;
      const entry = build(name as ProviderName);
      return isProvider(entry) ? entry : null;
    },

    async status() {
      return stateOf(await options.settings.get('payment_provider'));
    },

    async overview() {
      const chosen = await options.settings.get('payment_provider');
      const providers = (Object.keys(NAMES) as ProviderName[]).map((name) => ({
        ...stateOf(name),
        keys: PROVIDER_KEYS[name].map((key) => ({ name: key, set: Boolean(options.env[key]?.trim()) })),
      }));
      return { chosen, providers };
    },
  };
}
