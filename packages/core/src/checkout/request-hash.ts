import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every level: the same request always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What an `Idempotency-Key` is bound to: the checkout request (after validation, so spelling differences
 * such as phone formats do not count) and whose cart it is. The same key with anything else is refused.
 */
export function requestHash(body: unknown, ownerKey: string): string {
  return createHash('sha256')
    .update(`${ownerKey}\n${canonicalJson(body)}`)
    .digest('hex');
}
