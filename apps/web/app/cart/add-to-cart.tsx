import type { PersonalizationView, PriceView, StockView, VariantView } from '@vitrin/shared/api/catalog';
import { formatMoney } from '@vitrin/shared/money';
import { type FormEvent, useId, useRef, useState } from 'react';
import { addToCart } from '../components/cart/notify.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { useApi } from '../lib/api-context.tsx';
import {
  apiFailure,
  cartApi,
  checkUpload,
  clampQuantity,
  maxQuantityFor,
  UPLOAD_TYPES,
} from '../lib/cart.ts';
import { showErrorToast } from '../lib/toasts.tsx';
import { StockAlert } from './stock-alert.tsx';

interface AddToCartProps {
  productId: number;
  /** Option groups of a variant product; empty for the others. */
  groups: string[];
  chosen: Record<string, string>;
  /** The variant the chosen options make, if any. */
  variant: VariantView | undefined;
  stock: StockView;
  price: PriceView | null;
  personalization: PersonalizationView | null;
}

/** Why `Sepete Ekle` cannot be pressed now, in Turkish; null when it can. */
export function addBlockedReason({
  groups,
  chosen,
  variant,
  stock,
  price,
}: Pick<AddToCartProps, 'groups' | 'chosen' | 'variant' | 'stock' | 'price'>): string | null {
  const missing = groups.filter((g) => !chosen[g]);
  if (missing.length) return i18n.t('cart.reasonChoose', { names: missing.join(', ') });
  if (groups.length && !variant) return i18n.t('cart.reasonNoVariant');
  if (stock.state === 'out') return i18n.t('cart.reasonOut');
  if (!price) return i18n.t('cart.reasonNoPrice');
  return null;
}

/** Server field paths (`personalization.fields.isim`) to this form's field keys (`p.isim`). */
function localField(path: string): string | null {
  if (path === 'quantity') return 'quantity';
  if (path === 'personalization.image') return 'image';
  const match = /^personalization\.fields\.(.+)$/.exec(path);
  return match ? `p.${match[1]}` : null;
}

/**
 * The product page's buying form: quantity (1..stock), a designable product's personalization (text fields,
 * an optional image checked here before it is uploaded) and `Sepete Ekle`, inactive with the reason when
 * nothing can be bought (sold out, no variant chosen). Errors show next to their fields.
 */
export function AddToCart(props: AddToCartProps) {
  const { productId, variant, stock, personalization } = props;
  const { t } = useTranslation();
  const api = useApi();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [quantity, setQuantity] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const max = maxQuantityFor(stock);
  const reason = addBlockedReason(props);
  const idOf = (key: string) => `${formId}-${key.replace(/[^\w-]/g, '_')}`;
  const describe = (key: string, hint?: string) =>
    [errors[key] ? `${idOf(key)}-error` : '', hint ?? ''].filter(Boolean).join(' ') || undefined;

  function focusFirstError(found: Record<string, string>) {
    const first = Object.keys(found).find((key) => document.getElementById(idOf(key)));
    if (first) document.getElementById(idOf(first))?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || reason) return;
    const form = new FormData(event.currentTarget);
    const found: Record<string, string> = {};
    const fields: Record<string, string> = {};
    for (const field of personalization?.fields ?? []) {
      const value = String(form.get(`p_${field.key}`) ?? '').trim();
      if (value) fields[field.key] = value.slice(0, field.maxLength);
      else if (field.required) found[`p.${field.key}`] = t('cart.fieldMissing');
    }
    const file = form.get('image');
    const image = file instanceof File && file.size > 0 ? file : null;
    const imageProblem = image && checkUpload(image);
    if (imageProblem) found.image = imageProblem;
    const count = clampQuantity(quantity, max);
    setQuantity(String(count));
    setErrors(found);
    if (Object.keys(found).length) {
      focusFirstError(found);
      return;
    }

    setBusy(true);
    try {
      let imagePath: string | undefined;
      if (image) {
        try {
          imagePath = (await cartApi.upload(api, image)).path;
        } catch (error) {
          const failure = apiFailure(error);
          if (failure) {
            setErrors({ image: failure.message });
            showErrorToast(failure.message, 'cart-upload-error');
            focusFirstError({ image: failure.message });
          }
          return;
        }
      }
      const failure = await addToCart(api, {
        productId,
        ...(variant ? { variantId: variant.id } : {}),
        quantity: count,
        ...(personalization
          ? { personalization: { fields, ...(imagePath ? { image: imagePath } : {}) } }
          : {}),
      });
      if (failure) {
        const marked: Record<string, string> = {};
        for (const [path, message] of Object.entries(failure.fields)) {
          const key = localField(path);
          if (key) marked[key] = message;
        }
        setErrors(marked);
        focusFirstError(marked);
      } else {
        setErrors({});
        if (image) clearFile();
      }
    } finally {
      setBusy(false);
    }
  }

  function clearFile() {
    const input = formRef.current?.querySelector<HTMLInputElement>('input[type="file"]');
    if (input) input.value = '';
  }

  const errorText = (key: string) =>
    errors[key] ? (
      <span id={`${idOf(key)}-error`} className="mt-1 block text-sm font-medium text-red-800">
        {errors[key]}
      </span>
    ) : null;

  const inputClass =
    'mt-1 w-full rounded-lg border border-ink-600/70 bg-white px-3 py-2 aria-invalid:border-red-700 aria-invalid:bg-red-50 disabled:bg-sand-100';
  const reasonId = `${formId}-reason`;

  const soldOut = stock.state === 'out';
  return (
    <>
      {/* Without JavaScript a plain post to the cart page (texts only: a photo needs the script's upload). */}
      <form
        ref={formRef}
        method="post"
        action="/cart"
        onSubmit={onSubmit}
        noValidate
        className="space-y-4"
        data-testid="add-to-cart"
      >
        <input type="hidden" name="intent" value="add" />
        <input type="hidden" name="productId" value={productId} />
        {variant && <input type="hidden" name="variantId" value={variant.id} />}
        {personalization && <input type="hidden" name="personalized" value="1" />}
        {personalization && (
          <fieldset className="space-y-3 rounded-xl border border-sand-200 bg-white p-4">
            <legend className="px-1 text-sm font-semibold">{t('catalog.personalization')}</legend>
            {personalization.fields.map((field) => {
              const key = `p.${field.key}`;
              const hint = `${idOf(key)}-hint`;
              return (
                <div key={field.key} className="text-sm">
                  <label htmlFor={idOf(key)} className="font-medium">
                    {field.label}{' '}
                    {field.required ? (
                      <span className="text-clay-700">
                        <span aria-hidden="true">*</span>
                        <span className="sr-only">{t('cart.requiredMark')}</span>
                      </span>
                    ) : (
                      <span className="font-normal text-ink-600">{t('catalog.optional')}</span>
                    )}
                  </label>
                  <input
                    id={idOf(key)}
                    name={`p_${field.key}`}
                    maxLength={field.maxLength}
                    required={field.required}
                    aria-invalid={errors[key] ? true : undefined}
                    aria-describedby={describe(key, hint)}
                    className={inputClass}
                  />
                  <span id={hint} className="mt-1 block text-xs text-ink-600">
                    {t('cart.maxLength', { max: field.maxLength })}
                  </span>
                  {errorText(key)}
                </div>
              );
            })}
            {personalization.allowImage && (
              <div className="text-sm">
                <label htmlFor={idOf('image')} className="font-medium">
                  {t('cart.image')} <span className="font-normal text-ink-600">{t('catalog.optional')}</span>
                </label>
                <input
                  id={idOf('image')}
                  name="image"
                  type="file"
                  accept={UPLOAD_TYPES.join(',')}
                  aria-invalid={errors.image ? true : undefined}
                  aria-describedby={describe('image', `${idOf('image')}-hint`)}
                  onChange={(event) => {
                    const file = event.currentTarget.files?.[0];
                    const problem = file ? checkUpload(file) : null;
                    setErrors(({ image: _, ...rest }) => (problem ? { ...rest, image: problem } : rest));
                  }}
                  className="mt-1 block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-ink-800 file:bg-white file:px-3 file:py-1.5 file:text-sm file:font-medium"
                />
                <span id={`${idOf('image')}-hint`} className="mt-1 block text-xs text-ink-600">
                  {t('cart.imageHint')}
                </span>
                {errorText('image')}
              </div>
            )}
            {personalization.surchargeMinor > 0 && (
              <p className="text-sm">
                {t('catalog.surcharge', { amount: formatMoney(personalization.surchargeMinor) })}
              </p>
            )}
          </fieldset>
        )}

        <div className="flex flex-wrap items-end gap-3">
          {/* Sold out, a quantity field would read as the stock next to the inactive button. */}
          {!soldOut && (
            <div className="w-28 text-sm">
              <label htmlFor={idOf('quantity')} className="font-medium">
                {t('cart.quantity')}
              </label>
              <input
                id={idOf('quantity')}
                type="number"
                name="quantity"
                inputMode="numeric"
                min={1}
                max={Math.max(1, max)}
                value={quantity}
                aria-invalid={errors.quantity ? true : undefined}
                aria-describedby={describe(
                  'quantity',
                  stock.state === 'low' ? `${idOf('quantity')}-hint` : '',
                )}
                onChange={(event) => setQuantity(event.currentTarget.value)}
                onBlur={() => setQuantity(String(clampQuantity(quantity, max)))}
                className={inputClass}
              />
            </div>
          )}
          <button
            type="submit"
            disabled={reason !== null}
            aria-disabled={busy || undefined}
            aria-describedby={reason ? reasonId : undefined}
            className={`min-w-44 flex-1 rounded-lg bg-clay-700 px-5 py-2.5 font-medium text-white hover:bg-clay-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-clay-700 aria-disabled:cursor-wait sm:flex-none ${reason ? 'disabled:cursor-not-allowed disabled:bg-ink-600' : 'disabled:cursor-wait'}`}
          >
            {busy ? t('cart.adding') : t('cart.add')}
          </button>
        </div>
        {stock.state === 'low' && (
          <p id={`${idOf('quantity')}-hint`} className="-mt-2 text-xs text-ink-600">
            {t('cart.quantityMax', { max })}
          </p>
        )}
        {errorText('quantity')}
        {reason && (
          <p id={reasonId} className="text-sm text-ink-700" data-testid="add-to-cart-reason">
            {reason}
          </p>
        )}
      </form>
      <StockAlert productId={productId} variantId={variant?.id} soldOut={soldOut} />
    </>
  );
}
