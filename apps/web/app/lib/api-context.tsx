import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from '../i18n/index.ts';
import type { ApiClient } from './api-client.ts';
import { showErrorToast } from './toasts.tsx';

const ApiContext = createContext<ApiClient | undefined>(undefined);

/**
 * Provides the API client configured from the runtime public configuration, with Turkish network toasts.
 * The client (and ofetch under it) is loaded on the first request: a page that only shows server-rendered
 * data never downloads it.
 */
export function ApiProvider({ baseURL, children }: { baseURL: string; children: ReactNode }) {
  const { t } = useTranslation();
  const api = useMemo(() => {
    let client: Promise<ApiClient> | undefined;
    const load = () =>
      (client ??= import('./api-client.ts').then(({ createApiClient }) =>
        createApiClient({
          baseURL,
          onNetworkError: (error) => {
            const key =
              error.kind === 'aborted'
                ? 'network.aborted'
                : error.kind === 'timeout'
                  ? 'network.timeout'
                  : 'network.error';
            showErrorToast(t(key), key);
          },
        }),
      ));
    return (async (path, options) => (await load())(path, options)) as ApiClient;
  }, [baseURL, t]);
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
