import type { AdminCategory } from '@vitrin/shared/api/admin/categories';
import { type FormEvent, useState } from 'react';
import { CATEGORIES_KEY, CATEGORIES_PATH, useItems } from '../categories/structure-api.ts';
import { messageOf } from '../lib/api.ts';
import { has, useStaff } from '../session/staff-session.ts';
import { Button } from '../ui/button.tsx';
import { Field, FormError, Input } from '../ui/field.tsx';
import { Loading } from '../ui/page.tsx';
import {
  type Mapping,
  mappingOf,
  useMappings,
  useRemoveMapping,
  useSetMapping,
  useTrendyolBrands,
  useTrendyolCategories,
} from './publish-api.ts';

const box = 'flex flex-col gap-3 rounded-lg border border-stone-300 bg-white p-4';

/** The search of Trendyol's leaves for one shop category: words, Ara, the leaves found to choose from. */
function CategoryPicker({ local, name, onDone }: { local: string; name: string; onDone: () => void }) {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const found = useTrendyolCategories(q);
  const save = useSetMapping();
  const search = (e: FormEvent) => {
    e.preventDefault();
    setQ(text.trim());
  };
  return (
    <div className="flex flex-col gap-2">
      <form noValidate onSubmit={search} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0 flex-1">
          <Field label={`Trendyol kategorisi ara (${name})`}>
            {(control) => (
              <Input {...control} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
            )}
          </Field>
        </div>
        <Button type="submit" look="secondary">
          Ara
        </Button>
        <Button look="secondary" onClick={onDone}>
          Vazgeç
        </Button>
      </form>
      {found.isFetching && <p className="text-sm text-stone-700">Aranıyor…</p>}
      {found.isError && <FormError message={messageOf(found.error)} />}
      {save.isError && <FormError message={messageOf(save.error)} />}
      {found.data && (
        <ul aria-label="Bulunan Trendyol kategorileri" className="flex flex-col gap-1">
          {found.data.length === 0 && (
            <li className="text-sm text-stone-700">Bu sözcüklerle kategori yok.</li>
          )}
          {found.data.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                disabled={save.isPending}
                onClick={() => save.mutate({ kind: 'category', local, remote: c.id }, { onSuccess: onDone })}
                className="w-full rounded-md border border-stone-300 px-3 py-2 text-left text-sm hover:bg-amber-50"
              >
                <span className="font-medium">{c.name}</span>
                <span className="block text-stone-700 [overflow-wrap:anywhere]">{c.path}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A mapping's Trendyol side and, for the staff who may change it, Değiştir and Kaldır. */
function Mapped({
  mapping,
  label,
  canWrite,
  onChange,
}: {
  mapping: Mapping | undefined;
  label: string;
  canWrite: boolean;
  onChange?: () => void;
}) {
  const remove = useRemoveMapping();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className={`[overflow-wrap:anywhere] ${mapping ? '' : 'text-stone-700'}`}>
        {mapping ? mapping.remoteName : 'Eşlenmemiş'}
      </span>
      {canWrite && onChange && (
        <Button look="secondary" onClick={onChange}>
          {mapping ? 'Değiştir' : 'Eşle'}
          <span className="sr-only"> ({label})</span>
        </Button>
      )}
      {canWrite && mapping && (
        <Button
          look="secondary"
          disabled={remove.isPending}
          onClick={() => remove.mutate({ kind: mapping.kind, local: mapping.local })}
        >
          Kaldır<span className="sr-only"> ({label})</span>
        </Button>
      )}
      {remove.isError && <FormError message={messageOf(remove.error)} />}
    </div>
  );
}

function CategoryMappings({ mappings, canWrite }: { mappings: Mapping[]; canWrite: boolean }) {
  const categories = useItems<AdminCategory>(CATEGORIES_KEY, CATEGORIES_PATH);
  const [open, setOpen] = useState<number | null>(null);
  if (categories.isPending) return <Loading />;
  if (categories.isError) return <FormError message={messageOf(categories.error)} />;
  return (
    <ul className="flex flex-col divide-y divide-stone-200">
      {categories.data.map((c) => {
        const mapping = mappingOf(mappings, 'category', String(c.id));
        return (
          <li key={c.id} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-start sm:gap-4">
            <span className="font-medium sm:w-1/3" style={{ paddingLeft: `${c.depth}rem` }}>
              {c.name}
            </span>
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <Mapped
                mapping={mapping}
                label={c.name}
                canWrite={canWrite}
                onChange={() => setOpen(open === c.id ? null : c.id)}
              />
              {open === c.id && (
                <CategoryPicker local={String(c.id)} name={c.name} onDone={() => setOpen(null)} />
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** A brand as products carry it, matched to Trendyol's by its exact name there. */
function BrandForm() {
  const [local, setLocal] = useState('');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [localError, setLocalError] = useState<string>();
  const found = useTrendyolBrands(q);
  const save = useSetMapping();
  const search = (e: FormEvent) => {
    e.preventDefault();
    const name = text.trim() || local.trim();
    if (!text.trim()) setText(name);
    setQ(name);
  };
  const choose = (id: number, name: string) => {
    if (!local.trim()) {
      setLocalError('Mağazadaki marka adını girin');
      return;
    }
    setLocalError(undefined);
    save.mutate(
      { kind: 'brand', local: local.trim(), remote: id, remoteName: name },
      {
        onSuccess: () => {
          setLocal('');
          setText('');
          setQ('');
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={search} className="flex flex-col gap-2">
      <div className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <Field
          label="Mağazadaki marka"
          error={localError}
          hint="Ürünlerde yazıldığı gibi (büyük-küçük harf dahil)."
        >
          {(control) => (
            <Input {...control} value={local} onChange={(e) => setLocal(e.target.value)} autoComplete="off" />
          )}
        </Field>
        <Field label="Trendyol’daki adı" hint="Trendyol’daki tam adı; boşsa mağazadaki ad aranır.">
          {(control) => (
            <Input {...control} value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" />
          )}
        </Field>
        <Button type="submit" look="secondary" className="sm:mb-6">
          Trendyol markası ara
        </Button>
      </div>
      {found.isFetching && <p className="text-sm text-stone-700">Aranıyor…</p>}
      {found.isError && <FormError message={messageOf(found.error)} />}
      {save.isError && <FormError message={messageOf(save.error)} />}
      {found.data && (
        <ul aria-label="Bulunan Trendyol markaları" className="flex flex-col gap-1">
          {found.data.length === 0 && (
            <li className="text-sm text-stone-700">Trendyol’da bu adla bir marka yok; tam adını yazın.</li>
          )}
          {found.data.map((b) => (
            <li key={b.id}>
              <Button look="secondary" disabled={save.isPending} onClick={() => choose(b.id, b.name)}>
                {b.name} markasıyla eşle
              </Button>
            </li>
          ))}
        </ul>
      )}
    </form>
  );
}

/**
 * Eşleştirmeler: each shop category with the Trendyol leaf its products go to, and each brand with Trendyol's
 * brand; a product goes on Trendyol only when both of its are mapped. catalog.write changes them.
 */
export function MappingsPart() {
  const canWrite = has(useStaff(), 'catalog.write');
  const mappings = useMappings();
  if (mappings.isPending) return <Loading />;
  if (mappings.isError) return <FormError message={messageOf(mappings.error)} />;
  const brands = mappings.data.filter((m) => m.kind === 'brand');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-stone-700">
        Bir ürün Trendyol’a, kategorisi bir Trendyol kategorisiyle ve markası bir Trendyol markasıyla
        eşlendiğinde gönderilebilir.
      </p>
      <section aria-labelledby="ty-map-categories" className={box}>
        <h2 id="ty-map-categories" className="text-lg font-semibold">
          Kategoriler
        </h2>
        <CategoryMappings mappings={mappings.data} canWrite={canWrite} />
      </section>
      <section aria-labelledby="ty-map-brands" className={box}>
        <h2 id="ty-map-brands" className="text-lg font-semibold">
          Markalar
        </h2>
        {brands.length === 0 ? (
          <p className="text-sm text-stone-700">Eşlenmiş marka yok.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-stone-200">
            {brands.map((m) => (
              <li key={m.local} className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:gap-4">
                <span className="font-medium [overflow-wrap:anywhere] sm:w-1/3">{m.local}</span>
                <Mapped mapping={m} label={m.local} canWrite={canWrite} />
              </li>
            ))}
          </ul>
        )}
        {canWrite && <BrandForm />}
      </section>
    </div>
  );
}
