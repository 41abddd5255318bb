import { META_DESCRIPTION_MAX, META_TITLE_ADVISED, META_TITLE_MAX } from '@vitrin/shared/api/admin/products';
import { slugify } from '@vitrin/shared/slug';
import type { UseFormReturn } from 'react-hook-form';
import { FormInput, FormTextarea } from '../ui/form-fields.tsx';
import type { ProductFormValues } from './product-editor-form.ts';
import { Section } from './product-editor-parts.tsx';

function Counter({ length, advised, max }: { length: number; advised: number; max: number }) {
  const over = length > advised;
  return (
    <span className={over ? 'text-amber-900' : undefined}>
      {length} / {advised} karakter
      {over && length <= max ? ' · arama sonuçlarında kısaltılabilir' : ''}
    </span>
  );
}

/** Cut as a search result shows it. */
const cut = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;

/** The slug (made from the name with Turkish letters transliterated), meta title and description, and how Google would show them. */
export function SeoFields({ form }: { form: UseFormReturn<ProductFormValues> }) {
  const [name, slug, metaTitle, metaDescription, shortDescription] = form.watch([
    'name',
    'slug',
    'metaTitle',
    'metaDescription',
    'shortDescription',
  ]);
  const shownSlug = slugify(slug) || slugify(name) || 'urun-adi';
  const title = metaTitle.trim() || name.trim() || 'Ürün adı';
  const description = metaDescription.trim() || shortDescription.trim();
  return (
    <Section title="Arama motorları (SEO)">
      <FormInput
        form={form}
        name="slug"
        label="Adres (slug)"
        autoComplete="off"
        hint={`Ürün sayfası: /product/${shownSlug} · Türkçe harfler çevrilir (ç → c, ı → i); boş: addan yapılır.`}
      />
      <FormInput
        form={form}
        name="metaTitle"
        label="Meta başlık"
        autoComplete="off"
        maxLength={META_TITLE_MAX + 20}
        hint={<Counter length={metaTitle.length} advised={META_TITLE_ADVISED} max={META_TITLE_MAX} />}
      />
      <FormTextarea
        form={form}
        name="metaDescription"
        label="Meta açıklama"
        rows={3}
        hint={
          <Counter
            length={metaDescription.length}
            advised={META_DESCRIPTION_MAX}
            max={META_DESCRIPTION_MAX}
          />
        }
      />
      <figure className="flex flex-col gap-1 rounded-md border border-stone-300 bg-stone-50 p-3">
        <figcaption className="text-sm font-medium text-stone-700">Google'da görünüşü (önizleme)</figcaption>
        <div className="text-sm break-all text-stone-700">
          {window.location.host} › product › {shownSlug}
        </div>
        <div className="text-lg break-words text-blue-800">{cut(title, META_TITLE_ADVISED)}</div>
        <div className="text-sm break-words text-stone-700">
          {description ? cut(description, META_DESCRIPTION_MAX) : 'Meta açıklama ya da kısa açıklama yazın.'}
        </div>
      </figure>
    </Section>
  );
}
