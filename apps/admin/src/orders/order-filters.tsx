import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminOrderListQuery,
  adminOrderListQuery,
  MARKETPLACE_LABELS,
  ORDER_CHANNELS,
} from '@vitrin/shared/api/admin/orders';
import { ORDER_STATE_CODES, ORDER_STATES, PAYMENT_METHODS } from '@vitrin/shared/order-states';
import { useForm } from 'react-hook-form';
import { FormDateField } from '../ui/date-field.tsx';
import {
  activeFilters,
  daysSent,
  daysShown,
  FilterFold,
  FilterForm,
  useFilterErrors,
  useFilterFold,
  withTurkishDays,
} from '../ui/filter-form.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { ORDER_FILTERS, type OrderFilterValues } from './orders-api.ts';

const DAYS = ['from', 'to'] as const;
/** The filters that narrow the list, counted on the fold's button. */
const NARROWING = ['status', 'paymentMethod', 'channel', 'from', 'to'] as const;

interface Props {
  /** The filters in the address, days as ISO days. */
  values: OrderFilterValues;
  /** The API refused the filters (400): its messages go on the fields. */
  error: unknown;
  onApply: (values: OrderFilterValues) => void;
}

/**
 * Search, state, payment method, channel (the storefront or a marketplace) and a range of days. On a narrow screen only the search shows; the others
 * fold behind `Filtreler`, which counts those set.
 */
export function OrderFilters({ values, error, onApply }: Props) {
  const form = useForm<AdminOrderListQuery>({
    resolver: withTurkishDays(zodResolver(adminOrderListQuery), DAYS),
    values: daysShown(values, DAYS),
  });
  useFilterErrors(error, form.setError, ORDER_FILTERS);
  const fold = useFilterFold(error, form.formState.errors);

  return (
    <FilterForm
      columns={7}
      serverError={form.formState.errors.root?.server?.message}
      onSubmit={form.handleSubmit(() => {
        fold.close();
        onApply(daysSent(form.getValues() as OrderFilterValues, DAYS));
      })}
    >
      <FormInput form={form} name="q" label="Ara" type="search" hint="Sipariş no, ad ya da e-posta" />
      <FilterFold fold={fold} active={activeFilters(values, NARROWING)}>
        <FormSelect form={form} name="status" label="Durum">
          <option value="">Tümü</option>
          {ORDER_STATE_CODES.map((code) => (
            <option key={code} value={String(code)}>
              {ORDER_STATES[code].label}
            </option>
          ))}
        </FormSelect>
        <FormSelect form={form} name="paymentMethod" label="Ödeme yöntemi">
          <option value="">Tümü</option>
          {Object.entries(PAYMENT_METHODS).map(([code, label]) => (
            <option key={code} value={code}>
              {label}
            </option>
          ))}
        </FormSelect>
        <FormSelect form={form} name="channel" label="Kanal">
          <option value="">Tümü</option>
          <option value="storefront">Mağaza</option>
          {ORDER_CHANNELS.filter((c) => c !== 'storefront').map((c) => (
            <option key={c} value={c}>
              {MARKETPLACE_LABELS[c]}
            </option>
          ))}
        </FormSelect>
        <FormDateField form={form} name="from" label="Başlangıç tarihi" />
        <FormDateField form={form} name="to" label="Bitiş tarihi" />
      </FilterFold>
    </FilterForm>
  );
}
