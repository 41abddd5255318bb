import { type EmailContent, quotedMessageEmail } from './templates.ts';

/** The shop did not publish a customer's review: which product, and the reason the moderator wrote. */
export function reviewRejectedEmail(input: {
  shopName: string;
  firstName: string;
  productName: string;
  reviewTitle: string;
  reason: string;
  productUrl: string;
}): EmailContent {
  return quotedMessageEmail({
    shopName: input.shopName,
    firstName: input.firstName,
    subject: 'Değerlendirmeniz yayımlanmadı',
    intro: `"${input.productName}" için yazdığınız "${input.reviewTitle}" başlıklı değerlendirmenizi yayımlayamadık. Nedeni:`,
    quote: input.reason,
    after:
      'Görüşlerinizi paylaştığınız için teşekkür ederiz. Sorularınız için bize her zaman yazabilirsiniz.',
    button: { label: 'Ürüne git', url: input.productUrl },
  });
}
