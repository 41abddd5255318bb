import { zodResolver } from '@hookform/resolvers/zod';
import { type CustomerEraseRequest, customerEraseRequest } from '@vitrin/shared/api/admin/customers';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput } from '../ui/form-fields.tsx';
import type { useCustomerChange } from './customers-api.ts';

/** The erasure on request, confirmed by the customer's e-mail address typed again. */
export function EraseDialog({
  email,
  erase,
}: {
  email: string;
  erase: ReturnType<typeof useCustomerChange>['erase'];
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<CustomerEraseRequest>({
    resolver: zodResolver(customerEraseRequest),
    defaultValues: { confirm: '' },
  });
  const submit = form.handleSubmit(async ({ confirm }) => {
    try {
      await erase.mutateAsync(confirm);
      setOpen(false);
    } catch (error) {
      showApiError(error, form.setError, ['confirm']);
    }
  });
  return (
    <>
      <Button look="danger" onClick={() => setOpen(true)}>
        Kişisel verileri sil
      </Button>
      <Dialog title="Kişisel verileri sil" open={open} onClose={() => setOpen(false)}>
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <p className="text-sm">
            Müşterinin adı, iletişim bilgileri, adresleri, sepeti, favorileri ve destek talepleri kalıcı
            olarak silinir; siparişleri yasal saklama süresi için kişisel bilgileri anonimleştirilerek kalır.
            Bu işlem geri alınamaz.
          </p>
          <FormInput
            form={form}
            name="confirm"
            label={`Onaylamak için e-posta adresini yazın: ${email}`}
            autoComplete="off"
          />
          <FormError message={form.formState.errors.root?.server?.message} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button look="secondary" onClick={() => setOpen(false)}>
              Vazgeç
            </Button>
            <Button type="submit" look="danger" disabled={form.formState.isSubmitting}>
              Kalıcı olarak sil
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
