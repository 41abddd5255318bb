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
        onImages={(next) => {
          form.setValue('images', next, { shouldDirty: true });
          // The alt texts of images taken off go with them; a variant's image taken off leaves it with none.
          const held = form.getValues('imageAlts') ?? {};
          const kept = Object.fromEntries(Object.entries(held).filter(([path]) => next.includes(path)));
          if (Object.keys(kept).length !== Object.keys(held).length)
            form.setValue('imageAlts', kept, { shouldDirty: true });
          form.getValues('variants').forEach((variant, i) => {
            const left = variant.images.filter((path) => next.includes(path));
            if (left.length !== variant.images.length)
              form.setValue(`variants.${i}.images`, left, { shouldDirty: true });
          });
        }}
        onAlt={(path, alt) =>
          form.setValue('imageAlts', { ...form.getValues('imageAlts'), [path]: alt }, { shouldDirty: true })
        }
      />
    </Section>
  );
}
