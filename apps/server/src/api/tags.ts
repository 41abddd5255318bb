/**
 * The tags of /api/docs, one per route (`tag` in `route.ts`), in the order a reader meets them: the
 * storefront's (`Mağaza: …`) first, then the staff panel's (`Yönetim: …`), each with its description. A route
 * names one of these (the type refuses any other); a new area adds its tag here.
 */
export const API_TAGS = {
  'Mağaza: genel':
    'Her sayfanın yüklediği menü, genel ayarlar ve sosyal hesaplar; yayındaki sürüm; tarayıcı hataları',
  'Mağaza: katalog':
    'Kategoriler, etiketler, ana sayfa rafları, ürün arama ve ürün sayfası; tükenen ürün için "gelince haber ver"',
  'Mağaza: üyelik ve giriş': 'Kayıt, giriş (çerez ya da Bearer), çıkış, şifre sıfırlama',
  'Mağaza: hesabım': 'Giriş yapmış müşterinin bilgileri, izinleri, verilerinin dökümü ve hesabın silinmesi',
  'Mağaza: adreslerim': 'Müşterinin adres defteri ve varsayılan teslimat ve fatura adresleri',
  'Mağaza: sepet': 'Müşterinin ya da misafirin sepeti: ürünler, adetler, kupon, kişiselleştirme görselleri',
  'Mağaza: kuponlar': 'Herkese açık kuponlar',
  'Mağaza: sipariş verme': 'Ödeme yöntemine göre tutarlar ve siparişin verilmesi',
  'Mağaza: siparişlerim': 'Müşterinin siparişleri, misafir bağlantısıyla bir sipariş, iptal',
  'Mağaza: ödeme': 'Kartla ödeme, 3-D Secure adımı, ödeme kuruluşunun sonucu ve taksit tabloları',
  'Mağaza: favoriler ve karşılaştırma': 'Favori listesi ve karşılaştırma listesi (misafirde çerezde)',
  'Mağaza: blog': 'Yayımlanmış blog yazıları',
  'Mağaza: destek ve iletişim': 'İletişim formu ve müşterinin destek talepleri',
  'Mağaza: değerlendirmeler':
    'Ürün değerlendirmeleri: onaylananların okunması, teslim almış müşterinin yazması, müşterinin kendi değerlendirmeleri',
  'Kargo: bildirimler':
    'Kargo firmalarının gönderi durumu bildirimleri (webhook): yalnızca ipucu, gönderi kargo firmasından yeniden okunur',
  'Yönetim: oturum': 'Personel girişi ve çıkışı, iki adımlı doğrulamanın kurulması, kendi şifresi',
  'Yönetim: gösterge paneli': 'Mağazanın özeti: ciro, siparişler, azalan stok',
  'Yönetim: siparişler': 'Siparişler, durumları, havale/EFT ödemesi, iadeler ve iç notlar',
  'Yönetim: ürünler': 'Ürünler, varyantları, fiyatları, toplu işlemler, stok ve stok geçmişi',
  'Yönetim: ürün içe aktarma': 'Ürünlerin CSV ya da Excel dosyasıyla içe ve dışa aktarılması',
  'Yönetim: görseller': 'Görsel yükleme (ürünler, yazılar, sayfalar için)',
  'Yönetim: kategoriler': 'Kategori ağacı: ekleme, düzenleme, taşıma, silme',
  'Yönetim: etiketler': 'Ürün etiketleri',
  'Yönetim: kuponlar': 'İndirim kuponları',
  'Yönetim: değerlendirmeler': 'Ürün değerlendirmeleri: onay, yayımlamama (nedeniyle), mağazanın yanıtı',
  'Yönetim: müşteriler': 'Müşteriler, toptan fiyat, hesabın kapatılması, KVKK dökümü ve silme',
  'Yönetim: destek': 'Destek talepleri, yanıtları ve ekleri',
  'Yönetim: içerik sayfaları': 'Kurumsal sayfalar, sözleşmeler gibi içerik sayfaları',
  'Yönetim: blog': 'Blog yazıları, kategorileri ve etiketleri',
  'Yönetim: üst menü': 'Mağazanın üst menüsü',
  'Yönetim: ayarlar': 'Mağaza ayarları ve kartla ödeme sağlayıcılarının durumu',
  'Yönetim: pazaryeri':
    'Trendyol: durumu, barkodla eşlenen ürünler, ayrılan stok, kategori ve marka eşleşmeleri, ürün gönderme ve hemen bir tur',
  'Yönetim: sosyal medya hesapları': 'Alt bilgide gösterilen sosyal medya hesapları',
  'Yönetim: belgeler': 'Sevk irsaliyesi, fatura PDF’i ve siparişlerin CSV ya da Excel dökümü',
  'Yönetim: personel': 'Personel hesapları ve rolleri',
  'Yönetim: denetim kaydı': 'Personelin yaptığı işlemlerin kaydı',
} as const;

export type ApiTag = keyof typeof API_TAGS;
