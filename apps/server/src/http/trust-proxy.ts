import { isIP } from 'node:net';
import { startupError } from '@vitrin/core';

/**
 * Which proxies in front of the shop are believed about the client (`X-Forwarded-For`) and the scheme
 * (`X-Forwarded-Proto`): none, the nearest `n` hops, or the peers whose address is in a list.
 */
export type TrustProxy = false | number | readonly string[];

// proxy-addr's names for the private ranges (127/8 and ::1; 169.254/16 and fe80::/10; 10/8, 172.16/12, 192.168/16 and fc00::/7).
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/**
 * `TRUST_PROXY`: unset or `0` trusts nobody; a whole number is how many proxies stand in front (each appends
 * the address it got the request from, so the client's own entries further left are ignored); otherwise a
 * comma-separated list of proxy addresses and CIDR ranges.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim() ?? '';
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 10) throw startupError('CONFIG_INVALID', `TRUST_PROXY en fazla 10 vekil sayabilir: "${text}"`);
    return hops;
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isAddressOrRange(entry));
  if (wrong !== undefined) {
    throw startupError(
      'CONFIG_INVALID',
      `TRUST_PROXY bir vekil sayısı (ör. 1) ya da virgülle ayrılmış IP adresleri ve aralıkları (ör. 10.0.0.0/8) olmalıdır: "${wrong}"`,
    );
  }
  return entries;
}

/**
 * Fastify's `trustProxy` for the setting. A number is turned into a function: Fastify reads a bare number as
 * "trust no peer" for the scheme and the client address, where `n` here means the nearest `n` hops.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
