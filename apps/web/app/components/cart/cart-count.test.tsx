// @vitest-environment happy-dom
import { SIGNED_IN_COOKIE } from '@vitrin/shared/api/account-context';
import type { HomeData } from '@vitrin/shared/api/home';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../../lib/api-context.tsx';
import { setCartCount } from '../../lib/cart.ts';
import type { RootData } from '../../lib/use-home.ts';
import { CartCount } from './cart-count.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rootData = {
  origin: 'http://localhost',
  pageLinks: [],
  maintenancePreview: false,
  publicConfig: { apiBase: '', buildVersion: 'test' },
  home: { menu: [], social_accounts: [], global_setting: {} } as unknown as HomeData,
} satisfies RootData;

function makeRouter(path = '/') {
  return createMemoryRouter(
    [
      {
        id: 'root',
        loader: () => rootData,
        Component: () => (
          <ApiProvider baseURL="">
            <CartCount className="" />
            <Outlet />
          </ApiProvider>
        ),
        children: [{ path: '*', Component: () => null }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: rootData } } },
  );
}

const setSignedIn = (on: boolean) => {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie.
  document.cookie = on ? `${SIGNED_IN_COOKIE}=1; path=/` : `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
};

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
/** Waits (within act) until `check` passes: the count is asked for from an idle callback, late on a busy machine. */
const until = (check: () => void) => act(() => vi.waitFor(check, { timeout: 5000 }));

// The count store is one per page, as in the browser: these cases follow one visitor in order.
describe('header Sepetim count', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const fetchMock = vi.fn<typeof fetch>();
  const link = () => host.querySelector<HTMLAnchorElement>('[data-testid="header-cart"]')!;
  const badge = () => host.querySelector('[data-testid="header-cart-count"]');
  const status = () => host.querySelector('[role="status"]')?.textContent;

  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The header reads storage and the cookie jar when the browser is idle: here, on the next turn.
    vi.stubGlobal('requestIdleCallback', (work: () => void) => setTimeout(work, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  });
  afterAll(async () => {
    await act(async () => root.render(null));
    vi.unstubAllGlobals();
  });

  it('server HTML is the same for everyone: "Sepetim" without a number', () => {
    localStorage.setItem('vitrin:cart-count', '4');
    const html = renderToString(<RouterProvider router={makeRouter()} />);
    expect(html).toContain('Sepetim');
    expect(html).not.toContain('4');
    expect(html).not.toContain('ürün');
    localStorage.clear();
  });

  const router = makeRouter('/');

  it('asks nothing for a guest who never had a cart in this browser', async () => {
    setSignedIn(false);
    await act(async () => root.render(<RouterProvider router={router} />));
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(link().textContent).toBe('Sepetim');
    expect(badge()).toBeNull();
  });

  it('asks for the count after a login (carts merge) and names it "Sepetim, 2 ürün"', async () => {
    fetchMock.mockResolvedValue(Response.json({ count: 2 }));
    setSignedIn(true);
    await act(async () => router.navigate('/shop/seramik'));
    await until(() => expect(badge()?.textContent).toBe('2'));
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/front/cart/count');
    expect(link().getAttribute('aria-label')).toBe('Sepetim, 2 ürün');
    expect(badge()?.getAttribute('aria-hidden')).toBe('true');
    expect(badge()?.textContent).toBe('2');
    expect(localStorage.getItem('vitrin:cart-count')).toBe('2');
  });

  it('follows an item added on the page and announces the new count', async () => {
    await act(async () => setCartCount(3));
    expect(badge()?.textContent).toBe('3');
    expect(status()).toBe('Sepetinizde 3 ürün var.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('follows another tab', async () => {
    localStorage.setItem('vitrin:cart-count', '7');
    await act(async () => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'vitrin:cart-count', newValue: '7' }));
    });
    expect(badge()?.textContent).toBe('7');
  });

  it('on a new page shows the remembered count once the page is idle and confirms it with the server', async () => {
    await act(async () => root.render(null));
    fetchMock.mockResolvedValue(Response.json({ count: 1 }));
    await act(async () => root.render(<RouterProvider router={makeRouter('/product/kupa')} />));
    await until(() => expect(fetchMock).toHaveBeenCalled());
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(badge()?.textContent).toBe('1');
  });
});
