import { useState } from 'react';
import { messageOf } from '../lib/api.ts';
import { uploadImage } from '../products/product-images-upload.ts';
import { Button } from '../ui/button.tsx';
import { FileButton, ImageDropZone, thumbnail } from '../ui/image-drop-zone.tsx';

/**
 * A post's cover, picked as the product images are: dropped or chosen from the computer, uploaded with its
 * progress, shown, changed or removed. `value` is the stored image's `folder/file` path, '' for none.
 */
export function CoverPicker({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (path: string) => void;
  error?: string | undefined;
}) {
  const [sent, setSent] = useState<number>();
  const [refused, setRefused] = useState<string>();
  const upload = async ([file]: File[]) => {
    if (!file) return;
    setRefused(undefined);
    setSent(0);
    try {
      onChange((await uploadImage(file, setSent, 'post')).path);
    } catch (err) {
      const message = messageOf(err);
      setRefused(message.includes(file.name) ? message : `"${file.name}" yüklenemedi: ${message}`);
    } finally {
      setSent(undefined);
    }
  };
  const shownError = refused ?? error;
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className="mb-2 text-sm font-medium text-stone-800">Kapak görseli</legend>
      {sent !== undefined ? (
        <label className="flex max-w-sm flex-col gap-1 text-sm">
          Kapak görseli yükleniyor
          <progress max={1} value={sent} className="w-full accent-amber-800" />
        </label>
      ) : value ? (
        <div className="flex flex-wrap items-end gap-3">
          <img
            src={thumbnail(value)}
            alt="Seçili kapak görseli"
            data-testid="cover-image"
            data-path={value}
            className="aspect-video w-56 rounded-md border border-stone-300 object-cover"
          />
          <div className="flex flex-wrap gap-2">
            <FileButton label="Değiştir" look="secondary" onFiles={upload} />
            <Button look="secondary" onClick={() => onChange('')}>
              Kapağı kaldır
            </Button>
          </div>
        </div>
      ) : (
        <ImageDropZone onFiles={upload}>
          JPEG, PNG, WebP ya da AVIF; en fazla 10 MB, en az 300×300 piksel. Kapaksız yazı, mağazada görselsiz
          gösterilir.
        </ImageDropZone>
      )}
      <div role="alert">{shownError && <p className="text-sm text-red-700">{shownError}</p>}</div>
    </fieldset>
  );
}
