import type { OrderDetail } from '@vitrin/shared/api/orders';
import { formatMoney } from '@vitrin/shared/money';
import { ORDER_STATE } from '@vitrin/shared/order-states';
import {
  assertWebUrl,
  type EmailContent,
  escapeHtml,
  greeting,
  mailPageHtml,
  paragraphHtml,
} from './templates.ts';

/**
 * Order e-mails: the confirmation after placement and a note at every state change. Both carry a link:
 * the panel's order page for a customer, the signed `/order-success?order=&token=` link for a guest (the
 * only way a guest sees the order again). Inline styles only, like the account e-mails.
 */

export interface OrderMailContext {
  shopName: string;
  /** Where the button goes: the panel page or the guest link (absolute). */
  orderUrl: string;
  /** Whether the order belongs to an account (the wording of the link). */
  forCustomer: boolean;
  firstName: string;
}

const money = (minor: number) => formatMoney(minor, 'TRY');

/** Lines of the totals table: label and amount, the zero ones left out (except the total). */
function totalRows(order: OrderDetail): Array<[string, string]> {
  const t = order.totals;
  const rows: Array<[string, string]> = [['Ara toplam', money(t.subtotalMinor)]];
  if (t.discountMinor > 0) {
    rows.push([order.couponCode ? `İndirim (${order.couponCode})` : 'İndirim', `-${money(t.discountMinor)}`]);
  }
  rows.push(['Kargo', t.shippingMinor > 0 ? money(t.shippingMinor) : 'Ücretsiz']);
  if (t.codFeeMinor > 0) rows.push(['Kapıda ödeme hizmet bedeli', money(t.codFeeMinor)]);
  if (t.instalmentFeeMinor > 0)
    rows.push([`Taksit farkı (${order.instalments} taksit)`, money(t.instalmentFeeMinor)]);
  rows.push(['Genel toplam', money(t.totalMinor)]);
  for (const vat of t.vatLines) {
    if (vat.vatMinor > 0) rows.push([`Toplama dahil KDV (%${vat.rate})`, money(vat.vatMinor)]);
  }
  return rows;
}

const lineLabel = (line: OrderDetail['lines'][number]) => {
  const options = Object.entries(line.options)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
  return options ? `${line.name} (${options})` : line.name;
};

const page = (subject: string, shopName: string, body: string[], button: { label: string; url: string }) =>
  mailPageHtml({ subject, shopName, before: body, button, width: 600 });

const cell = 'padding:8px 4px;border-bottom:1px solid #e4e4e7;font-size:14px;';

function linesTableHtml(order: OrderDetail): string {
  const rows = order.lines.map(
    (line) =>
      `<tr><td style="${cell}">${escapeHtml(lineLabel(line))}<br><span style="color:#71717a;">${escapeHtml(line.sku)}</span></td>` +
      `<td style="${cell}text-align:center;">${line.quantity}</td>` +
      `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(money(line.lineTotalMinor))}</td></tr>`,
  );
  const totals = totalRows(order).map(
    ([label, amount]) =>
      `<tr><td colspan="2" style="${cell}text-align:right;">${escapeHtml(label)}</td>` +
      `<td style="${cell}text-align:right;white-space:nowrap;">${escapeHtml(amount)}</td></tr>`,
  );
  return [
    '<table role="presentation" style="width:100%;border-collapse:collapse;margin:0 0 16px;">',
    `<thead><tr><th style="${cell}text-align:left;">Ürün</th><th style="${cell}">Adet</th><th style="${cell}text-align:right;">Tutar</th></tr></thead>`,
    `<tbody>${rows.join('')}${totals.join('')}</tbody>`,
    '</table>',
  ].join('\n');
}

function linesText(order: OrderDetail): string[] {
  return [
    ...order.lines.map((line) => `- ${lineLabel(line)} × ${line.quantity}: ${money(line.lineTotalMinor)}`),
    '',
    ...totalRows(order).map(([label, amount]) => `${label}: ${amount}`),
  ];
}

function paymentParagraphs(order: OrderDetail): string[] {
  const method = `Ödeme yöntemi: ${order.paymentMethodLabel}${order.instalments > 1 ? ` (${order.instalments} taksit)` : ''} – ${order.paymentStatusLabel}.`;
  if (order.paymentMethod !== 'transfer' || order.bankAccounts.length === 0) return [method];
  return [
    method,
    `Lütfen ${money(order.totalMinor)} tutarını açıklamaya sipariş numaranızı (${order.orderNo}) yazarak aşağıdaki hesaplardan birine gönderin; ödemeniz ulaştığında siparişiniz hazırlanmaya başlar.`,
    ...order.bankAccounts.map((a) => `${a.bank} – ${a.holder} – IBAN: ${a.iban}`),
  ];
}

const linkSentence = (ctx: OrderMailContext) =>
  ctx.forCustomer
    ? 'Siparişinizin durumunu hesabınızdaki Siparişlerim sayfasından takip edebilirsiniz.'
    : 'Siparişinizi aşağıdaki bağlantıdan görüntüleyebilirsiniz; bu bağlantı size özeldir, başkalarıyla paylaşmayın.';

/**
 * An order mail in text and HTML: the greeting, the body (`paragraphs` as text; the HTML may add a table),
 * the sentence about the link, the button to the order, the sign-off.
 */
function orderMail(
  ctx: OrderMailContext,
  subject: string,
  paragraphs: string[],
  htmlBody: string[] = paragraphs.map(paragraphHtml),
): EmailContent {
  const orderUrl = assertWebUrl(ctx.orderUrl);
  const link = linkSentence(ctx);
  const greet = greeting(ctx.firstName);
  const text = [greet, '', ...paragraphs, '', link, orderUrl, '', 'Saygılarımızla,', ctx.shopName, ''].join(
    '\n',
  );
  const html = page(subject, ctx.shopName, [paragraphHtml(greet), ...htmlBody, paragraphHtml(link)], {
    label: ctx.forCustomer ? 'Siparişimi görüntüle' : 'Siparişi görüntüle',
    url: orderUrl,
  });
  return { subject, html, text };
}

export function orderConfirmationEmail(order: OrderDetail, ctx: OrderMailContext): EmailContent {
  const subject = `Siparişiniz alındı – ${order.orderNo}`;
  const intro = `${order.orderNo} numaralı siparişiniz alındı. Teşekkür ederiz!`;
  const payment = paymentParagraphs(order);
  const awaitingCard = order.paymentMethod === 'card' && order.paymentStatus === 'pending';
  const cardNote = awaitingCard
    ? ['Kart ödemeniz henüz tamamlanmadı; ödeme tamamlanmadan siparişiniz hazırlanmaz.']
    : [];
  return orderMail(
    ctx,
    subject,
    [intro, '', ...linesText(order), '', ...payment, ...cardNote],
    [
      paragraphHtml(intro),
      linesTableHtml(order),
      ...payment.map(paragraphHtml),
      ...cardNote.map(paragraphHtml),
    ],
  );
}

/** What a shopper reads for each state they are told about (the glossary's label is the subject). */
const STATE_SENTENCES: Record<number, string> = {
  [ORDER_STATE.Received]: 'Ödemeniz alındı; siparişiniz yeniden işleme alındı.',
  [ORDER_STATE.Preparing]: 'Siparişiniz hazırlanıyor.',
  [ORDER_STATE.Shipped]: 'Siparişiniz kargoya verildi.',
  [ORDER_STATE.InTransit]: 'Siparişiniz kargoda; yakında elinizde olacak.',
  [ORDER_STATE.Delivered]: 'Siparişiniz teslim edildi. Bizi tercih ettiğiniz için teşekkür ederiz.',
  [ORDER_STATE.NotDelivered]:
    'Siparişiniz teslim edilemedi. Kargo firması sizinle iletişime geçecek; dilerseniz bize de yazabilirsiniz.',
  [ORDER_STATE.Cancelled]: 'Siparişiniz iptal edildi.',
  [ORDER_STATE.PaymentFailed]:
    'Ödemeniz alınamadı. Siparişinizi ödeme sayfasından yeniden ödeyebilir ya da iptal edebilirsiniz.',
};

export function orderStatusEmail(
  order: OrderDetail,
  ctx: OrderMailContext & { note?: string; invoicePdfUrl?: string | undefined },
): EmailContent {
  const subject = `Siparişiniz: ${order.state.label} – ${order.orderNo}`;
  const intro = `${order.orderNo} numaralı siparişinizin durumu "${order.state.label}" olarak güncellendi.`;
  const sentence = STATE_SENTENCES[order.state.code] ?? '';
  const refund = order.state.code === ORDER_STATE.Cancelled ? [refundSentence(order)] : [];
  const cargo = order.cargo
    ? [`Kargo firması: ${order.cargo.company}`, `Takip numarası: ${order.cargo.trackingNo}`]
    : [];
  const tracking = order.cargo?.trackingUrl ? assertWebUrl(order.cargo.trackingUrl) : null;
  const note = ctx.note?.trim() ? [`Not: ${ctx.note.trim()}`] : [];
  const before = [intro, sentence, ...refund, ...cargo].filter(Boolean);
  const trackingText = tracking ? [`${TRACKING_LEAD} ${tracking}`] : [];
  const invoice = ctx.invoicePdfUrl ? assertWebUrl(ctx.invoicePdfUrl) : null;
  const invoiceText = invoice ? [`${INVOICE_LEAD} ${invoice}`] : [];
  return orderMail(
    ctx,
    subject,
    [...before, ...trackingText, ...invoiceText, ...note],
    [
      ...before.map(paragraphHtml),
      ...(tracking ? [trackingLinkHtml(tracking)] : []),
      ...(invoice ? [invoiceLinkHtml(invoice)] : []),
      ...note.map(paragraphHtml),
    ],
  );
}

const INVOICE_LEAD = 'Faturanızı PDF olarak indirebilirsiniz:';

/** The shop's link to the order's invoice PDF (never the integrator's, which lasts an hour). */
const invoiceLinkHtml = (url: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(INVOICE_LEAD)}<br>` +
  `<a href="${escapeHtml(url)}" style="color:#18181b;font-weight:bold;word-break:break-all;">Faturayı indir (PDF)</a></p>`;

/**
 * The shopper's note that the order's e-Arşiv or e-Fatura was issued (issue 42), with the shop's own link to
 * its PDF.
 */
export function orderInvoiceEmail(
  order: { orderNo: string },
  ctx: OrderMailContext & {
    invoiceNumber: string;
    type: 'e_archive' | 'e_invoice';
    invoicePdfUrl: string;
  },
): EmailContent {
  const kind = ctx.type === 'e_invoice' ? 'e-Fatura' : 'e-Arşiv';
  const subject = `Faturanız kesildi – ${order.orderNo}`;
  const intro = `${order.orderNo} numaralı siparişinizin ${kind} faturası ${ctx.invoiceNumber} numarasıyla kesildi.`;
  const invoice = assertWebUrl(ctx.invoicePdfUrl);
  const keep =
    ctx.type === 'e_invoice'
      ? 'e-Fatura ayrıca firmanızın e-Fatura gelen kutusuna gönderildi.'
      : 'e-Arşiv fatura yasal faturanızdır; kâğıda basılması gerekmez.';
  return orderMail(
    ctx,
    subject,
    [intro, `${INVOICE_LEAD} ${invoice}`, keep],
    [paragraphHtml(intro), invoiceLinkHtml(invoice), paragraphHtml(keep)],
  );
}

const TRACKING_LEAD = 'Kargonuzu kargo firmasının sayfasından takip edebilirsiniz:';

/** The carrier's tracking page as a link under the tracking number. */
const trackingLinkHtml = (url: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(TRACKING_LEAD)}<br>` +
  `<a href="${escapeHtml(url)}" style="color:#18181b;font-weight:bold;word-break:break-all;">Kargomu takip et</a></p>`;

/** What happens to the money of a cancelled order: only what is true for its payment. */
function refundSentence(order: OrderDetail): string {
  const paidBack = order.paymentStatus === 'refund_pending' || order.paymentStatus === 'refunded';
  if (order.paymentMethod === 'card') {
    return paidBack
      ? 'Kartınızdan alınan ödeme kartınıza iade ediliyor; bankanıza bağlı olarak hesabınıza yansıması birkaç iş günü sürebilir.'
      : 'Kartınızdan herhangi bir ödeme alınmadı.';
  }
  if (order.paymentMethod === 'transfer') {
    return paidBack
      ? 'Havale / EFT ile gönderdiğiniz ödemenin iadesi için sizinle iletişime geçeceğiz.'
      : 'Havale / EFT ile ödeme gönderdiyseniz lütfen bize yazın; iadesini yapalım.';
  }
  return '';
}

/**
 * A card order that was never paid and whose payment time ran out: the only mail such an order gets (no
 * confirmation went out at placement, since nothing was bought yet).
 */
export function orderPaymentIncompleteEmail(order: OrderDetail, ctx: OrderMailContext): EmailContent {
  return orderMail(ctx, `Ödemeniz tamamlanmadı – ${order.orderNo}`, [
    `${order.orderNo} numaralı siparişinizin kart ödemesi tamamlanmadı; ödeme süresi dolduğu için sipariş işleme alınmadı ve kartınızdan herhangi bir ödeme alınmadı.`,
    'Ürünleri hâlâ istiyorsanız siparişinizi aşağıdaki bağlantıdan açıp yeniden ödeyebilirsiniz.',
  ]);
}

const addressText = (a: OrderDetail['billingAddress']) =>
  `${a.firstName} ${a.lastName}, ${a.line}, ${a.district} / ${a.province}${a.postcode ? ` ${a.postcode}` : ''}, ${a.phone}`;

/**
 * The shop's notice of a new order (to the `order_email` setting): who bought what, how it is paid and
 * where it goes. `paid`: a card order whose payment just succeeded (the moment it is to be prepared).
 */
export function shopOrderNoticeEmail(
  order: OrderDetail,
  ctx: { shopName: string; orderUrl: string; paid: boolean },
): EmailContent {
  const buyer = `${order.billingAddress.firstName} ${order.billingAddress.lastName}`;
  const subject = `${ctx.paid ? 'Ödemesi alınan sipariş' : 'Yeni sipariş'}: ${order.orderNo} – ${money(order.totalMinor)}`;
  const intro = ctx.paid
    ? `${order.orderNo} numaralı siparişin kart ödemesi alındı; sipariş hazırlanmayı bekliyor.`
    : `${order.orderNo} numaralı yeni bir sipariş alındı.`;
  const about = [
    `Müşteri: ${buyer} <${order.email}>, ${order.phone}`,
    ...paymentParagraphs({ ...order, bankAccounts: [] }),
    `Teslimat adresi: ${order.shippingAddress ? addressText(order.shippingAddress) : 'yok (sanal ürünler)'}`,
    `Fatura adresi: ${addressText(order.billingAddress)}`,
    ...(order.note.trim() ? [`Sipariş notu: ${order.note.trim()}`] : []),
  ];
  const orderUrl = assertWebUrl(ctx.orderUrl);
  const text = [intro, '', ...linesText(order), '', ...about, '', orderUrl, ''].join('\n');
  const html = page(
    subject,
    ctx.shopName,
    [paragraphHtml(intro), linesTableHtml(order), ...about.map(paragraphHtml)],
    { label: 'Siparişi görüntüle', url: orderUrl },
  );
  return { subject, html, text };
}
