import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Dialog } from './dialog.tsx';

/**
 * A dialog that asks before one action: what will happen (`children`, fields too), the failure of the last
 * try (`error`), Vazgeç and the action's button (`danger` for one that cannot be undone), off while it runs.
 */
export function ConfirmDialog({
  title,
  onClose,
  onConfirm,
  pending,
  confirmLabel,
  pendingLabel,
  danger = false,
  error,
  children,
}: {
  title: string;
  onClose: () => void;
  onConfirm: () => void;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  danger?: boolean;
  error?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open onClose={onClose}>
      <form
        noValidate
        className="flex flex-col gap-4 text-sm"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        {children}
        {error}
        <div className="flex flex-wrap justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" {...(danger ? { look: 'danger' as const } : {})} disabled={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
