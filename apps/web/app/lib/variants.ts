import type { VariantView } from '@vitrin/shared/api/catalog';

/** The variant matching every chosen option, if all groups are chosen. */
export function findVariant(variants: VariantView[], chosen: Record<string, string>, groups: string[]) {
  if (groups.some((g) => !chosen[g])) return undefined;
  return variants.find((v) => groups.every((g) => v.options[g] === chosen[g]));
}

/**
 * Whether picking `value` in `group` (keeping the other choices) leads to a variant that exists and is in
 * stock; used to mark unavailable combinations.
 */
export function isAvailable(
  variants: VariantView[],
  chosen: Record<string, string>,
  group: string,
  value: string,
): boolean {
  return variants.some(
    (v) =>
      v.options[group] === value &&
      v.stock.state !== 'out' &&
      Object.entries(chosen).every(([g, val]) => g === group || !val || v.options[g] === val),
  );
}

/** A first choice that is in stock, so the page opens on something buyable. */
export function initialChoice(variants: VariantView[]): Record<string, string> {
  const first = variants.find((v) => v.stock.state !== 'out') ?? variants[0];
  return first ? { ...first.options } : {};
}

/**
 * The gallery's images for the chosen variant: its own first (the panel picks one of the product's), then the
 * product's others, so picking a variant shows its picture without hiding the rest.
 */
export function galleryImages(productImages: string[], variant: VariantView | undefined): string[] {
  const own = variant?.images ?? [];
  return [...own, ...productImages.filter((path) => !own.includes(path))];
}
