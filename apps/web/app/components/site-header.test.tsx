// @vitest-environment happy-dom
import { PROFILE_STORAGE_KEY, SIGNED_IN_COOKIE } from '@vitrin/shared/api/account-context';
import type { HomeData } from '@vitrin/shared/api/home';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiProvider } from '../lib/api-context.tsx';
import type { RootData } from '../lib/use-home.ts';
import { SiteHeader } from './site-header.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const rootData: RootData = {
  origin: 'http://localhost',
  pageLinks: [],
  maintenancePreview: false,
  publicConfig: { apiBase: '', buildVersion: 'test' },
  home: {
    menu: [],
    social_accounts: [],
    global_setting: { brand_name: 'Vitrin Atölye', unvan: 'Vitrin Atölye Ltd. Şti.', logo: 'logo/logo.svg' },
  } as unknown as HomeData,
};

const AYSE = { id: 7, firstName: 'Ayşe', lastName: 'Yılmaz', email: 'ayse@example.com' };

function Where() {
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function makeRouter(path = '/shop/seramik') {
  return createMemoryRouter(
    [
      {
        id: 'root',
        loader: () => rootData,
        Component: () => (
          <ApiProvider baseURL="">
            <SiteHeader />
            <Where />
            <Outlet />
          </ApiProvider>
        ),
        children: [{ path: '*', Component: () => null }],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { root: rootData } } },
  );
}

const setCookie = (on: boolean) => {
  // biome-ignore lint/suspicious/noDocumentCookie: stands in for the server's Set-Cookie (happy-dom has no Cookie Store).
  document.cookie = on ? `${SIGNED_IN_COOKIE}=1; path=/` : `${SIGNED_IN_COOKIE}=; path=/; max-age=0`;
};

const links = (host: HTMLElement) =>
  Array.from(host.querySelectorAll('nav a, nav button')).map((el) => el.textContent?.trim());

const ME = '/api/front/auth/me';
const LOGOUT = '/api/front/auth/logout';

/**
 * What the header's other parts are told: with the signed-in marker newly there, the lists and the cart
 * count are asked for too (a sign-in merges them). Each call gets its own answer (a body is read once).
 */
function headerAnswer(input: unknown): Response {
  const url = String(input);
  if (url.includes('/cart/count')) return Response.json({ count: 0 });
  if (url.includes('/wishlist') || url.includes('/compare')) return Response.json({ productIds: [] });
  return new Response(null, { status: 404 });
}

describe('site header: guest or logged-in customer', () => {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const fetchMock = vi.fn<typeof fetch>();

  beforeEach(() => {
    localStorage.clear();
    setCookie(false);
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
    // The header reads storage and the cookie jar when the browser is idle: here, on the next turn.
    vi.stubGlobal('requestIdleCallback', (work: () => void) => setTimeout(work, 0));
    vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  });
  afterEach(async () => {
    await act(async () => root.render(null));
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const render = async (router = makeRouter()) => {
    await act(async () => root.render(<RouterProvider router={router} />));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    return router;
  };

  it('server HTML shows "Giriş Yap" and "Kayıt Ol" (it is cached for everyone)', () => {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(AYSE));
    setCookie(true);
    const html = renderToString(<RouterProvider router={makeRouter()} />);
    expect(html).toContain('Giriş Yap');
    expect(html).toContain('Kayıt Ol');
    expect(html).not.toContain('Hesabım');
  });

  it('shows "Giriş Yap" and "Kayıt Ol" to a guest', async () => {
    await render();
    expect(links(host)).toEqual(expect.arrayContaining(['Giriş Yap', 'Kayıt Ol']));
    expect(links(host)).not.toContain('Hesabım');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows "Hesabım" and "Çıkış Yap" when a profile is stored and the signed-in cookie is there', async () => {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(AYSE));
    setCookie(true);
    await render();
    expect(links(host)).toEqual(expect.arrayContaining(['Hesabım', 'Çıkış Yap']));
    expect(links(host)).not.toContain('Giriş Yap');
    expect(host.querySelector('a[href="/panel"]')?.textContent).toBe('Hesabım');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('drops a stored profile when the signed-in cookie is gone (session ended elsewhere)', async () => {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(AYSE));
    await render();
    expect(links(host)).toContain('Giriş Yap');
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
  });

  it('fetches and stores the public profile when only the cookie is there', async () => {
    setCookie(true);
    fetchMock.mockImplementation(async (input) =>
      String(input).includes(ME)
        ? Response.json({
            customer: { ...AYSE, phone: '+905321234567', wholesale: false, marketingConsent: true },
          })
        : headerAnswer(input),
    );
    await render();
    await act(async () => {
      await vi.waitFor(() => expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(ME));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(links(host)).toContain('Hesabım');
    // Only the public profile is kept: no phone, no consent, never a token.
    expect(JSON.parse(localStorage.getItem(PROFILE_STORAGE_KEY)!)).toEqual(AYSE);
  });

  it('"Çıkış Yap" posts the logout, clears the profile and goes home', async () => {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(AYSE));
    setCookie(true);
    fetchMock.mockImplementation(async (input) => {
      if (!String(input).includes(LOGOUT)) return headerAnswer(input);
      setCookie(false); // the server expires the marker cookie
      return new Response(null, { status: 204 });
    });
    await render();
    const button = Array.from(host.querySelectorAll('button')).find((b) => b.textContent === 'Çıkış Yap')!;
    await act(async () => button.click());
    await vi.waitFor(() => expect(host.querySelector('[data-testid="path"]')?.textContent).toBe('/'));
    const logout = fetchMock.mock.calls.find(([url]) => String(url).includes(LOGOUT));
    expect(logout?.[1]).toMatchObject({ method: 'POST' });
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    expect(links(host)).toContain('Giriş Yap');
  });

  it('a failed logout is only logged ("Logout işlemi sırasında hata"), and the shopper still leaves', async () => {
    localStorage.setItem(PROFILE_STORAGE_KEY, JSON.stringify(AYSE));
    setCookie(true);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async (input) => {
      if (String(input).includes(LOGOUT)) throw new TypeError('Failed to fetch');
      return headerAnswer(input);
    });
    await render();
    const button = Array.from(host.querySelectorAll('button')).find((b) => b.textContent === 'Çıkış Yap')!;
    await act(async () => button.click());
    await vi.waitFor(() => expect(host.querySelector('[data-testid="path"]')?.textContent).toBe('/'));
    expect(error).toHaveBeenCalledWith('Logout işlemi sırasında hata', expect.anything());
    expect(localStorage.getItem(PROFILE_STORAGE_KEY)).toBeNull();
    // No toast: the spec says nothing is shown to the user.
    expect(document.querySelector('.Toastify')).toBeNull();
  });
});
