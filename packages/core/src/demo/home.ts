/**
 * Header menu, social accounts and settings of the demo shop "Vitrin Atölye",
 * written at first start.
 */

export interface DemoMenuItem {
  title: string;
  url: string;
  children?: DemoMenuItem[];
}

export type DemoSocialPlatform =
  | 'instagram'
  | 'facebook'
  | 'x'
  | 'youtube'
  | 'pinterest'
  | 'tiktok'
  | 'linkedin';

export interface DemoSocialAccount {
  platform: DemoSocialPlatform;
  label: string;
  url: string;
}

export const demoMenu: DemoMenuItem[] = [
  { title: 'Anasayfa', url: '/' },
  { title: 'Seramik', url: '/shop/seramik' },
  { title: 'Tekstil', url: '/shop/tekstil' },
  { title: 'Kırtasiye', url: '/shop/kirtasiye' },
  { title: 'Deri', url: '/shop/deri' },
  { title: 'Kişiye Özel', url: '/shop/kisiye-ozel-hediyeler' },
  { title: 'Dijital', url: '/shop/dijital-urunler' },
  { title: 'Blog', url: '/blog' },
  {
    title: 'Kurumsal',
    url: '/about',
    children: [
      { title: 'Hakkımızda', url: '/about' },
      { title: 'İletişim', url: '/contact' },
      { title: 'Sıkça Sorulan Sorular', url: '/content/sikca-sorulan-sorular' },
    ],
  },
];

export const demoSocialAccounts: DemoSocialAccount[] = [
  { platform: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/vitrinatolye' },
  { platform: 'facebook', label: 'Facebook', url: 'https://www.facebook.com/vitrinatolye' },
  { platform: 'x', label: 'X', url: 'https://x.com/vitrinatolye' },
  { platform: 'youtube', label: 'YouTube', url: 'https://www.youtube.com/@vitrinatolye' },
  { platform: 'pinterest', label: 'Pinterest', url: 'https://www.pinterest.com/vitrinatolye' },
];

export const demoSettings = {
  unvan: 'Vitrin Atölye El Sanatları Ltd. Şti.',
  brand_name: 'Vitrin Atölye',
  logo: 'site/logo.svg',
  contact_phone: '+90 216 555 01 42',
  contact_email: 'merhaba@vitrinatolye.com.tr',
  contact_address: 'Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul',
  usd_rate: '41.25',
  eur_rate: '47.80',
  is_online: 1,
  hero_title: 'El emeği, gönül işi.',
  hero_text:
    "Kadıköy'deki atölyemizde çamurdan, kumaştan ve deriden tek tek ürettiğimiz parçaları özenle paketleyip kapınıza getiriyoruz.",
  // Drawn into the uploads folder at first start (catalog-images.ts), like the products' pictures.
  hero_image: 'site/hero.webp',
  maintenance_image: 'site/maintenance.svg',
  footer_text:
    "2016'dan beri Kadıköy Moda'da el yapımı seramik, tekstil, kırtasiye ve deri ürünler üreten küçük bir atölye.",
} satisfies Record<string, string | number>;
