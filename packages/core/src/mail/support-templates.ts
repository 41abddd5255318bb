import { formatDateTime } from '@vitrin/shared/dates';
import {
  type EmailContent,
  escapeHtml,
  mailPageHtml,
  paragraphHtml,
  quotedHtml,
  quotedMessageEmail,
} from './templates.ts';

const rowHtml = (label: string, value: string) =>
  `<tr><th align="left" style="padding:4px 12px 4px 0;font-size:14px;color:#52525b;vertical-align:top;">${escapeHtml(label)}</th><td style="padding:4px 0;font-size:14px;">${escapeHtml(value)}</td></tr>`;

/** The contact form's message, to the shop's `contact_email`; answering it writes to the visitor (Reply-To). */
export function contactMessageEmail(input: {
  shopName: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  sentAt: Date;
}): EmailContent {
  const { shopName, name, email, message } = input;
  const subject = `İletişim formu: ${input.subject}`;
  const when = formatDateTime(input.sentAt);
  const intro =
    'İletişim formundan yeni bir mesaj geldi. Bu e-postayı yanıtladığınızda yanıtınız gönderene gider.';
  const text = [
    intro,
    '',
    `Ad soyad: ${name}`,
    `E-posta: ${email}`,
    `Konu: ${input.subject}`,
    `Tarih: ${when}`,
    '',
    message,
    '',
    shopName,
    '',
  ].join('\n');
  const replyUrl = `mailto:${email}?subject=${encodeURIComponent(`Ynt: ${input.subject}`)}`;
  const html = mailPageHtml({
    subject,
    shopName,
    before: [
      paragraphHtml(intro),
      `<table role="presentation" style="margin:0 0 16px;border-collapse:collapse;">${[
        rowHtml('Ad soyad', name),
        rowHtml('E-posta', email),
        rowHtml('Konu', input.subject),
        rowHtml('Tarih', when),
      ].join('')}</table>`,
      quotedHtml(message),
    ],
    button: { label: 'Yanıtla', url: replyUrl },
  });
  return { subject, html, text };
}

/** The shop answered a support ticket: the answer and a link to the ticket in the panel. */
export function ticketReplyEmail(input: {
  shopName: string;
  firstName: string;
  ticketNo: string;
  ticketSubject: string;
  reply: string;
  ticketUrl: string;
}): EmailContent {
  return quotedMessageEmail({
    shopName: input.shopName,
    firstName: input.firstName,
    subject: `Destek talebiniz yanıtlandı – ${input.ticketNo}`,
    intro: `"${input.ticketSubject}" konulu ${input.ticketNo} numaralı destek talebinize yanıt verdik:`,
    quote: input.reply,
    after: 'Yanıtımıza talep sayfasından karşılık verebilir, sorununuz çözüldüyse talebi kapatabilirsiniz.',
    button: { label: 'Talebi görüntüle', url: input.ticketUrl },
  });
}
