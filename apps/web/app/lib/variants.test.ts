import type { VariantView } from '@vitrin/shared/api/catalog';
import { describe, expect, it } from 'vitest';
import { findVariant, galleryImages, initialChoice, isAvailable } from './variants.ts';

const v = (id: number, options: Record<string, string>, stock: 'in_stock' | 'out'): VariantView => ({
  id,
  sku: `S${id}`,
  options,
  images: [],
  stock: { state: stock, remaining: null },
  price: null,
});
const variants = [
  v(1, { Renk: 'Mavi', Beden: 'M' }, 'in_stock'),
  v(2, { Renk: 'Mavi', Beden: 'L' }, 'out'),
  v(3, { Renk: 'Kırmızı', Beden: 'L' }, 'in_stock'),
];

describe('variant picker', () => {
  it('finds the variant of a full choice', () => {
    expect(findVariant(variants, { Renk: 'Kırmızı', Beden: 'L' }, ['Renk', 'Beden'])?.id).toBe(3);
    expect(findVariant(variants, { Renk: 'Kırmızı' }, ['Renk', 'Beden'])).toBeUndefined();
  });

  it('marks a combination that does not exist as unavailable', () => {
    expect(isAvailable(variants, { Renk: 'Kırmızı', Beden: 'L' }, 'Beden', 'M')).toBe(false);
  });

  it('marks a combination out of stock as unavailable', () => {
    expect(isAvailable(variants, { Renk: 'Mavi', Beden: 'M' }, 'Beden', 'L')).toBe(false);
  });

  it('checks a value against the other choices', () => {
    expect(isAvailable(variants, { Renk: 'Mavi', Beden: 'M' }, 'Renk', 'Kırmızı')).toBe(false);
    expect(isAvailable(variants, { Renk: 'Kırmızı', Beden: 'L' }, 'Renk', 'Mavi')).toBe(false);
    expect(isAvailable(variants, { Renk: 'Mavi' }, 'Beden', 'M')).toBe(true);
  });

  it('starts on a variant in stock', () => {
    expect(initialChoice([variants[1]!, variants[2]!])).toEqual({ Renk: 'Kırmızı', Beden: 'L' });
  });

  it("shows the chosen variant's image first, then the product's others once each", () => {
    const product = ['p/a.webp', 'p/b.webp', 'p/c.webp'];
    const red = { ...variants[0]!, images: ['p/c.webp'] };
    expect(galleryImages(product, red)).toEqual(['p/c.webp', 'p/a.webp', 'p/b.webp']);
    expect(galleryImages(product, variants[0])).toEqual(product);
    expect(galleryImages(product, undefined)).toEqual(product);
  });
});
