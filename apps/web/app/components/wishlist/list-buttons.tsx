import { type ReactNode, useState } from 'react';
import { useLocation } from 'react-router';
import { i18n, useTranslation } from '../../i18n/index.ts';
import { useApi } from '../../lib/api-context.tsx';
import { apiFailure } from '../../lib/cart.ts';
import { showErrorToast, showSuccessToast } from '../../lib/toasts.tsx';
import { compareApi, type ListName, useLists, wishlistApi } from '../../lib/wishlist.ts';
import { AppLink } from '../app-link.tsx';

/** Whether the product is in the list; false in server HTML and until the lists are known. */
function useInList(name: ListName, productId: number): boolean {
  const lists = useLists();
  return lists?.[name].includes(productId) ?? false;
}

/** Runs a list change; a refusal (the compare limit, a product no longer sold) is the server's Turkish toast. */
function useToggle(name: ListName, productId: number) {
  const api = useApi();
  const inList = useInList(name, productId);
  const [busy, setBusy] = useState(false);
  const calls = name === 'wishlist' ? wishlistApi : compareApi;
  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      if (inList) await calls.remove(api, productId);
      else {
        await calls.add(api, productId);
        if (name === 'compare') showSuccessToast(<CompareAddedToast />, 'compare-added');
      }
    } catch (error) {
      const failure = apiFailure(error);
      if (failure) showErrorToast(failure.message, `${name}-error`);
    } finally {
      setBusy(false);
    }
  }
  return { inList, busy, toggle };
}

function CompareAddedToast() {
  return (
    <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
      {i18n.t('compare.added')}
      <AppLink to="/compare" className="font-semibold text-clay-700 underline underline-offset-2">
        {i18n.t('compare.goToCompare')}
      </AppLink>
    </span>
  );
}

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 6.9 4.5c2 0 3.4 1.1 4.1 2.3h2c.7-1.2 2.1-2.3 4.1-2.3 3.5 0 5.5 3.5 4.2 6.8-1.8 4.6-9.3 9.2-9.3 9.2z"
        fill={filled ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700 aria-disabled:cursor-wait';

interface ListButtonProps {
  productId: number;
  /** The product's title element: cards carry many buttons, this names which product. */
  describedBy?: string;
  className?: string;
}

/**
 * A toggle of `name`'s list for the product, with `aria-pressed`; busy while a call runs. Without JavaScript
 * (or before hydration) a plain post to the list's page (`/wishlist`, `/compare`), which adds the product and
 * shows the list with a way back here; the page it sits on stays everyone's (a cached catalogue page shows
 * every button neutral). With JavaScript the list changes in place.
 */
function ListToggle({
  name,
  productId,
  describedBy,
  className,
  label,
  children,
}: ListButtonProps & {
  name: ListName;
  /** The accessible name and tooltip when the button shows no text. */
  label?: (inList: boolean) => string;
  children: (inList: boolean) => ReactNode;
}) {
  const { pathname, search } = useLocation();
  const { inList, busy, toggle } = useToggle(name, productId);
  return (
    // `contents`: the form adds no box, the button keeps its place in the card or the row.
    <form
      method="post"
      action={`/${name}`}
      onSubmit={(event) => {
        event.preventDefault();
        void toggle();
      }}
      className="contents"
    >
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button
        type="submit"
        name="intent"
        value={inList ? 'remove' : 'add'}
        aria-disabled={busy || undefined}
        aria-pressed={inList}
        aria-label={label?.(inList)}
        aria-describedby={describedBy}
        title={label?.(inList)}
        data-testid={`${name}-toggle`}
        className={className}
      >
        {children(inList)}
      </button>
    </form>
  );
}

/**
 * The heart: its accessible name is the glossary's "Favorilere Ekle" / "Favorilerden Çıkar" and
 * `aria-pressed` says the state; `describedBy` names the product (cards carry many hearts).
 */
export function WishlistButton({ className = '', ...props }: ListButtonProps) {
  const { t } = useTranslation();
  return (
    <ListToggle
      {...props}
      name="wishlist"
      label={(inList) => (inList ? t('wishlist.remove') : t('wishlist.add'))}
      className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-sand-200 bg-white text-clay-700 shadow-sm hover:bg-sand-100 ${focusRing} ${className}`}
    >
      {(inList) => <Heart filled={inList} />}
    </ListToggle>
  );
}

function Arrows() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d="M4 8h14m-4-4 4 4-4 4M20 16H6m4-4-4 4 4 4"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * "Karşılaştırmaya Ekle" / "Karşılaştırmadan Çıkar", with `aria-pressed`. On cards (`icon`) a small round
 * button under the heart, its words the accessible name and tooltip; on the product page a labelled button.
 */
export function CompareButton({
  className = '',
  icon = false,
  ...props
}: ListButtonProps & { icon?: boolean }) {
  const { t } = useTranslation();
  const words = (inList: boolean) => (inList ? t('compare.remove') : t('compare.add'));
  if (icon) {
    return (
      <ListToggle
        {...props}
        name="compare"
        label={words}
        className={`inline-flex h-10 w-10 items-center justify-center rounded-full border border-sand-200 bg-white text-ink-800 shadow-sm hover:bg-sand-100 aria-pressed:border-clay-700 aria-pressed:bg-clay-700 aria-pressed:text-white ${focusRing} ${className}`}
      >
        {() => <Arrows />}
      </ListToggle>
    );
  }
  return (
    <ListToggle
      {...props}
      name="compare"
      className={`inline-flex items-center justify-center gap-1.5 rounded-lg border border-ink-800 px-3 py-2 text-sm font-medium text-ink-800 hover:bg-sand-100 aria-pressed:border-clay-700 aria-pressed:bg-sand-100 aria-pressed:text-clay-800 ${focusRing} ${className}`}
    >
      {(inList) => (
        <>
          <span aria-hidden="true">{inList ? '✓' : '⇄'}</span>
          {words(inList)}
        </>
      )}
    </ListToggle>
  );
}
