import { foldTurkish } from '@vitrin/shared/turkish-fold';
import { turkishSortKey } from '@vitrin/shared/turkish-sort';

/** What a product's search and sort columns are made from. */
export interface SearchSource {
  name: string;
  sku: string;
  shortDescription: string;
  tagNames: string[];
  category: string;
}

/** The text the search folds and matches: name, SKU, tags and the category, Turkish-folded. */
export function productSearchText(name: string, sku: string, tagNames: string[], category: string): string {
  return foldTurkish([name, sku, category, ...tagNames].join(' '));
}

/** The full-text document: the same words and the summary, lowercased the Turkish way (stems need ı, ş…). */
export function productSearchDocument(
  name: string,
  summary: string,
  tagNames: string[],
  category: string,
): string {
  return [name, category, ...tagNames, summary].join(' ').toLocaleLowerCase('tr-TR');
}

/**
 * The columns every write of a product's name, SKU, summary, tags or category must refresh (PGlite has no
 * ICU, so folding and the Turkish sort key are made here rather than in SQL).
 */
export function searchColumns(s: SearchSource) {
  return {
    searchText: productSearchText(s.name, s.sku, s.tagNames, s.category),
    searchDocument: productSearchDocument(s.name, s.shortDescription, s.tagNames, s.category),
    nameSort: turkishSortKey(s.name),
  };
}
