import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MappingKindName,
  TrendyolAttributesAnswer,
  TrendyolBrandsAnswer,
  TrendyolCategoriesAnswer,
  TrendyolMappingRequest,
  TrendyolMappingsAnswer,
  TrendyolPublishAnswer,
  TrendyolPublishRequest,
} from '@vitrin/shared/api/admin/marketplace';
import { ApiError, api } from '../lib/api.ts';
import { TRENDYOL_KEY } from './trendyol-api.ts';

const BASE = '/marketplace/trendyol';
const MAPPINGS_KEY = [...TRENDYOL_KEY, 'mappings'] as const;

export type Attribute = TrendyolAttributesAnswer['attributes'][number];
export type Mapping = TrendyolMappingsAnswer['mappings'][number];

/** The address of the mappings tab (the publish dialog links there when a mapping is missing). */
export const MAPPINGS_TAB = 'eslestirmeler';

/** Trendyol's leaf categories whose path has the words (nothing asked while the box is empty). */
export function useTrendyolCategories(q: string) {
  return useQuery({
    queryKey: [...TRENDYOL_KEY, 'categories', q],
    queryFn: async () =>
      (await api.get<TrendyolCategoriesAnswer>(`${BASE}/categories?${new URLSearchParams({ q }).toString()}`))
        .categories,
    enabled: q.trim() !== '',
    staleTime: 5 * 60_000,
  });
}

/** Trendyol's brands by their exact name (asked when the owner presses Ara). */
export function useTrendyolBrands(q: string) {
  return useQuery({
    queryKey: [...TRENDYOL_KEY, 'brands', q],
    queryFn: async () =>
      (await api.get<TrendyolBrandsAnswer>(`${BASE}/brands?${new URLSearchParams({ q }).toString()}`)).brands,
    enabled: q.trim() !== '',
    staleTime: 5 * 60_000,
  });
}

export function useTrendyolAttributes(categoryId: number | undefined) {
  return useQuery({
    queryKey: [...TRENDYOL_KEY, 'attributes', categoryId],
    queryFn: async () =>
      (await api.get<TrendyolAttributesAnswer>(`${BASE}/categories/${categoryId}/attributes`)).attributes,
    enabled: categoryId !== undefined,
    staleTime: 5 * 60_000,
  });
}

export function useMappings() {
  return useQuery({
    queryKey: MAPPINGS_KEY,
    queryFn: async () => (await api.get<TrendyolMappingsAnswer>(`${BASE}/mappings`)).mappings,
  });
}

export function useSetMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrendyolMappingRequest) => api.put<unknown>(`${BASE}/mappings`, body),
    onSettled: () => client.invalidateQueries({ queryKey: MAPPINGS_KEY }),
  });
}

export function useRemoveMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, local }: { kind: MappingKindName; local: string }) =>
      api.delete(`${BASE}/mappings/${kind}/${encodeURIComponent(local)}`),
    onSettled: () => client.invalidateQueries({ queryKey: MAPPINGS_KEY }),
  });
}

/** Puts a product on Trendyol; the listings and the health are read again when it is taken. */
export function usePublish(productId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TrendyolPublishRequest) =>
      api.post<TrendyolPublishAnswer>(`${BASE}/products/${productId}/publish`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: TRENDYOL_KEY }),
  });
}

/** The mapping of a shop category (by id) or a brand (by name), if the owner made one. */
export function mappingOf(mappings: readonly Mapping[], kind: MappingKindName, local: string) {
  return mappings.find((m) => m.kind === kind && m.local === local.trim());
}

/** What the owner chose for an attribute: one of its values (by id), or their own words. */
export interface AttributeChoice {
  valueId: string;
  custom: string;
}
/** The select's value meaning "I type it myself". */
export const CUSTOM_VALUE = 'custom';

/** The attributes the dialog asks for: the product's own (a variant's are per size), required ones first. */
export function askedAttributes(attributes: readonly Attribute[]): Attribute[] {
  return attributes
    .filter((a) => !a.varianter || a.required)
    .sort((a, b) => Number(b.required) - Number(a.required));
}

/**
 * The publish request from the dialog's choices, or the fields to fix (by attribute id, in Turkish): a required
 * attribute left empty, a typed value where only the list's are taken, a desi that is no number in range.
 */
export function publishBody(
  attributes: readonly Attribute[],
  choices: Readonly<Record<number, AttributeChoice>>,
  desiText: string,
): { body: TrendyolPublishRequest; errors: null } | { body: null; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const chosen: TrendyolPublishRequest['attributes'] = [];
  for (const a of attributes) {
    const c = choices[a.id] ?? { valueId: '', custom: '' };
    const custom = c.custom.trim();
    if (c.valueId !== '' && c.valueId !== CUSTOM_VALUE) {
      chosen.push({ attributeId: a.id, valueId: Number(c.valueId) });
    } else if ((c.valueId === CUSTOM_VALUE || a.values.length === 0) && custom !== '') {
      if (a.allowCustom) chosen.push({ attributeId: a.id, customValue: custom });
      else errors[String(a.id)] = `${a.name} için listeden bir değer seçin`;
    } else if (a.required) {
      errors[String(a.id)] =
        a.values.length > 0 ? `${a.name} için bir değer seçin` : `${a.name} için bir değer yazın`;
    }
  }
  const desi = desiText.trim().replace(',', '.');
  let desiValue: number | undefined;
  if (desi !== '') {
    desiValue = /^\d+(\.\d+)?$/.test(desi) ? Number(desi) : Number.NaN;
    if (!(desiValue >= 0.01 && desiValue <= 1000))
      errors.desi = 'Desi 0,01 ile 1000 arasında bir sayı olmalı';
  }
  if (Object.keys(errors).length > 0) return { body: null, errors };
  return {
    body: {
      attributes: chosen,
      ...(desiValue === undefined ? {} : { desi: desiValue }),
    },
    errors: null,
  };
}

/** A 422 of publish: each thing missing (category, brand, barcode, price, image, attributes) with its words. */
export function missingOf(error: unknown): { kind: string; message: string }[] {
  if (!(error instanceof ApiError) || error.code !== 'TRENDYOL_BILGI_EKSIK') return [];
  return Object.entries(error.fields).map(([kind, message]) => ({
    kind,
    message,
  }));
}

/** What a taken publish tells the owner. */
export function publishedText(answer: TrendyolPublishAnswer): string {
  if (answer.waiting)
    return `Trendyol’a gönderilmek üzere kaydedildi; eşitleme gönderecek. ${answer.waiting}`;
  return 'Gönderildi, Trendyol’un onayı bekleniyor.';
}
