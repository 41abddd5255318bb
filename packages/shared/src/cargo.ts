/**
 * The Turkish carriers a shop ships with, and where a customer follows a parcel: `{no}` in `tracking` is the
 * tracking number. The order keeps the carrier's name (what the customer reads); the panel chooses by code.
 *
 * The pages are the ones widely used Turkish WooCommerce shipment-tracking plugins link to, on https (taken
 * from their code, not opened from here). A carrier with no page for one number would link to its tracking
 * page without `{no}`; every carrier below has one.
 */
export const CARRIERS = {
  yurtici: {
    name: 'Yurtiçi Kargo',
    tracking: 'https://www.yurticikargo.com/tr/online-servisler/gonderi-sorgula?code={no}',
  },
  aras: { name: 'Aras Kargo', tracking: 'https://kargotakip.araskargo.com.tr/mainpage.aspx?code={no}' },
  // MNG's page of one parcel is on its service host, not on the www site.
  mng: { name: 'MNG Kargo', tracking: 'https://service.mngkargo.com.tr/iactive/popup/kargotakip.asp?k={no}' },
  ptt: { name: 'PTT Kargo', tracking: 'https://gonderitakip.ptt.gov.tr/Track/Verify?q={no}' },
  surat: { name: 'Sürat Kargo', tracking: 'https://www.suratkargo.com.tr/kargoweb/bireysel.aspx?no={no}' },
  ups: { name: 'UPS', tracking: 'https://www.ups.com/track?loc=tr_TR&tracknum={no}' },
  dhl: {
    name: 'DHL Express',
    tracking: 'https://www.dhl.com/tr-tr/home/tracking/tracking-express.html?submit=1&tracking-id={no}',
  },
  hepsijet: { name: 'HepsiJET', tracking: 'https://www.hepsijet.com/gonderi-takibi/{no}' },
  // Trendyol Express follows parcels on Trendyol's tracking site, not on trendyolexpress.com.
  trendyol: { name: 'Trendyol Express', tracking: 'https://kargotakip.trendyol.com/?orderNumber={no}' },
  // Kolay Gelsin's tracking lives on its e-branch (esube) site.
  kolaygelsin: { name: 'Kolay Gelsin', tracking: 'https://esube.kolaygelsin.com/shipments?trackingId={no}' },
} as const satisfies Record<string, { name: string; tracking: string }>;

export type CarrierCode = keyof typeof CARRIERS;
export const CARRIER_CODES = Object.keys(CARRIERS) as [CarrierCode, ...CarrierCode[]];

/** What a person types between the groups of a tracking number: spaces, dashes, dots, slashes. */
const SEPARATORS = /[\s\p{Pd}./\\_·]+/gu;

/**
 * A tracking number as carriers read it: the spaces and separators a person types or pastes (`1Z 999 AA1`,
 * `123-456-789`, a non-breaking space) dropped, full-width digits as ASCII, letters upper case. Saved so,
 * and so put into the carrier's link.
 */
export function normalizeTrackingNo(typed: string): string {
  return typed.normalize('NFKC').replace(SEPARATORS, '').toUpperCase();
}

/** A normalised tracking number holds only these (a carrier's number is letters and digits). */
export const TRACKING_NO_PATTERN = /^[A-Z0-9]{1,40}$/;

/**
 * The tracking page of a parcel, from the carrier's name as the order keeps it; null for a carrier not in
 * the list (the CLI takes any name). The number is normalised first (one saved before that may hold spaces).
 */
export function trackingUrl(carrierName: string, trackingNo: string): string | null {
  const carrier = Object.values(CARRIERS).find((c) => c.name === carrierName);
  return carrier
    ? carrier.tracking.replace('{no}', encodeURIComponent(normalizeTrackingNo(trackingNo)))
    : null;
}
