import { BANK_ACCOUNTS_MAX } from '@vitrin/shared/api/admin/settings';
import { type FieldValues, type UseFormReturn, useFieldArray } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput } from '../ui/form-fields.tsx';

/** The accounts shown for Havale / EFT: each its bank, holder and IBAN, added and removed in place. */
export function BankAccountFields({ form }: { form: UseFormReturn<FieldValues> }) {
  const accounts = useFieldArray({ control: form.control, name: 'bank_accounts' });
  const listError = (form.formState.errors.bank_accounts as { message?: string } | undefined)?.message;
  return (
    <>
      {accounts.fields.length === 0 && <p className="text-stone-700">Havale / EFT için hesap yok.</p>}
      <ol className="flex flex-col gap-4">
        {accounts.fields.map((field, i) => (
          <li key={field.id} className="flex flex-col gap-3 rounded-md border border-stone-200 p-3">
            <div className="grid gap-3 sm:grid-cols-2">
              <FormInput form={form} name={`bank_accounts.${i}.bank`} label={`${i + 1}. hesap: banka`} />
              <FormInput
                form={form}
                name={`bank_accounts.${i}.holder`}
                label={`${i + 1}. hesap: hesap sahibi`}
              />
            </div>
            <FormInput
              form={form}
              name={`bank_accounts.${i}.iban`}
              label={`${i + 1}. hesap: IBAN`}
              autoComplete="off"
              hint="TR ile başlayan 26 karakter; boşluklar kaldırılır."
            />
            <Button look="secondary" className="self-end" onClick={() => accounts.remove(i)}>
              Hesabı kaldır<span className="sr-only"> ({i + 1}. hesap)</span>
            </Button>
          </li>
        ))}
      </ol>
      <FormError message={listError} />
      <Button
        look="secondary"
        className="self-start"
        disabled={accounts.fields.length >= BANK_ACCOUNTS_MAX}
        onClick={() => accounts.append({ bank: '', holder: '', iban: '' })}
      >
        Hesap ekle
      </Button>
    </>
  );
}
