import { type FormEvent, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/index.ts';
import { useApi } from '../lib/api-context.tsx';
import { apiFailure } from '../lib/cart.ts';

const KVKK_PAGE = '/content/kvkk-aydinlatma-metni';
/** The query parameter of the e-mailed confirmation link (`/product/{slug}?stok-bildirimi=TOKEN`). */
const CONFIRM_PARAM = 'stok-bildirimi';

type Outcome = { ok: boolean; message: string } | null;

/**
 * "Gelince haber ver" under a sold-out product's buying form: an e-mail address and the KVKK consent, then a
 * link to confirm. The link comes back to this page; the confirmation is posted from here (a GET that mail
 * scanners open by themselves must not confirm anything).
 */
export function StockAlert({
  productId,
  variantId,
  soldOut,
}: {
  productId: number;
  variantId: number | undefined;
  soldOut: boolean;
}) {
  const { t } = useTranslation();
  const api = useApi();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const token = params.get(CONFIRM_PARAM);

  useEffect(() => {
    if (!token) return;
    // The token leaves the address bar (and the history) whatever comes of it.
    setParams(
      (p) => {
        p.delete(CONFIRM_PARAM);
        return p;
      },
      { replace: true, preventScrollReset: true },
    );
    api('/api/front/stock-alerts/confirm', { method: 'POST', body: { token }, quiet: true }).then(
      () => setOutcome({ ok: true, message: t('stockAlert.confirmed') }),
      (error: unknown) =>
        setOutcome({ ok: false, message: apiFailure(error)?.message ?? t('stockAlert.failed') }),
    );
  }, [token, api, setParams, t]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    setBusy(true);
    try {
      const answer = await api<{ message: string }>('/api/front/stock-alerts', {
        method: 'POST',
        body: {
          productId,
          variantId,
          email: String(form.get('email') ?? ''),
          kvkk: form.get('kvkk') === 'on',
        },
        quiet: true,
      });
      setErrors({});
      setOutcome({ ok: true, message: answer.message });
    } catch (error) {
      const failure = apiFailure(error);
      setErrors(failure?.fields ?? {});
      setOutcome({ ok: false, message: failure?.message ?? t('stockAlert.failed') });
    } finally {
      setBusy(false);
    }
  }

  const status = outcome && (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`rounded-lg p-3 text-sm ${outcome.ok ? 'bg-[#f1f4ea] text-ink-900' : 'bg-red-50 text-red-900'}`}
    >
      {outcome.message}
    </p>
  );
  if (!soldOut || (outcome?.ok && !token)) return status;
  const error = (name: string) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="mt-1 text-xs text-red-800">
        {errors[name]}
      </p>
    );
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mt-4 rounded-2xl border border-sand-200 bg-sand-50 p-4"
    >
      <h2 id={`${id}-title`} className="font-semibold text-ink-900">
        {t('stockAlert.title')}
      </h2>
      <p className="mt-1 text-sm text-ink-700">{t('stockAlert.text')}</p>
      <form onSubmit={onSubmit} noValidate className="mt-3 space-y-3">
        <div className="text-sm">
          <label htmlFor={`${id}-email`} className="font-medium">
            {t('stockAlert.email')}
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={errors.email ? true : undefined}
            aria-describedby={errors.email ? `${id}-email-error` : undefined}
            className="mt-1 w-full rounded-lg border border-sand-300 bg-white px-3 py-2 focus:border-clay-600 focus:outline-2 focus:outline-clay-600"
          />
          {error('email')}
        </div>
        <div className="text-sm">
          <label className="flex items-start gap-2">
            <input
              name="kvkk"
              type="checkbox"
              required
              aria-invalid={errors.kvkk ? true : undefined}
              aria-describedby={errors.kvkk ? `${id}-kvkk-error` : undefined}
              className="mt-1 size-4 accent-clay-700"
            />
            <span>
              {t('stockAlert.consent')}{' '}
              <a href={KVKK_PAGE} target="_blank" rel="noreferrer" className="underline">
                {t('stockAlert.kvkkLink')}
              </a>
            </span>
          </label>
          {error('kvkk')}
        </div>
        <button
          type="submit"
          aria-disabled={busy || undefined}
          className="rounded-lg border border-clay-700 px-5 py-2.5 font-medium text-clay-800 hover:bg-sand-100"
        >
          {t('stockAlert.submit')}
        </button>
      </form>
      {status && <div className="mt-3">{status}</div>}
    </section>
  );
}
