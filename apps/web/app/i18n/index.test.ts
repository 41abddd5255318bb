import { describe, expect, it } from 'vitest';
import { i18n } from './index.ts';
import { tr } from './tr.ts';

describe('i18n.t', () => {
  it('gives the Turkish text of a key', () => {
    expect(i18n.t('catalog.vatIncluded')).toBe(tr.catalog.vatIncluded);
    // Asked again (now from the remembered lookup), the same text.
    expect(i18n.t('catalog.vatIncluded')).toBe('KDV Dahil');
  });

  it('fills placeholders with the values of each call, never with those of an earlier one', () => {
    expect(i18n.t('catalog.lowStock', { count: 3 })).toBe('Son 3 ürün');
    expect(i18n.t('catalog.lowStock', { count: 1 })).toBe('Son 1 ürün');
    // Without values the placeholder is left empty, and a later call with values is filled again.
    expect(i18n.t('catalog.lowStock')).toBe('Son  ürün');
    expect(i18n.t('catalog.lowStock', { count: 12 })).toBe('Son 12 ürün');
  });
});
