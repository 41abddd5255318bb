import { describe, expect, it } from 'vitest';
import { findStateNumbers } from './check-state-numbers.mjs';

const found = (text, file = 'x.ts') => findStateNumbers(file, text).filter((f) => !f.allowed);

describe('check-state-numbers', () => {
  it('refuses a status, state or type compared with a bare number', () => {
    const code = [
      "import { ORDER_STATES } from '@vitrin/shared/order-states';",
      'if (order.status === 6) cancel();',
      'const virtual = product.stockType !== 4;',
      'const sale = prices.find((p) => p.priceType === 2);',
      'if (0 === to) revive();',
      "const variant = values.stockType === '2';",
      'switch (to) {',
      '  case 7:',
      '    break;',
      '}',
      'db.select().from(orders).where(eq(orders.status, 0));',
      'const row = { status: 0, toStatus: 0 };',
      'const cargo = changed.to === 2;',
    ].join('\n');
    expect(found(code).map((f) => f.line)).toEqual([2, 3, 4, 5, 6, 8, 11, 12, 12, 13]);
  });

  it('passes names, HTTP statuses, other numbers and a comparison that says why it keeps its number', () => {
    const code = [
      'if (order.status === ORDER_STATE.Cancelled) cancel();',
      'if (product.stockType !== STOCK_TYPE.Virtual) ship();',
      'if (response.status === 404) notFound();',
      'if (error.statusCode === 429) wait();',
      'const first = page === 1;',
      'const go = (to = 1) => (to === 1 ? "" : String(to));',
      'const empty = items.length === 0;',
      '// state-number: iyzico answers -1 for a refused payment, not one of our codes',
      'if (answer.fraudStatus === -1) refuse();',
      "const sent = params.get('sent') === '1';",
    ].join('\n');
    expect(found(code)).toEqual([]);
    expect(findStateNumbers('x.ts', code).filter((f) => f.allowed)).toHaveLength(1);
  });
});
