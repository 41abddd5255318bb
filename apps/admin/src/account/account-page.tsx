import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { type StaffPasswordRequest, staffPasswordRequest } from '@vitrin/shared/api/admin/session';
import { STAFF_ROLE_LABELS } from '@vitrin/shared/staff/permissions';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { api } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { paths } from '../paths.ts';
import { useStaff } from '../session/staff-session.ts';
import { Badge } from '../ui/badge.tsx';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import { Page } from '../ui/page.tsx';

export function AccountPage() {
  const staff = useStaff();
  const form = useForm<StaffPasswordRequest>({
    resolver: zodResolver(staffPasswordRequest),
    defaultValues: { currentPassword: '', newPassword: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: (values: unknown) => api.post<void>('/me/password', values),
    onSuccess: () => form.reset(),
    onError: (error) => showApiError(error, form.setError, ['currentPassword', 'newPassword']),
  });

  return (
    <Page title="Hesabım">
      <section className="rounded-lg border border-stone-300 bg-white p-4" aria-labelledby="hesap-bilgileri">
        <h2 id="hesap-bilgileri" className="mb-3 text-lg font-semibold">
          Hesap bilgileri
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          <dt className="text-stone-600">Ad</dt>
          <dd>{staff.name}</dd>
          <dt className="text-stone-600">E-posta</dt>
          <dd className="break-all">{staff.email}</dd>
          <dt className="text-stone-600">Rol</dt>
          <dd>
            <Badge tone="info">{STAFF_ROLE_LABELS[staff.role]}</Badge>
          </dd>
          <dt className="text-stone-600">İki adımlı doğrulama</dt>
          <dd className="flex flex-wrap items-center gap-2">
            <Badge tone={staff.totpEnabled ? 'good' : 'warn'}>
              {staff.totpEnabled ? 'Açık' : 'Kurulmadı'}
            </Badge>
            <Link to={paths.totp} className="text-amber-900 underline">
              {staff.totpEnabled ? 'Yeni cihaz kur' : 'Şimdi kur'}
            </Link>
          </dd>
        </dl>
      </section>

      <section className="rounded-lg border border-stone-300 bg-white p-4" aria-labelledby="sifre-degistir">
        <h2 id="sifre-degistir" className="mb-3 text-lg font-semibold">
          Şifre değiştir
        </h2>
        <form
          noValidate
          className="flex max-w-sm flex-col gap-4"
          onSubmit={form.handleSubmit((values) => change.mutate(values))}
        >
          <FormError message={errors.root?.server?.message} />
          <input type="email" name="username" autoComplete="username" value={staff.email} readOnly hidden />
          {change.isSuccess && (
            <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm text-green-900">
              Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.
            </p>
          )}
          <FormInput
            form={form}
            name="currentPassword"
            label="Mevcut şifre"
            type="password"
            autoComplete="current-password"
          />
          <FormInput
            form={form}
            name="newPassword"
            label="Yeni şifre"
            type="password"
            autoComplete="new-password"
          />
          <Button type="submit" disabled={change.isPending} className="self-start">
            Şifreyi değiştir
          </Button>
        </form>
      </section>
    </Page>
  );
}
