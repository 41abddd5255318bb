/**
 * The storefront header's menu in the panel (`/api/admin/menu`, `content.write`: owners and managers): a tree
 * of links. A link is an absolute http(s) URL (`https://` added to `www.ornek.com.tr/x`) or a path of this site
 * (`/shop/giyim`, `/page/hakkimizda`); anything else is refused in Turkish. Brings zod.
 */
import { isHttpUrl } from '../../email.ts';
import { WEB_ADDRESS_MESSAGES, withHttps } from '../../web-address.ts';
import { lineText, z } from '../../zod.ts';
import { rowId } from './categories.ts';

export const MENU_TITLE_MAX = 60;
export const MENU_URL_MAX = 500;

/** A path of this site: one leading slash (not `//`, another host), then URL characters only, no spaces. */
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~%!$&'()*+,;=:@/?#]*$/;

/** True for an http(s) URL or a site-relative path; what a menu link may be. */
export function isMenuUrl(value: string): boolean {
  return SITE_PATH.test(value) || isHttpUrl(value);
}

export const menuItemRequest = z.object({
  title: lineText({ error: 'Başlığı girin' })
    .trim()
    .min(1, 'Başlığı girin')
    .max(MENU_TITLE_MAX, `Başlık en fazla ${MENU_TITLE_MAX} karakter olabilir`),
  url: lineText({ error: WEB_ADDRESS_MESSAGES.invalidLink })
    .trim()
    .min(1, { message: WEB_ADDRESS_MESSAGES.required, abort: true })
    .overwrite(withHttps)
    .max(MENU_URL_MAX, WEB_ADDRESS_MESSAGES.tooLong(MENU_URL_MAX))
    .refine(isMenuUrl, WEB_ADDRESS_MESSAGES.invalidLink),
  isActive: z.boolean({ error: 'Görünürlük evet ya da hayır olmalı' }).default(true),
  parentId: rowId('Üst bağlantıyı listeden seçin').nullable().default(null),
});
export type MenuItemRequest = z.input<typeof menuItemRequest>;
export type MenuItemInput = z.output<typeof menuItemRequest>;

export const menuItemIdParam = rowId('Menü öğesi numarası geçersiz');

export const adminMenuItemSchema = z.object({
  id: z.number().int(),
  parentId: z.number().int().nullable(),
  title: z.string(),
  url: z.string(),
  position: z.number().int().describe('Order among its siblings, from 0'),
  isActive: z.boolean(),
  depth: z.number().int().describe('0 for a top-level link'),
});
export type AdminMenuItem = z.output<typeof adminMenuItemSchema>;

export const menuListAnswer = z.object({ items: z.array(adminMenuItemSchema) });
export const menuItemAnswer = z.object({ item: adminMenuItemSchema });
