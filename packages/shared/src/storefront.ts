import type { ContentPage, PageLink } from './api/content.ts';
import type { HomeData } from './api/home.ts';

/** What the server hands to React Router loaders (the load context); implemented by apps/server. */
export interface StorefrontContext {
  /** Per-request CSP nonce for inline scripts. */
  nonce: string;
  requestId: string;
  /** True while the shop is in maintenance and this visitor has no bypass. */
  maintenance: boolean;
  retryAfterSeconds: number;
  publicConfig: PublicConfig;
  home(): Promise<HomeData>;
  page(slug: string): Promise<ContentPage | null>;
  pageLinks(): Promise<PageLink[]>;
}

/** Runtime configuration that may reach the browser. Never put a secret here. */
export interface PublicConfig {
  /** Base URL of the API and of /uploads; '' means same origin. */
  apiBase: string;
  /** Version of the deployed client build, to notice newer deployments. */
  buildVersion: string;
}
