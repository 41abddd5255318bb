import { billing, type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../db/schema.ts';

/** An order's invoice PDF and packing slip, on a small order world (each line ₺100 a piece). */
let w: OrderWorld;
beforeAll(async () => {
  w = await openOrderWorld();
  await w.services.settings.set('unvan', 'Işıklı Çömlekçi Atölyesi Ltd. Şti.');
  await w.services.settings.set('contact_address', 'Moda Cad. No: 5 Kadıköy / İstanbul');
  await w.services.settings.set('tax_id', '9876543210');
  await w.services.settings.set('tax_office', 'Kadıköy');
  await w.services.settings.set('mersis_no', '0123456789012345');
});
afterAll(() => w.dispose());

const documents = () => w.services.orderDocuments;
const invoiceText = async (orderNo: string) => {
  const pdf = await documents().invoicePdf(orderNo);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return (await new PDFParse({ data: new Uint8Array(pdf) }).getText()).text;
};

describe('the invoice PDF', () => {
  let text: string;
  beforeAll(async () => {
    const { id, orderNo } = await w.placeOrder({
      lines: [
        { kind: 'single', quantity: 2 },
        { kind: 'variant', quantity: 1 },
      ],
      withCoupon: true,
    });
    await w.db
      .update(orders)
      .set({
        billingAddress: {
          ...billing,
          billingType: 'corporate',
          tcKimlikNo: null,
          companyName: 'Güneş Ofis Ürünleri A.Ş.',
          taxNumber: '1234567890',
          taxOffice: 'Üsküdar',
        },
        shippingMinor: 4_990,
        vatLines: [
          { rate: 10, grossMinor: 10_000, vatMinor: 909 },
          { rate: 20, grossMinor: 20_000, vatMinor: 3_333 },
        ],
        totalMinor: 30_000,
      })
      .where(eq(orders.id, id));
    text = await invoiceText(orderNo);
  });

  it('names the seller with its unvan, VKN, tax office, MERSİS number and address, in Turkish letters', () => {
    for (const part of [
      'Işıklı Çömlekçi Atölyesi Ltd. Şti.',
      'VKN: 9876543210',
      'Vergi Dairesi: Kadıköy',
      'MERSİS No: 0123456789012345',
      'Moda Cad. No: 5 Kadıköy / İstanbul',
    ])
      expect(text).toContain(part);
  });

  it('names a corporate buyer by company, VKN and tax office', () => {
    expect(text).toContain('Güneş Ofis Ürünleri A.Ş.');
    expect(text).toContain('VKN: 1234567890');
    expect(text).toContain('Vergi Dairesi: Üsküdar');
  });

  it('lists the lines with their options, the shipping fee and the coupon discount', () => {
    expect(text).toContain('Kupa');
    expect(text).toContain('Renk: Mavi');
    expect(text).toMatch(/Kargo\s*1\s*₺49,90/);
    expect(text).toMatch(/İndirim \(INDIRIM10\)\s*-₺30,00/);
  });

  it('gives the VAT by rate with its base, the VAT total and the grand total', () => {
    expect(text).toMatch(/KDV %10 \(matrah ₺90,91\)\s*₺9,09/);
    expect(text).toMatch(/KDV %20 \(matrah ₺166,67\)\s*₺33,33/);
    expect(text).toMatch(/Toplam KDV\s*₺42,42/);
    expect(text).toMatch(/Genel Toplam\s*₺300,00/);
  });

  it('names an individual buyer with their TCKN, and a sole trader seller by TCKN', async () => {
    await w.services.settings.set('tax_id', '10000000146');
    try {
      const { orderNo } = await w.placeOrder();
      const individual = await invoiceText(orderNo);
      expect(individual).toContain('Ayşe Yılmaz');
      expect(individual).toContain('TCKN: 10000000146');
      expect(individual).not.toContain('VKN: 10000000146');
      expect(individual).not.toMatch(/İndirim/);
    } finally {
      await w.services.settings.set('tax_id', '9876543210');
    }
  });

  it('is refused for an unknown order (404 SIPARIS_BULUNAMADI)', async () => {
    await expect(documents().invoicePdf('VT-YOK-BOYLE')).rejects.toMatchObject({
      status: 404,
      code: 'SIPARIS_BULUNAMADI',
    });
  });
});

describe('the packing slip', () => {
  it('holds the lines, quantities, options and both addresses, and no price', async () => {
    const { orderNo } = await w.placeOrder({
      lines: [
        { kind: 'single', quantity: 3 },
        { kind: 'variant', quantity: 1 },
      ],
    });
    const slip = await documents().packingSlip(orderNo);
    expect(slip).toMatchObject({
      orderNo,
      shop: { name: 'Işıklı Çömlekçi Atölyesi Ltd. Şti.', address: 'Moda Cad. No: 5 Kadıköy / İstanbul' },
      shipTo: {
        name: 'Ayşe Yılmaz',
        phone: '+905321234567',
        lines: ['Caferağa Mah. Moda Cad. No: 1 D: 2', 'Kadıköy / İstanbul', '34710'],
      },
      billTo: { name: 'Ayşe Yılmaz' },
      lines: [
        { name: 'Kupa', sku: 'SINGLE', options: [], quantity: 3 },
        { name: 'Tabak', sku: 'VARIANT', options: ['Renk: Mavi'], quantity: 1 },
      ],
    });
    expect(JSON.stringify(slip)).not.toMatch(/price|total|minor|₺|20000/i);
  });

  it('ships to the billing address when the order has no separate shipping address, billing a company by name', async () => {
    const { id, orderNo } = await w.placeOrder();
    const company = {
      ...billing,
      billingType: 'corporate' as const,
      companyName: 'Güneş A.Ş.',
      district: 'Üsküdar',
    };
    await w.db
      .update(orders)
      .set({ shippingAddress: null, billingAddress: company })
      .where(eq(orders.id, id));
    const slip = await documents().packingSlip(orderNo);
    expect(slip.shipTo).toMatchObject({
      name: 'Ayşe Yılmaz',
      lines: expect.arrayContaining(['Üsküdar / İstanbul']),
    });
    expect(slip.billTo.name).toBe('Güneş A.Ş.');
  });

  it('is refused for an unknown order (404)', async () => {
    await expect(documents().packingSlip('VT-YOK-BOYLE')).rejects.toMatchObject({ status: 404 });
  });
});
