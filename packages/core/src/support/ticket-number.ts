import { randomInt } from 'node:crypto';
import { ORDER_NO_ALPHABET } from '../checkout/order-number.ts';

/**
 * Ticket numbers: `DT-` (destek talebi) and 8 characters from the order numbers' alphabet without
 * look-alikes, drawn from a cryptographic source: short enough to read out on the phone, and one ticket's
 * number says nothing about another's. A collision is caught by the unique index and retried.
 */
export function newTicketNo(): string {
  let out = 'DT-';
  for (let i = 0; i < 8; i++) out += ORDER_NO_ALPHABET[randomInt(ORDER_NO_ALPHABET.length)];
  return out;
}
