import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type StaffLoginRequest,
  type StaffSessionAnswer,
  staffLoginRequest,
} from '@vitrin/shared/api/admin/session';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { returnTo } from '../lib/return-to.ts';
import { SESSION_KEY, useStaffSession } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { CodeInput, FormInput } from '../ui/form-fields.tsx';

export function LoginPage() {
  const [search] = useSearchParams();
  const next = returnTo(search.get('next'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useStaffSession();
  const form = useForm<StaffLoginRequest>({
    resolver: zodResolver(staffLoginRequest),
    defaultValues: { email: '', password: '', code: '' },
  });
  const { errors } = form.formState;
  const login = useMutation({
    mutationFn: (values: unknown) => api.post<StaffSessionAnswer>('/session', values, { quiet401: true }),
    onSuccess: ({ staff }) => {
      // Nothing read for whoever was logged in before (a session that ran out) is shown to this one.
      queryClient.clear();
      queryClient.setQueryData(SESSION_KEY, staff);
      navigate(next, { replace: true });
    },
    onError: (error) => {
      form.resetField('code');
      showApiError(error, form.setError, ['email', 'password', 'code']);
    },
  });

  useEffect(() => {
    document.title = 'Giriş · Yönetim paneli';
  }, []);

  if (session.data) return <Navigate to={next} replace />;

  return (
    <main className="flex min-h-dvh items-start justify-center bg-stone-100 px-4 py-10 sm:items-center">
      <div className="w-full max-w-sm rounded-lg border border-stone-300 bg-white p-6 shadow-sm">
        <h1 className="mb-1 text-2xl font-semibold text-stone-900">Yönetim paneli</h1>
        <p className="mb-5 text-sm text-stone-700">Personel hesabınızla giriş yapın.</p>
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => login.mutate(values))}
        >
          <FormError message={errors.root?.server?.message} />
          <FormInput
            form={form}
            name="email"
            label="E-posta"
            type="email"
            autoComplete="username"
            autoFocus
          />
          <FormInput
            form={form}
            name="password"
            label="Şifre"
            type="password"
            autoComplete="current-password"
          />
          <CodeInput
            form={form}
            name="code"
            hint="Doğrulama uygulamanızdaki 6 haneli kod. İki adımlı doğrulamayı henüz kurmadıysanız boş bırakın."
          />
          <Button type="submit" disabled={login.isPending}>
            {login.isPending ? 'Giriş yapılıyor…' : 'Giriş yap'}
          </Button>
        </form>
      </div>
    </main>
  );
}
