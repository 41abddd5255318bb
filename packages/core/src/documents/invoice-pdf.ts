import { createRequire } from 'node:module';
import { formatDate } from '@vitrin/shared/dates';
import { formatMoney } from '@vitrin/shared/money';
import { PAYMENT_METHODS, type PaymentMethodCode } from '@vitrin/shared/order-states';
import PDFDocument from 'pdfkit';
import type { OrderRow } from '../orders/queries.ts';
import { addressLines, lineOptions, type OrderLine } from './order-parts.ts';

// PDF's standard fonts have no ğ, ş, ı, İ: the DejaVu TrueType fonts are embedded (subset to the letters used).
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

export interface InvoiceSeller {
  unvan: string;
  /** VKN (10 digits) or, for a sole trader, TCKN (11). */
  taxId: string;
  taxOffice: string;
  mersis: string;
  address: string;
  phone: string;
  email: string;
}

interface InvoiceInput {
  seller: InvoiceSeller;
  order: OrderRow;
  lines: OrderLine[];
}

/** `₺0,00` rather than the shop's bare `0`: an invoice shows every amount the same way. */
const money = (minor: number) => (minor === 0 ? '₺0,00' : formatMoney(minor));

const LEFT = 40;
const WIDTH = 515;
// Columns of the lines table: name, quantity, unit price, VAT rate, amount.
const COLUMNS = [
  { title: 'Ürün', x: LEFT, width: 245, align: 'left' },
  { title: 'Adet', x: 290, width: 40, align: 'right' },
  { title: 'Birim Fiyat', x: 335, width: 80, align: 'right' },
  { title: 'KDV', x: 420, width: 40, align: 'right' },
  { title: 'Tutar', x: 465, width: 90, align: 'right' },
] as const;

/**
 * An A4 PDF with what an e-Arşiv or e-Fatura needs of an order: the seller (unvan, VKN/TCKN, MERSİS,
 * address), the buyer (an individual's TCKN, a company's VKN and tax office), the lines with their VAT rate,
 * the VAT by rate (0, 10, 20 %) and the totals. Prices are VAT-included, as the shop stores them.
 */
export function invoicePdf({ seller, order, lines }: InvoiceInput): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: LEFT,
    info: { Title: `Fatura ${order.orderNo}`, Author: seller.unvan },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('regular', REGULAR);
  doc.registerFont('bold', BOLD);

  doc.font('bold').fontSize(16).text('FATURA BİLGİLERİ', LEFT, 40);
  doc
    .font('regular')
    .fontSize(8)
    .fillColor('#555')
    .text('Bu belge, siparişin e-Arşiv / e-Fatura olarak düzenlenmesi için hazırlanmıştır.')
    .fillColor('black');

  const top = 90;
  party(doc, 'Satıcı', LEFT, top, [
    seller.unvan,
    ...(seller.taxId ? [`${seller.taxId.length === 11 ? 'TCKN' : 'VKN'}: ${seller.taxId}`] : []),
    ...(seller.taxOffice ? [`Vergi Dairesi: ${seller.taxOffice}`] : []),
    ...(seller.mersis ? [`MERSİS No: ${seller.mersis}`] : []),
    ...(seller.address ? [seller.address] : []),
    ...[seller.phone, seller.email].filter(Boolean),
  ]);
  const b = order.billingAddress;
  party(doc, 'Alıcı', 300, top, [
    ...(b.billingType === 'corporate'
      ? [b.companyName ?? '', `VKN: ${b.taxNumber ?? ''}`, `Vergi Dairesi: ${b.taxOffice ?? ''}`]
      : [`${b.firstName} ${b.lastName}`, ...(b.tcKimlikNo ? [`TCKN: ${b.tcKimlikNo}`] : [])]),
    ...addressLines(b),
    order.email,
    b.phone,
  ]);

  let y = Math.max(doc.y, top + 110) + 16;
  doc.font('regular').fontSize(9);
  const method = PAYMENT_METHODS[order.paymentMethod as PaymentMethodCode] ?? order.paymentMethod;
  doc.text(
    `Sipariş No: ${order.orderNo}    Sipariş Tarihi: ${formatDate(order.createdAt)}    Ödeme: ${method}`,
    LEFT,
    y,
  );
  y = doc.y + 12;

  doc.font('bold').fontSize(9);
  for (const c of COLUMNS) doc.text(c.title, c.x, y, { width: c.width, align: c.align });
  y = doc.y + 4;
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  y += 6;
  doc.font('regular');
  const row = (cells: string[]) => {
    if (y > 740) {
      doc.addPage();
      y = 40;
    }
    const start = y;
    let bottom = y;
    cells.forEach((text, i) => {
      const c = COLUMNS[i]!;
      doc.text(text, c.x, start, { width: c.width, align: c.align });
      bottom = Math.max(bottom, doc.y);
    });
    y = bottom + 4;
  };
  for (const line of lines) {
    const options = lineOptions(line);
    row([
      [line.name, ...options].join('\n'),
      String(line.quantity),
      money(line.unitPriceMinor),
      `%${line.vatRate}`,
      money(line.lineTotalMinor),
    ]);
  }
  const extras: Array<[string, number]> = [
    ['Kargo', order.shippingMinor],
    ['Kapıda ödeme hizmet bedeli', order.codFeeMinor],
    ['Taksit farkı', order.instalmentFeeMinor],
  ];
  for (const [name, amount] of extras) if (amount > 0) row([name, '1', money(amount), '', money(amount)]);
  doc
    .moveTo(LEFT, y)
    .lineTo(LEFT + WIDTH, y)
    .stroke();
  y += 10;

  const totals: Array<[string, string, boolean?]> = [
    ['Ara Toplam (KDV dahil)', money(order.subtotalMinor)],
    ...(order.discountMinor > 0
      ? [
          [
            `İndirim${order.couponCode ? ` (${order.couponCode})` : ''}`,
            `-${money(order.discountMinor)}`,
          ] as [string, string],
        ]
      : []),
    ...order.vatLines.map((v): [string, string] => [
      `KDV %${v.rate} (matrah ${money(v.grossMinor - v.vatMinor)})`,
      money(v.vatMinor),
    ]),
    ['Toplam KDV', money(order.vatLines.reduce((n, v) => n + v.vatMinor, 0))],
    ['Genel Toplam', money(order.totalMinor), true],
  ];
  for (const [label, value, strong] of totals) {
    doc.font(strong ? 'bold' : 'regular').fontSize(strong ? 11 : 9);
    doc.text(label, 250, y, { width: 200, align: 'right' });
    doc.text(value, 465, y, { width: 90, align: 'right' });
    y = doc.y + 4;
  }
  doc.end();
  return done;
}

function party(doc: PDFKit.PDFDocument, title: string, x: number, y: number, lines: string[]) {
  doc.font('bold').fontSize(10).text(title, x, y, { width: 250 });
  doc.font('regular').fontSize(9);
  for (const line of lines) doc.text(line, { width: 250 });
}
