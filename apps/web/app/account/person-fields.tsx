import { formatTurkishMobile } from '@vitrin/shared/address/phone';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/index.ts';
import {
  EMAIL_HTML_PATTERN,
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PHONE_HTML_PATTERN,
  PHONE_PLACEHOLDER,
} from './constraints.ts';
import { TextField } from './form.tsx';
import '../i18n/tr-auth.ts';

/**
 * The fields that describe a person, the same wherever they are asked (registration, Bilgilerim, an
 * address): one label, one autocomplete hint, one limit and one message each.
 */

/** Ad and soyad side by side. */
export function NameFields({ firstName, lastName }: { firstName?: string; lastName?: string }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField
        name="firstName"
        label={t('auth.firstName')}
        autoComplete="given-name"
        required
        maxLength={NAME_MAX_LENGTH}
        defaultValue={firstName}
        messages={{ missing: t('auth.firstNameMissing') }}
      />
      <TextField
        name="lastName"
        label={t('auth.lastName')}
        autoComplete="family-name"
        required
        maxLength={NAME_MAX_LENGTH}
        defaultValue={lastName}
        messages={{ missing: t('auth.lastNameMissing') }}
      />
    </div>
  );
}

/**
 * A Turkish mobile number. A stored number (E.164) is shown as typed (`0532 123 45 67`); without a hint the
 * example sits in the field as its placeholder.
 */
export function PhoneField({ stored, hint }: { stored?: string; hint?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <TextField
      name="phone"
      type="tel"
      label={t('auth.phone')}
      autoComplete="tel-national"
      inputMode="tel"
      required
      pattern={PHONE_HTML_PATTERN}
      placeholder={hint ? undefined : PHONE_PLACEHOLDER}
      hint={hint}
      defaultValue={stored === undefined ? undefined : (formatTurkishMobile(stored) ?? stored)}
      messages={{ missing: t('auth.phoneMissing'), invalid: t('form.phoneFormat') }}
    />
  );
}

export function EmailField({
  label,
  autoComplete = 'email',
  hint,
}: {
  label: string;
  autoComplete?: 'email' | 'username';
  hint?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name="email"
      type="email"
      label={label}
      autoComplete={autoComplete}
      inputMode="email"
      required
      maxLength={EMAIL_MAX_LENGTH}
      pattern={EMAIL_HTML_PATTERN}
      messages={{ missing: t('auth.emailMissing') }}
      hint={hint}
    />
  );
}

/** The password the customer already has (login, and confirming a change). */
export function CurrentPasswordField({
  label,
  hint,
  missing,
}: {
  label: string;
  hint?: ReactNode;
  /** What to say when it is left empty, where the plain "Şifrenizi girin" would not fit. */
  missing?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name="password"
      type="password"
      label={label}
      autoComplete="current-password"
      required
      maxLength={PASSWORD_MAX_LENGTH}
      hint={hint}
      messages={{ missing: missing ?? t('auth.passwordMissing') }}
    />
  );
}
