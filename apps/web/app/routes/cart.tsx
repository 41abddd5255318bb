import type { CartLineView, CartView } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { useCallback, useEffect, useRef, useState } from 'react';
import { data } from 'react-router';
import { accountMeta, NO_STORE } from '../account/meta.ts';
import { formFields, redirectWithCookies } from '../account/session.server.ts';
import { CartLine } from '../cart/cart-line.tsx';
import { CartSummary } from '../cart/cart-summary.tsx';
import { CouponForm } from '../cart/coupon-form.tsx';
import { FreeShippingBar } from '../cart/free-shipping-bar.tsx';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { useApi } from '../lib/api-context.tsx';
import { apiFailure, cartApi, setCartCount } from '../lib/cart.ts';
import { RouteErrorScreen } from '../lib/route-error.tsx';
import { showErrorToast } from '../lib/toasts.tsx';
import { hasSignedInCookie } from '../lib/use-customer.ts';
import type { Route } from './+types/cart';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('cart.title'));

/** Sepetim is one visitor's: rendered on the server for them, never stored by a cache. */
export const headers: Route.HeadersFunction = () => NO_STORE;

/** A count of the reminder's restore link (`/cart/restore/{token}` redirects here with them), else null. */
function countParam(url: URL, name: string): number | null {
  const value = url.searchParams.get(name);
  return value !== null && /^\d{1,3}$/.test(value) ? Number(value) : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const restored = countParam(url, 'geri-yuklenen');
  const skipped = countParam(url, 'eklenemeyen');
  return {
    cart: await context.cart.view(),
    restore: restored === null ? null : { restored, skipped: skipped ?? 0 },
  };
}

/**
 * The plain form posts (no JavaScript): `Sepete Ekle` of a product page, a line's quantity or removal. Done,
 * the cart is shown again; a refusal is shown above it. With JavaScript the page calls the REST cart instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const fields = await formFields(request);
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
  const intent = text('intent');
  const result =
    intent === 'add'
      ? await context.cart.add(fields)
      : intent === 'remove'
        ? await context.cart.remove(text('lineId'))
        : intent === 'coupon'
          ? await context.cart.applyCoupon(text('code'))
          : intent === 'removeCoupon'
            ? await context.cart.removeCoupon()
            : await context.cart.setQuantity(text('lineId'), text('quantity') || text('typed'));
  if (result.ok) return redirectWithCookies('/cart', result.setCookie);
  const { message, fields: problems } = result.error;
  return data(
    {
      intent,
      message,
      coupon: intent === 'coupon' ? { code: text('code'), problem: problems?.code ?? message } : null,
    },
    { status: result.status, headers: NO_STORE },
  );
}

type Loaded = { state: 'failed' } | { state: 'ready'; cart: CartView };

function EmptyCart() {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl border border-sand-200 bg-white p-8 text-center" data-testid="cart-empty">
      <h2 className="text-xl font-semibold text-ink-900">{t('cart.empty')}</h2>
      <p className="mt-2 text-ink-700">{t('cart.emptyText')}</p>
      <AppLink
        to="/"
        className="mt-6 inline-block rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800"
      >
        {t('cart.shop')}
      </AppLink>
    </div>
  );
}

export default function CartRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const api = useApi();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'ready', cart: loaderData.cart });
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const [signedIn, setSignedIn] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  /** After a removal: which line (by position) gets the focus once the new cart is shown. */
  const focusAfterRemove = useRef<number | null>(null);

  const load = useCallback(async () => {
    setSignedIn(hasSignedInCookie());
    try {
      setLoaded({ state: 'ready', cart: await cartApi.get(api) });
    } catch {
      setLoaded({ state: 'failed' });
    }
  }, [api]);

  // The server's cart (first render, or again after a plain form post) is the one shown; the header count follows it.
  useEffect(() => {
    setLoaded({ state: 'ready', cart: loaderData.cart });
    setCartCount(loaderData.cart.count);
    setSignedIn(hasSignedInCookie());
  }, [loaderData.cart]);

  useEffect(() => {
    if (loaded.state !== 'ready' || focusAfterRemove.current === null) return;
    const names = listRef.current?.querySelectorAll<HTMLElement>('[data-line-name]');
    const index = Math.min(focusAfterRemove.current, (names?.length ?? 0) - 1);
    focusAfterRemove.current = null;
    (index >= 0 ? names?.[index] : headingRef.current)?.focus();
  }, [loaded]);

  /** Runs one cart change at a time; a refusal is toasted and the cart read again (another tab may have changed it). */
  async function change(run: () => Promise<CartView>, done: (cart: CartView) => string): Promise<boolean> {
    if (busy) return false;
    setBusy(true);
    try {
      const cart = await run();
      setLoaded({ state: 'ready', cart });
      setAnnouncement(done(cart));
      return true;
    } catch (error) {
      const failure = apiFailure(error);
      if (failure) showErrorToast(failure.message, 'cart-change-error');
      await load();
      return false;
    } finally {
      setBusy(false);
    }
  }

  const updated = (cart: CartView) => t('cart.updated', { total: formatMoney(cart.totals.totalMinor) });

  const setQuantity = (line: CartLineView, quantity: number) =>
    void change(() => cartApi.setQuantity(api, line.id, quantity), updated);

  const remove = (line: CartLineView) => {
    const lines = loaded.state === 'ready' ? loaded.cart.lines : [];
    focusAfterRemove.current = Math.max(
      0,
      lines.findIndex((l) => l.id === line.id),
    );
    void change(
      () => cartApi.remove(api, line.id),
      (cart) => `${t('cart.removed', { name: line.name })} ${updated(cart)}`,
    ).then((ok) => {
      if (!ok) focusAfterRemove.current = null;
    });
  };

  async function applyCoupon(code: string): Promise<string | null> {
    if (busy) return null;
    setBusy(true);
    try {
      const cart = await cartApi.applyCoupon(api, code);
      setLoaded({ state: 'ready', cart });
      setAnnouncement(`${t('cart.couponApplied', { code: cart.coupon?.code ?? code })} ${updated(cart)}`);
      return null;
    } catch (error) {
      const failure = apiFailure(error);
      return failure ? (failure.fields.code ?? failure.message) : t('network.error');
    } finally {
      setBusy(false);
    }
  }

  const removeCoupon = async () => {
    await change(
      () => cartApi.removeCoupon(api),
      (cart) => `${t('cart.couponRemoved')} ${updated(cart)}`,
    );
  };

  const cart = loaded.state === 'ready' ? loaded.cart : null;

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8">
      <div className="mb-6 flex flex-wrap items-baseline justify-between gap-2">
        <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-semibold text-ink-900 focus:outline-none">
          {t('cart.title')}
        </h1>
        {cart && cart.lines.length > 0 && (
          <AppLink to="/" className="text-sm text-clay-700 underline underline-offset-2">
            {t('cart.continue')}
          </AppLink>
        )}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>

      {loaderData.restore && (
        <div
          role="status"
          className="mb-6 rounded-2xl border border-olive-600/40 bg-[#f1f4ea] p-4 text-ink-900"
        >
          <p>
            {loaderData.restore.restored === 0 && loaderData.restore.skipped === 0
              ? t('cart.restoredAlready')
              : t('cart.restored', { count: loaderData.restore.restored })}
          </p>
          {loaderData.restore.skipped > 0 && (
            <p className="mt-1">{t('cart.restoreSkipped', { count: loaderData.restore.skipped })}</p>
          )}
        </div>
      )}
      {actionData && !actionData.coupon && (
        <p
          role="alert"
          className="mb-6 rounded-2xl border border-red-700 bg-red-50 p-4 font-medium text-red-900"
        >
          {actionData.message}
        </p>
      )}
      {loaded.state === 'failed' && (
        <div role="alert" className="rounded-2xl border border-red-700 bg-red-50 p-6 text-red-900">
          <p className="font-medium">{t('cart.loadError')}</p>
          <button
            type="button"
            onClick={() => void load()}
            className="mt-3 rounded-lg border border-ink-800 bg-white px-4 py-2 text-sm font-medium text-ink-900 hover:bg-sand-100"
          >
            {t('cart.retry')}
          </button>
        </div>
      )}
      {cart && cart.lines.length === 0 && <EmptyCart />}
      {cart && cart.lines.length > 0 && (
        <div className="grid items-start gap-8 lg:grid-cols-[1fr_22rem]">
          <section aria-labelledby="cart-lines-title" className="space-y-4">
            <h2 id="cart-lines-title" className="sr-only">
              {t('cart.lines')}
            </h2>
            <FreeShippingBar totals={cart.totals} />
            <ul
              ref={listRef}
              className="divide-y divide-sand-200 rounded-2xl border border-sand-200 bg-white px-4"
            >
              {cart.lines.map((line) => (
                <CartLine key={line.id} line={line} busy={busy} onQuantity={setQuantity} onRemove={remove} />
              ))}
            </ul>
          </section>
          <aside
            aria-labelledby="cart-summary-title"
            className="space-y-6 rounded-2xl border border-sand-200 bg-white p-5 lg:sticky lg:top-4"
          >
            <h2 id="cart-summary-title" className="text-lg font-semibold">
              {t('cart.summary')}
            </h2>
            <CouponForm
              coupon={cart.coupon}
              problem={cart.couponProblem}
              refused={actionData?.coupon ?? null}
              busy={busy}
              onApply={applyCoupon}
              onRemove={removeCoupon}
            />
            <CartSummary cart={cart} signedIn={signedIn} />
          </aside>
        </div>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorScreen />;
}
