import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type StaffSessionAnswer,
  type TotpConfirmRequest,
  type TotpSetupAnswer,
  totpConfirmRequest,
} from '@vitrin/shared/api/admin/session';
import { toDataURL } from 'qrcode';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { api, messageOf } from '../lib/api.ts';
import { showApiError } from '../lib/form-errors.ts';
import { paths } from '../paths.ts';
import { mustSetUpTotp, SESSION_KEY, useStaff } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { CodeInput } from '../ui/form-fields.tsx';
import { Page } from '../ui/page.tsx';

/** The secret in groups of four, easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

export function TotpPage() {
  const staff = useStaff();
  const required = mustSetUpTotp(staff);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [qr, setQr] = useState<string>();

  const start = useMutation({
    mutationFn: () => api.post<TotpSetupAnswer>('/me/totp'),
    onSuccess: async ({ otpauthUri }) => setQr(await toDataURL(otpauthUri, { margin: 1, width: 220 })),
  });
  const form = useForm<TotpConfirmRequest>({
    resolver: zodResolver(totpConfirmRequest),
    defaultValues: { code: '' },
  });
  const { errors } = form.formState;
  const confirm = useMutation({
    mutationFn: (values: unknown) => api.post<StaffSessionAnswer>('/me/totp/confirm', values),
    onSuccess: ({ staff: updated }) => {
      queryClient.setQueryData(SESSION_KEY, updated);
      navigate(paths.home, { replace: true });
    },
    onError: (error) => showApiError(error, form.setError, ['code']),
  });

  useEffect(() => {
    if (start.data) form.setFocus('code');
  }, [start.data, form]);

  return (
    <Page title="İki adımlı doğrulama">
      {required && (
        <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-950">
          Hesabınız için iki adımlı doğrulama zorunlu. Devam etmek için kurun.
        </p>
      )}
      {!required && staff.totpEnabled && !start.data && (
        <p className="text-stone-800">
          İki adımlı doğrulama açık. Yeni bir telefona geçtiyseniz yeniden kurun; eski kod, yenisini
          onaylayana dek geçerli kalır.
        </p>
      )}
      {!start.data ? (
        <div className="flex flex-col gap-3">
          <p className="max-w-prose text-stone-800">
            Telefonunuza bir doğrulama uygulaması kurun (Google Authenticator, Microsoft Authenticator, 2FAS
            gibi). Ardından kurulumu başlatın; uygulamayla karekodu okutun ve gösterdiği 6 haneli kodu girin.
          </p>
          <FormError message={start.isError ? messageOf(start.error) : undefined} />
          <Button className="self-start" onClick={() => start.mutate()} disabled={start.isPending}>
            Kurulumu başlat
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-5 rounded-lg border border-stone-300 bg-white p-4 md:flex-row">
          <div className="flex flex-col items-center gap-2">
            {qr && (
              <img
                src={qr}
                width={220}
                height={220}
                alt="Doğrulama uygulamasıyla okutulacak karekod"
                className="border border-stone-200"
              />
            )}
          </div>
          <div className="flex min-w-0 flex-1 flex-col gap-4">
            <div>
              <p className="text-sm text-stone-700">Karekodu okutamıyorsanız bu anahtarı uygulamaya yazın:</p>
              <p className="mt-1 font-mono text-lg break-all text-stone-900" data-testid="totp-secret">
                {grouped(start.data.secret)}
              </p>
            </div>
            <form
              noValidate
              className="flex max-w-xs flex-col gap-4"
              onSubmit={form.handleSubmit((values) => confirm.mutate(values))}
            >
              <FormError message={errors.root?.server?.message} />
              <CodeInput form={form} name="code" />
              <Button type="submit" disabled={confirm.isPending} className="self-start">
                Onayla
              </Button>
            </form>
          </div>
        </div>
      )}
    </Page>
  );
}
