import { index, layout, type RouteConfig, route } from '@react-router/dev/routes';

/**
 * The storefront's routes. Named layouts: the home page uses none; other pages use `layouts/main.tsx`
 * (the storefront layout). Later layouts (panel, secure-pay) join here.
 */
export default [
  index('routes/home.tsx'),
  layout('layouts/main.tsx', [
    route('about', 'routes/about.tsx'),
    route('content/:slug', 'routes/content.tsx'),
    route('shop/:slug', 'routes/shop.tsx'),
    route('tags/:slug', 'routes/tags.tsx'),
    route('product/:slug', 'routes/product.tsx'),
    route('search', 'routes/search.tsx'),
    route('404', 'routes/not-found.tsx', { id: 'not-found-page' }),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig;
