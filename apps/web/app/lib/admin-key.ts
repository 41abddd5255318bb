import { ADMIN_KEY_COOKIE, ADMIN_KEY_STORAGE } from '@vitrin/shared/constants';

/**
 * Mirrors the spec's localStorage `admin_key` into a cookie so that the server, which alone knows the real
 * key, can decide about the maintenance bypass. Returns true when the cookie changed.
 */
export function syncAdminKeyCookie(): boolean {
  let key: string | null = null;
  try {
    key = window.localStorage.getItem(ADMIN_KEY_STORAGE);
  } catch {
    return false;
  }
  const current = document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${ADMIN_KEY_COOKIE}=`))
    ?.slice(ADMIN_KEY_COOKIE.length + 1);
  const wanted = key ? encodeURIComponent(key) : undefined;
  if (current === wanted) return false;
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari.
  document.cookie = wanted
    ? `${ADMIN_KEY_COOKIE}=${wanted}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`
    : `${ADMIN_KEY_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${secure}`;
  return true;
}
