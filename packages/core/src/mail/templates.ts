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

export function welcomeEmail(input: { shopName: string; firstName: string; shopUrl: string }): EmailContent {
  const { shopName, firstName } = input;
  const shopUrl = assertWebUrl(input.shopUrl);
  const toShop = dative(shopName);
  const subject = toShop ? `${toShop} hoş geldiniz` : `Hoş geldiniz – ${shopName}`;
  const intro = `${shopName} hesabınız oluşturuldu; aramıza hoş geldiniz!`;
  const features =
    'Hesabınızla siparişlerinizi takip edebilir, adreslerinizi kaydederek alışverişi hızla tamamlayabilir ve beğendiğiniz ürünleri Favorilerim listesinde toplayabilirsiniz.';
  const text = [
    greeting(firstName),
    '',
    intro,
    '',
    features,
    '',
    'Alışverişe başlamak için:',
    shopUrl,
    '',
    'Saygılarımızla,',
    shopName,
    '',
  ].join('\n');
  const html = layoutHtml({
    subject,
    shopName,
    paragraphsBefore: [greeting(firstName), intro, features],
    button: { label: 'Alışverişe başla', url: shopUrl },
    paragraphsAfter: [],
  });
  return { subject, html, text };
}

export function passwordResetEmail(input: {
  shopName: string;
  firstName: string;
  resetUrl: string;
  validMinutes: number;
}): EmailContent {
  const { shopName, firstName, validMinutes } = input;
  const resetUrl = assertWebUrl(input.resetUrl);
  const subject = 'Şifre sıfırlama isteğiniz';
  const intro = `${shopName} hesabınızın şifresini sıfırlamak için bir istek aldık. Yeni şifrenizi belirlemek için aşağıdaki bağlantıyı kullanabilirsiniz.`;
  const validity = `Bu bağlantı yalnızca bir kez kullanılabilir ve ${validMinutes} dakika boyunca geçerlidir.`;
  const ignore =
    'Bu isteği siz yapmadıysanız bu e-postayı dikkate almayabilirsiniz; şifreniz değişmeden kalacaktır.';
  const text = [
    greeting(firstName),
    '',
    intro,
    '',
    resetUrl,
    '',
    validity,
    '',
    ignore,
    '',
    'Saygılarımızla,',
    shopName,
    '',
  ].join('\n');
  const html = layoutHtml({
    subject,
    shopName,
    paragraphsBefore: [greeting(firstName), intro],
    button: { label: 'Şifremi sıfırla', url: resetUrl },
    paragraphsAfter: [validity, ignore],
  });
  return { subject, html, text };
}
