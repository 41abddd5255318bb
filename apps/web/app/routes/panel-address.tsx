import { maskTcKimlikNo } from '@vitrin/shared/address/id-mask';
import { formatTurkishMobile } from '@vitrin/shared/address/phone';
import type { Address } from '@vitrin/shared/api/account';
import type { AddressKind } from '@vitrin/shared/api/account-context';
import { useEffect, useRef } from 'react';
import { Form } from 'react-router';
import { AddressForm } from '../account/address-form.tsx';
import { buttonClass, FormAlert, FormNotice, secondaryButtonClass } from '../account/form.tsx';
import { accountHeaders, accountMeta } from '../account/meta.ts';
import { PanelPage, PanelSection } from '../account/panel-page.tsx';
import { AccountRouteError } from '../account/route-error.tsx';
import {
  failed,
  formFields,
  redirectWithCookies,
  requireCustomer,
  valueOrThrow,
} from '../account/session.server.ts';
import { AppLink } from '../components/app-link.tsx';
import { i18n, useTranslation } from '../i18n/index.ts';
import type { Route } from './+types/panel-address';
import '../i18n/tr-address.ts';

export const meta: Route.MetaFunction = ({ matches }) => accountMeta(matches, i18n.t('address.title'));

const SAVED = ['created', 'updated', 'deleted', 'shipping', 'billing'] as const;
type Saved = (typeof SAVED)[number];

/**
 * The address book. What the page shows besides the list comes from the query, so every step works as a
 * plain link without JavaScript: `?new=1` (add form), `?edit=<id>` (edit form), `?delete=<id>` (confirm).
 */
export async function loader(args: Route.LoaderArgs) {
  const customer = await requireCustomer(args);
  const addresses = valueOrThrow(args.request, await args.context.account.addresses.list());
  const params = new URL(args.request.url).searchParams;
  const find = (name: string) => addresses.find((a) => String(a.id) === params.get(name));
  const saved = params.get('saved');
  return {
    addresses,
    defaults: { firstName: customer.firstName, lastName: customer.lastName, phone: customer.phone },
    editing: find('edit') ?? null,
    deleting: find('delete') ?? null,
    adding: params.has('new') || addresses.length === 0,
    saved: SAVED.find((s) => s === saved) ?? null,
  };
}

const DEFAULT_KINDS: Record<string, { kind: AddressKind; saved: Saved }> = {
  'default-shipping': { kind: 'shipping', saved: 'shipping' },
  'default-billing': { kind: 'billing', saved: 'billing' },
};

export async function action({ request, context }: Route.ActionArgs) {
  const { intent: posted, id: postedId, ...fields } = await formFields(request);
  const intent = typeof posted === 'string' ? posted : '';
  const id = typeof postedId === 'string' ? postedId : '';
  const { addresses } = context.account;
  const done = (saved: Saved) => redirectWithCookies(`/panel/address?saved=${saved}`);
  if (intent === 'create') {
    const result = await addresses.create(fields);
    return result.ok ? done('created') : failed(request, result, fields, intent);
  }
  if (intent === 'update') {
    const result = await addresses.update(id, fields);
    return result.ok ? done('updated') : failed(request, result, fields, intent);
  }
  if (intent === 'delete') {
    const result = await addresses.remove(id);
    return result.ok ? done('deleted') : failed(request, result, {}, intent);
  }
  const byDefault = DEFAULT_KINDS[intent];
  if (byDefault) {
    const result = await addresses.setDefault(id, byDefault.kind);
    return result.ok ? done(byDefault.saved) : failed(request, result, {}, intent);
  }
  return failed(request, {
    ok: false,
    status: 400,
    error: { code: 'GECERSIZ_ISTEK', message: i18n.t('form.invalid') },
  });
}

export const headers = accountHeaders;

function Badge({ children }: { children: string }) {
  return (
    <li className="rounded-full bg-olive-600 px-2.5 py-0.5 text-xs font-medium text-white">{children}</li>
  );
}

function DeleteConfirm({ address }: { address: Address }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div className="mt-4 rounded-lg border border-red-800/50 bg-red-50 p-4" data-testid="delete-confirm">
      <p ref={ref} tabIndex={-1} className="text-sm font-medium text-red-900">
        {t('address.confirmDelete', { title: address.title })}
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Form method="post" action="/panel/address">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={address.id} />
          <button type="submit" className={buttonClass.replace('bg-clay-700', 'bg-red-800')}>
            {t('address.confirmDeleteYes')}
          </button>
        </Form>
        <AppLink to="/panel/address" className={secondaryButtonClass}>
          {t('address.cancel')}
        </AppLink>
      </div>
    </div>
  );
}

function AddressCard({ address, deleting }: { address: Address; deleting: boolean }) {
  const { t } = useTranslation();
  const which = <span className="sr-only"> ({address.title})</span>;
  const setDefault = (intent: string, label: string) => (
    <Form method="post" action="/panel/address">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={address.id} />
      <button type="submit" className={secondaryButtonClass}>
        {label}
        {which}
      </button>
    </Form>
  );
  return (
    <li
      className="flex flex-col rounded-2xl border border-sand-200 bg-white p-5"
      aria-labelledby={`address-${address.id}`}
      data-testid="address-card"
    >
      <h3 id={`address-${address.id}`} className="text-lg font-semibold text-ink-900">
        {address.title}
      </h3>
      {(address.isDefaultShipping || address.isDefaultBilling) && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {address.isDefaultShipping && <Badge>{t('address.defaultShipping')}</Badge>}
          {address.isDefaultBilling && <Badge>{t('address.defaultBilling')}</Badge>}
        </ul>
      )}
      <address className="mt-3 flex-1 text-sm not-italic leading-relaxed text-ink-800">
        {address.firstName} {address.lastName}
        <br />
        {formatTurkishMobile(address.phone) ?? address.phone}
        <br />
        {address.line}
        <br />
        {address.district} / {address.province}
        {address.postcode ? ` ${address.postcode}` : ''}
        <br />
        <span className="text-ink-600">
          {address.billingType === 'corporate'
            ? t('address.billingCorporate', {
                company: address.companyName ?? '',
                taxNumber: address.taxNumber ?? '',
                taxOffice: address.taxOffice ?? '',
              })
            : t('address.billingIndividual', {
                id: address.tcKimlikNo ? maskTcKimlikNo(address.tcKimlikNo) : '',
              })}
        </span>
      </address>
      <div className="mt-4 flex flex-wrap gap-2">
        <AppLink to={`/panel/address?edit=${address.id}#address-form`} className={secondaryButtonClass}>
          {t('address.edit')}
          {which}
        </AppLink>
        <AppLink to={`/panel/address?delete=${address.id}`} className={secondaryButtonClass}>
          {t('address.delete')}
          {which}
        </AppLink>
        {!address.isDefaultShipping && setDefault('default-shipping', t('address.makeDefaultShipping'))}
        {!address.isDefaultBilling && setDefault('default-billing', t('address.makeDefaultBilling'))}
      </div>
      {deleting && <DeleteConfirm address={address} />}
    </li>
  );
}

export default function AddressRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { addresses, defaults, editing, deleting, adding, saved } = loaderData;
  const failure = actionData ?? undefined;
  const formFailed = failure?.intent === 'create' || failure?.intent === 'update';
  const showForm = Boolean(editing) || adding || formFailed;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formKey = editing ? `edit-${editing.id}` : 'new';
  useEffect(() => {
    // Opening the form with a link moves focus to it (the list above can be long).
    if ((editing || (adding && addresses.length > 0)) && !formFailed) headingRef.current?.focus();
  }, [editing, adding, addresses.length, formFailed]);
  return (
    <PanelPage title={t('address.title')} intro={t('address.intro')}>
      {saved && !failure && <FormNotice key={saved}>{t(`address.saved.${saved}`)}</FormNotice>}
      {failure && !formFailed && <FormAlert>{failure.error.message}</FormAlert>}
      {addresses.length === 0 ? (
        <p className="rounded-2xl border border-sand-200 bg-white p-5 text-ink-700">{t('address.empty')}</p>
      ) : (
        <section aria-labelledby="address-list-title">
          <h2 id="address-list-title" className="sr-only">
            {t('address.listTitle')}
          </h2>
          <ul className="grid gap-4 lg:grid-cols-2">
            {addresses.map((address) => (
              <AddressCard key={address.id} address={address} deleting={deleting?.id === address.id} />
            ))}
          </ul>
        </section>
      )}
      {showForm ? (
        <PanelSection
          id="address-form"
          title={editing ? t('address.editTitle', { title: editing.title }) : t('address.addTitle')}
          headingRef={headingRef}
        >
          <AddressForm
            key={formKey}
            address={editing ?? undefined}
            defaults={defaults}
            failure={formFailed ? failure : undefined}
            cancel={Boolean(editing) || addresses.length > 0}
            first={addresses.length === 0}
          />
        </PanelSection>
      ) : (
        <AppLink to="/panel/address?new=1#address-form" className={buttonClass}>
          {t('address.add')}
        </AppLink>
      )}
    </PanelPage>
  );
}

export function ErrorBoundary() {
  return <AccountRouteError inside />;
}
