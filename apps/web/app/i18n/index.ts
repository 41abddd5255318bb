import rosetta from 'rosetta';
import { type Catalogue, tr } from './tr.ts';

/** Every key of the catalogue, e.g. `'catalog.vatIncluded'`: a mistyped key fails the type check. */
type KeyOf<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyOf<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type MessageKey = KeyOf<Catalogue>;
export type TranslateFn = (key: MessageKey, params?: Record<string, string | number>) => string;

/**
 * The storefront's messages: rosetta (a few hundred bytes) over the Turkish catalogue, with `{{name}}`
 * placeholders. It replaced i18next, which cost 16 kB of compressed JavaScript on every page for what is a
 * lookup in one fixed language (Turkish counts need no plural forms: "1 ürün", "5 ürün"). A second locale
 * joins the dictionary here; the language is fixed for a page's life, so nothing needs to re-render.
 */
const messages = rosetta<Catalogue>({ tr });
messages.locale('tr');

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
