/**
 * The instalment table a card provider gives (`/api/front/payments/instalments`): the general one before a
 * card is typed, or the one of a card by its first digits (BIN). Request schemas bring zod: imported by path.
 */
import { z } from '../zod.ts';
import { INSTALMENT_CHOICES } from './cart.ts';

/** The largest amount an order may have (50 000 000 TL), in kuruş. */
const MAX_MINOR = 5_000_000_000;

const amount = (what: string) =>
  z.coerce
    .number({ error: `${what} bir sayı olmalı` })
    .int(`${what} kuruş cinsinden tam sayı olmalı`)
    .min(1, `${what} 0'dan büyük olmalı`)
    .max(MAX_MINOR, `${what} en fazla 50.000.000 TL olabilir`);

/**
 * The general table. `amount` is what instalments are priced on (the shop's instalment price, type 4);
 * `single` the single payment when it is lower (the sale price), else `amount`.
 */
export const instalmentTableQuery = z.object({
  amount: amount('Tutar'),
  single: amount('Tek çekim tutarı').optional(),
});

/**
 * A card's table: only its first 6-8 digits (the BIN), in the body, never in an address; a longer number
 * is refused, so a card number never reaches the server through this route.
 */
export const cardInstalmentsRequest = instalmentTableQuery.extend({
  bin: z
    .string({ error: 'Kartın ilk 6 hanesi gerekli' })
    .regex(/^\d{6,8}$/, 'Yalnızca kart numarasının ilk 6-8 hanesi gönderilmeli'),
});

export interface InstalmentRowView {
  count: number;
  /** What the card is charged in all, the provider's interest included, kuruş. */
  totalMinor: number;
  monthlyMinor: number;
}

/** The rows of one card programme (`Bonus`, `World`…) or, without a name, of every card. */
export interface InstalmentGroupView {
  bank: string | null;
  family: string | null;
  rows: InstalmentRowView[];
}

export interface InstalmentTableView {
  /** The provider of new payments (`test`, `iyzico`, `paytr`), null when the shop takes no card. */
  provider: string | null;
  /** For a card: its bank and programme as the provider names them. */
  card: { bank: string | null; family: string | null } | null;
  /** Each with the single payment (count 1) first. */
  groups: InstalmentGroupView[];
  /** False when the provider did not answer (down or slow): a single payment only, `message` says so. */
  available: boolean;
  message: string | null;
}

/** An instalment count the shop offers (1: a single payment); a form's empty value is none. */
export const instalmentCount = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: 'Taksit sayısı bir sayı olmalı' })
    .int('Taksit sayısı bir tam sayı olmalı')
    .refine(
      (n) => (INSTALMENT_CHOICES as readonly number[]).includes(n),
      'Taksit sayısı 1, 2, 3, 6, 9 ya da 12 olabilir',
    ),
);
