/**
 * The cart as the browser sees it: the REST calls of `@vitrin/shared/api/cart`, the header count store, and
 * the small pure rules the cart screens share (quantity bounds, upload checks, free-shipping progress,
 * coupon texts). No component code here, and no value import of `api-client.ts`: the API client and ofetch
 * stay out of the first download (see `api-context.tsx`).
 */

import {
  type AddToCartRequest,
  type CartTotals,
  type CartView,
  MAX_LINE_QUANTITY,
  MAX_UPLOAD_BYTES,
  type PublicCoupon,
} from '@vitrin/shared/api/cart';
import type { StockView } from '@vitrin/shared/api/catalog';
import { formatMoney } from '@vitrin/shared/money';
import { useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { i18n } from '../i18n/index.ts';
import type { ApiClient } from './api-client.ts';
import { whenIdle } from './idle.ts';
import { hasSignedInCookie } from './use-customer.ts';

// ---------------------------------------------------------------------------------------------------------
// The header count: one number shared by every component of the page, and by the other tabs.

/** The last count this browser saw; it also says "this browser has (had) a cart" (the cart cookie is httpOnly). */
const COUNT_KEY = 'vitrin:cart-count';

let current: number | null = null;
const listeners = new Set<() => void>();

function emit(count: number | null): void {
  current = count;
  for (const listener of listeners) listener();
}

/** Sets the header count after a cart answer and remembers it for the next page and the other tabs. */
export function setCartCount(count: number): void {
  try {
    localStorage.setItem(COUNT_KEY, String(count));
  } catch {
    // Storage refused (private mode): the count is still right on this page.
  }
  emit(count);
}

function storedCount(): number | null {
  try {
    const raw = localStorage.getItem(COUNT_KEY);
    const value = raw === null ? Number.NaN : Number(raw);
    return Number.isInteger(value) && value >= 0 ? value : null;
  } catch {
    return null;
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/** The item count, or null while unknown (always null in server HTML, which is cached for everyone). */
export function useCartCount(): number | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** Whether the visitor was signed in when the count was last fetched; a change means a cart merge or a new cart. */
let countedSignedIn: boolean | null = null;

async function refreshCount(api: ApiClient): Promise<void> {
  countedSignedIn = hasSignedInCookie();
  try {
    const { count } = await api<{ count: number }>('/api/front/cart/count', { quiet: true });
    setCartCount(count);
  } catch {
    // The badge keeps what it showed; the cart page shows the truth.
  }
}

/**
 * Keeps the header count right after hydration. A guest's cart can only have been made by this browser,
 * which then remembers its count: visitors who never added anything cost the API nothing. A count is asked
 * for when one is remembered (to confirm it) and whenever the visitor logs in or out (carts merge at login).
 */
export function useCartCountSync(api: ApiClient): void {
  const { pathname } = useLocation();

  useEffect(() => {
    // Storage and the cookie jar are synchronous calls into the browser: read once hydration is done.
    const cancel = whenIdle(() => {
      const remembered = storedCount();
      if (remembered !== null) {
        emit(remembered);
        void refreshCount(api);
      } else {
        countedSignedIn = hasSignedInCookie();
      }
    });
    const onStorage = (event: StorageEvent) => {
      if (event.key === COUNT_KEY) emit(storedCount());
    };
    // A page restored from the back/forward cache may show an old count.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted && storedCount() !== null) void refreshCount(api);
    };
    window.addEventListener('storage', onStorage);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      cancel();
      window.removeEventListener('storage', onStorage);
      window.removeEventListener('pageshow', onPageShow);
    };
  }, [api]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on purpose whenever the path changes.
  useEffect(() => {
    if (countedSignedIn !== null && countedSignedIn !== hasSignedInCookie()) void refreshCount(api);
  }, [api, pathname]);
}

// ---------------------------------------------------------------------------------------------------------
// REST calls. Every answer that carries the cart also updates the header count.

const withCount = async (request: Promise<CartView>): Promise<CartView> => {
  const cart = await request;
  setCartCount(cart.count);
  return cart;
};

export const cartApi = {
  get: (api: ApiClient) => withCount(api<CartView>('/api/front/cart')),
  add: (api: ApiClient, body: AddToCartRequest) =>
    withCount(api<CartView>('/api/front/cart/items', { method: 'POST', body })),
  setQuantity: (api: ApiClient, lineId: number, quantity: number) =>
    withCount(api<CartView>(`/api/front/cart/items/${lineId}`, { method: 'PATCH', body: { quantity } })),
  remove: (api: ApiClient, lineId: number) =>
    withCount(api<CartView>(`/api/front/cart/items/${lineId}`, { method: 'DELETE' })),
  applyCoupon: (api: ApiClient, code: string) =>
    withCount(api<CartView>('/api/front/cart/coupon', { method: 'POST', body: { code } })),
  removeCoupon: (api: ApiClient) => withCount(api<CartView>('/api/front/cart/coupon', { method: 'DELETE' })),
  upload: (api: ApiClient, file: File) => {
    const body = new FormData();
    body.append('file', file);
    return api<{ path: string }>('/api/front/cart/uploads', { method: 'POST', body });
  },
};

/** The parts of an `ApiError` (checked by shape, so this module does not load the API client). */
export interface ApiFailure {
  status: number;
  code: string;
  message: string;
  fields: Record<string, string>;
}

/** An API answer 400-599 as its parts; null for a network failure (already shown by the API provider's toast). */
export function apiFailure(error: unknown): ApiFailure | null {
  if (!(error instanceof Error) || error.name !== 'ApiError') return null;
  const { status, code, fields } = error as Error & Partial<ApiFailure>;
  return {
    status: status ?? 0,
    code: code ?? '',
    message: error.message,
    fields: fields ?? {},
  };
}

// ---------------------------------------------------------------------------------------------------------
// Pure rules.

/** The most one may put in the cart from a product page: the few left, else the line limit; 0 when out. */
export function maxQuantityFor(stock: StockView): number {
  if (stock.state === 'out') return 0;
  if (stock.state === 'low' && stock.remaining !== null) return Math.min(stock.remaining, MAX_LINE_QUANTITY);
  return MAX_LINE_QUANTITY;
}

/** A typed quantity as a whole number within 1..max (1 for anything unreadable). */
export function clampQuantity(value: number | string, max: number): number {
  const n = typeof value === 'number' ? value : Number.parseInt(value, 10);
  const upper = Math.max(1, Math.min(max, MAX_LINE_QUANTITY));
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(Math.trunc(n), upper);
}

export const UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** The Turkish reason a personalization image is refused before upload, or null when it may go. */
export function checkUpload(file: { type: string; size: number }): string | null {
  if (!(UPLOAD_TYPES as readonly string[]).includes(file.type)) return i18n.t('cart.imageType');
  if (file.size > MAX_UPLOAD_BYTES) {
    const size = (file.size / (1024 * 1024)).toLocaleString('tr-TR', { maximumFractionDigits: 1 });
    return i18n.t('cart.imageSize', { size });
  }
  return null;
}

export interface FreeShippingProgress {
  /** Whole percent 0-100 of the way to free shipping. */
  percent: number;
  reached: boolean;
  remainingMinor: number;
}

/** Progress to free shipping; null when the shop has none or the cart ships nothing (virtual products only). */
export function freeShippingProgress(totals: CartTotals): FreeShippingProgress | null {
  const threshold = totals.freeShippingThresholdMinor;
  if (!totals.needsShipping || threshold <= 0) return null;
  const remaining = Math.max(0, Math.min(threshold, totals.remainingForFreeShippingMinor));
  const percent = Math.floor(((threshold - remaining) * 100) / threshold);
  return { percent, reached: remaining === 0, remainingMinor: remaining };
}

/** `%10` or `₺50,00`. */
export function couponDiscountText(coupon: Pick<PublicCoupon, 'kind' | 'value'>): string {
  return coupon.kind === 'percent'
    ? i18n.t('coupons.percent', { value: coupon.value })
    : formatMoney(coupon.value);
}

/** The minimum basket of a coupon, or "Alt sınır yok". */
export function couponMinimumText(coupon: Pick<PublicCoupon, 'minBasketMinor'>): string {
  return coupon.minBasketMinor > 0 ? formatMoney(coupon.minBasketMinor) : i18n.t('coupons.noMinimum');
}
