import type { RootData } from '../lib/use-home.ts';

/** Account pages are one person's: never stored by a browser, a proxy or the page cache. */
export const NO_STORE = { 'Cache-Control': 'private, no-store' };

/** `headers` of every account route module. */
export const accountHeaders = () => NO_STORE;

/** Title of an account page, kept out of search engines. */
export function accountMeta(matches: ReadonlyArray<{ data?: unknown } | undefined>, title: string) {
  const root = matches[0]?.data as RootData | undefined;
  const brand = root?.home.global_setting.brand_name ?? 'Vitrin';
  return [{ title: `${title} | ${brand}` }, { name: 'robots', content: 'noindex, nofollow' }];
}
