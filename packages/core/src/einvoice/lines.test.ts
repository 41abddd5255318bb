import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import {
  invoiceLines,
  invoiceTotals,
  netFor,
  type OrderForInvoice,
  SERVICE_CODES,
  spread,
  vatOf,
} from './lines.ts';

const refusal = (fn: () => unknown): DomainError => {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
  throw new Error('refused nothing');
};

/** Every line's own arithmetic as Paraşüt does it, and the total equal to the order's. */
function expectExact(order: OrderForInvoice) {
  const lines = invoiceLines(order);
  for (const l of lines) {
    expect(l.netMinor).toBe(l.quantity * l.unitPriceMinor - l.discountMinor);
    expect(l.discountMinor).toBeGreaterThanOrEqual(0);
    expect(l.vatMinor).toBe(vatOf(l.netMinor, l.vatRate));
  }
  expect(invoiceTotals(lines).grossMinor).toBe(order.totalMinor);
  return lines;
}

describe('invoice lines', () => {
  it('mixed VAT 1/10/20 %, a coupon, an instalment difference and a cash-on-delivery fee sum to the kuruş', () => {
    const order: OrderForInvoice = {
      lines: [
        { sku: 'KITAP-1', name: 'Roman', quantity: 2, unitGrossMinor: 12_345, vatRate: 10 },
        { sku: 'EKMEK-1', name: 'Ekşi mayalı ekmek', quantity: 3, unitGrossMinor: 4_999, vatRate: 1 },
        { sku: 'FINCAN-1', name: 'Seramik fincan', quantity: 1, unitGrossMinor: 34_999, vatRate: 20 },
      ],
      discountMinor: 5_000,
      instalmentFeeMinor: 1_733,
      shippingMinor: 4_990,
      codFeeMinor: 1_500,
      // 24 690 + 14 997 + 34 999 − 5 000 + 1 733 + 4 990 + 1 500
      totalMinor: 77_909,
    };
    const lines = expectExact(order);
    // The coupon falls on every rate in proportion, as each line's discount, never as a negative line.
    const services: string[] = Object.values(SERVICE_CODES);
    const goods = lines.filter((l) => !services.includes(l.code));
    expect(goods.map((l) => l.code)).toEqual(['KITAP-1', 'EKMEK-1', 'FINCAN-1']);
    expect(goods.every((l) => l.discountMinor > 0)).toBe(true);
    expect(lines.every((l) => l.unitPriceMinor >= 0 && l.netMinor >= 0)).toBe(true);
    // 5 000 kuruş over 24 690 / 14 997 / 34 999 in proportion (a kuruş moved on where a rate needs it).
    const shares = spread(5_000, [24_690, 14_997, 34_999]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(5_000);
    for (const [i, gross] of [24_690, 14_997, 34_999].entries())
      expect(Math.abs(goods[i]!.grossMinor - (gross - shares[i]!))).toBeLessThanOrEqual(1);
    // The instalment difference follows the goods: one line per rate, together 17,33 TL.
    const vade = lines.filter((l) => l.code === SERVICE_CODES.instalmentFee);
    expect(vade.map((l) => l.vatRate)).toEqual([20, 10, 1]);
    expect(vade.reduce((a, l) => a + l.grossMinor, 0)).toBe(1_733);
    const shipping = lines.find((l) => l.code === SERVICE_CODES.shipping)!;
    expect(shipping).toMatchObject({ vatRate: 20, grossMinor: 4_990, netMinor: 4_158, vatMinor: 832 });
    expect(lines.find((l) => l.code === SERVICE_CODES.codFee)).toMatchObject({
      vatRate: 20,
      grossMinor: 1_500,
    });
    // VAT per rate as Paraşüt will show it.
    const byRate = invoiceTotals(lines).byRate;
    expect([...byRate.keys()].sort((a, b) => a - b)).toEqual([1, 10, 20]);
  });

  it('a line discounted to nothing (a gift) stays on the invoice at zero', () => {
    const lines = expectExact({
      lines: [
        { sku: 'A', name: 'Vazo', quantity: 1, unitGrossMinor: 60_000, vatRate: 20 },
        {
          sku: 'HEDIYE',
          name: 'Hediye kart',
          quantity: 1,
          unitGrossMinor: 2_500,
          vatRate: 20,
          discountMinor: 2_500,
        },
      ],
      totalMinor: 60_000,
    });
    expect(lines[1]).toMatchObject({ code: 'HEDIYE', netMinor: 0, vatMinor: 0, grossMinor: 0 });
    expect(lines[1]!.discountMinor).toBe(lines[1]!.unitPriceMinor);
  });

  it('a coupon taking the whole order leaves zero lines, no negative amount', () => {
    const lines = expectExact({
      lines: [
        { sku: 'A', name: 'Defter', quantity: 3, unitGrossMinor: 3_333, vatRate: 10 },
        { sku: 'B', name: 'Kalem', quantity: 1, unitGrossMinor: 1_001, vatRate: 20 },
      ],
      discountMinor: 3 * 3_333 + 1_001,
      totalMinor: 0,
    });
    expect(lines.every((l) => l.grossMinor === 0 && l.discountMinor >= 0)).toBe(true);
  });

  it('a kuruş a VAT rate cannot reach moves on to the next line and the total stays exact', () => {
    // At 20 % no net amount gives 3 kuruş or 9 kuruş VAT included (2→2, 3→4; 7→8, 8→10).
    expect(netFor(3, 20)).toBeNull();
    expect(netFor(9, 20)).toBeNull();
    const lines = expectExact({
      lines: [
        { sku: 'A', name: 'Düğme', quantity: 1, unitGrossMinor: 9, vatRate: 20 },
        { sku: 'B', name: 'Boncuk', quantity: 1, unitGrossMinor: 3, vatRate: 20 },
      ],
      shippingMinor: 3,
      totalMinor: 15,
    });
    expect(lines.map((l) => l.grossMinor).reduce((a, b) => a + b, 0)).toBe(15);
  });

  it('quantities whose unit price does not divide the net amount carry the kuruş as a discount', () => {
    const lines = expectExact({
      lines: [{ sku: 'A', name: 'Kupa', quantity: 7, unitGrossMinor: 1_999, vatRate: 20 }],
      discountMinor: 1_000,
      totalMinor: 7 * 1_999 - 1_000,
    });
    // 12 993 kuruş at 20 % has no net amount: six units and one unit, each reachable.
    expect(netFor(12_993, 20)).toBeNull();
    expect(lines.map((l) => l.quantity)).toEqual([6, 1]);
    expect(lines.every((l) => l.code === 'A')).toBe(true);
  });

  it('many odd amounts at every rate: always exact when a line can take the last kuruş', () => {
    for (let i = 0; i < 300; i++) {
      const a = 101 + ((i * 7_919) % 50_000);
      const b = 57 + ((i * 104_729) % 20_000);
      const rates = [1, 10, 20] as const;
      const order: OrderForInvoice = {
        lines: [
          { sku: 'A', name: 'A', quantity: 1 + (i % 4), unitGrossMinor: a, vatRate: rates[i % 3]! },
          { sku: 'B', name: 'B', quantity: 1 + (i % 3), unitGrossMinor: b, vatRate: rates[(i + 1) % 3]! },
        ],
        discountMinor: i % 97,
        instalmentFeeMinor: i % 5 === 0 ? 0 : i % 211,
        shippingMinor: i % 2 ? 3_990 : 0,
        codFeeMinor: i % 3 === 0 ? 1_234 : 0,
        totalMinor: 0,
      };
      order.totalMinor =
        (1 + (i % 4)) * a +
        (1 + (i % 3)) * b -
        order.discountMinor! +
        order.instalmentFeeMinor! +
        order.shippingMinor! +
        order.codFeeMinor!;
      expectExact(order);
    }
  });

  it('refuses a total the lines do not make, and a lone amount no net amount reaches', () => {
    const wrong = refusal(() =>
      invoiceLines({
        lines: [{ sku: 'A', name: 'Vazo', quantity: 1, unitGrossMinor: 10_000, vatRate: 20 }],
        shippingMinor: 2_990,
        totalMinor: 12_991,
      }),
    );
    expect(wrong.code).toBe('FATURA_TUTAR_TUTMUYOR');
    expect(wrong.message).toContain('129,91 TL');
    const lone = refusal(() =>
      invoiceLines({
        lines: [{ sku: 'A', name: 'Düğme', quantity: 1, unitGrossMinor: 9, vatRate: 20 }],
        totalMinor: 9,
      }),
    );
    expect(lone.code).toBe('FATURA_TUTAR_TUTMUYOR');
    expect(lone.message).toContain('elle');
    expect(
      refusal(() =>
        invoiceLines({
          lines: [{ sku: 'A', name: 'X', quantity: 1, unitGrossMinor: 100, vatRate: 8 }],
          totalMinor: 100,
        }),
      ).message,
    ).toContain('%8');
  });

  it("rounds VAT half up on each line, never on a rate's summed base (as the stand-in and UBL-TR lines do)", () => {
    // Two lines of 3 kuruş at 20 %: 0.6 → 1 each, so 2 kuruş; on the summed base 6 it would be 1.
    const line = { quantity: 1, unitPriceMinor: 3, discountMinor: 0, vatRate: 20 };
    expect(invoiceTotals([line, line])).toMatchObject({ netMinor: 6, vatMinor: 2, grossMinor: 8 });
    // Exactly half a kuruş goes up: 25 kuruş at 10 % is 2.5 → 3; 24 at 10 % is 2.4 → 2.
    expect(invoiceTotals([{ ...line, unitPriceMinor: 25, vatRate: 10 }]).vatMinor).toBe(3);
    expect(invoiceTotals([{ ...line, unitPriceMinor: 24, vatRate: 10 }]).vatMinor).toBe(2);
  });

  it('spreads by largest remainder, whole kuruş, exactly the amount', () => {
    expect(spread(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(spread(1, [0, 5, 5])).toEqual([0, 1, 0]);
    expect(spread(0, [3, 4])).toEqual([0, 0]);
  });
});
