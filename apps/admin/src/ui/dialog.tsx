import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button.tsx';

interface DialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal on the browser's own <dialog>: it keeps focus inside, closes on Escape and gives focus back to
 * what opened it.
 */
export function Dialog({ title, open, onClose, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-lg rounded-lg bg-white p-0 text-stone-900 shadow-xl"
    >
      {open && (
        <div className="flex flex-col gap-4 p-5">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children}
        </div>
      )}
    </dialog>
  );
}

/** A dialog form's footer: Vazgeç closes it, the submit button (`Kaydet` unless named) is off while saving. */
export function DialogActions({
  onCancel,
  saving,
  submitLabel = 'Kaydet',
}: {
  onCancel: () => void;
  saving: boolean;
  submitLabel?: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button look="secondary" onClick={onCancel}>
        Vazgeç
      </Button>
      <Button type="submit" disabled={saving}>
        {submitLabel}
      </Button>
    </div>
  );
}
