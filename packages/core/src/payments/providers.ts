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
      const name = await options.settings.get('payment_provider');
      const entry = build(name);
      return isProvider(entry)
        ? { name, label: NAMES[name], ready: true, mode: entry.mode, reason: null }
        : { name, label: NAMES[name], ready: false, mode: null, reason: entry.missing };
    },
  };
}
