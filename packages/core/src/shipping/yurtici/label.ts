import { createRequire } from 'node:module';
import { formatMoney } from '@vitrin/shared/money';
import bwipjs from 'bwip-js/node';
import PDFDocument from 'pdfkit';
import type { CarrierAddress } from '../carrier.ts';

// PDF's standard fonts have no ğ, ş, ı, İ: the DejaVu TrueType fonts are embedded (subset to the letters used).
const fontFile = (name: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${name}`);
const REGULAR = fontFile('DejaVuSans.ttf');
const BOLD = fontFile('DejaVuSans-Bold.ttf');

/** What a Yurtiçi label shows; the sender and the recipient may be unknown (a label made from the key alone). */
export interface YurticiLabelData {
  cargoKey: string;
  /** Yurtiçi's gönderi kodu, once a branch has taken the parcel. */
  docId?: string;
  orderNumber?: string;
  sender?: CarrierAddress;
  recipient?: CarrierAddress;
  parcels?: number;
  desi?: number;
  kg?: number;
  cashOnDeliveryMinor?: number;
  isReturn?: boolean;
}

// A 100 × 150 mm thermal label, in points.
const MM = 72 / 25.4;
const PAGE = { width: 100 * MM, height: 150 * MM };
const MARGIN = 8 * MM;
const WIDTH = PAGE.width - 2 * MARGIN;

const decimal = (n: number) => n.toLocaleString('tr-TR', { maximumFractionDigits: 3 });

/**
 * The label of a Yurtiçi shipment as a PDF. The direct service prints no label: the parcel carries its
 * cargo key (cargoKey) as a Code 128 barcode, which the branch scans to find the shipment sent by
 * `createShipment`. Under it the sender, the recipient, the parcels, desi and kg, and the amount to collect.
 */
export async function yurticiLabelPdf(data: YurticiLabelData): Promise<Buffer> {
  const barcode = await bwipjs.toBuffer({
    bcid: 'code128',
    text: data.cargoKey,
    scale: 3,
    height: 18,
    includetext: true,
    textxalign: 'center',
  });
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: { Title: `Yurtiçi Kargo ${data.cargoKey}`, Subject: data.cargoKey },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font(BOLD).fontSize(14).text('Yurtiçi Kargo', { width: WIDTH });
  doc
    .font(REGULAR)
    .fontSize(8)
    .text(data.isReturn ? 'İade gönderisi' : 'Gönderi', { width: WIDTH });
  doc.moveDown(0.5);
  doc.image(barcode, MARGIN, doc.y, { fit: [WIDTH, 30 * MM], align: 'center' });
  doc.y += 30 * MM + 4;
  doc.font(BOLD).fontSize(10).text(`Kargo anahtarı: ${data.cargoKey}`, MARGIN, doc.y, { width: WIDTH });
  if (data.docId) doc.font(REGULAR).fontSize(9).text(`Gönderi kodu: ${data.docId}`, { width: WIDTH });
  if (data.orderNumber) doc.font(REGULAR).fontSize(9).text(`Sipariş: ${data.orderNumber}`, { width: WIDTH });

  const party = (title: string, who: CarrierAddress | undefined) => {
    doc.moveDown(0.6);
    doc.font(BOLD).fontSize(9).text(title, { width: WIDTH });
    if (!who) {
      doc.font(REGULAR).fontSize(9).text('—', { width: WIDTH });
      return;
    }
    doc.font(REGULAR).fontSize(9).text(who.name, { width: WIDTH });
    doc.text(who.address, { width: WIDTH });
    const place = [who.district, who.city].filter(Boolean).join(' / ');
    if (place) doc.text(place, { width: WIDTH });
    if (who.phone) doc.text(`Tel: ${who.phone}`, { width: WIDTH });
  };
  party('Gönderen', data.sender);
  party('Alıcı', data.recipient);

  doc.moveDown(0.6);
  const figures = [
    data.parcels !== undefined ? `Parça: ${data.parcels}` : null,
    data.desi !== undefined ? `Desi: ${decimal(data.desi)}` : null,
    data.kg !== undefined ? `Kg: ${decimal(data.kg)}` : null,
  ].filter((part): part is string => part !== null);
  if (figures.length > 0) doc.font(REGULAR).fontSize(9).text(figures.join('   '), { width: WIDTH });
  if (data.cashOnDeliveryMinor) {
    doc
      .font(BOLD)
      .fontSize(10)
      .text(`Tahsilatlı: ${formatMoney(data.cashOnDeliveryMinor)} (nakit)`, { width: WIDTH });
  }
  doc.end();
  return done;
}
