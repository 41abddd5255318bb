import rosetta from 'rosetta';
import { tr } from './tr.ts';

/**
 * The storefront's messages: rosetta (a few hundred bytes) over the Turkish catalogue, with `{{name}}`
 * placeholders. It replaced i18next, which cost 16 kB of compressed JavaScript on every page for what is a
 * lookup in one fixed language (Turkish counts need no plural forms: "1 ürün", "5 ürün"). A second locale
 * joins the dictionary here; the language is fixed for a page's life, so nothing needs to re-render.
 */
export const messages = rosetta<Record<string, unknown>>({ tr });
messages.locale('tr');

/**
 * Adds the texts of a few pages (`tr-*.ts`: the address form, the 3-D Secure page…) when the module showing
 * them loads, so the catalogue every page downloads holds only what most pages show. Each such file is
 * imported by the modules using its keys, and its sections' names are its own.
 */
export function addTexts(texts: Record<string, unknown>): void {
  messages.set('tr', texts);
}
