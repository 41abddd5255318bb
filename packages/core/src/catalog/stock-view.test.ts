import { describe, expect, it } from 'vitest';
import { LOW_STOCK, stockView } from './product.ts';

describe('stockView: what the product page says of the stock', () => {
  it('says in stock without a count for unlimited stock and for plenty', () => {
    expect(stockView(null)).toEqual({ state: 'in_stock', remaining: null });
    expect(stockView(LOW_STOCK + 1)).toEqual({ state: 'in_stock', remaining: null });
  });

  it(`tells how many are left at ${LOW_STOCK} pieces or fewer`, () => {
    expect(stockView(LOW_STOCK)).toEqual({ state: 'low', remaining: LOW_STOCK });
    expect(stockView(1)).toEqual({ state: 'low', remaining: 1 });
  });

  it('says out of stock at zero and below, with no count', () => {
    expect(stockView(0)).toEqual({ state: 'out', remaining: null });
    expect(stockView(-3)).toEqual({ state: 'out', remaining: null });
  });
});
