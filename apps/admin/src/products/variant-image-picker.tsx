import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { Button } from '../ui/button.tsx';
import { Dialog } from '../ui/dialog.tsx';
import { thumbnail } from '../ui/image-drop-zone.tsx';
import type { ProductFormValues } from './product-editor-form.ts';
import { errorAt, useReadOnly } from './product-editor-parts.tsx';

const frame = 'size-10 shrink-0 rounded border border-stone-300 object-cover';

/**
 * A variant's image: one of the product's images, picked from their thumbnails (or none, the product's
 * images then). The storefront shows it first when the shopper picks the variant.
 */
export function VariantImagePicker({
  form,
  index,
  variantName,
}: {
  form: UseFormReturn<ProductFormValues>;
  index: number;
  /** `Kırmızı / S`: the dialog's title names the variant. */
  variantName: string;
}) {
  const [open, setOpen] = useState(false);
  const readOnly = useReadOnly();
  const stateId = useId();
  const [images, alts, picked] = form.watch(['images', 'imageAlts', `variants.${index}.images`]);
  const current = picked?.[0];
  const at = current ? images.indexOf(current) : -1;
  const error = errorAt(form, `variants.${index}.images`);
  const pick = (path: string | null) => {
    form.setValue(`variants.${index}.images`, path ? [path] : [], {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    setOpen(false);
  };

  return (
    <div className="flex flex-col gap-1">
      <span className="text-sm font-medium text-stone-800">Görsel</span>
      <div className="flex items-center gap-2">
        {current ? (
          <img src={thumbnail(current)} alt="" className={frame} />
        ) : (
          <span aria-hidden="true" className={`${frame} border-dashed bg-stone-50`} />
        )}
        {!readOnly && (
          <Button
            look="secondary"
            className="px-3 whitespace-nowrap"
            aria-describedby={stateId}
            aria-invalid={error ? true : undefined}
            onClick={() => setOpen(true)}
          >
            Görsel seç
          </Button>
        )}
      </div>
      <p id={stateId} className={`text-sm ${error ? 'text-red-700' : 'text-stone-700'}`}>
        {error ?? (current ? (at >= 0 ? `Görsel ${at + 1}` : 'Ürünün görsellerinde yok') : 'Görsel yok')}
      </p>
      <Dialog title={`Görsel seç: ${variantName}`} open={open} onClose={() => setOpen(false)}>
        {images.length === 0 && (
          <p className="text-sm text-stone-700">
            Bu ürünün henüz görseli yok: önce Görseller bölümünden ekleyin, sonra burada seçin.
          </p>
        )}
        <ul aria-label="Ürünün görselleri" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
          <li>
            <button
              type="button"
              aria-pressed={!current}
              onClick={() => pick(null)}
              className="flex h-full min-h-24 w-full flex-col items-center justify-center gap-1 rounded-md border-2 border-dashed border-stone-400 p-2 text-sm aria-pressed:border-solid aria-pressed:border-amber-800 aria-pressed:bg-amber-50"
            >
              Görsel yok
              <span className="text-xs text-stone-700">Ürünün görselleri</span>
            </button>
          </li>
          {images.map((path, i) => (
            <li key={path}>
              <button
                type="button"
                aria-pressed={path === current}
                onClick={() => pick(path)}
                className="flex w-full flex-col gap-1 rounded-md border-2 border-stone-300 p-1 text-left text-sm aria-pressed:border-amber-800 aria-pressed:bg-amber-50"
              >
                <img src={thumbnail(path)} alt="" className="aspect-square w-full rounded object-cover" />
                <span>
                  Görsel {i + 1}
                  {i === 0 ? ' (ana görsel)' : ''}
                </span>
                {alts[path] && <span className="line-clamp-2 text-xs text-stone-700">{alts[path]}</span>}
              </button>
            </li>
          ))}
        </ul>
        <div className="flex justify-end">
          <Button look="secondary" onClick={() => setOpen(false)}>
            Vazgeç
          </Button>
        </div>
      </Dialog>
    </div>
  );
}
