import type { OrderDetail } from '@vitrin/shared/api/orders';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderView } from './order-view.tsx';

const address = {
  firstName: 'Ayşe',
  lastName: 'Yılmaz',
  phone: '5321234567',
  provinceCode: 34,
  province: 'İstanbul',
  district: 'Kadıköy',
  line: 'Moda Cad. No: 1',
  postcode: '34710',
  billingType: 'individual' as const,
  tcKimlikNo: '***',
  companyName: null,
  taxNumber: null,
  taxOffice: null,
};

const shippedState = { code: 2, label: 'Kargoya Verildi', badge: 'primary' as const };

function order(parts: Pick<OrderDetail, 'shipments' | 'cargo'> & Partial<OrderDetail>): OrderDetail {
  return {
    orderNo: 'VT100001',
    createdAt: '2026-11-29T10:00:00.000Z',
    state: shippedState,
    totalMinor: 10_000,
    itemCount: 1,
    paymentMethod: 'transfer',
    paymentStatus: 'paid',
    email: 'ayse@example.com',
    phone: '5321234567',
    paymentMethodLabel: 'Havale / EFT',
    paymentStatusLabel: 'Ödendi',
    instalments: 1,
    lines: [],
    totals: {
      subtotalMinor: 10_000,
      discountMinor: 0,
      shippingMinor: 0,
      codFeeMinor: 0,
      instalmentFeeMinor: 0,
      totalMinor: 10_000,
      vatLines: [],
    },
    couponCode: null,
    shippingAddress: address,
    billingAddress: address,
    note: '',
    history: [],
    lastPayment: null,
    bankAccounts: [],
    paymentDueAt: null,
    canCancel: false,
    canPay: false,
    payUrl: null,
    ...parts,
  };
}

describe('OrderView: the parcels of an order', () => {
  it("shows each bought label's carrier, tracking number and its own tracking link", () => {
    const html = renderToString(
      <OrderView
        order={order({
          shipments: [
            { carrier: 'Yurtiçi Kargo', trackingNo: 'YK111', trackingUrl: 'https://kargo.test/t/YK111' },
            { carrier: 'MNG Kargo', trackingNo: 'MNG222', trackingUrl: null },
          ],
          cargo: {
            company: 'Yurtiçi Kargo',
            trackingNo: 'ESKI999',
            trackingUrl: 'https://eski.test/ESKI999',
          },
        })}
      />,
    );
    expect(html).toContain('YK111');
    expect(html).toContain('href="https://kargo.test/t/YK111"');
    expect(html).toContain('MNG222');
    expect(html).toContain('MNG Kargo');
    expect(html.match(/data-testid="shipment-tracking-link"/g)).toHaveLength(1);
    // The order's own carrier and number give way to the shipments.
    expect(html).not.toContain('ESKI999');
  });

  it("shows the order's carrier and number when no label was bought (shipped by hand)", () => {
    const html = renderToString(
      <OrderView
        order={order({
          shipments: [],
          cargo: { company: 'Aras Kargo', trackingNo: 'AR555', trackingUrl: 'https://aras.test/AR555' },
        })}
      />,
    );
    expect(html).toContain('AR555');
    expect(html).toContain('data-testid="tracking-link"');
    expect(html).not.toContain('data-testid="shipments"');
  });
});

describe("OrderView: the order's invoice", () => {
  it('offers the invoice PDF once the shop has it, and nothing before', () => {
    const issued = renderToString(
      <OrderView
        order={order({ shipments: [], cargo: null, invoicePdfUrl: '/api/front/orders/VT100001/invoice' })}
      />,
    );
    expect(issued).toContain('href="/api/front/orders/VT100001/invoice"');
    expect(issued).toContain('Faturanızı indirin (PDF)');
    const waiting = renderToString(
      <OrderView order={order({ shipments: [], cargo: null, invoicePdfUrl: null })} />,
    );
    expect(waiting).not.toContain('data-testid="invoice-link"');
  });
});
