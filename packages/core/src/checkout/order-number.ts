import { randomInt } from 'node:crypto';

/**
 * Order numbers: `VT-` and 8 characters from an alphabet without look-alikes (no 0/O, no 1/I/L): short
 * enough to read out on the phone, and 31^8 ≈ 8.5 × 10^11 values drawn from a cryptographic source, so one
 * order's number says nothing about another's and cannot be guessed. A collision is caught by the unique
 * index and the order placed again with a new number.
 */
export const ORDER_NO_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ORDER_NO_PATTERN = /^VT-[A-HJKMNP-Z2-9]{8}$/;

export function newOrderNo(): string {
  let out = 'VT-';
  for (let i = 0; i < 8; i++) out += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return out;
}
