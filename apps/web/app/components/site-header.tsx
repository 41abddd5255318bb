import type { MenuNode } from '@vitrin/shared/api/home';
import { imageUrl } from '@vitrin/shared/media';
import { imagesBase } from '@vitrin/shared/storefront';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { useCustomer } from '../lib/use-customer.ts';
import { useRootData } from '../lib/use-home.ts';
import { AppLink, SmartLink } from './app-link.tsx';
import { CartCount } from './cart/cart-count.tsx';
import { SearchBox } from './search-box.tsx';
import { ListLinks } from './wishlist/list-links.tsx';

function MenuItem({ node }: { node: MenuNode }) {
  if (!node.children.length) {
    return (
      <li>
        <SmartLink to={node.url} className="block rounded px-3 py-2 hover:bg-sand-100 hover:text-clay-700">
          {node.title}
        </SmartLink>
      </li>
    );
  }
  return (
    <li className="group relative">
      <details className="[&[open]>ul]:block">
        <summary className="cursor-pointer list-none rounded px-3 py-2 hover:bg-sand-100 hover:text-clay-700">
          {node.title} <span aria-hidden="true">▾</span>
        </summary>
        <ul className="z-20 hidden min-w-52 rounded-lg border border-sand-200 bg-white p-2 md:absolute md:left-0 md:shadow-lg">
          {node.children.map((child) => (
            <MenuItem key={child.id} node={child} />
          ))}
        </ul>
      </details>
    </li>
  );
}

const outlined = 'rounded-lg border border-ink-800 px-2 py-2 hover:bg-ink-800 hover:text-white sm:px-3';

/**
 * Server HTML (cached for everyone) shows the guest links; after hydration a logged-in customer's browser
 * shows "Hesabım" and "Çıkış Yap" instead (see `useCustomer`).
 */
function AccountLinks() {
  const { t } = useTranslation();
  const { customer, logout } = useCustomer();
  if (customer) {
    return (
      <>
        <AppLink
          to="/panel"
          className="rounded px-2 py-2 hover:bg-sand-100 sm:px-3"
          data-testid="header-account"
        >
          {t('header.account')}
        </AppLink>
        <button type="button" className={outlined} onClick={() => void logout()}>
          {t('header.logout')}
        </button>
      </>
    );
  }
  return (
    <>
      <AppLink to="/login" className={outlined}>
        {t('header.login')}
      </AppLink>
      <AppLink
        to="/register"
        className="rounded-lg border border-clay-700 bg-clay-700 px-2 py-2 text-white hover:bg-clay-800 sm:px-3"
      >
        {t('header.register')}
      </AppLink>
    </>
  );
}

export function SiteHeader() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  // A chosen page closes the phone menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the path changes.
  useEffect(() => setMenuOpen(false), [pathname]);
  const { home, publicConfig } = useRootData();
  const settings = home.global_setting;
  return (
    <header className="border-b border-sand-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t('header.skipToContent')}
      </a>
      {/* On a phone two rows: menu button, logo and cart, then search; the account links join the menu. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 gap-y-3 px-4 py-3 md:gap-4">
        <button
          type="button"
          className="rounded-lg px-2 py-2 text-lg leading-none hover:bg-sand-100 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="main-menu"
          aria-label={menuOpen ? t('header.closeMenu') : t('header.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
          data-testid="menu-toggle"
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
        </button>
        <AppLink
          to="/"
          className="flex items-center"
          aria-label={`${settings.brand_name} – ${t('header.home')}`}
        >
          <img
            src={imageUrl(settings.logo, imagesBase(publicConfig))}
            alt={t('header.logoAlt', { name: settings.brand_name })}
            width={180}
            height={42}
            className="h-8 w-auto md:h-10"
          />
        </AppLink>
        <search className="order-last flex w-full gap-2 md:order-none md:w-auto md:flex-1">
          <SearchBox />
        </search>
        <nav
          aria-label={t('header.accountNav')}
          className="ml-auto flex flex-wrap items-center justify-end gap-1 whitespace-nowrap text-sm font-medium"
        >
          <ListLinks className="rounded px-2 py-2 hover:bg-sand-100 sm:px-3" />
          <CartCount className="rounded px-2 py-2 hover:bg-sand-100 sm:px-3" />
          <div
            className={`${menuOpen ? 'max-md:flex max-md:basis-full max-md:justify-end' : 'max-md:hidden'} flex items-center gap-1`}
          >
            <AccountLinks />
          </div>
        </nav>
      </div>
      <nav aria-label={t('header.mainMenu')} className="border-t border-sand-200 max-md:border-t-0">
        {/* On phones the menu folds behind the button above; from md up it is always shown. */}
        <ul
          id="main-menu"
          className={`${menuOpen ? 'flex border-t border-sand-200' : 'hidden'} mx-auto max-w-7xl flex-col gap-1 px-2 pb-2 text-sm font-medium text-ink-800 md:flex md:flex-row md:flex-wrap md:border-t-0 md:pb-0`}
        >
          {home.menu.map((node) => (
            <MenuItem key={node.id} node={node} />
          ))}
        </ul>
      </nav>
    </header>
  );
}
