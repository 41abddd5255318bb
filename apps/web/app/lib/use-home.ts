import type { PageLink } from '@vitrin/shared/api/content';
import type { HomeData } from '@vitrin/shared/api/home';
import type { PublicConfig } from '@vitrin/shared/storefront';
import { useRouteLoaderData } from 'react-router';

export interface RootData {
  /** Origin of this request (scheme and host), for canonical links and structured data. */
  origin: string;
  home: HomeData;
  pageLinks: PageLink[];
  publicConfig: PublicConfig;
  /** The shop is in maintenance and this visitor (staff, bypass key) sees it anyway: a bar says so. */
  maintenancePreview: boolean;
}

/** The home data (menu, settings, social accounts) loaded once by the root route and shared by all pages. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>('root');
  if (!data) throw new Error('root data is missing');
  return data;
}
