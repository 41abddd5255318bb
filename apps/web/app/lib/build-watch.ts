import { useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import type { ApiClient } from './api-client.ts';

const POLL_MS = 5 * 60_000;

/**
 * Notices a newer deployed build: polls the build info (with a timestamp query, past any cache) every few
 * minutes and when the tab becomes visible; once the version differs, the next navigation is a full load.
 */
export function useBuildWatch(api: ApiClient, currentVersion: string) {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (stale.current || document.visibilityState === 'hidden') return;
      try {
        const info = await api<{ version: string }>(`/api/front/build?t=${Date.now()}`, { quiet: true });
        if (!cancelled && info.version !== currentVersion) stale.current = true;
      } catch {
        // Offline or server restarting: try again at the next tick.
      }
    };
    const timer = window.setInterval(check, POLL_MS);
    document.addEventListener('visibilitychange', check);
    return () => {
      cancelled = true;
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', check);
    };
  }, [api, currentVersion]);

  useEffect(() => {
    if (stale.current && navigation.state === 'loading' && navigation.location) {
      const { pathname, search, hash } = navigation.location;
      window.location.assign(pathname + search + hash);
    }
  }, [navigation]);
}
