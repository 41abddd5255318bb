import {
  assertWebUrl,
  type EmailContent,
  escapeHtml,
  greeting,
  mailPageHtml,
  paragraphHtml,
} from './templates.ts';

const quotedHtml = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d4d4d8;background:#fafafa;font-size:15px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(text)}</blockquote>`;

/** The shop did not publish a customer's review: which product, and the reason the moderator wrote. */
export function reviewRejectedEmail(input: {
  shopName: string;
  firstName: string;
  productName: string;
  reviewTitle: string;
  reason: string;
  productUrl: string;
}): EmailContent {
  const { shopName, firstName, productName, reviewTitle, reason } = input;
  const productUrl = assertWebUrl(input.productUrl);
  const subject = 'Değerlendirmeniz yayımlanmadı';
  const intro = `"${productName}" için yazdığınız "${reviewTitle}" başlıklı değerlendirmenizi yayımlayamadık. Nedeni:`;
  const after =
    'Görüşlerinizi paylaştığınız için teşekkür ederiz. Sorularınız için bize her zaman yazabilirsiniz.';
  const text = [
    greeting(firstName),
    '',
    intro,
    '',
    reason,
    '',
    after,
    productUrl,
    '',
    'Saygılarımızla,',
    shopName,
    '',
  ].join('\n');
  const html = mailPageHtml({
    subject,
    shopName,
    before: [
      paragraphHtml(greeting(firstName)),
      paragraphHtml(intro),
      quotedHtml(reason),
      paragraphHtml(after),
    ],
    button: { label: 'Ürüne git', url: productUrl },
  });
  return { subject, html, text };
}
