import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type AuditQuery, auditQuery } from '@vitrin/shared/api/admin/audit';
import { useForm } from 'react-hook-form';
import { api } from '../lib/api.ts';
import { useStaffList } from '../staff/staff-api.ts';
import { FormDateField } from '../ui/date-field.tsx';
import { daysSent, daysShown, FilterForm, useFilterErrors, withTurkishDays } from '../ui/filter-form.tsx';
import { FormSelect } from '../ui/form-fields.tsx';
import { entityLabel } from './labels.ts';

export type AuditFilterValues = { staffId: string; entity: string; from: string; to: string };
const FIELDS = ['staffId', 'entity', 'from', 'to'] as const;
const DAYS = ['from', 'to'] as const;

interface Props {
  /** The filters in the address, days as ISO days. */
  values: AuditFilterValues;
  /** The API refused the filters (400): its messages go on the fields. */
  error: unknown;
  onApply: (values: AuditFilterValues) => void;
}

export function AuditFilters({ values, error, onApply }: Props) {
  const staff = useStaffList();
  const entities = useQuery({
    queryKey: ['audit-entities'],
    queryFn: async () => (await api.get<{ entities: string[] }>('/audit/entities')).entities,
  });
  const form = useForm<AuditQuery>({
    resolver: withTurkishDays(zodResolver(auditQuery), DAYS),
    values: daysShown(values, DAYS),
  });
  useFilterErrors(error, form.setError, FIELDS);

  return (
    <FilterForm
      columns={5}
      serverError={form.formState.errors.root?.server?.message}
      onSubmit={form.handleSubmit(() => onApply(daysSent(form.getValues() as AuditFilterValues, DAYS)))}
    >
      <FormSelect form={form} name="staffId" label="Personel">
        <option value="">Tümü</option>
        {staff.data?.map((member) => (
          <option key={member.id} value={String(member.id)}>
            {member.name} ({member.email})
          </option>
        ))}
      </FormSelect>
      <FormSelect form={form} name="entity" label="Kayıt türü">
        <option value="">Tümü</option>
        {entities.data?.map((entity) => (
          <option key={entity} value={entity}>
            {entityLabel(entity)}
          </option>
        ))}
      </FormSelect>
      <FormDateField form={form} name="from" label="Başlangıç tarihi" />
      <FormDateField form={form} name="to" label="Bitiş tarihi" />
    </FilterForm>
  );
}
