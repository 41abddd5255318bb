import {
  assertWebUrl,
  type EmailContent,
  escapeHtml,
  greeting,
  mailPageHtml,
  paragraphHtml,
} from '../mail/templates.ts';

/** What the shopper's return e-mail says: the order, the carrier, the return code and the links. */
export interface ReturnMailInput {
  shopName: string;
  firstName: string;
  orderNo: string;
  /** The carrier that carries the return (`Yurtiçi Kargo`). */
  carrier: string;
  /** The return's code at the carrier (its tracking number): what the shopper gives at the branch. */
  returnCode: string;
  trackingUrl?: string | null | undefined;
  /** The return label's PDF, when the carrier hosts one. */
  labelUrl?: string | null | undefined;
  /** The order page: the account's, or the guest link. */
  orderUrl: string;
  forCustomer: boolean;
}

const linkHtml = (lead: string, label: string, url: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;">${escapeHtml(lead)}<br>` +
  `<a href="${escapeHtml(url)}" style="color:#18181b;font-weight:bold;word-break:break-all;">${escapeHtml(label)}</a></p>`;

/** The shopper's return e-mail (issue 41): the return code to give the carrier, the label and tracking links. */
export function returnShipmentEmail(input: ReturnMailInput): EmailContent {
  const subject = `İade kargo kodunuz – ${input.orderNo}`;
  const greet = greeting(input.firstName);
  const orderUrl = assertWebUrl(input.orderUrl);
  const tracking = input.trackingUrl ? assertWebUrl(input.trackingUrl) : null;
  const label = input.labelUrl ? assertWebUrl(input.labelUrl) : null;
  const paragraphs = [
    `${input.orderNo} numaralı siparişiniz için iade kargo kaydınız oluşturuldu.`,
    `Kargo firması: ${input.carrier}`,
    `İade kodu: ${input.returnCode}`,
    label
      ? 'İade etiketini yazdırıp paketin üzerine yapıştırın ya da iade kodunu söyleyerek paketi kargo şubesine teslim edin.'
      : `Ürünleri paketleyip iade kodunu söyleyerek ${input.carrier} şubesine teslim edin.`,
    'İade gönderisinin ücreti mağazamıza aittir.',
  ];
  const LABEL_LEAD = 'İade etiketi:';
  const TRACKING_LEAD = 'İade gönderinizi kargo firmasının sayfasından takip edebilirsiniz:';
  const link = input.forCustomer
    ? 'Siparişinizi hesabınızdaki Siparişlerim sayfasından takip edebilirsiniz.'
    : 'Siparişinizi aşağıdaki bağlantıdan görüntüleyebilirsiniz; bu bağlantı size özeldir, başkalarıyla paylaşmayın.';
  const text = [
    greet,
    '',
    ...paragraphs,
    ...(label ? [`${LABEL_LEAD} ${label}`] : []),
    ...(tracking ? [`${TRACKING_LEAD} ${tracking}`] : []),
    '',
    link,
    orderUrl,
    '',
    'Saygılarımızla,',
    input.shopName,
    '',
  ].join('\n');
  const html = mailPageHtml({
    subject,
    shopName: input.shopName,
    before: [
      paragraphHtml(greet),
      ...paragraphs.map(paragraphHtml),
      ...(label ? [linkHtml(LABEL_LEAD, 'İade etiketini indir', label)] : []),
      ...(tracking ? [linkHtml(TRACKING_LEAD, 'İade kargomu takip et', tracking)] : []),
      paragraphHtml(link),
    ],
    button: { label: input.forCustomer ? 'Siparişimi görüntüle' : 'Siparişi görüntüle', url: orderUrl },
    width: 600,
  });
  return { subject, html, text };
}
