import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminSocialAccount,
  SOCIAL_PLATFORM_LABELS,
  SOCIAL_PLATFORMS,
  type SocialAccountInput,
  type SocialAccountRequest,
  socialAccountRequest,
} from '@vitrin/shared/api/admin/social-accounts';
import { useForm } from 'react-hook-form';
import { showApiError } from '../lib/form-errors.ts';
import { Dialog, DialogActions } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';
import { FormInput, FormSelect } from '../ui/form-fields.tsx';
import { useSaveSocialAccount } from './social-accounts-api.ts';

const FIELDS = ['platform', 'label', 'url'] as const;

/** A new social account (no `account`) or an edit of one; `www.ornek.com.tr` gets https://, a bad address says why in Turkish. */
export function SocialAccountDialog({
  account,
  onClose,
}: {
  account?: AdminSocialAccount;
  onClose: () => void;
}) {
  const form = useForm<SocialAccountRequest, unknown, SocialAccountInput>({
    resolver: zodResolver(socialAccountRequest),
    defaultValues: account
      ? {
          platform: (SOCIAL_PLATFORMS as readonly string[]).includes(account.platform)
            ? (account.platform as SocialAccountRequest['platform'])
            : 'other',
          label: account.label,
          url: account.url,
        }
      : { platform: 'instagram', label: '', url: '' },
  });
  const save = useSaveSocialAccount(account?.id);
  return (
    <Dialog
      title={account ? `${account.label} hesabını düzenle` : 'Sosyal medya hesabı ekle'}
      open
      onClose={onClose}
    >
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((values) =>
          save.mutate(values, {
            onSuccess: onClose,
            onError: (error) => showApiError(error, form.setError, FIELDS),
          }),
        )}
      >
        <FormError message={form.formState.errors.root?.server?.message} />
        <FormSelect form={form} name="platform" label="Platform">
          {SOCIAL_PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {SOCIAL_PLATFORM_LABELS[p]}
            </option>
          ))}
        </FormSelect>
        <FormInput
          form={form}
          name="label"
          label="Görünen ad"
          autoComplete="off"
          hint="Sitenin altında bağlantının adı."
        />
        <FormInput
          form={form}
          name="url"
          label="Adres (URL)"
          type="url"
          inputMode="url"
          autoComplete="off"
          hint="https:// ile başlayan tam adres, ör. https://www.instagram.com/magazam"
        />
        <DialogActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Dialog>
  );
}
