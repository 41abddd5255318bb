import type { Permission } from '@vitrin/shared/staff/permissions';
import { paths } from '../paths.ts';

export interface NavItem {
  to: string;
  label: string;
  /** What the screen is for, on the home screen. */
  description: string;
  /** Shown only to roles with it; none: every staff member. */
  permission?: Permission;
}

/** The panel's screens in the menu's order; a new screen is a line here and a route in router.tsx. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: paths.home, label: 'Ana sayfa', description: 'Kimin giriş yaptığı ve panelin ekranları.' },
  {
    to: paths.orders,
    label: 'Siparişler',
    description: 'Siparişleri arayın, durumlarını değiştirin, kargoya verin.',
    permission: 'orders.read',
  },
  {
    to: paths.customers,
    label: 'Müşteriler',
    description:
      'Müşterileri arayın; siparişleri, adresleri ve talepleri; toptan fiyat, hesap kapatma, KVKK.',
    permission: 'customers.read',
  },
  {
    to: paths.tickets,
    label: 'Destek',
    description: 'Destek taleplerini durumlarına göre görün, dosya ekleyerek yanıtlayın, kapatın.',
    permission: 'tickets.read',
  },
  {
    to: paths.reviews,
    label: 'Değerlendirmeler',
    description: 'Ürün değerlendirmelerini onaylayın, nedenini yazarak reddedin, mağaza olarak yanıtlayın.',
    permission: 'reviews.answer',
  },
  {
    to: paths.products,
    label: 'Ürünler',
    description:
      'Ürünleri arayın ve süzün; seçilenleri satışa açın, kapatın, taşıyın, fiyatlarını değiştirin.',
    permission: 'catalog.read',
  },
  {
    to: paths.productImports,
    label: 'İçe aktar / Dışa aktar',
    description: 'Ürünleri CSV ya da Excel dosyasından içe aktarın, kataloğu dosya olarak indirin.',
    permission: 'catalog.write',
  },
  {
    to: paths.categories,
    label: 'Kategoriler',
    description: 'Kategori ağacını sürükleyerek sıralayın ve iç içe koyun; kategori ekleyin, düzenleyin.',
    permission: 'catalog.read',
  },
  {
    to: paths.tags,
    label: 'Etiketler',
    description: 'Ürün etiketlerini ekleyin, yeniden adlandırın, silin.',
    permission: 'catalog.read',
  },
  {
    to: paths.trendyol,
    label: 'Trendyol',
    description:
      'Trendyol bağlantısının durumu, şimdi eşitleme; eşleşen ürünler, Trendyol’a ayrılan stok ve hatalar.',
    permission: 'catalog.read',
  },
  {
    to: paths.coupons,
    label: 'Kuponlar',
    description: 'Kupon ekleyin, düzenleyin, kapatın; kullanımları ve kalan hakları görün.',
    permission: 'coupons.write',
  },
  {
    to: paths.pages,
    label: 'İçerik sayfaları',
    description: 'Kurumsal, yardım ve sabit sayfaları yazın, sıralayın, yayına alın.',
    permission: 'content.write',
  },
  {
    to: paths.blogPosts,
    label: 'Blog',
    description: 'Blog yazılarını taslak olarak yazın, yayımlayın ya da ileri bir tarihe zamanlayın.',
    permission: 'content.write',
  },
  {
    to: paths.menu,
    label: 'Üst menü',
    description: 'Mağazanın üst menüsündeki bağlantıları ekleyin, sıralayın, iç içe koyun.',
    permission: 'content.write',
  },
  {
    to: paths.socialAccounts,
    label: 'Sosyal medya',
    description: 'Sitenin altındaki sosyal medya hesaplarını ekleyin, sıralayın, kaldırın.',
    permission: 'content.write',
  },
  {
    to: paths.staff,
    label: 'Personel',
    description: 'Personel ekleyin, rollerini değiştirin, hesapları kapatın.',
    permission: 'staff.manage',
  },
  {
    to: paths.audit,
    label: 'Denetim kaydı',
    description: 'Panelde ve komut satırında kimin neyi ne zaman değiştirdiği.',
    permission: 'audit.read',
  },
  {
    to: paths.settings,
    label: 'Ayarlar',
    description: 'Mağaza bilgileri, iletişim, banka hesapları, kargo ücretleri, kurlar ve bakım modu.',
    permission: 'settings.write',
  },
  {
    to: paths.account,
    label: 'Hesabım',
    description: 'Şifrenizi ve iki adımlı doğrulamayı yönetin.',
  },
];
