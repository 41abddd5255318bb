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
          form.setValue('images', next.images, { shouldDirty: true });
          form.setValue('imageAlts', next.alts, { shouldDirty: true });
        }}
      />
    </Section>
  );
}
