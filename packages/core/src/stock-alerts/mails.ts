import type { EmailContent } from '../mail/templates.ts';
import { assertWebUrl, mailPageHtml, paragraphHtml } from '../mail/templates.ts';

/** A mail without a greeting by name (the shopper may have no account): paragraphs, a button, paragraphs. */
function simpleMail(input: {
  subject: string;
  shopName: string;
  paragraphs: string[];
  button: { label: string; url: string };
  after: string[];
}): EmailContent {
  const { subject, shopName, paragraphs, button, after } = input;
  const html = mailPageHtml({
    subject,
    shopName,
    before: paragraphs.map(paragraphHtml),
    button: { label: button.label, url: assertWebUrl(button.url) },
    after: after.map(paragraphHtml),
  });
  const text = [
    'Merhaba,',
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    button.url,
    '',
    ...after.flatMap((p) => [p, '']),
    shopName,
  ].join('\n');
  return { subject, html, text };
}

/** The link that proves the address is the shopper's before any stock e-mail goes to it. */
export function stockAlertConfirmEmail(input: {
  shopName: string;
  productName: string;
  confirmUrl: string;
  validDays: number;
}): EmailContent {
  return simpleMail({
    subject: `Gelince haber ver: ${input.productName}`,
    shopName: input.shopName,
    paragraphs: [
      `${input.productName} stoğa girdiğinde size haber vermemizi istediniz. Bunu onaylamak için aşağıdaki bağlantıyı açın; onaylamazsanız size hiçbir e-posta göndermeyiz.`,
    ],
    button: { label: 'Haber vermenizi istiyorum', url: input.confirmUrl },
    after: [
      `Bağlantı ${input.validDays} gün geçerlidir. Ürün stoğa girdiğinde tek bir e-posta gönderir, adresinizi başka bir amaçla kullanmayız.`,
      'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayın.',
    ],
  });
}

/** The one e-mail: the product is back. */
export function backInStockEmail(input: {
  shopName: string;
  productName: string;
  productUrl: string;
}): EmailContent {
  return simpleMail({
    subject: `${input.productName} yeniden stokta`,
    shopName: input.shopName,
    paragraphs: [`Haber vermemizi istediğiniz ${input.productName} yeniden stokta.`],
    button: { label: 'Ürüne git', url: input.productUrl },
    after: ['Bu ürün için size başka e-posta göndermeyeceğiz.'],
  });
}
