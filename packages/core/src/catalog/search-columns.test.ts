import { describe, expect, it } from 'vitest';
import { searchColumns } from './search-columns.ts';

const columns = searchColumns({
  name: 'İstanbul Şapkası',
  sku: 'SPK-01',
  shortDescription: 'Işıl ışıl yün',
  tagNames: ['Kışlık'],
  category: 'Aksesuar',
});

describe('searchColumns: what the search matches and sorts a product by', () => {
  it('folds name, SKU, category and tags so that sapka and ISTANBUL find them', () => {
    for (const word of ['istanbul', 'sapkasi', 'spk-01', 'aksesuar', 'kislik'])
      expect(columns.searchText).toContain(word);
  });

  it('keeps Turkish letters in the full-text document, lowercased the Turkish way, with the summary', () => {
    expect(columns.searchDocument).toContain('istanbul şapkası');
    expect(columns.searchDocument).toContain('ışıl ışıl yün');
    expect(columns.searchDocument).toContain('kışlık');
    // The SKU is matched by the folded text only.
    expect(columns.searchDocument).not.toContain('spk-01');
  });

  it('sorts Ç after C and before D, as a Turkish reader expects', () => {
    const key = (name: string) =>
      searchColumns({ name, sku: '', shortDescription: '', tagNames: [], category: '' }).nameSort;
    const names = ['Defter', 'Çanta', 'Cüzdan'];
    expect([...names].sort((a, b) => (key(a) < key(b) ? -1 : 1))).toEqual(['Cüzdan', 'Çanta', 'Defter']);
  });
});
