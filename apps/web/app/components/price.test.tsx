import type { PriceView } from '@vitrin/shared/api/catalog';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Price } from './price.tsx';

const base: PriceView = {
  amountMinor: 24990,
  vatRate: 20,
  marketMinor: null,
  discountPercent: null,
  instalmentBaseMinor: 24990,
  originalCurrency: 'TRY',
  isWholesale: false,
};

/** The text a shopper (or a screen reader) gets from the rendered price. */
const text = (price: PriceView | null) =>
  renderToStaticMarkup(<Price price={price} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('Price', () => {
  it('shows the VAT-inclusive price in Turkish lira format with "KDV Dahil"', () => {
    expect(text(base)).toBe('Fiyat: ₺249,90 KDV Dahil');
  });

  it('strikes through a higher market price and shows the discount percentage', () => {
    const html = renderToStaticMarkup(<Price price={{ ...base, marketMinor: 34990, discountPercent: 28 }} />);
    expect(html).toMatch(/line-through[^>]*>.*Eski fiyat: .*₺349,90/);
    expect(text({ ...base, marketMinor: 34990, discountPercent: 28 })).toBe(
      'Eski fiyat: ₺349,90 Fiyat: ₺249,90 %28 indirim KDV Dahil',
    );
  });

  it('marks a wholesale price', () => {
    expect(text({ ...base, isWholesale: true })).toBe('Fiyat: ₺249,90 KDV Dahil · Toptan fiyat');
  });

  it('shows thousands with a dot and kuruş with a comma', () => {
    expect(text({ ...base, amountMinor: 123456789 })).toContain('₺1.234.567,89');
  });

  it('asks the shopper to get in touch when a product has no price', () => {
    expect(text(null)).toBe('Fiyat için bize ulaşın');
  });
});
