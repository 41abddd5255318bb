import { isOrderState, ORDER_STATES } from '@vitrin/shared/order-states';
import { STAFF_ROLE_LABELS, type StaffRole } from '@vitrin/shared/staff/permissions';
import { TICKET_STATUSES, type TicketStatus } from '@vitrin/shared/ticket-status';

/** Turkish names of the actions, kinds of record and fields the log holds; an unknown one shows as it is. */
const ACTIONS: Record<string, string> = {
  'staff.create': 'Personel eklendi',
  'staff.update': 'Personel değiştirildi',
  'staff.lock': 'Hesap kilitlendi',
  'staff.unlock': 'Hesap kilidi açıldı',
  'staff.device.lock': 'Bir cihazın girişi kilitlendi',
  'staff.password.change': 'Şifre değiştirildi',
  'staff.sessions.revoke': 'Oturumlar kapatıldı',
  'staff.totp.enable': 'İki adımlı doğrulama kuruldu',
  'order.status': 'Sipariş durumu değişti',
  'order.payment': 'Havale / EFT ödemesi alındı',
  'order.refunded': 'Havale / EFT iadesi yapıldı',
  'order.refund': 'Satır iadesi yapıldı',
  'order.note': 'Siparişe not eklendi',
  'coupon.create': 'Kupon eklendi',
  'coupon.update': 'Kupon değiştirildi',
  'settings.set': 'Ayar değiştirildi',
  'customer.update': 'Müşteri değiştirildi',
  'customer.export': 'Müşterinin verileri indirildi',
  'customer.erase': 'Müşterinin kişisel verileri silindi',
  'customer.guestOrdersLink': 'Misafir siparişleri için bağlama e-postası gönderildi',
  'ticket.shopReply': 'Destek talebi yanıtlandı',
  'ticket.customerReply': 'Müşteri destek talebine yazdı',
  'ticket.close': 'Destek talebi kapatıldı',
  'ticket.reopen': 'Destek talebi yeniden açıldı',
  'savedReply.create': 'Hazır yanıt eklendi',
  'savedReply.update': 'Hazır yanıt değiştirildi',
  'savedReply.delete': 'Hazır yanıt silindi',
  'product.create': 'Ürün eklendi',
  'product.update': 'Ürün değiştirildi',
  'product.activate': 'Ürün satışa açıldı',
  'product.deactivate': 'Ürün satıştan kaldırıldı',
  'product.move': 'Ürün başka kategoriye taşındı',
  'product.prices': 'Ürün fiyatları yüzdeyle değişti',
  'product.stock': 'Stok düzeltildi',
  'product.delete': 'Ürün silindi',
  'product.import': 'Ürünler dosyadan içe aktarıldı',
  'category.create': 'Kategori eklendi',
  'category.update': 'Kategori değiştirildi',
  'category.move': 'Kategori taşındı',
  'category.delete': 'Kategori silindi',
  'tag.create': 'Etiket eklendi',
  'tag.update': 'Etiket değiştirildi',
  'tag.delete': 'Etiket silindi',
  'menuItem.create': 'Menü bağlantısı eklendi',
  'menuItem.update': 'Menü bağlantısı değiştirildi',
  'menuItem.move': 'Menü bağlantısı taşındı',
  'menuItem.delete': 'Menü bağlantısı silindi',
  'page.create': 'Sayfa eklendi',
  'page.update': 'Sayfa değiştirildi',
  'page.delete': 'Sayfa silindi',
  'blogPost.create': 'Blog yazısı eklendi',
  'blogPost.update': 'Blog yazısı değiştirildi',
  'blogPost.delete': 'Blog yazısı silindi',
  'blogCategory.create': 'Blog kategorisi eklendi',
  'blogCategory.update': 'Blog kategorisi değiştirildi',
  'blogCategory.move': 'Blog kategorisi taşındı',
  'blogCategory.delete': 'Blog kategorisi silindi',
  'blogTag.create': 'Blog etiketi eklendi',
  'blogTag.update': 'Blog etiketi değiştirildi',
  'blogTag.delete': 'Blog etiketi silindi',
  'socialAccount.create': 'Sosyal medya hesabı eklendi',
  'socialAccount.update': 'Sosyal medya hesabı değiştirildi',
  'socialAccount.reorder': 'Sosyal medya hesaplarının sırası değişti',
  'socialAccount.delete': 'Sosyal medya hesabı silindi',
  'mail.retry': 'E-posta yeniden denendi',
  'shop.seed': 'Demo mağaza verisi yüklendi',
};

const ENTITIES: Record<string, string> = {
  staff: 'Personel',
  order: 'Sipariş',
  coupon: 'Kupon',
  settings: 'Ayarlar',
  customer: 'Müşteri',
  ticket: 'Destek talebi',
  saved_reply: 'Hazır yanıt',
  product: 'Ürün',
  category: 'Kategori',
  tag: 'Etiket',
  menuItem: 'Menü bağlantısı',
  page: 'Sayfa',
  blogPost: 'Blog yazısı',
  blogCategory: 'Blog kategorisi',
  blogTag: 'Blog etiketi',
  socialAccount: 'Sosyal medya hesabı',
  mail: 'E-posta',
  shop: 'Mağaza',
};

const FIELDS: Record<string, string> = {
  name: 'Ad',
  email: 'E-posta',
  role: 'Rol',
  disabled: 'Devre dışı',
  totpEnabled: 'İki adımlı doğrulama',
  status: 'Durum',
  cargoCompany: 'Kargo firması',
  trackingNo: 'Takip numarası',
  note: 'Not',
  paymentStatus: 'Ödeme durumu',
  wholesale: 'Toptan fiyat',
  erased: 'Silindi',
  message: 'Mesaj',
  priceMinor: 'Satış fiyatı (kuruş)',
  marketPriceMinor: 'Piyasa fiyatı (kuruş)',
  stock: 'Stok',
  isActive: 'Satışta / görünür',
  isFeatured: 'Öne çıkan',
  description: 'Açıklama',
  position: 'Sıra',
  attempts: 'Deneme',
  demo: 'Demo verisi',
  sku: 'SKU',
  slug: 'Adres (slug)',
  barcode: 'Barkod',
  brand: 'Marka',
  shortDescription: 'Kısa açıklama',
  stockType: 'Stok tipi',
  categoryId: 'Kategori',
  tagIds: 'Etiketler',
  vatRate: 'KDV oranı',
  prices: 'Fiyatlar',
  images: 'Görseller',
  imageAlts: 'Görsel açıklamaları',
  optionGroups: 'Seçenek grupları',
  variants: 'Varyantlar',
  variantId: 'Varyant',
  personalization: 'Kişiselleştirme',
  specifications: 'Özellikler',
  metaTitle: 'Meta başlık',
  metaDescription: 'Meta açıklama',
  lowStockThreshold: 'Düşük stok eşiği',
  reason: 'Neden',
  percent: 'Yüzde',
  price1: 'Alış fiyatı (kuruş)',
  price2: 'Satış fiyatı (kuruş)',
  price3: 'Piyasa fiyatı (kuruş)',
  price4: 'Taksitli satış fiyatı (kuruş)',
  price5: 'Toptan satış fiyatı (kuruş)',
  platform: 'Platform',
  label: 'Görünen ad',
  url: 'Adres (URL)',
  title: 'Başlık',
  parentId: 'Üst öğe',
  type: 'Tür',
  summary: 'Özet',
  body: 'Metin',
  excerpt: 'Özet',
  coverImage: 'Kapak görseli',
  author: 'Yazar',
  tags: 'Etiketler',
  isPublished: 'Yayında',
  publishedAt: 'Yayın tarihi',
  products: 'Ürün sayısı',
  file: 'Dosya',
  create: 'Eklenen',
  update: 'Değişen',
  unchanged: 'Değişmeyen',
  errors: 'Hatalı satır',
};

/** A queued e-mail's states (`mail retry`), as the CLI's `mail list` names them. */
const MAIL_STATUSES: Record<string, string> = {
  pending: 'Bekliyor',
  sent: 'Gönderildi',
  failed: 'Gönderilemedi',
};

export const actionLabel = (action: string) => ACTIONS[action] ?? action;
export const entityLabel = (entity: string) => ENTITIES[entity] ?? entity;
export const fieldLabel = (field: string) => FIELDS[field] ?? field;

export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '(boş)';
  if (typeof value === 'boolean') return value ? 'evet' : 'hayır';
  if (field === 'status' && typeof value === 'number' && isOrderState(value))
    return ORDER_STATES[value].label;
  if (field === 'status' && typeof value === 'string' && Object.hasOwn(TICKET_STATUSES, value)) {
    return TICKET_STATUSES[value as TicketStatus].label;
  }
  if (field === 'status' && typeof value === 'string' && Object.hasOwn(MAIL_STATUSES, value)) {
    return MAIL_STATUSES[value]!;
  }
  if (field === 'role' && typeof value === 'string' && value in STAFF_ROLE_LABELS) {
    return STAFF_ROLE_LABELS[value as StaffRole];
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}
