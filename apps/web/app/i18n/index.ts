import { messages } from './messages.ts';
import type { Catalogue as Shared } from './tr.ts';
import type { texts as AddressTexts } from './tr-address.ts';
import type { texts as AuthTexts } from './tr-auth.ts';
import type { texts as CheckoutTexts } from './tr-checkout.ts';
import type { texts as InformationTexts } from './tr-information.ts';
import type { texts as ReviewFormTexts } from './tr-review-form.ts';
import type { texts as SecurePayTexts } from './tr-secure-pay.ts';

/** The whole catalogue: the texts of every page (`tr.ts`) and those of a few pages, loaded with them. */
type Catalogue = Shared &
  typeof AuthTexts &
  typeof CheckoutTexts &
  typeof AddressTexts &
  typeof InformationTexts &
  typeof ReviewFormTexts &
  typeof SecurePayTexts;

/** Every key of the catalogue, e.g. `'catalog.vatIncluded'`: a mistyped key fails the type check. */
type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = KeyOf<Catalogue>;
export type TranslateFn = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * Messages asked for without values are looked up once: a page render asks for the same labels hundreds of
 * times, and each lookup otherwise splits the key and scans the text for placeholders again.
 */
const plain = new Map<MessageKey, string>();

const t: TranslateFn = (key, params) => {
  if (params) return messages.t(key, params);
  let text = plain.get(key);
  if (text === undefined) {
    text = messages.t(key);
    plain.set(key, text);
  }
  return text;
};

/** For code outside components (meta functions, loaders). */
export const i18n = { t };

export function useTranslation(): { t: TranslateFn } {
  return i18n;
}
