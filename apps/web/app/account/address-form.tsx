import { PROVINCES, type Province } from '@vitrin/shared/address/turkey';
import type { Address, BillingType } from '@vitrin/shared/api/account';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';
import { useState } from 'react';
import { AppLink } from '../components/app-link.tsx';
import { useTranslation } from '../i18n/index.ts';
import {
  AccountForm,
  CheckboxField,
  controlProps,
  FieldFrame,
  type FormFailure,
  fieldId,
  SelectField,
  TextField,
  useFieldName,
  useFormState,
} from './form.tsx';
import { NameFields, PhoneField } from './person-fields.tsx';
import { useHydrated } from './use-hydrated.ts';
import '../i18n/tr-address.ts';

/** In the order people look for them: Adana, Adıyaman, Afyonkarahisar, Ağrı, Aksaray… */
const SORTED_PROVINCES: readonly Province[] = [...PROVINCES].sort((a, b) =>
  turkishSortKey(a.name) < turkishSortKey(b.name) ? -1 : 1,
);

interface Defaults {
  firstName: string;
  lastName: string;
  phone: string;
}

/**
 * İl and ilçe. With JavaScript the district list follows the chosen province. Without it, the district list
 * holds every province's districts grouped by province (the chosen province's group first), and the server
 * checks that the two belong together.
 */
function ProvinceDistrict({
  province: initialProvince,
  district: initialDistrict,
}: {
  province: string;
  district: string;
}) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const [province, setProvince] = useState(initialProvince);
  const chosen = SORTED_PROVINCES.find((p) => String(p.code) === province);
  const groups = chosen ? [chosen, ...SORTED_PROVINCES.filter((p) => p !== chosen)] : SORTED_PROVINCES;
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <SelectField
        name="provinceCode"
        label={t('address.province')}
        autoComplete="address-level1"
        required
        defaultValue={initialProvince}
        onChange={(event) => setProvince(event.currentTarget.value)}
        messages={{ missing: t('address.provinceMissing') }}
      >
        <option value="">{t('address.provinceChoose')}</option>
        {SORTED_PROVINCES.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        // A new list of districts starts unselected, unless it is the saved province's.
        key={`${hydrated}-${province}`}
        name="district"
        label={t('address.district')}
        autoComplete="address-level2"
        required
        defaultValue={province === initialProvince ? initialDistrict : ''}
        messages={{ missing: t('address.districtMissing') }}
        hint={hydrated ? undefined : t('address.districtAllHint')}
      >
        {hydrated ? (
          chosen ? (
            <>
              <option value="">{t('address.districtChoose')}</option>
              {chosen.districts.map((d) => (
                <option key={d} value={d}>
                  {d}
                </option>
              ))}
            </>
          ) : (
            <option value="">{t('address.districtFirst')}</option>
          )
        ) : (
          <>
            <option value="">{t('address.districtChoose')}</option>
            {groups.map((p) => (
              <optgroup key={p.code} label={p.name}>
                {p.districts.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </optgroup>
            ))}
          </>
        )}
      </SelectField>
    </div>
  );
}

/** The address line as a textarea (FieldFrame gives the label, hint and error). */
function AddressLine({ defaultValue }: { defaultValue: string }) {
  const { t } = useTranslation();
  return (
    <FieldFrame name="line" label={t('address.line')} required hint={t('address.lineHint')}>
      {(field) => (
        <textarea
          {...controlProps(field, true, defaultValue, {
            missing: t('address.lineMissing'),
            short: t('address.lineMissing'),
          })}
          minLength={5}
          maxLength={250}
          rows={3}
          autoComplete="street-address"
        />
      )}
    </FieldFrame>
  );
}

/**
 * Bireysel or kurumsal invoice details. The other type's fields are hidden with CSS (`:has`), so switching
 * works without JavaScript too; with it, only the shown fields are required.
 */
export function BillingFields({ address, initial }: { address: Address | undefined; initial: BillingType }) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const { id: formId, values } = useFormState();
  const typeName = useFieldName('billingType');
  const [type, setType] = useState<BillingType>(initial);
  const required = (kind: BillingType) => hydrated && type === kind;
  const radio = (kind: BillingType, label: string) => (
    <label className="flex cursor-pointer items-center gap-2 rounded-lg border border-ink-600/70 bg-white px-4 py-2 text-sm has-[:checked]:border-clay-700 has-[:checked]:bg-sand-100 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-clay-700">
      <input
        type="radio"
        name={typeName}
        value={kind}
        id={fieldId(formId, `${typeName}-${kind}`)}
        defaultChecked={(values[typeName] ?? initial) === kind}
        onChange={() => setType(kind)}
        className="accent-clay-700"
      />
      {label}
    </label>
  );
  return (
    <fieldset className="space-y-4 rounded-xl border border-sand-200 p-4 [&:has(input[value=corporate]:checked)_[data-billing=individual]]:hidden [&:has(input[value=individual]:checked)_[data-billing=corporate]]:hidden">
      <legend className="px-1 text-sm font-medium text-ink-900">{t('address.billingType')}</legend>
      <div className="flex flex-wrap gap-3">
        {radio('individual', t('address.individual'))}
        {radio('corporate', t('address.corporate'))}
      </div>
      <div data-billing="individual">
        <TextField
          name="tcKimlikNo"
          label={t('address.tcKimlikNo')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={11}
          pattern="[0-9]{11}"
          required={required('individual')}
          requiredMark
          hint={t('address.tcKimlikNoHint')}
          defaultValue={address?.tcKimlikNo ?? ''}
          messages={{ invalid: t('address.tcKimlikNoInvalid') }}
        />
      </div>
      <div data-billing="corporate" className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="companyName"
          label={t('address.companyName')}
          autoComplete="organization"
          maxLength={200}
          required={required('corporate')}
          requiredMark
          defaultValue={address?.companyName ?? ''}
          className="sm:col-span-2"
          messages={{ missing: t('address.companyNameMissing') }}
        />
        <TextField
          name="taxNumber"
          label={t('address.taxNumber')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={10}
          pattern="[0-9]{10}"
          required={required('corporate')}
          requiredMark
          hint={t('address.taxNumberHint')}
          defaultValue={address?.taxNumber ?? ''}
          messages={{ invalid: t('address.taxNumberInvalid') }}
        />
        <TextField
          name="taxOffice"
          label={t('address.taxOffice')}
          maxLength={100}
          required={required('corporate')}
          requiredMark
          defaultValue={address?.taxOffice ?? ''}
          messages={{ missing: t('address.taxOfficeMissing') }}
        />
      </div>
    </fieldset>
  );
}

/**
 * The fields of an address: name, phone, il/ilçe, address line, postcode and, unless `billing` is null, the
 * invoice details. Used by the address book and (inside a `FieldGroup`, twice) by the checkout.
 */
export function AddressFields({
  address,
  defaults,
  province,
  district,
  billing,
}: {
  address?: Address | undefined;
  defaults: Defaults;
  province: string;
  district: string;
  /** The invoice type first shown; null leaves the invoice details out (a shipping-only address). */
  billing: BillingType | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <NameFields
        firstName={address?.firstName ?? defaults.firstName}
        lastName={address?.lastName ?? defaults.lastName}
      />
      <PhoneField stored={address?.phone ?? defaults.phone} />
      <ProvinceDistrict province={province} district={district} />
      <AddressLine defaultValue={address?.line ?? ''} />
      <TextField
        name="postcode"
        label={`${t('address.postcode')} ${t('form.optional')}`}
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        pattern="[0-9]{5}"
        defaultValue={address?.postcode ?? ''}
        className="sm:max-w-48"
        messages={{ invalid: t('address.postcodeInvalid') }}
      />
      {billing && <BillingFields address={address} initial={billing} />}
    </>
  );
}

/** Add (no `address`) or edit an address of the address book. */
export function AddressForm({
  address,
  defaults,
  failure,
  cancel,
  first,
}: {
  address?: Address | undefined;
  defaults: Defaults;
  failure?: FormFailure | undefined;
  /** Offers "Vazgeç" (back to the list). */
  cancel: boolean;
  /** The address book is empty: this one becomes both defaults anyway. */
  first: boolean;
}) {
  const { t } = useTranslation();
  const intent = address ? 'update' : 'create';
  const echoed = failure?.intent === intent ? failure.values : undefined;
  const province = echoed?.provinceCode ?? (address ? String(address.provinceCode) : '');
  const district = echoed?.district ?? address?.district ?? '';
  const billing = (echoed?.billingType ?? address?.billingType ?? 'individual') as BillingType;
  return (
    <AccountForm
      id="address"
      intent={intent}
      failure={failure}
      submitLabel={t('address.save')}
      aria-labelledby="address-form"
      footer={
        cancel && (
          <AppLink
            to="/panel/address"
            className="text-sm font-medium text-clay-700 underline underline-offset-2"
          >
            {t('address.cancel')}
          </AppLink>
        )
      }
    >
      {address && <input type="hidden" name="id" value={address.id} />}
      <TextField
        name="title"
        label={t('address.fieldTitle')}
        required
        maxLength={40}
        hint={t('address.fieldTitleHint')}
        defaultValue={address?.title ?? ''}
        messages={{ missing: t('address.fieldTitleMissing') }}
      />
      <AddressFields
        address={address}
        defaults={defaults}
        province={province}
        district={district}
        billing={billing}
      />
      {first ? (
        <p className="text-sm text-ink-700">{t('address.firstIsDefault')}</p>
      ) : (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-ink-900">{t('address.defaults')}</legend>
          {address?.isDefaultShipping ? (
            <p className="text-sm text-ink-700">{t('address.isDefaultShipping')}</p>
          ) : (
            <CheckboxField name="isDefaultShipping" label={t('address.setDefaultShipping')} />
          )}
          {address?.isDefaultBilling ? (
            <p className="text-sm text-ink-700">{t('address.isDefaultBilling')}</p>
          ) : (
            <CheckboxField name="isDefaultBilling" label={t('address.setDefaultBilling')} />
          )}
        </fieldset>
      )}
    </AccountForm>
  );
}
