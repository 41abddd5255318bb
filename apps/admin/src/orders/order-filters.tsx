import { zodResolver } from '@hookform/resolvers/zod';
import { type AdminOrderListQuery, adminOrderListQuery } from '@vitrin/shared/api/admin/orders';
import { ORDER_STATE_CODES, ORDER_STATES, PAYMENT_METHODS } from '@vitrin/shared/order-states';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';

export const ORDER_FILTERS = ['q', 'status', 'paymentMethod', 'from', 'to'] as const;
export type OrderFilterValues = Record<(typeof ORDER_FILTERS)[number], string>;

interface Props {
  values: OrderFilterValues;
  /** The API refused the filters (400): its messages go on the fields. */
  error: unknown;
  onApply: (values: OrderFilterValues) => void;
}

export function OrderFilters({ values, error, onApply }: Props) {
  const form = useForm<AdminOrderListQuery>({ resolver: zodResolver(adminOrderListQuery), values });
  const { errors } = form.formState;

  useEffect(() => {
    if (error) showApiError(error, form.setError, ORDER_FILTERS);
  }, [error, form.setError]);

  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-stone-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
      onSubmit={form.handleSubmit(() => onApply(form.getValues() as OrderFilterValues))}
    >
      {errors.root?.server && (
        <div className="sm:col-span-2 lg:col-span-6">
          <FormError message={errors.root.server.message} />
        </div>
      )}
      <FormInput form={form} name="q" label="Ara" type="search" hint="Sipariş no, ad ya da e-posta" />
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
      <FormInput form={form} name="from" label="Başlangıç tarihi" type="date" />
      <FormInput form={form} name="to" label="Bitiş tarihi" type="date" />
      <Button type="submit">Süz</Button>
    </form>
  );
}
