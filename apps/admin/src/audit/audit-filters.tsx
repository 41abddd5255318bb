import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type AuditQuery, auditQuery } from '@vitrin/shared/api/admin/audit';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { useStaffList } from '../staff/staff-api.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { entityLabel } from './labels.ts';

export type AuditFilterValues = { staffId: string; entity: string; from: string; to: string };

interface Props {
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
  const form = useForm<AuditQuery>({ resolver: zodResolver(auditQuery), values });
  const { errors } = form.formState;

  useEffect(() => {
    if (error) showApiError(error, form.setError, ['staffId', 'entity', 'from', 'to']);
  }, [error, form.setError]);

  return (
    <form
      noValidate
      className="grid gap-3 rounded-lg border border-stone-300 bg-white p-4 sm:grid-cols-2 lg:grid-cols-5 lg:items-end"
      onSubmit={form.handleSubmit(() => onApply(form.getValues() as AuditFilterValues))}
    >
      {errors.root?.server && (
        <div className="sm:col-span-2 lg:col-span-5">
          <FormError message={errors.root.server.message} />
        </div>
      )}
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
      <FormInput form={form} name="from" label="Başlangıç tarihi" type="date" />
      <FormInput form={form} name="to" label="Bitiş tarihi" type="date" />
      <Button type="submit">Süz</Button>
    </form>
  );
}
