import { createHash } from 'node:crypto';
import type { CartPersonalization } from '../db/schema.ts';

/**
 * One cart line per product, variant and personalization: adding the same thing again raises its quantity,
 * while the same mug with another name printed on it is a line of its own. The personalization enters as a
 * hash of its canonical JSON (keys sorted), so the key stays short and field order does not matter.
 */
export function lineKey(
  productId: number,
  variantId: number | null,
  personalization: CartPersonalization | null,
): string {
  const base = `${productId}:${variantId ?? 0}`;
  if (!personalization) return base;
  const fields = Object.fromEntries(
    Object.entries(personalization.fields).sort(([a], [b]) => (a < b ? -1 : 1)),
  );
  const canonical = JSON.stringify({ fields, image: personalization.image ?? null });
  return `${base}:${createHash('sha256').update(canonical).digest('base64url').slice(0, 22)}`;
}
