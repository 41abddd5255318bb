import type { CartLineView } from '@vitrin/shared/api/cart';
import { imageUrl } from '@vitrin/shared/media';
import { formatMoney } from '@vitrin/shared/money';
import { useEffect, useState } from 'react';
import { AppLink } from '../components/app-link.tsx';
import { ResponsiveImage } from '../components/responsive-image.tsx';
import { useTranslation } from '../i18n/index.ts';
import { clampQuantity } from '../lib/cart.ts';
import { useRootData } from '../lib/use-home.ts';

interface CartLineProps {
  line: CartLineView;
  busy: boolean;
  onQuantity: (line: CartLineView, quantity: number) => void;
  onRemove: (line: CartLineView) => void;
}

// Buttons say they are inactive with aria-disabled, so keyboard focus stays on them while the cart updates.
const stepClass =
  'flex h-10 w-10 items-center justify-center text-lg font-semibold hover:bg-sand-100 aria-disabled:cursor-not-allowed aria-disabled:text-ink-600/50 aria-disabled:hover:bg-transparent';

/** One cart line: picture, name, options and personalization, unit price, quantity stepper, total, remove. */
export function CartLine({ line, busy, onQuantity, onRemove }: CartLineProps) {
  const { t } = useTranslation();
  const { publicConfig } = useRootData();
  const [typed, setTyped] = useState(String(line.quantity));
  useEffect(() => setTyped(String(line.quantity)), [line.quantity]);
  const max = line.maxQuantity;
  const options = Object.entries(line.options);
  const texts = Object.values(line.personalization?.fields ?? {}).filter(Boolean);

  const canDecrease = !busy && line.quantity > 1 && max > 0;
  const canIncrease = !busy && line.quantity < max;
  const commit = () => {
    if (busy || max <= 0) return;
    const next = clampQuantity(typed, max);
    setTyped(String(next));
    if (next !== line.quantity) onQuantity(line, next);
  };

  return (
    <li className="flex gap-3 py-4 sm:gap-4" data-testid="cart-line" aria-busy={busy || undefined}>
      <AppLink to={`/product/${line.slug}`} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ResponsiveImage
          path={line.image}
          alt=""
          width={96}
          height={96}
          sizes="96px"
          widths={[160]}
          className="h-20 w-20 rounded-lg border border-sand-200 bg-sand-100 object-cover sm:h-24 sm:w-24"
        />
      </AppLink>
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-medium text-ink-900">
              <AppLink
                to={`/product/${line.slug}`}
                className="hover:text-clay-700 hover:underline"
                data-line-name
              >
                {line.name}
              </AppLink>
            </h3>
            {options.length > 0 && (
              <p className="text-sm text-ink-700">{options.map(([k, v]) => `${k}: ${v}`).join(' · ')}</p>
            )}
            {(texts.length > 0 || line.personalization?.image) && (
              <div className="mt-1 flex items-center gap-2 text-sm text-ink-700">
                {line.personalization?.image && (
                  <img
                    src={imageUrl(line.personalization.image, publicConfig.apiBase)}
                    alt={t('cart.personalizationImage')}
                    width={32}
                    height={32}
                    className="h-8 w-8 rounded border border-sand-200 object-cover"
                  />
                )}
                {texts.length > 0 && (
                  <span>
                    {t('cart.personalization')}: “{texts.join(' · ')}”
                  </span>
                )}
              </div>
            )}
            <p className="text-sm text-ink-700">
              {t('cart.unitPrice', { price: formatMoney(line.unitPriceMinor) })}
            </p>
          </div>
          <p className="shrink-0 text-right font-semibold text-ink-900" data-testid="line-total">
            <span className="sr-only">{t('cart.lineTotal')}: </span>
            {formatMoney(line.lineTotalMinor)}
          </p>
        </div>

        {line.priceChange && (
          <p className="rounded-lg bg-amber-100 px-3 py-1.5 text-sm text-amber-900">
            {t('cart.priceChange', {
              from: formatMoney(line.priceChange.fromMinor),
              to: formatMoney(line.priceChange.toMinor),
            })}
          </p>
        )}
        {line.problem && (
          <p
            className="rounded-lg bg-red-50 px-3 py-1.5 text-sm font-medium text-red-800"
            data-testid="line-problem"
          >
            {line.problem}
          </p>
        )}

        {/* A plain post to the cart page without JavaScript; with it, the handlers above change the cart. */}
        <form
          method="post"
          action="/cart"
          onSubmit={(event) => event.preventDefault()}
          className="flex items-center justify-between gap-3"
        >
          <input type="hidden" name="lineId" value={line.id} />
          {/* The default button: Enter in the quantity field sends the typed number. */}
          <button
            type="submit"
            name="intent"
            value="quantity"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
          />
          <div className="inline-flex items-center rounded-lg border border-ink-600/70 bg-white">
            <button
              type="submit"
              name="quantity"
              value={Math.max(1, line.quantity - 1)}
              className={stepClass}
              aria-disabled={canDecrease ? undefined : true}
              aria-label={t('cart.decrease', { name: line.name })}
              onClick={() => canDecrease && onQuantity(line, Math.min(line.quantity - 1, Math.max(1, max)))}
            >
              <span aria-hidden="true">−</span>
            </button>
            <input
              type="number"
              inputMode="numeric"
              min={1}
              max={Math.max(1, max)}
              name="typed"
              value={typed}
              disabled={max <= 0}
              readOnly={busy}
              aria-label={t('cart.quantityOf', { name: line.name })}
              onChange={(event) => setTyped(event.currentTarget.value)}
              onBlur={commit}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  commit();
                }
              }}
              className="h-10 w-14 border-x border-ink-600/40 text-center [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none [&::-webkit-outer-spin-button]:appearance-none"
            />
            <button
              type="submit"
              name="quantity"
              value={line.quantity + 1}
              className={stepClass}
              aria-disabled={canIncrease ? undefined : true}
              aria-label={t('cart.increase', { name: line.name })}
              onClick={() => canIncrease && onQuantity(line, line.quantity + 1)}
            >
              <span aria-hidden="true">+</span>
            </button>
          </div>
          <button
            type="submit"
            name="intent"
            value="remove"
            onClick={() => !busy && onRemove(line)}
            aria-disabled={busy || undefined}
            aria-label={t('cart.removeLabel', { name: line.name })}
            className="rounded-lg px-3 py-2 text-sm font-medium text-red-800 underline-offset-2 hover:bg-red-50 hover:underline"
          >
            {t('cart.remove')}
          </button>
        </form>
      </div>
    </li>
  );
}
