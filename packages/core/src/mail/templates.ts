export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Escapes text for HTML element content and quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

const BACK_VOWELS = 'aıou';
const FRONT_VOWELS = 'eiöü';

/**
 * The name with the dative suffix by Turkish vowel harmony, after an apostrophe as for any proper
 * name: `Vitrin Atölye'ye`, `Kitapçı'ya`, `Moda Sepet'e`. Harmony follows the last vowel as written, so
 * a foreign name read differently (`Store`) or a compound ending in a possessive (`Kahve Dünyası'na`)
 * can come out wrong; a name that does not end in a letter or has no vowel gives undefined and the
 * caller words the sentence without a suffix.
 */
export function dative(name: string): string | undefined {
  const trimmed = name.trim();
  const folded = trimmed.toLocaleLowerCase('tr-TR');
  if (!/\p{L}$/u.test(folded)) return undefined;
  const vowels = [...folded].filter((char) => BACK_VOWELS.includes(char) || FRONT_VOWELS.includes(char));
  const last = vowels.at(-1);
  if (!last) return undefined;
  const vowel = BACK_VOWELS.includes(last) ? 'a' : 'e';
  const endsInVowel = folded.endsWith(last);
  return `${trimmed}'${endsInVowel ? 'y' : ''}${vowel}`;
}

export function greeting(firstName: string): string {
  const name = firstName.trim();
  return name ? `Merhaba ${name},` : 'Merhaba,';
}

/** Links go into `href`: only web addresses, never `javascript:` or `data:`. */
export function assertWebUrl(url: string): string {
  const { protocol } = new URL(url);
  if (protocol !== 'https:' && protocol !== 'http:') throw new Error(`not a web address: ${protocol}`);
  return url;
}

interface Layout {
  subject: string;
  shopName: string;
  paragraphsBefore: string[];
  button: { label: string; url: string };
  paragraphsAfter: string[];
}

/** One paragraph of a mail's HTML (the text escaped). */
export const paragraphHtml = (text: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(text)}</p>`;

/**
 * The frame of every mail: the shop's name, the HTML parts before the button, the button (and its address
 * written out, for clients that break it), the parts after it, the sign-off. Inline styles only: most mail
 * clients drop <style> blocks and external CSS.
 */
export function mailPageHtml({
  subject,
  shopName,
  before,
  button,
  after = [],
  width = 560,
}: {
  subject: string;
  shopName: string;
  before: string[];
  button: { label: string; url: string };
  after?: string[];
  /** Wider for mails with a table of order lines. */
  width?: number;
}): string {
  const url = escapeHtml(button.url);
  return [
    '<!doctype html>',
    '<html lang="tr">',
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(subject)}</title>`,
    '</head>',
    '<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">',
    `<div style="max-width:${width}px;margin:0 auto;padding:32px 24px;background:#ffffff;">`,
    `<p style="margin:0 0 24px;font-size:20px;font-weight:bold;">${escapeHtml(shopName)}</p>`,
    ...before,
    '<p style="margin:24px 0;">',
    `<a href="${url}" style="display:inline-block;padding:12px 24px;background:#18181b;color:#ffffff;text-decoration:none;border-radius:6px;font-size:16px;font-weight:bold;">${escapeHtml(button.label)}</a>`,
    '</p>',
    '<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#52525b;">Düğme çalışmazsa bu adresi tarayıcınıza yapıştırın:<br>',
    `<a href="${url}" style="color:#52525b;word-break:break-all;">${url}</a></p>`,
    ...after,
    `<p style="margin:24px 0 0;font-size:16px;line-height:1.5;">Saygılarımızla,<br>${escapeHtml(shopName)}</p>`,
    '</div>',
    '</body>',
    '</html>',
  ].join('\n');
}

function layoutHtml({ subject, shopName, paragraphsBefore, button, paragraphsAfter }: Layout): string {
  return mailPageHtml({
    subject,
    shopName,
    before: paragraphsBefore.map(paragraphHtml),
    button,
    after: paragraphsAfter.map(paragraphHtml),
  });
}

/**
 * An account e-mail: the greeting, paragraphs, a button, more paragraphs, the sign-off. In the text part the
 * button is its address on a line of its own (after `lead`, when given).
 */
function accountEmail(mail: {
  subject: string;
  shopName: string;
  firstName: string;
  before: string[];
  lead?: string;
  button: { label: string; url: string };
  after?: string[];
}): EmailContent {
  const { subject, shopName, firstName, before, button, after = [] } = mail;
  const paragraphs = (list: string[]) => list.flatMap((p) => [p, '']);
  const text = [
    greeting(firstName),
    '',
    ...paragraphs(before),
    ...(mail.lead ? [mail.lead] : []),
    button.url,
    '',
    ...paragraphs(after),
    'Saygılarımızla,',
    shopName,
    '',
  ].join('\n');
  const html = layoutHtml({
    subject,
    shopName,
    paragraphsBefore: [greeting(firstName), ...before],
    button,
    paragraphsAfter: after,
  });
  return { subject, html, text };
}

export function welcomeEmail(input: { shopName: string; firstName: string; shopUrl: string }): EmailContent {
  const { shopName, firstName } = input;
  const shopUrl = assertWebUrl(input.shopUrl);
  const toShop = dative(shopName);
  return accountEmail({
    subject: toShop ? `${toShop} hoş geldiniz` : `Hoş geldiniz – ${shopName}`,
    shopName,
    firstName,
    before: [
      `${shopName} hesabınız oluşturuldu; aramıza hoş geldiniz!`,
      'Hesabınızla siparişlerinizi takip edebilir, adreslerinizi kaydederek alışverişi hızla tamamlayabilir ve beğendiğiniz ürünleri Favorilerim listesinde toplayabilirsiniz.',
    ],
    lead: 'Alışverişe başlamak için:',
    button: { label: 'Alışverişe başla', url: shopUrl },
  });
}

export function passwordResetEmail(input: {
  shopName: string;
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}): EmailContent {
  const { shopName, firstName, validMinutes } = input;
  return accountEmail({
    subject: 'Şifre sıfırlama isteğiniz',
    shopName,
    firstName,
    before: [
      `${shopName} hesabınızın şifresini sıfırlamak için bir istek aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı kullanabilirsiniz.`,
    ],
    button: { label: 'Şifremi sıfırla', url: assertWebUrl(input.resetUrl) },
    after: [
      `Bu bağlantı yalnızca bir kez kullanılabilir ve ${validMinutes} dakika boyunca geçerlidir.`,
      'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz; şifreniz değişmeden kalacaktır.',
    ],
  });
}

/** "a***@example.com": enough for the owner to recognise an address, not enough to give it away. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/**
 * To the old address after the login e-mail changed: whoever changed it without the owner knowing has the
 * password, and from now on the reset links go to the new address, so the owner must hear of it here.
 */
export function emailChangedEmail(input: {
  shopName: string;
  firstName: string;
  newEmail: string;
  changedAt: string;
  contactUrl: string;
}): EmailContent {
  const { shopName, firstName, changedAt } = input;
  return accountEmail({
    subject: 'Hesabınızın e-posta adresi değiştirildi',
    shopName,
    firstName,
    before: [
      `${shopName} hesabınızın giriş e-posta adresi ${changedAt} tarihinde ${maskEmail(input.newEmail)} olarak değiştirildi. Bundan sonra bu adresle giriş yapılamaz; siparişlerinizle ilgili e-postalar yeni adrese gider.`,
      'Bu değişikliği siz yapmadıysanız hesabınız başkasının elinde olabilir: lütfen hemen bizimle iletişime geçin.',
    ],
    button: { label: 'Bize ulaşın', url: assertWebUrl(input.contactUrl) },
  });
}

/** To a customer's login address: the link that adds the guest orders placed with it to the account. */
export function guestOrdersEmail(input: {
  shopName: string;
  firstName: string;
  count: number;
  linkUrl: string;
  validHours: number;
  /** Sent by the shop's staff from the panel, not asked for on the orders page. */
  byStaff?: boolean;
}): EmailContent {
  const { shopName, firstName, count, validHours } = input;
  return accountEmail({
    subject: 'Misafir siparişlerinizi hesabınıza ekleyin',
    shopName,
    firstName,
    before: [
      `${shopName} mağazasında bu e-posta adresiyle üye olmadan verdiğiniz ${count} sipariş var. Bu adresin size ait olduğunu doğrulamak ve siparişleri hesabınızdaki Siparişlerim sayfasına eklemek için aşağıdaki bağlantıyı kullanın.`,
    ],
    button: { label: 'Siparişlerimi hesabıma ekle', url: assertWebUrl(input.linkUrl) },
    after: [
      `Bu bağlantı ${validHours} saat boyunca geçerlidir.`,
      input.byStaff
        ? 'Bu e-postayı mağazamızın ekibi sizin için gönderdi. Siparişleri eklemek istemiyorsanız dikkate almayabilirsiniz; siparişleriniz değişmeden kalır.'
        : 'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz; siparişleriniz değişmeden kalır.',
    ],
  });
}

/** A multi-line text as HTML paragraphs' worth: escaped, line breaks kept. */
export const quotedHtml = (text: string) =>
  `<blockquote style="margin:0 0 16px;padding:12px 16px;border-left:4px solid #d4d4d8;background:#fafafa;font-size:15px;line-height:1.5;white-space:pre-wrap;">${escapeHtml(text)}</blockquote>`;

/**
 * A mail to a customer quoting what the shop wrote (a ticket's answer, a review's rejection reason): the
 * greeting, the sentence before, the quote, the sentence after with its link, and the button to that link.
 */
export function quotedMessageEmail(input: {
  shopName: string;
  firstName: string;
  subject: string;
  intro: string;
  quote: string;
  after: string;
  button: { label: string; url: string };
}): EmailContent {
  const { shopName, firstName, subject, intro, quote, after } = input;
  const url = assertWebUrl(input.button.url);
  const text = [
    greeting(firstName),
    '',
    intro,
    '',
    quote,
    '',
    after,
    url,
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
      quotedHtml(quote),
      paragraphHtml(after),
    ],
    button: { label: input.button.label, url },
  });
  return { subject, html, text };
}
