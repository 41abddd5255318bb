import type { FormEventHandler, ReactNode } from 'react';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { FormError } from '../ui/field.tsx';

/** The structure screens' dialogs: a form with its own message on top, its fields, then Vazgeç and Kaydet. */
export function FormDialog({
  title,
  onClose,
  onSubmit,
  error,
  saving,
  children,
}: {
  title: string;
  onClose: () => void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The form's own message (`errors.root.server`). */
  error: string | undefined;
  saving: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} open onClose={onClose}>
      <form noValidate className="flex flex-col gap-4" onSubmit={onSubmit}>
        <FormError message={error} />
        {children}
        <div className="flex justify-end gap-2">
          <Button look="secondary" onClick={onClose}>
            Vazgeç
          </Button>
          <Button type="submit" disabled={saving}>
            Kaydet
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
