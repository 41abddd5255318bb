/** The panel's screens, relative to its base /admin (the router's basename). */
export const paths = {
  home: '/',
  login: '/login',
  account: '/hesabim',
  totp: '/hesabim/iki-adimli-dogrulama',
  staff: '/personel',
  audit: '/denetim',
  coupons: '/kuponlar',
  settings: '/ayarlar',
  socialAccounts: '/sosyal-medya',
  orders: '/siparisler',
  order: '/siparisler/:number',
  customers: '/musteriler',
  customer: '/musteriler/:id',
  tickets: '/destek',
  ticket: '/destek/:ticketNo',
  packingSlip: '/siparisler/:number/paketleme-fisi',
} as const;
