import type { StorefrontContext } from '@vitrin/shared/storefront';

// React Router's load context is what apps/server passes in: see `StorefrontContext`.
declare module 'react-router' {
  interface AppLoadContext extends StorefrontContext {}
}
