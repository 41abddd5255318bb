import { isResizableImage, variantUrl } from '@vitrin/shared/media';
import { type DragEvent, type ReactNode, useId, useState } from 'react';

/** A stored image's small copy (the server's 320 px WebP), for the panel's tiles and pickers. */
export const thumbnail = (path: string) =>
  isResizableImage(path) ? variantUrl(path, '', 320, 'webp') : `/uploads/${path}`;

/** The image types the panel's upload takes. */
export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * A button that opens the computer's file chooser: our own Turkish label, not the browser's
 * "Choose file / No file chosen" in its language (the input itself is hidden, still reached by Tab).
 */
export function FileButton({
  label,
  multiple = false,
  disabled = false,
  look = 'primary',
  onFiles,
}: {
  label: ReactNode;
  multiple?: boolean;
  disabled?: boolean;
  look?: 'primary' | 'secondary';
  onFiles: (files: File[]) => void;
}) {
  const id = useId();
  const colours =
    look === 'primary'
      ? 'bg-amber-800 text-white hover:bg-amber-900'
      : 'border border-stone-400 bg-white text-stone-900 hover:bg-stone-100';
  return (
    <label
      htmlFor={id}
      className={`inline-flex min-h-10 cursor-pointer items-center justify-center rounded-md px-4 py-2 text-sm font-medium focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-amber-800 has-disabled:cursor-not-allowed has-disabled:opacity-60 ${colours}`}
    >
      {label}
      <input
        id={id}
        type="file"
        multiple={multiple}
        accept={IMAGE_ACCEPT}
        disabled={disabled}
        className="sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          event.target.value = '';
          if (files.length) onFiles(files);
        }}
      />
    </label>
  );
}

/** Where images are dropped from the computer, or picked with its button (the keyboard's way). */
export function ImageDropZone({
  multiple = false,
  disabled = false,
  onFiles,
  children,
}: {
  multiple?: boolean;
  disabled?: boolean;
  onFiles: (files: File[]) => void;
  /** The limits, said under the button. */
  children: ReactNode;
}) {
  const [dropping, setDropping] = useState(false);
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDropping(false);
    const files = [...event.dataTransfer.files];
    if (files.length) onFiles(multiple ? files : files.slice(0, 1));
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the drop area is for a mouse; the button inside does the same from the keyboard
    <div
      data-testid="image-drop"
      onDragOver={(event) => {
        if (![...event.dataTransfer.types].includes('Files')) return;
        event.preventDefault();
        setDropping(true);
      }}
      onDragLeave={() => setDropping(false)}
      onDrop={onDrop}
      className={`flex flex-col items-center gap-2 rounded-lg border-2 border-dashed p-4 text-center text-sm ${dropping ? 'border-amber-800 bg-amber-50' : 'border-stone-400 bg-stone-50'}`}
    >
      <p>{multiple ? 'Görselleri' : 'Görseli'} buraya sürükleyip bırakın ya da</p>
      <FileButton label="Görsel seçin" multiple={multiple} disabled={disabled} onFiles={onFiles} />
      <p className="text-stone-700">{children}</p>
    </div>
  );
}
