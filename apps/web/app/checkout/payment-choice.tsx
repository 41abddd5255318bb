import type { CheckoutQuote, PaymentMethod } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { PAYMENT_METHODS } from '@vitrin/shared/order-states';
import { useEffect } from 'react';
import { fieldId, useFormState } from '../account/form.tsx';
import { useTranslation } from '../i18n/index.ts';
import { useOfferedCounts } from './instalment-table.ts';
import '../i18n/tr-checkout.ts';

export interface PaymentSelection {
  method: PaymentMethod;
  instalments: number;
}

const radioCard =
  'flex cursor-pointer items-start gap-3 rounded-xl border border-ink-600/70 bg-white p-4 has-[:checked]:border-clay-700 has-[:checked]:bg-sand-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-clay-700';

/**
 * Kredi / Banka Kartı (with instalments), Havale / EFT (the shop's accounts), Kapıda Ödeme (its fee). Card
 * details are not asked here: the bank's 3-D Secure page asks for them after the order is recorded.
 */
export function PaymentChoice({
  methods,
  quotes,
  selection,
  onChange,
}: {
  methods: PaymentMethod[];
  quotes: Partial<Record<PaymentMethod, CheckoutQuote>>;
  selection: PaymentSelection;
  onChange(selection: PaymentSelection): void;
}) {
  const { t } = useTranslation();
  const { id: formId, errors } = useFormState();
  const card = quotes.card;
  // The counts the card provider offers (its general table); until it answers, the shop's own.
  const single = card?.instalments.find((o) => o.count === 1)?.totalMinor ?? 0;
  const offered = useOfferedCounts(card?.instalments.find((o) => o.count > 1)?.totalMinor ?? single, single);
  const options = (card?.instalments ?? []).filter((o) => !offered || offered.counts.includes(o.count));
  const counts = options.map((o) => o.count).join(',');
  // A count the provider no longer offers (or a provider that did not answer) falls back to one payment.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `counts` stands for `options`.
  useEffect(() => {
    if (selection.method === 'card' && !options.some((o) => o.count === selection.instalments)) {
      onChange({ method: 'card', instalments: 1 });
    }
  }, [counts, selection, onChange]);
  const bankAccounts = quotes.transfer?.bankAccounts ?? [];
  const error = errors.paymentMethod;
  return (
    <fieldset
      className="space-y-3"
      aria-describedby={error ? fieldId(formId, 'paymentMethod-error') : undefined}
    >
      <legend className="sr-only">{t('checkout.payment')}</legend>
      {methods.map((method) => (
        <div key={method}>
          <label className={radioCard}>
            <input
              type="radio"
              name="paymentMethod"
              value={method}
              id={fieldId(formId, `paymentMethod-${method}`)}
              checked={selection.method === method}
              onChange={() => onChange({ method, instalments: 1 })}
              className="mt-1 accent-clay-700"
            />
            <span className="text-sm">
              <span className="block font-medium text-ink-900">{PAYMENT_METHODS[method]}</span>
              <span className="block text-ink-700">{t(`checkout.methodHint.${method}`)}</span>
              {method === 'cod' && quotes.cod && quotes.cod.totals.codFeeMinor > 0 && (
                <span className="block text-ink-700">
                  {t('checkout.codFeeHint', { fee: formatMoney(quotes.cod.totals.codFeeMinor) })}
                </span>
              )}
            </span>
          </label>
          {method === 'card' && selection.method === 'card' && options.length > 0 && (
            <div className="mt-3 ml-4">
              <label
                htmlFor={fieldId(formId, 'instalments')}
                className="block text-sm font-medium text-ink-900"
              >
                {t('checkout.instalments')}
              </label>
              <select
                id={fieldId(formId, 'instalments')}
                name="instalments"
                value={selection.instalments}
                onChange={(event) =>
                  onChange({ method: 'card', instalments: Number(event.currentTarget.value) })
                }
                className="mt-1 block w-full max-w-sm rounded-lg border border-ink-600/70 bg-white px-3 py-2 text-ink-900"
              >
                {options.map((option) => (
                  <option key={option.count} value={option.count}>
                    {option.count === 1
                      ? t('checkout.singlePayment', { total: formatMoney(option.totalMinor) })
                      : t('checkout.instalmentOption', {
                          count: option.count,
                          monthly: formatMoney(option.monthlyMinor),
                          total: formatMoney(option.totalMinor),
                        })}
                  </option>
                ))}
              </select>
              {offered?.unavailable && (
                <p role="status" className="mt-2 text-sm text-ink-800">
                  {t('instalmentTable.failed')}
                </p>
              )}
              {offered?.interest && (
                <p className="mt-2 text-sm text-ink-700">{t('instalmentTable.bankInterest')}</p>
              )}
            </div>
          )}
          {method === 'transfer' && selection.method === 'transfer' && bankAccounts.length > 0 && (
            <ul className="mt-3 ml-4 space-y-2 text-sm">
              {bankAccounts.map((account) => (
                <li key={account.iban} className="rounded-lg bg-sand-100 p-3">
                  <p className="font-medium text-ink-900">{account.bank}</p>
                  <p className="text-ink-700">{account.holder}</p>
                  <p className="font-mono text-ink-900">{account.iban.replace(/(.{4})/g, '$1 ').trim()}</p>
                </li>
              ))}
              <li className="text-ink-700">{t('checkout.transferHint')}</li>
            </ul>
          )}
        </div>
      ))}
      {error && (
        <p id={fieldId(formId, 'paymentMethod-error')} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}
