import { PROVINCES } from '@vitrin/shared/address/turkey';
import type { Address, CustomerProfile } from '@vitrin/shared/api/account';
import type { PaymentMethod } from '@vitrin/shared/api/cart';
import { formatMoney } from '@vitrin/shared/money';
import { type ReactNode, useState } from 'react';
import { AddressFields, BillingFields } from '../account/address-form.tsx';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../account/constraints.ts';
import {
  AccountForm,
  CheckboxField,
  FieldFrame,
  FieldGroup,
  type FormFailure,
  TextField,
} from '../account/form.tsx';
import { EmailField } from '../account/person-fields.tsx';
import { useHydrated } from '../account/use-hydrated.ts';
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';
import type { CheckoutData } from './checkout.server.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentChoice, type PaymentSelection } from './payment-choice.tsx';
import '../i18n/tr-auth.ts';
import '../i18n/tr-checkout.ts';

const NOTE_MAX_LENGTH = 500;
const NO_DEFAULTS = { firstName: '', lastName: '', phone: '' };

/** A titled part of the form: a region named by its heading (what a screen reader's region list shows). */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={id}
      className="space-y-5 rounded-2xl border border-sand-200 bg-white p-5 md:p-6"
    >
      <h2 id={id} className="text-xl font-semibold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const provinceName = (code: number) => PROVINCES.find((p) => p.code === code)?.name ?? '';

/** A saved address as one radio of a list (the customer's checkout). */
function SavedAddresses({
  name,
  addresses,
  defaultId,
  extra,
}: {
  name: 'shippingAddressId' | 'billingAddressId';
  addresses: Address[];
  defaultId: string;
  /** A first choice besides the saved ones (e.g. "the same as the shipping address"). */
  extra?: { value: string; label: string };
}) {
  const choice = (value: string, label: ReactNode) => (
    <label
      key={value}
      className="flex cursor-pointer items-start gap-3 rounded-xl border border-ink-600/70 p-4 text-sm has-[:checked]:border-clay-700 has-[:checked]:bg-sand-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-clay-700"
    >
      <input
        type="radio"
        name={name}
        value={value}
        defaultChecked={value === defaultId}
        className="mt-1 accent-clay-700"
      />
      <span>{label}</span>
    </label>
  );
  return (
    <div className="grid gap-3 md:grid-cols-2">
      {extra && choice(extra.value, <span className="font-medium text-ink-900">{extra.label}</span>)}
      {addresses.map((a) =>
        choice(
          String(a.id),
          <>
            <span className="block font-medium text-ink-900">{a.title}</span>
            <span className="block text-ink-700">
              {a.firstName} {a.lastName}
            </span>
            <span className="block text-ink-700">{a.line}</span>
            <span className="block text-ink-700">
              {a.district} / {provinceName(a.provinceCode)}
            </span>
          </>,
        ),
      )}
    </div>
  );
}

/**
 * The checkout form of both pages. Guests type their e-mail, phone and addresses; a customer with saved
 * addresses picks them. Totals follow the chosen payment method at once (all were quoted by the loader);
 * the server computes them again when the order is placed.
 */
export function CheckoutPage({
  data,
  failure,
  customer,
  addresses,
}: {
  data: CheckoutData;
  failure: FormFailure | undefined;
  customer: CustomerProfile | null;
  addresses: Address[];
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { cart, quotes, methods, idempotencyKey } = data;
  const echoed = failure?.values ?? {};
  const [payment, setPayment] = useState<PaymentSelection>(() => ({
    method: methods.includes(echoed.paymentMethod as PaymentMethod)
      ? (echoed.paymentMethod as PaymentMethod)
      : 'card',
    instalments: Number(echoed.instalments) || 1,
  }));
  const [sameBilling, setSameBilling] = useState(echoed.billingSameAsShipping !== undefined || !failure);
  const quote = quotes[payment.method] ?? quotes.card!;
  const chosen =
    payment.method === 'card' ? quote.instalments.find((o) => o.count === payment.instalments) : undefined;
  const instalmentFee = chosen ? Math.max(0, chosen.totalMinor - quote.totals.totalMinor) : 0;
  const needsShipping = cart.totals.needsShipping;
  const saved = addresses.length > 0;
  // A customer without saved addresses types one: name and phone start as their profile's.
  const defaults = customer ? { ...customer, phone: customer.phone ?? '' } : NO_DEFAULTS;
  const defaultShipping = String((addresses.find((a) => a.isDefaultShipping) ?? addresses[0])?.id ?? '');
  const defaultBilling = String(
    addresses.find((a) => a.isDefaultBilling)?.id ?? (needsShipping ? 'same' : defaultShipping),
  );
  const addressOf = (prefix: string) => ({
    province: echoed[`${prefix}provinceCode`] ?? '',
    district: echoed[`${prefix}district`] ?? '',
  });
  const billingType = (echoed['billingAddress.billingType'] ?? 'individual') as 'individual' | 'corporate';

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 md:py-12">
      <h1 className="text-3xl font-semibold text-ink-900">{t('checkout.title')}</h1>
      <p className="mt-2 text-ink-700">{t('checkout.intro')}</p>
      <div className="mt-8 grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="lg:sticky lg:top-4 lg:order-2">
          <OrderSummary cart={cart} totals={quote.totals} instalmentFeeMinor={instalmentFee} />
          <p className="mt-3 text-sm">
            <AppLink to="/cart" className="font-medium text-clay-700 underline underline-offset-2">
              {t('checkout.editCart')}
            </AppLink>
          </p>
        </div>
        <AccountForm
          id="checkout"
          failure={failure}
          submitLabel={t('checkout.submit')}
          className="space-y-6 lg:order-1"
          footer={
            // The amount the button commits to, beside it, however long the form above.
            <p className="text-lg font-semibold text-ink-900" data-testid="checkout-total">
              {t('checkout.total')}:{' '}
              <span className="tabular-nums">{formatMoney(quote.totals.totalMinor + instalmentFee)}</span>
            </p>
          }
        >
          <input type="hidden" name="idempotencyKey" value={idempotencyKey} />
          <Section id="checkout-contact" title={t('checkout.contact')}>
            {customer ? (
              <p className="text-sm text-ink-700">
                {t('checkout.contactCustomer', { email: customer.email })}
              </p>
            ) : (
              // The phone is asked once, in the address below: it is also the order's contact number.
              <EmailField label={t('auth.email')} hint={t('checkout.emailHint')} />
            )}
          </Section>

          {needsShipping && (
            <Section id="checkout-shipping" title={t('checkout.shippingAddress')}>
              {saved ? (
                <>
                  <SavedAddresses
                    name="shippingAddressId"
                    addresses={addresses}
                    defaultId={defaultShipping}
                  />
                  <ManageAddresses />
                </>
              ) : (
                <FieldGroup prefix="shippingAddress.">
                  <AddressFields defaults={defaults} billing={null} {...addressOf('shippingAddress.')} />
                </FieldGroup>
              )}
            </Section>
          )}

          <Section id="checkout-billing" title={t('checkout.billing')}>
            {saved ? (
              <SavedAddresses
                name="billingAddressId"
                addresses={addresses}
                defaultId={defaultBilling}
                extra={needsShipping ? { value: 'same', label: t('checkout.billingSame') } : undefined}
              />
            ) : (
              <>
                {needsShipping && hydrated && (
                  <CheckboxField
                    name="billingSameAsShipping"
                    label={t('checkout.billingSame')}
                    defaultChecked={sameBilling}
                    onChange={(event) => setSameBilling(event.currentTarget.checked)}
                  />
                )}
                <FieldGroup prefix="billingAddress.">
                  {needsShipping && hydrated && sameBilling ? (
                    <BillingFields address={undefined} initial={billingType} />
                  ) : (
                    <AddressFields
                      defaults={defaults}
                      billing={billingType}
                      {...addressOf('billingAddress.')}
                    />
                  )}
                </FieldGroup>
              </>
            )}
          </Section>

          <Section id="checkout-payment" title={t('checkout.payment')}>
            <PaymentChoice methods={methods} quotes={quotes} selection={payment} onChange={setPayment} />
          </Section>

          <Section id="checkout-finish" title={t('checkout.finish')}>
            <FieldFrame
              name="note"
              label={`${t('checkout.note')} ${t('form.optional')}`}
              hint={t('checkout.noteHint')}
            >
              {(field) => (
                <textarea
                  id={field.id}
                  name={field.name}
                  defaultValue={field.value ?? ''}
                  aria-invalid={field['aria-invalid']}
                  aria-describedby={field['aria-describedby']}
                  maxLength={NOTE_MAX_LENGTH}
                  rows={3}
                  className="mt-1 block w-full rounded-lg border border-ink-600/70 bg-white px-3 py-2 text-ink-900"
                />
              )}
            </FieldFrame>
            {!customer && (
              <TextField
                name="createAccountPassword"
                type="password"
                label={`${t('checkout.createAccount')} ${t('form.optional')}`}
                hint={
                  <>
                    {t('checkout.createAccountHint', { min: PASSWORD_MIN_LENGTH })}{' '}
                    <a
                      href="/content/kvkk-aydinlatma-metni"
                      target="_blank"
                      rel="noreferrer"
                      className="font-medium text-clay-700 underline underline-offset-2"
                    >
                      {t('checkout.kvkkNotice')}
                    </a>
                  </>
                }
                autoComplete="new-password"
                minLength={PASSWORD_MIN_LENGTH}
                maxLength={PASSWORD_MAX_LENGTH}
                // No strength hint: under an empty optional field its "at least 8 characters" read as an error.
                messages={{ short: t('auth.passwordTooShort', { min: PASSWORD_MIN_LENGTH }) }}
              />
            )}
            <CheckboxField
              name="acceptTerms"
              required
              missing={t('checkout.termsMissing')}
              label={
                <>
                  <a
                    href="/content/on-bilgilendirme-formu"
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-clay-700 underline underline-offset-2"
                  >
                    {t('checkout.preInformation')}
                  </a>
                  {t('checkout.termsAnd')}
                  <a
                    href="/content/mesafeli-satis-sozlesmesi"
                    target="_blank"
                    rel="noreferrer"
                    className="font-medium text-clay-700 underline underline-offset-2"
                  >
                    {t('checkout.distanceSale')}
                  </a>
                  {t('checkout.termsAccept')}
                </>
              }
            />
          </Section>
        </AccountForm>
      </div>
    </main>
  );
}

function ManageAddresses() {
  const { t } = useTranslation();
  return (
    <p className="text-sm">
      <AppLink to="/panel/address" className="font-medium text-clay-700 underline underline-offset-2">
        {t('checkout.manageAddresses')}
      </AppLink>
    </p>
  );
}
