import type { UseFormReturn } from 'react-hook-form';
import type { ProductFormValues } from './product-editor-form.ts';
import { Section } from './product-editor-parts.tsx';
import { ProductImages } from './product-images.tsx';

/** The product form's images: their order and alt texts are saved with the form. */
export function ProductImagesSection({
  form,
  disabled,
}: {
  form: UseFormReturn<ProductFormValues>;
  disabled: boolean;
}) {
  const [images, alts, name] = form.watch(['images', 'imageAlts', 'name']);
  return (
    <Section title="Görseller">
      <ProductImages
        value={{ images, alts }}
        productName={name}
        disabled={disabled}
        onChange={(next) => {
          // Read what the form holds now: a drag library may call back after a later change (an alt text typed
          // while its drop settles) with the values of its own render, which must not undo that change.
          const nowImages = form.getValues('images');
          const nowAlts = form.getValues('imageAlts') ?? {};
          const imagesChanged = next.images.join('\n') !== nowImages.join('\n');
          const alts = imagesChanged
            ? Object.fromEntries(Object.entries(nowAlts).filter(([path]) => next.images.includes(path)))
            : { ...nowAlts, ...next.alts };
          if (imagesChanged) {
            form.setValue('images', next.images, { shouldDirty: true });
            // A variant's image taken off the product leaves that variant with none.
            form.getValues('variants').forEach((variant, i) => {
              const kept = variant.images.filter((path) => next.images.includes(path));
              if (kept.length !== variant.images.length) {
                form.setValue(`variants.${i}.images`, kept, { shouldDirty: true });
              }
            });
          }
          form.setValue('imageAlts', alts, { shouldDirty: true });
        }}
      />
    </Section>
  );
}
