import type { AppliedCoupon, CartView } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';

interface CouponFormProps {
  coupon: AppliedCoupon | null;
  /** Why the applied coupon no longer applies. */
  problem: CartView['couponProblem'];
  busy: boolean;
  /** A code the server refused on a plain form post (no JavaScript), with why. */
  refused: { code: string; problem: string } | null;
  /** Answers the refusal message, or null when the code was applied. */
  onApply: (code: string) => Promise<string | null>;
  onRemove: () => Promise<void>;
}

/**
 * `Kupon Kodu` and `Uygula`, or the applied coupon with a button to take it off. The server's reason for a
 * refused code (unknown, expired, basket too small…) shows under the field.
 */
export function CouponForm({ coupon, problem, busy, refused, onApply, onRemove }: CouponFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const appliedRef = useRef<HTMLFormElement>(null);
  /** The form and the applied coupon replace each other: focus follows, so it is not lost with the button. */
  const focusOnSwap = useRef(false);
  useEffect(() => {
    if (!focusOnSwap.current) return;
    focusOnSwap.current = false;
    (coupon ? appliedRef.current : inputRef.current)?.focus();
  }, [coupon]);
  const [error, setError] = useState<string | null>(refused?.problem ?? null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!code) {
      setError(t('cart.couponMissing'));
      inputRef.current?.focus();
      return;
    }
    focusOnSwap.current = true;
    const refused = await onApply(code);
    setError(refused);
    if (refused) {
      focusOnSwap.current = false;
      inputRef.current?.focus();
    }
  }

  if (coupon) {
    return (
      <section aria-labelledby={`${id}-title`} className="space-y-2" data-testid="applied-coupon">
        <h2 id={`${id}-title`} className="text-sm font-semibold">
          {t('cart.couponTitle')}
        </h2>
        {/* Without JavaScript a plain post to the cart page; with it, the handler takes the coupon off. */}
        <form
          method="post"
          action="/cart"
          onSubmit={(event) => event.preventDefault()}
          ref={appliedRef}
          tabIndex={-1}
          className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-olive-600 bg-olive-600/10 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-clay-700"
        >
          <p>
            <span className="font-mono font-semibold">{coupon.code}</span>
            {coupon.description && <span className="block text-ink-700">{coupon.description}</span>}
            {coupon.discountMinor > 0 && (
              <span className="block font-semibold text-ink-900">
                {t('cart.couponSaving', { amount: formatMoney(coupon.discountMinor) })}
              </span>
            )}
          </p>
          <button
            type="submit"
            name="intent"
            value="removeCoupon"
            onClick={async () => {
              if (busy) return;
              focusOnSwap.current = true;
              await onRemove();
            }}
            aria-disabled={busy || undefined}
            className="rounded-lg border border-ink-800 bg-white px-3 py-1.5 font-medium hover:bg-sand-100"
          >
            {t('cart.couponRemove')}
          </button>
        </form>
        {problem && (
          <p role="alert" className="rounded-lg bg-amber-100 px-3 py-2 text-sm text-amber-900">
            {problem.message}
          </p>
        )}
      </section>
    );
  }

  return (
    <form
      method="post"
      action="/cart"
      onSubmit={onSubmit}
      noValidate
      className="space-y-1"
      data-testid="coupon-form"
    >
      <input type="hidden" name="intent" value="coupon" />
      <label htmlFor={`${id}-code`} className="block text-sm font-semibold">
        {t('cart.couponLabel')}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={`${id}-code`}
          name="code"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          defaultValue={refused?.code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={() => error && setError(null)}
          className="min-w-0 flex-1 rounded-lg border border-ink-600/70 bg-white px-3 py-2 uppercase aria-invalid:border-red-700 aria-invalid:bg-red-50"
        />
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="rounded-lg border border-ink-800 bg-ink-800 px-4 py-2 text-sm font-medium text-white hover:bg-ink-900 aria-disabled:cursor-wait"
        >
          {t('cart.couponApply')}
        </button>
      </div>
      <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-800">
        {error}
      </p>
      <AppLink to="/coupons" className="text-sm text-clay-700 underline underline-offset-2">
        {t('cart.couponsLink')}
      </AppLink>
    </form>
  );
}
