import type { InstalmentRowView } from '@vitrin/shared/api/instalments';
import type { CardChallenge, PaymentOutcome } from '@vitrin/shared/api/orders';
import { formatMoney } from '@vitrin/shared/money';
import { useCallback, useEffect, useState } from 'react';
import { data, useNavigate } from 'react-router';
import { AccountForm, type FormFailure, TextField } from '../account/form.tsx';
import { accountHeaders, accountMeta, NO_STORE } from '../account/meta.ts';
import { failed, formFields, redirectWithCookies, valueOrThrow } from '../account/session.server.ts';
import { CardInstalments } from '../checkout/card-instalments.tsx';
import { SecurePayWait } from '../checkout/secure-pay-wait.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import { orderLink } from '../orders/order-access.server.ts';
import type { Route } from './+types/secure-pay';
import '../i18n/tr-secure-pay.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('securePay.title'));

/** The order to pay (by its link); without one the page says so instead of failing. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const link = orderLink(request);
  if (!link) return data({ session: null, token: null, error: null, wait: null }, { headers: NO_STORE });
  const session = valueOrThrow(request, await context.orders.paymentSession(link.orderNo, link.token));
  const params = new URL(request.url).searchParams;
  // Back from /secure-pay/bank when the payment could not start: a code the page words in Turkish.
  const error = params.get('hata')?.slice(0, 40) ?? null;
  return data({ session, token: link.token, error, wait: waitOf(params, link) }, { headers: NO_STORE });
}

/** How long the page waits for a hosted provider's answer: a minute, or less with `bekleme_suresi` (s). */
const WAIT_SECONDS = 60;
/** Without JavaScript the waiting page reloads itself this often (seconds). */
const REFRESH_SECONDS = 3;

/**
 * The wait for a hosted provider's answer. With JavaScript the page asks again itself (SecurePayWait);
 * without, it reloads every few seconds, the link carrying when the wait began (`bekleme`), until the
 * limit, after which the page says the answer is late and offers the pay button again. Tests shorten the
 * limit with `bekleme_suresi` (seconds, at most the minute: a shopper can only make it shorter).
 */
function waitOf(params: URLSearchParams, link: { orderNo: string; token: string | null }) {
  const asked = Number(params.get('bekleme_suresi'));
  const seconds = Number.isInteger(asked) && asked >= 1 && asked < WAIT_SECONDS ? asked : WAIT_SECONDS;
  const begun = Number(params.get('bekleme'));
  const since = Number.isSafeInteger(begun) && begun > 0 && begun <= Date.now() ? begun : Date.now();
  const again = new URLSearchParams({ order: link.orderNo, ...(link.token ? { token: link.token } : {}) });
  again.set('bekleme', String(since));
  if (seconds !== WAIT_SECONDS) again.set('bekleme_suresi', String(seconds));
  return {
    limitMs: seconds * 1000,
    over: Date.now() - since >= seconds * 1000,
    refresh: { seconds: REFRESH_SECONDS, href: `/secure-pay?${again}` },
  };
}

type ActionResult = FormFailure | { challenge: CardChallenge } | { outcome: PaymentOutcome };

/**
 * Two steps, like a bank's page: the card (never stored: only its last four digits are kept), then the
 * verification code. A paid order goes to the success page; a failed one stays here to try again.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { intent, ...fields } = await formFields(request);
  if (intent === 'verify') {
    const result = await context.orders.verifyPayment(fields);
    if (!result.ok) return failed(request, result, fields, 'verify');
    if (result.value.outcome === 'paid') return redirectWithCookies(result.value.next);
    return data<ActionResult>({ outcome: result.value }, { headers: NO_STORE });
  }
  const result = await context.orders.payByCard(fields);
  // The card fields are never echoed back into the page.
  if (!result.ok) return failed(request, result, {}, 'card');
  const step = result.value;
  if (step.kind === 'outcome') return data<ActionResult>({ outcome: step.outcome }, { headers: NO_STORE });
  if (step.kind === 'challenge') return data<ActionResult>({ challenge: step }, { headers: NO_STORE });
  // The bank's own page (or a hosted form) is not served through this route: see `/secure-pay/bank`.
  const failure: FormFailure = {
    intent: 'card',
    error: { code: 'ODEME_YAPILAMAZ', message: i18n.t('securePay.failed') },
  };
  return data<ActionResult>(failure, { headers: NO_STORE, status: 409 });
}

export const headers = accountHeaders;

/** Why a payment could not start, as /secure-pay/bank sends the shopper back (`?hata=`). */
const START_ERRORS = new Set(['ODEME_SAGLAYICISI_HATASI', 'GECERSIZ_ISTEK', 'COK_FAZLA_ISTEK'] as const);
type StartError = typeof START_ERRORS extends Set<infer E> ? E : never;
const startError = (code: string): `securePay.errors.${StartError | 'other'}` =>
  `securePay.errors.${START_ERRORS.has(code as StartError) ? (code as StartError) : 'other'}`;

export default function SecurePayRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { session, token, error, wait } = loaderData;
  const navigate = useNavigate();
  // Back from a hosted form before its answer: wait for it (see SecurePayWait), for a minute at most.
  const [waited, setWaited] = useState<'no' | 'waiting' | 'gave-up'>(
    session?.verifying ? (wait?.over ? 'gave-up' : 'waiting') : 'no',
  );
  const giveUp = useCallback(() => setWaited('gave-up'), []);
  // The card's first digits ask its instalment table; the chosen row's total is what the button names.
  const [typedCard, setTypedCard] = useState('');
  const [instalment, setInstalment] = useState<InstalmentRowView | null>(null);
  useEffect(() => {
    if (!session || waited !== 'waiting') return;
    if (session.paymentStatus === 'paid') navigate(session.next, { replace: true });
    else if (!session.verifying) setWaited('no');
  }, [session, waited, navigate]);
  if (!session) {
    return (
      <main id="main" className="mx-auto max-w-xl px-4 py-12">
        <h1 className="text-2xl font-semibold text-ink-900">{t('securePay.none')}</h1>
        <p className="mt-2 text-ink-700">{t('securePay.noneText')}</p>
        <a href="/" className="mt-6 inline-block font-medium text-clay-700 underline underline-offset-2">
          {t('securePay.backToShop')}
        </a>
      </main>
    );
  }
  const result = actionData as ActionResult | undefined;
  const challenge = result && 'challenge' in result ? result.challenge : null;
  const outcome = result && 'outcome' in result ? result.outcome : null;
  const failure = result && 'error' in result ? result : undefined;
  // What the card is charged: the row chosen with the card once its table is known, else the order's choice.
  const charged = instalment ?? {
    count: session.instalments,
    totalMinor: session.amountMinor,
    monthlyMinor: session.monthlyMinor,
  };
  // A real provider's card form posts to the server, which answers with the bank's own page.
  const bankForm = session.provider !== null && session.provider.name !== 'test';
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-8">
      <div className="rounded-2xl border border-sand-200 bg-white p-6 shadow-sm">
        <h1 className="text-2xl font-semibold text-ink-900">{t('securePay.title')}</h1>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-600">{t('securePay.merchant')}</dt>
          <dd className="text-ink-900">{session.shopName}</dd>
          <dt className="text-ink-600">{t('securePay.order')}</dt>
          <dd className="font-mono text-ink-900">{session.orderNo}</dd>
          <dt className="text-ink-600">{t('securePay.amount')}</dt>
          <dd className="font-semibold text-ink-900" aria-live="polite">
            {formatMoney(charged.totalMinor)}
            {charged.count > 1 &&
              ` (${t('securePay.instalments', { count: charged.count, monthly: formatMoney(charged.monthlyMinor) })})`}
          </dd>
        </dl>
        {!session.payable ? (
          <div className="mt-6 space-y-3">
            <p role="status" className="rounded-lg bg-sand-100 p-4 text-sm text-ink-900">
              {session.reason}
            </p>
            <a
              href={session.next}
              className="inline-block font-medium text-clay-700 underline underline-offset-2"
            >
              {t('securePay.toOrder')}
            </a>
          </div>
        ) : waited === 'waiting' && !result ? (
          <SecurePayWait onGiveUp={giveUp} limitMs={wait!.limitMs} refresh={wait!.refresh} />
        ) : challenge ? (
          <div className="mt-6">
            <p className="mb-4 text-sm text-ink-800">{challenge.prompt}</p>
            <AccountForm id="verify" intent="verify" failure={failure} submitLabel={t('securePay.confirm')}>
              <input type="hidden" name="challenge" value={challenge.challenge} />
              <TextField
                name="code"
                label={t('securePay.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                required
                maxLength={8}
                pattern="[0-9]{4,8}"
                hint={
                  session.test ? t('securePay.testCode', { code: session.test.verificationCode }) : undefined
                }
                messages={{ missing: t('securePay.codeMissing') }}
              />
            </AccountForm>
          </div>
        ) : (
          <div className="mt-6 space-y-4">
            {(outcome?.failure ?? (!result && session.lastFailure)) && (
              <div
                role="alert"
                className="rounded-lg border border-red-700 bg-red-50 p-4 text-sm text-red-900"
              >
                <p className="font-medium">{t('securePay.failed')}</p>
                <p>{(outcome?.failure ?? session.lastFailure)?.message}</p>
                <p className="mt-1">{t('securePay.retry')}</p>
              </div>
            )}
            {waited === 'gave-up' && !result && (
              <p role="status" className="rounded-lg bg-sand-100 p-4 text-sm text-ink-900">
                {t('securePay.verifyingLate')}
              </p>
            )}
            {error && !result && (
              <p role="alert" className="rounded-lg border border-red-700 bg-red-50 p-4 text-sm text-red-900">
                {t(startError(error))}
              </p>
            )}
            {bankForm && (
              <p className="text-sm text-ink-700">
                {t(session.provider?.form === 'hosted' ? 'securePay.hostedNote' : 'securePay.bankNote')}
              </p>
            )}
            {session.provider?.form === 'hosted' ? (
              <AccountForm
                id="card"
                postTo="/secure-pay/bank"
                submitLabel={t('securePay.continue')}
                noRequiredNote
              >
                <input type="hidden" name="order" value={session.orderNo} />
                {token && <input type="hidden" name="token" value={token} />}
              </AccountForm>
            ) : (
              <AccountForm
                id="card"
                intent="card"
                {...(bankForm ? { postTo: '/secure-pay/bank' } : {})}
                failure={failure}
                submitLabel={t('securePay.pay', {
                  amount: formatMoney(charged.totalMinor),
                })}
              >
                <input type="hidden" name="order" value={session.orderNo} />
                {token && <input type="hidden" name="token" value={token} />}
                <TextField
                  name="cardNumber"
                  label={t('securePay.cardNumber')}
                  inputMode="numeric"
                  autoComplete="cc-number"
                  required
                  maxLength={23}
                  messages={{ missing: t('securePay.cardNumberMissing') }}
                  onChange={(event) => setTypedCard(event.currentTarget.value)}
                />
                <CardInstalments
                  typed={typedCard}
                  amountMinor={session.amountMinor}
                  orderInstalments={session.instalments}
                  onChoose={setInstalment}
                />
                <TextField
                  name="holder"
                  label={t('securePay.holder')}
                  autoComplete="cc-name"
                  required
                  maxLength={60}
                  messages={{ missing: t('securePay.holderMissing') }}
                />
                <div className="grid grid-cols-3 gap-4">
                  <TextField
                    name="expiryMonth"
                    label={t('securePay.month')}
                    inputMode="numeric"
                    autoComplete="cc-exp-month"
                    required
                    maxLength={2}
                    placeholder="AA"
                  />
                  <TextField
                    name="expiryYear"
                    label={t('securePay.year')}
                    inputMode="numeric"
                    autoComplete="cc-exp-year"
                    required
                    maxLength={4}
                    placeholder="YY"
                  />
                  <TextField
                    name="cvc"
                    label={t('securePay.cvc')}
                    inputMode="numeric"
                    autoComplete="cc-csc"
                    required
                    maxLength={3}
                    pattern="[0-9]{3}"
                  />
                </div>
              </AccountForm>
            )}
            {session.test && (
              <details className="rounded-lg bg-sand-100 p-4 text-sm text-ink-800">
                <summary className="cursor-pointer font-medium text-ink-900">
                  {t('securePay.testCards')}
                </summary>
                <ul className="mt-2 space-y-1">
                  {session.test.cards.map((c) => (
                    <li key={c.number}>
                      <span className="font-mono">{c.number}</span> — {c.outcome}
                    </li>
                  ))}
                </ul>
                <p className="mt-2">{t('securePay.testHint')}</p>
              </details>
            )}
          </div>
        )}
      </div>
    </main>
  );
}
