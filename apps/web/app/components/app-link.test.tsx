import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Link, type LinkProps, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink } from './app-link.tsx';

/** Server HTML of `element` rendered on a page at `/shop/seramik`, as the storefront renders it. */
function serverHtml(element: ReactNode): string {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/shop/seramik'] });
  return renderToString(<RouterProvider router={router} />);
}

const CASES: [string, LinkProps][] = [
  ['a product', { to: '/product/mini-tomurcuk-vazo', className: 'flex flex-col' }],
  ['a filtered listing', { to: '/shop/seramik?sort=price-asc&page=2#urunler', 'aria-current': 'page' }],
  ['a search with Turkish letters', { to: '/search?q=şapka' }],
  ['one without discovery', { to: '/cart', discover: 'none', tabIndex: -1, rel: 'nofollow' }],
  ['one that replaces the entry', { to: '/compare', replace: true, state: { from: 'card' } }],
  ['a relative path', { to: '../tekstil' }],
  ['a full document load', { to: '/logout', reloadDocument: true }],
];

describe('app link', () => {
  it.each(CASES)('renders %s on the server exactly as React Router’s Link does', (_name, props) => {
    const mine = serverHtml(
      <AppLink {...props}>
        Seramik <b>vazo</b>
      </AppLink>,
    );
    const routers = serverHtml(
      <Link prefetch="intent" {...props}>
        Seramik <b>vazo</b>
      </Link>,
    );
    expect(mine).toBe(routers);
    expect(mine).toContain('href=');
  });
});
