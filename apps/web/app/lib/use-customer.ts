import { PROFILE_STORAGE_KEY, SIGNED_IN_COOKIE } from '@vitrin/shared/api/account-context';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useApi } from './api-context.tsx';
import { whenIdle } from './idle.ts';

/** The public profile the browser keeps (spec: auth state in local storage); never a token. */
export interface StoredProfile {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
}

/** Fired on this window when the stored profile changes (the `storage` event only reaches other tabs). */
const PROFILE_EVENT = 'vitrin:profile';

function isProfile(value: unknown): value is StoredProfile {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.id === 'number' &&
    typeof p.firstName === 'string' &&
    typeof p.lastName === 'string' &&
    typeof p.email === 'string'
  );
}

/** The answer of `GET /api/front/auth/me`: the profile itself or wrapped as `{ customer }`. */
function profileOf(body: unknown): StoredProfile | null {
  if (isProfile(body)) return body;
  const wrapped = (body as { customer?: unknown } | null)?.customer;
  return isProfile(wrapped) ? wrapped : null;
}

export function readStoredProfile(): StoredProfile | null {
  try {
    const raw = localStorage.getItem(PROFILE_STORAGE_KEY);
    const value: unknown = raw ? JSON.parse(raw) : null;
    return isProfile(value) ? value : null;
  } catch {
    return null;
  }
}

/** Keeps only `{id, firstName, lastName, email}` (or removes the profile) and tells this page's hooks. */
export function storeProfile(profile: StoredProfile | null): void {
  try {
    if (profile) {
      const { id, firstName, lastName, email } = profile;
      localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify({ id, firstName, lastName, email }));
    } else {
      localStorage.removeItem(PROFILE_STORAGE_KEY);
    }
  } catch {
    // Storage refused (private mode, quota): the header simply shows the guest links.
  }
  window.dispatchEvent(new Event(PROFILE_EVENT));
}

/** Whether the script-readable "signed in" marker cookie is there (the session cookie itself is httpOnly). */
export function hasSignedInCookie(cookie: string = document.cookie): boolean {
  return cookie.split(/;\s*/).some((part) => part === `${SIGNED_IN_COOKIE}=1`);
}

/**
 * The logged-in customer as the browser knows it, for what server HTML cannot show (pages are cached for
 * everyone). `null` on the server and until the first effect, so hydration matches the server HTML.
 * Checked again on every navigation: a login, logout or expiry elsewhere shows on the next page.
 */
export function useCustomer(): { customer: StoredProfile | null; logout: () => Promise<void> } {
  const api = useApi();
  const logout = useLogout();
  const { pathname } = useLocation();
  const [customer, setCustomer] = useState<StoredProfile | null>(null);

  useEffect(() => {
    const sync = () => setCustomer(hasSignedInCookie() ? readStoredProfile() : null);
    window.addEventListener(PROFILE_EVENT, sync);
    window.addEventListener('storage', sync);
    return () => {
      window.removeEventListener(PROFILE_EVENT, sync);
      window.removeEventListener('storage', sync);
    };
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: checked again on purpose whenever the path changes.
  useEffect(() => {
    let cancelled = false;
    // The cookie jar and storage are synchronous calls into the browser: read once hydration is done.
    const cancelCheck = whenIdle(() => {
      if (!hasSignedInCookie()) {
        if (readStoredProfile()) storeProfile(null);
        setCustomer(null);
        return;
      }
      const stored = readStoredProfile();
      if (stored) {
        setCustomer(stored);
        return;
      }
      api<unknown>('/api/front/auth/me', { quiet: true })
        .then((body) => {
          const profile = profileOf(body);
          if (cancelled || !profile) return;
          storeProfile(profile);
          setCustomer(profile);
        })
        .catch(() => {
          // No profile (an ended session): the header keeps the guest links.
        });
    });
    return () => {
      cancelled = true;
      cancelCheck();
    };
  }, [api, pathname]);

  return { customer, logout };
}

/**
 * Logs out (spec): `POST /api/front/auth/logout` with the session cookie; a failure is only logged. In
 * every case the stored profile goes and the shopper lands on '/'.
 */
export function useLogout(): () => Promise<void> {
  const api = useApi();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await api('/api/front/auth/logout', { method: 'POST', quiet: true });
    } catch (err) {
      console.error('Logout işlemi sırasında hata', err);
    }
    storeProfile(null);
    await navigate('/');
  }, [api, navigate]);
}
