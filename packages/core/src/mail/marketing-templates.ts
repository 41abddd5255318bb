import { formatMoney } from '@vitrin/shared/money';
import {
  assertWebUrl,
  type EmailContent,
  escapeHtml,
  greeting,
  mailPageHtml,
  paragraphHtml,
} from './templates.ts';

export const UNSUBSCRIBE_LABEL = 'E-posta listemizden çıkmak için tıklayın';

/** The footer of every marketing mail: why it came, and the one-click unsubscribe link. */
function unsubscribeFooterHtml(url: string): string {
  const href = escapeHtml(assertWebUrl(url));
  return (
    '<p style="margin:24px 0 0;font-size:13px;line-height:1.5;color:#71717a;">' +
    'Bu e-postayı ticari ileti izni verdiğiniz için aldınız. ' +
    `<a href="${href}" style="color:#71717a;">${escapeHtml(UNSUBSCRIBE_LABEL)}</a>.</p>`
  );
}

const unsubscribeFooterText = (url: string) => [
  'Bu e-postayı ticari ileti izni verdiğiniz için aldınız.',
  `${UNSUBSCRIBE_LABEL}: ${url}`,
];

/** A line of a reminded cart as the mail shows it. */
export interface ReminderLine {
  name: string;
  /** Absolute address of the product's picture. */
  imageUrl: string;
  quantity: number;
  /** TRY minor units, VAT included. */
  unitPriceMinor: number;
}

function linesHtml(lines: ReminderLine[]): string {
  const rows = lines
    .map(
      (line) =>
        '<tr>' +
        `<td style="padding:8px 8px 8px 0;width:72px;"><img src="${escapeHtml(assertWebUrl(line.imageUrl))}" alt="" width="64" height="64" style="display:block;border-radius:6px;object-fit:cover;"></td>` +
        `<td style="padding:8px;font-size:15px;">${escapeHtml(line.name)}<br><span style="color:#52525b;">${line.quantity} adet</span></td>` +
        `<td style="padding:8px 0 8px 8px;font-size:15px;text-align:right;white-space:nowrap;">${escapeHtml(formatMoney(line.unitPriceMinor))}</td>` +
        '</tr>',
    )
    .join('');
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 8px;">${rows}</table>`;
}

/** The abandoned cart's one reminder: its lines, a button that restores them on any device, the footer. */
export function cartReminderEmail(input: {
  shopName: string;
  firstName: string;
  lines: ReminderLine[];
  restoreUrl: string;
  unsubscribeUrl: string;
}): EmailContent {
  const subject = 'Sepetinizde ürünler sizi bekliyor';
  const intro =
    'Sepetinize eklediğiniz ürünler hâlâ sizi bekliyor. Kaldığınız yerden devam etmek isterseniz:';
  const html = mailPageHtml({
    subject,
    shopName: input.shopName,
    before: [paragraphHtml(greeting(input.firstName)), paragraphHtml(intro), linesHtml(input.lines)],
    button: { label: 'Sepetinize dönün', url: assertWebUrl(input.restoreUrl) },
    after: [
      paragraphHtml('Fiyat ve stok, siparişi verdiğiniz anda geçerli olanlardır.'),
      unsubscribeFooterHtml(input.unsubscribeUrl),
    ],
    width: 640,
  });
  const text = [
    greeting(input.firstName),
    '',
    intro,
    '',
    ...input.lines.map((l) => `- ${l.name} × ${l.quantity}: ${formatMoney(l.unitPriceMinor)}`),
    '',
    `Sepetinize dönün: ${input.restoreUrl}`,
    '',
    'Saygılarımızla,',
    input.shopName,
    '',
    ...unsubscribeFooterText(input.unsubscribeUrl),
    '',
  ].join('\n');
  return { subject, html, text };
}

/** The one review request after delivery: each product of the order with a link to its review form. */
export function reviewRequestEmail(input: {
  shopName: string;
  firstName: string;
  orderNo: string;
  products: Array<{ name: string; reviewUrl: string }>;
  unsubscribeUrl: string;
}): EmailContent {
  const subject = `${input.orderNo} numaralı siparişinizi değerlendirir misiniz?`;
  const intro = `${input.orderNo} numaralı siparişiniz size ulaştı. Aldığınız ürünler hakkındaki görüşünüz diğer alışverişçilere yol gösterir.`;
  const list =
    '<ul style="margin:0 0 16px;padding-left:20px;font-size:16px;line-height:1.8;">' +
    input.products
      .map(
        (p) =>
          `<li>${escapeHtml(p.name)}: <a href="${escapeHtml(assertWebUrl(p.reviewUrl))}" style="color:#9a3412;">Değerlendirin</a></li>`,
      )
      .join('') +
    '</ul>';
  const first = input.products[0]!;
  const html = mailPageHtml({
    subject,
    shopName: input.shopName,
    before: [paragraphHtml(greeting(input.firstName)), paragraphHtml(intro), list],
    // One product: its form; several: the first one's (each has its link in the list above).
    button: {
      label: input.products.length === 1 ? 'Ürünü değerlendirin' : 'Değerlendirmeye başlayın',
      url: assertWebUrl(first.reviewUrl),
    },
    after: [unsubscribeFooterHtml(input.unsubscribeUrl)],
  });
  const text = [
    greeting(input.firstName),
    '',
    intro,
    '',
    ...input.products.map((p) => `- ${p.name}: ${p.reviewUrl}`),
    '',
    'Saygılarımızla,',
    input.shopName,
    '',
    ...unsubscribeFooterText(input.unsubscribeUrl),
    '',
  ].join('\n');
  return { subject, html, text };
}
