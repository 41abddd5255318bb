import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { toast } from 'react-toastify';
import { useTranslation } from '../i18n/index.ts';
import { type ApiClient, createApiClient } from './api-client.ts';

const ApiContext = createContext<ApiClient | undefined>(undefined);

/** Provides the API client configured from the runtime public configuration, with Turkish network toasts. */
export function ApiProvider({ baseURL, children }: { baseURL: string; children: ReactNode }) {
  const { t } = useTranslation();
  const api = useMemo(
    () =>
      createApiClient({
        baseURL,
        onNetworkError: (error) => {
          const key =
            error.kind === 'aborted'
              ? 'network.aborted'
              : error.kind === 'timeout'
                ? 'network.timeout'
                : 'network.error';
          toast.error(t(key), { toastId: key });
        },
      }),
    [baseURL, t],
  );
  return <ApiContext.Provider value={api}>{children}</ApiContext.Provider>;
}

export function useApi(): ApiClient {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
