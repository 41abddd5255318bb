import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type StaffCreateRequest, type StaffRow, staffCreateRequest } from '@vitrin/shared/api/admin/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { api } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { ROLE_HINT, RoleOptions } from './role-options.tsx';
import { STAFF_KEY } from './staff-api.ts';

/** Adds a staff member; the password the server made is shown here once, to pass on to them. */
export function AddStaffDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const form = useForm<StaffCreateRequest>({
    resolver: zodResolver(staffCreateRequest),
    defaultValues: { email: '', name: '', role: 'support' },
  });
  const { errors } = form.formState;
  const create = useMutation({
    mutationFn: (values: unknown) => api.post<{ staff: StaffRow; password: string }>('/staff', values),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: STAFF_KEY }),
    onError: (error) => showApiError(error, form.setError, ['email', 'name', 'role']),
  });
  const [copied, setCopied] = useState(false);

  const close = () => {
    form.reset();
    create.reset();
    setCopied(false);
    onClose();
  };

  return (
    <Dialog title="Personel ekle" open={open} onClose={close}>
      {create.data ? (
        <div className="flex flex-col gap-3">
          <p>
            <strong>{create.data.staff.name}</strong> eklendi. İlk girişi için şifresi aşağıda; bu şifre bir
            daha gösterilmez, şimdi kopyalayıp kendisine güvenli bir yoldan iletin.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code
              className="rounded bg-stone-100 px-3 py-2 font-mono text-base break-all"
              data-testid="new-password"
            >
              {create.data.password}
            </code>
            <Button
              look="secondary"
              onClick={async () => {
                await navigator.clipboard.writeText(create.data.password);
                setCopied(true);
              }}
            >
              Kopyala
            </Button>
          </div>
          <p role="status" className="text-sm text-green-800">
            {copied ? 'Şifre panoya kopyalandı.' : ''}
          </p>
          <Button className="self-end" onClick={close}>
            Tamam
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => create.mutate(values))}
        >
          <FormError message={errors.root?.server?.message} />
          <FormInput form={form} name="email" label="E-posta" type="email" autoComplete="off" />
          <FormInput form={form} name="name" label="Ad" autoComplete="off" />
          <FormSelect form={form} name="role" label="Rol" hint={ROLE_HINT}>
            <RoleOptions />
          </FormSelect>
          <DialogActions onCancel={close} saving={create.isPending} submitLabel="Ekle" />
        </form>
      )}
    </Dialog>
  );
}
