import type { TicketStatusView } from '@vitrin/shared/api/support-context';
import { ATTACHMENT_ACCEPT, MAX_ATTACHMENT_BYTES } from '@vitrin/shared/ticket-status';
import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame, inputClass } from '../account/form.tsx';
import { StatusBadge } from '../components/status-badge.tsx';
import { useTranslation } from '../i18n/index.ts';

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'name' | 'id'> & {
  name: string;
  label: string;
  hint?: string;
  missing?: string;
};

/** A multi-line field with its label, hint and error, like the account forms' text fields. */
export function TextAreaField({ name, label, hint, missing, required, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame name={name} label={label} required={required} hint={hint}>
      {(field) => (
        <textarea
          id={field.id}
          name={field.name}
          required={required}
          aria-invalid={field['aria-invalid']}
          aria-describedby={field['aria-describedby']}
          defaultValue={field.value}
          data-missing={missing}
          rows={6}
          className={`${required ? 'required ' : ''}${inputClass}`}
          {...textarea}
        />
      )}
    </FieldFrame>
  );
}

/** The optional attachment of a ticket message. */
export function AttachmentField() {
  const { t } = useTranslation();
  return (
    <FieldFrame name="file" label={t('support.file')} hint={t('support.fileHint')}>
      {(field) => (
        <input
          type="file"
          id={field.id}
          name={field.name}
          accept={ATTACHMENT_ACCEPT}
          data-max-bytes={MAX_ATTACHMENT_BYTES}
          data-too-large={t('support.fileTooLarge')}
          aria-invalid={field['aria-invalid']}
          aria-describedby={field['aria-describedby']}
          className="mt-1 block w-full text-sm text-ink-900 file:mr-3 file:rounded-lg file:border file:border-ink-800 file:bg-white file:px-3 file:py-2 file:font-medium file:text-ink-900 hover:file:bg-sand-100"
        />
      )}
    </FieldFrame>
  );
}

export function TicketBadge({ status }: { status: TicketStatusView }) {
  return (
    <StatusBadge badge={status.badge} data-status={status.code}>
      {status.label}
    </StatusBadge>
  );
}
