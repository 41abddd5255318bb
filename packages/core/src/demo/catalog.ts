/**
 * The demo catalogue of "Vitrin Atölye": categories, tags and about 150 products, as typed data (the seed
 * writes it to the database). Products are written as compact rows below; purchase/market/instalment/
 * wholesale prices, stock, variants, specifications, descriptions, image counts and ages are derived from
 * each row deterministically (a small PRNG seeded from the slug, never `Math.random`).
 *
 * Prices are integer minor units (kuruş / cent), VAT-inclusive. VAT follows Turkish rates: books and
 * e-books 0 %, textile and leather goods 10 %, everything else 20 %.
 */
import { slugify } from '@vitrin/shared/slug';

export interface DemoCategory {
  slug: string;
  name: string;
  /** 1–2 sentences of plain text. */
  description: string;
  /** Slug of the parent category. */
  parent?: string;
  featured?: boolean;
  /** The picture of one of its products (see below). */
  image: string;
}

export interface DemoPrice {
  /** 1 purchase, 2 sale, 3 market (crossed out), 4 instalment, 5 wholesale. */
  type: 1 | 2 | 3 | 4 | 5;
  /** Minor units (kuruş / cent), VAT-inclusive. */
  amount: number;
  currency: 'TRY' | 'USD' | 'EUR';
}

export interface DemoVariant {
  sku: string;
  options: Record<string, string>;
  stock: number;
  /** The variant's own prices; without them the product's prices apply. */
  prices?: DemoPrice[];
  /** Its own picture (`catalog/products/<slug>-renk-<colour>.webp`): variants of one colour share it. */
  image?: string;
}

export interface DemoProduct {
  slug: string;
  sku: string;
  name: string;
  /** Category slug. */
  category: string;
  /** 1 single, 2 variant, 3 designable, 4 virtual. */
  stockType: 1 | 2 | 3 | 4;
  vatRate: 0 | 10 | 20;
  /** Null: unlimited (virtual products without a set quantity); for variant products the variants' sum. */
  stock: number | null;
  shortDescription: string;
  /** Simple HTML: p, ul/li, strong, h3. */
  description: string;
  prices: DemoPrice[];
  /** Tag slugs. */
  tags: string[];
  specifications: { key: string; value: string }[];
  optionGroups?: { name: string; values: string[] }[];
  variants?: DemoVariant[];
  personalization?: {
    fields: { key: string; label: string; maxLength: number; required: boolean }[];
    allowImage: boolean;
    surchargeMinor: number;
  };
  /** 1–4 images: `catalog/products/<slug>-<n>.webp`. */
  imageCount: number;
  /** Created this many days ago (for "newest" sorting). */
  daysAgo: number;
}

// ---------------------------------------------------------------------------------------------------------
// Categories and tags

const category = (
  slug: string,
  name: string,
  description: string,
  extra: { parent?: string; featured?: boolean } = {},
): DemoCategory => ({ slug, name, description, ...extra, image: '' });

export const demoCategories: DemoCategory[] = [
  category(
    'seramik',
    'Seramik',
    'Kadıköy’deki atölyemizde çarkta şekillendirip iki kez fırınladığımız kupa, tabak, kase ve vazolar. Kurşunsuz sırlarla, günlük kullanım için.',
    { featured: true },
  ),
  category(
    'kupalar',
    'Kupalar ve Fincanlar',
    'Sabah kahvesinden akşam çayına, elde şekillendirilmiş sırlı kupalar ve fincanlar.',
    { parent: 'seramik' },
  ),
  category(
    'tabaklar',
    'Tabaklar',
    'Kahvaltı, servis ve duvar tabakları; çini desenlilerden sade sırlılara.',
    { parent: 'seramik' },
  ),
  category('vazolar', 'Vazolar', 'Tek dal çiçekten kuru buketlere, her köşeye yakışan el yapımı vazolar.', {
    parent: 'seramik',
  }),
  category(
    'tekstil',
    'Tekstil',
    'Denizli ve Buldan tezgâhlarında dokunan peştemaller, örtüler ve atölyemizde dikilen doğal kumaş ürünler.',
    { featured: true },
  ),
  category(
    'havlular',
    'Havlular ve Peştemaller',
    'Hafif, çabuk kuruyan peştemaller ve yumuşacık pamuklu havlular.',
    { parent: 'tekstil' },
  ),
  category(
    'ortu-ve-peceteler',
    'Örtü ve Peçeteler',
    'Keten masa örtüleri, runner’lar ve elle basılmış peçetelerle sofranıza sıcak bir dokunuş.',
    { parent: 'tekstil' },
  ),
  category(
    'kirtasiye',
    'Kırtasiye',
    'El ciltli defterler, kitap ayraçları, kartpostallar ve yazmayı sevenler için küçük keyifler.',
  ),
  category(
    'defterler',
    'Defterler',
    'Dikişli ciltten kraft kapağa, eskizden günlüğe her amaca uygun defterler.',
    { parent: 'kirtasiye' },
  ),
  category(
    'deri',
    'Deri',
    'Bitkisel tabaklanmış deriden elde dikilen cüzdan, kartlık, çanta ve aksesuarlar.',
    { featured: true },
  ),
  category(
    'kisiye-ozel-hediyeler',
    'Kişiye Özel Hediyeler',
    'İsim, tarih ya da kısa bir notla sizin için hazırladığımız tek ve özel hediyeler.',
    { featured: true },
  ),
  category(
    'dijital-urunler',
    'Dijital Ürünler',
    'E-kitaplar, dijital çizim şablonları ve online atölye kayıtları; satın aldığınız anda e-postanızda.',
  ),
  category(
    'e-kitaplar',
    'E-Kitaplar',
    'Atölyemizin deneyimini adım adım aktaran, PDF ve EPUB biçiminde el sanatları kitapları.',
    { parent: 'dijital-urunler' },
  ),
  category(
    'online-atolyeler',
    'Online Atölyeler',
    'Evinizden katılabileceğiniz canlı atölyeler; kontenjanlar sınırlıdır.',
    { parent: 'dijital-urunler' },
  ),
  category(
    'ev-dekorasyonu',
    'Ev Dekorasyonu',
    'Makrome, ayna, çerçeve ve saksılarla evinize doğal ve sıcak bir hava katın.',
    { featured: true },
  ),
  category(
    'taki',
    'Takı',
    'Telkari gümüşten seramik boncuğa, İstanbul ve Mardin’deki ustalarla ürettiğimiz takılar.',
  ),
  category(
    'mum-ve-kokular',
    'Mum ve Kokular',
    'Soya ve bal mumundan elde dökülen mumlar, oda kokuları ve doğal sabunlar.',
  ),
  category(
    'oyuncak',
    'Oyuncak',
    'Organik pamuk örgü ve doğal ahşaptan, ekransız oyunlar için güvenli oyuncaklar.',
  ),
];

export const demoTags: { slug: string; name: string }[] = [
  { slug: 'el-yapimi', name: 'El Yapımı' },
  { slug: 'hediyelik', name: 'Hediyelik' },
  { slug: 'yeni', name: 'Yeni' },
  { slug: 'indirimli', name: 'İndirimli' },
  { slug: 'dogal', name: 'Doğal' },
  { slug: 'organik-pamuk', name: 'Organik Pamuk' },
  { slug: 'kisiye-ozel', name: 'Kişiye Özel' },
  { slug: 'ev-dekor', name: 'Ev Dekor' },
  { slug: 'mutfak', name: 'Mutfak' },
  { slug: 'anneler-gunu', name: 'Anneler Günü' },
  { slug: 'babalar-gunu', name: 'Babalar Günü' },
  { slug: 'ogretmenler-gunu', name: 'Öğretmenler Günü' },
  { slug: 'yilbasi', name: 'Yılbaşı' },
  { slug: 'sevgililer-gunu', name: 'Sevgililer Günü' },
  { slug: 'ofis', name: 'Ofis' },
  { slug: 'cocuk', name: 'Çocuk' },
  { slug: 'surdurulebilir', name: 'Sürdürülebilir' },
  { slug: 'cok-satan', name: 'Çok Satan' },
  { slug: 'sinirli-uretim', name: 'Sınırlı Üretim' },
  { slug: 'geleneksel', name: 'Geleneksel' },
  { slug: 'istanbul', name: 'İstanbul' },
  { slug: 'kahve-keyfi', name: 'Kahve Keyfi' },
  { slug: 'kitap-kurdu', name: 'Kitap Kurdu' },
  { slug: 'banyo', name: 'Banyo' },
  { slug: 'plaj', name: 'Plaj' },
  { slug: 'dijital', name: 'Dijital' },
];

// ---------------------------------------------------------------------------------------------------------
// Product kinds: shared specifications and description text

type Family =
  | 'seramik'
  | 'seramik-dekor'
  | 'ev-tekstili'
  | 'giyim'
  | 'kagit'
  | 'deri'
  | 'taki'
  | 'koku'
  | 'dekor'
  | 'oyuncak'
  | 'dijital';

interface KindInfo {
  family: Family;
  /** Replaces the family's "about" paragraph. */
  about?: string;
  /** Specification rows in order (Malzeme, Ölçüler, Ağırlık…). */
  specs: [string, string][];
  /** Kind-specific feature bullets, listed before the family's generic ones. */
  features?: string[];
  care?: string;
  careShort?: string;
}

const kinds = {
  kupa: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı stoneware seramik'],
      ['Ölçüler', 'Ø 8,5 × 10 cm · 350 ml'],
      ['Ağırlık', '380 g'],
    ],
    features: ['Elinizi ısıtan kalın cidar ve rahat kulp'],
  },
  fincan: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı porselen'],
      ['Ölçüler', 'Fincan 90 ml · tabak Ø 12 cm'],
      ['Adet', '2 fincan, 2 tabak'],
    ],
    care: 'Elde yıkanmasını öneririz; yumuşak bir sünger ve sıvı deterjan yeterlidir. Sırlı yüzeyi aşındırıcı ürünlerden koruyun.',
    careShort: 'Elde yıkanması önerilir',
  },
  tabak: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı seramik'],
      ['Ölçüler', 'Ø 26 cm'],
      ['Ağırlık', '650 g'],
    ],
  },
  kase: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı stoneware seramik'],
      ['Ölçüler', 'Ø 14 × 7 cm · 500 ml'],
      ['Ağırlık', '320 g'],
    ],
  },
  demlik: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı stoneware, paslanmaz çelik süzgeç'],
      ['Hacim', '1,2 L'],
      ['Ağırlık', '950 g'],
    ],
    features: ['Damlatmayan, elde şekillendirilmiş ağız'],
    care: 'Elde yıkayın ve doğrudan ocak üzerinde kullanmayın. Çay lekeleri için karbonatlı suyla bir gece bekletmeniz yeterlidir.',
    careShort: 'Ocakta kullanılmaz',
  },
  altlik: {
    family: 'seramik',
    specs: [
      ['Malzeme', 'Sırlı seramik, mantar taban'],
      ['Ölçüler', 'Ø 10 cm'],
      ['Adet', '4'],
    ],
  },
  vazo: {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırlı seramik'],
      ['Ölçüler', 'Ø 14 × 28 cm'],
      ['Ağırlık', '1,1 kg'],
    ],
    features: ['İç yüzeyi sırlı, su geçirmez'],
  },
  kedi: {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırlı seramik'],
      ['Ölçüler', '9 × 14 cm'],
      ['Ağırlık', '260 g'],
    ],
  },
  marti: {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırlı seramik, pirinç ayak'],
      ['Ölçüler', '16 × 11 cm'],
      ['Ağırlık', '240 g'],
    ],
  },
  saksi: {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırsız terrakota'],
      ['Ölçüler', 'Ø 12 / 16 / 22 cm'],
      ['Drenaj', 'Delikli, altlıklı'],
    ],
    care: 'Sırsız terrakota nefes alır; dış yüzeyde zamanla oluşan beyaz tuz izleri doğaldır ve fırçayla temizlenebilir.',
    careShort: 'Fırçayla temizleyin',
  },
  'saksi-asma': {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırlı seramik, jüt ip'],
      ['Ölçüler', 'Ø 15 × 12 cm · ip 80 cm'],
      ['Drenaj', 'Deliksiz'],
    ],
  },
  tutsuluk: {
    family: 'seramik-dekor',
    specs: [
      ['Malzeme', 'Sırlı seramik'],
      ['Ölçüler', '22 × 6 cm'],
    ],
  },
  havlu: {
    family: 'ev-tekstili',
    specs: [
      ['Malzeme', 'Pamuk %100'],
      ['Ölçüler', '90 × 180 cm'],
      ['Ağırlık', '380 g'],
    ],
    features: ['Hafif ve çabuk kuruyan dokuma'],
  },
  ortu: {
    family: 'ev-tekstili',
    specs: [
      ['Malzeme', 'Keten %100'],
      ['Ölçüler', '140 × 180 cm'],
    ],
  },
  pecete: {
    family: 'ev-tekstili',
    specs: [
      ['Malzeme', 'Pamuk %100'],
      ['Ölçüler', '45 × 45 cm'],
    ],
  },
  yastik: {
    family: 'ev-tekstili',
    specs: [
      ['Malzeme', 'Pamuk kanvas'],
      ['Ölçüler', '45 × 45 cm (iç yastık dahil değildir)'],
      ['Kapama', 'Gizli fermuar'],
    ],
  },
  tote: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Organik pamuk kanvas, 280 g/m²'],
      ['Ölçüler', '38 × 42 cm · sap 65 cm'],
      ['Taşıma Kapasitesi', '10 kg'],
    ],
  },
  sapka: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Yıkanmış keten %100'],
      ['Beden', 'S 54–55 · M 56–57 · L 58–59 cm'],
    ],
  },
  hasir: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Doğal hasır, pamuk kurdele'],
      ['Ölçüler', 'Kenar genişliği 9 cm · kafa çevresi 57 cm'],
    ],
    care: 'Ezilmemesi için düz bir yüzeyde ya da askıda saklayın; nemli bezle silerek temizleyin.',
    careShort: 'Nemli bezle silin',
  },
  bere: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Merinos yünü %100'],
      ['Beden', 'Standart'],
    ],
    care: 'Soğuk suda, yün şampuanıyla elde yıkayın; sıkmadan, düz bir zeminde sererek kurutun.',
    careShort: 'Soğuk suda elde yıkayın',
  },
  onluk: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Keten %55, pamuk %45'],
      ['Ölçüler', '70 × 85 cm · ayarlanabilir boyun askısı'],
    ],
  },
  tisort: {
    family: 'giyim',
    specs: [
      ['Malzeme', 'Organik pamuk %100, 180 g/m²'],
      ['Kalıp', 'Normal kalıp, bisiklet yaka'],
      ['Baskı', 'Su bazlı serigrafi'],
    ],
  },
  defter: {
    family: 'kagit',
    specs: [
      ['Malzeme', 'Sert kapak, 90 g/m² krem kâğıt'],
      ['Ölçüler', 'A5 (14,8 × 21 cm)'],
      ['Sayfa Sayısı', '160'],
    ],
    features: ['Mürekkep geçirmeyen 90 g/m² kâğıt', '180° açılabilen dikişli cilt'],
  },
  ajanda: {
    family: 'kagit',
    specs: [
      ['Malzeme', 'Keten kaplı sert kapak, 80 g/m² kâğıt'],
      ['Ölçüler', 'A5 (14,8 × 21 cm)'],
      ['Sayfa Sayısı', '176'],
    ],
    features: ['İki kurdele ayraç ve arka cep', 'Yıllık, aylık ve haftalık planlama sayfaları'],
  },
  kartpostal: {
    family: 'kagit',
    specs: [
      ['Malzeme', '350 g/m² mat kuşe kâğıt'],
      ['Ölçüler', '10,5 × 14,8 cm'],
    ],
    features: ['Dolma kalem ve kurşun kalemle rahat yazılan arka yüz'],
  },
  ayrac: {
    family: 'kagit',
    specs: [
      ['Malzeme', 'Pirinç'],
      ['Ölçüler', '4 × 15 cm'],
    ],
  },
  kalem: {
    family: 'kagit',
    specs: [
      ['Malzeme', 'Ahşap gövde'],
      ['Uzunluk', '17,5 cm'],
    ],
  },
  kitap: {
    family: 'kagit',
    specs: [
      ['Sayfa Sayısı', '184'],
      ['Ölçüler', '16 × 23,5 cm'],
      ['Cilt', 'Karton kapak, iplik dikiş'],
      ['Dil', 'Türkçe'],
      ['Yazar', 'Elif Aydın'],
    ],
    features: ['Yüzlerce adım adım fotoğraf'],
    care: 'Kitabınızı nemden ve doğrudan güneş ışığından uzak tutun.',
    careShort: 'Nemden uzak tutun',
  },
  washi: {
    family: 'kagit',
    specs: [
      ['Malzeme', 'Pirinç kâğıdı, solvent içermeyen yapışkan'],
      ['Ölçüler', '15 mm × 10 m'],
      ['Adet', '6 rulo'],
    ],
    features: ['İz bırakmadan sökülüp yeniden yapıştırılabilir'],
  },
  cuzdan: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış dana derisi'],
      ['Ölçüler', '11 × 9,5 cm (kapalı)'],
      ['Bölmeler', '6 kart, 1 banknot'],
    ],
  },
  kartlik: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış dana derisi'],
      ['Ölçüler', '10,5 × 7 cm'],
      ['Kapasite', '4–6 kart'],
    ],
  },
  anahtarlik: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış deri, pirinç halka'],
      ['Ölçüler', '3 × 11 cm'],
    ],
  },
  canta: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış dana derisi, pamuk astar'],
      ['Ölçüler', '26 × 20 × 8 cm'],
      ['Askı', 'Ayarlanabilir, 110–130 cm'],
    ],
  },
  'sirt-canta': {
    family: 'deri',
    specs: [
      ['Malzeme', 'Dana derisi, pamuk kanvas astar'],
      ['Ölçüler', '30 × 40 × 12 cm'],
      ['Laptop Bölmesi', '14 inç’e kadar'],
    ],
  },
  kemer: {
    family: 'deri',
    specs: [
      ['Malzeme', '4 mm dana derisi, pirinç toka'],
      ['Genişlik', '3,5 cm'],
      ['Beden', 'S 85 · M 95 · L 105 · XL 115 cm'],
    ],
  },
  pasaportluk: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış dana derisi'],
      ['Ölçüler', '10 × 14 cm'],
    ],
  },
  kilif: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Dana derisi, keçe astar'],
      ['Ölçüler', '34 × 25 cm'],
    ],
  },
  kalemlik: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Dana derisi, metal fermuar'],
      ['Ölçüler', '20 × 7 cm'],
    ],
  },
  kordon: {
    family: 'deri',
    specs: [
      ['Malzeme', 'Bitkisel tabaklanmış deri, paslanmaz çelik toka'],
      ['Genişlik', '20 mm'],
    ],
  },
  'deri-altlik': {
    family: 'deri',
    specs: [
      ['Malzeme', '4 mm dana derisi'],
      ['Ölçüler', 'Ø 10 cm'],
      ['Adet', '4'],
    ],
  },
  kolye: {
    family: 'taki',
    specs: [
      ['Malzeme', '925 ayar gümüş'],
      ['Zincir Uzunluğu', '45 cm (+5 cm uzatma)'],
      ['Ağırlık', '4 g'],
    ],
  },
  bileklik: {
    family: 'taki',
    specs: [
      ['Malzeme', 'Pamuk ip, cam boncuk'],
      ['Uzunluk', '16–22 cm, ayarlanabilir'],
    ],
  },
  kupe: {
    family: 'taki',
    specs: [
      ['Malzeme', '925 ayar gümüş'],
      ['Uzunluk', '3 cm'],
      ['Ağırlık', '2,5 g (çift)'],
    ],
  },
  yuzuk: {
    family: 'taki',
    specs: [
      ['Malzeme', '925 ayar gümüş, doğal turkuaz'],
      ['Taş Ölçüsü', '8 × 10 mm'],
    ],
  },
  mum: {
    family: 'koku',
    specs: [
      ['Malzeme', 'Soya mumu, pamuk fitil'],
      ['Ağırlık', '200 g'],
      ['Yanma Süresi', 'Yaklaşık 40 saat'],
    ],
  },
  'mum-kase': {
    family: 'koku',
    specs: [
      ['Malzeme', 'Soya mumu, el yapımı seramik kase'],
      ['Ağırlık', '250 g'],
      ['Yanma Süresi', 'Yaklaşık 50 saat'],
    ],
  },
  'mum-sutun': {
    family: 'koku',
    specs: [
      ['Malzeme', 'Saf bal mumu, pamuk fitil'],
      ['Ölçüler', 'Ø 6 × 15 cm'],
      ['Adet', '2'],
    ],
  },
  'mum-teneke': {
    family: 'koku',
    specs: [
      ['Malzeme', 'Soya mumu, kapaklı teneke'],
      ['Ağırlık', '90 g'],
      ['Yanma Süresi', 'Yaklaşık 18 saat'],
    ],
  },
  difuzor: {
    family: 'koku',
    specs: [
      ['Hacim', '100 ml'],
      ['İçerik', 'Cam şişe, 8 rattan çubuk'],
      ['Kalıcılık', '8–10 hafta'],
    ],
    care: 'Çubukları haftada bir ters çevirerek kokuyu tazeleyin. Şişeyi mobilya yüzeylerine doğrudan koymayın; esans ahşabı lekeleyebilir.',
    careShort: 'Çubukları haftada bir çevirin',
  },
  sprey: {
    family: 'koku',
    specs: [
      ['Hacim', '100 ml'],
      ['İçerik', 'Alkol bazlı, cam şişe'],
    ],
    care: 'Kumaşlara 30 cm uzaktan sıkın; çocukların ulaşamayacağı, serin bir yerde saklayın.',
    careShort: 'Serin yerde saklayın',
  },
  sabun: {
    family: 'koku',
    specs: [
      ['İçerik', 'Zeytinyağı, hindistan cevizi yağı, su, sodyum hidroksit'],
      ['Ağırlık', '110 g'],
    ],
    care: 'Kullandıktan sonra suyunu süzen bir sabunlukta kurumaya bırakın; böylece daha uzun süre dayanır.',
    careShort: 'Kuru sabunlukta saklayın',
  },
  kese: {
    family: 'koku',
    specs: [
      ['Malzeme', 'Keten kese, kurutulmuş lavanta'],
      ['Ölçüler', '10 × 14 cm'],
      ['Adet', '3'],
    ],
    care: 'Kokusu azaldığında keseyi avucunuzda hafifçe ezerek lavantaları canlandırabilirsiniz.',
    careShort: 'Hafifçe ezerek tazeleyin',
  },
  makrome: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Geri dönüştürülmüş pamuk ip, ceviz çubuk'],
      ['Ölçüler', '50 × 80 cm'],
    ],
  },
  ayna: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Rattan, 4 mm ayna'],
      ['Ölçüler', 'Ø 60 cm (ayna Ø 40 cm)'],
      ['Ağırlık', '1,8 kg'],
    ],
  },
  cerceve: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Masif ceviz, cam'],
      ['Fotoğraf Ölçüsü', '13 × 18 cm'],
    ],
  },
  sepet: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Rattan'],
      ['Ölçüler', 'Ø 35 × 30 cm'],
    ],
  },
  samdan: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Dökme pirinç'],
      ['Ölçüler', '18 cm ve 24 cm'],
      ['Adet', '2'],
    ],
  },
  teraryum: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Üfleme cam, meşe taban'],
      ['Ölçüler', 'Ø 18 × 26 cm'],
      ['İçerik', 'Sukulent, yosun, dekoratif taş'],
    ],
    care: 'Ayda bir, kapağı açıp bir iki yemek kaşığı su verin; doğrudan güneş alan yerlerden uzak tutun.',
    careShort: 'Ayda bir sulayın',
  },
  nazar: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Üfleme cam, pamuk makrome ip'],
      ['Ölçüler', 'Ø 15 cm · toplam uzunluk 45 cm'],
    ],
  },
  kilim: {
    family: 'dekor',
    specs: [
      ['Malzeme', 'Yün, pamuk çözgü'],
      ['Ölçüler', '60 × 90 cm'],
    ],
  },
  ayi: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Organik pamuk ip, elyaf dolgu'],
      ['Boy', '24 cm'],
      ['Yaş Grubu', '0+'],
    ],
  },
  tavsan: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Organik pamuk ip, elyaf dolgu'],
      ['Boy', '30 cm'],
      ['Yaş Grubu', '0+'],
    ],
  },
  fil: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Organik pamuk ip, ahşap halka'],
      ['Boy', '15 cm'],
      ['Yaş Grubu', '0+'],
    ],
  },
  bebek: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Organik pamuk, yün saç'],
      ['Boy', '35 cm'],
      ['Yaş Grubu', '3+'],
    ],
  },
  araba: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Kayın ağacı, su bazlı boya'],
      ['Ölçüler', '14 × 7 × 8 cm'],
      ['Yaş Grubu', '2+'],
    ],
  },
  tren: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Kayın ağacı, su bazlı boya, mıknatıs'],
      ['Ölçüler', '40 × 6 × 8 cm (tüm set)'],
      ['Yaş Grubu', '3+'],
    ],
  },
  yapboz: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Kayın kontrplak, su bazlı boya'],
      ['Ölçüler', '30 × 30 cm'],
      ['Parça Sayısı', '9'],
      ['Yaş Grubu', '2+'],
    ],
  },
  gokkusagi: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Ihlamur ağacı, su bazlı boya'],
      ['Ölçüler', '28 × 14 × 5 cm'],
      ['Parça Sayısı', '7'],
      ['Yaş Grubu', '1+'],
    ],
  },
  mobil: {
    family: 'oyuncak',
    specs: [
      ['Malzeme', 'Yün keçe, kayın halka'],
      ['Ölçüler', 'Ø 30 cm · uzunluk 60 cm'],
      ['Yaş Grubu', '0+ (dokunma mesafesinin dışına asın)'],
    ],
  },
  ebook: {
    family: 'dijital',
    specs: [
      ['Dosya Biçimi', 'PDF, EPUB'],
      ['Sayfa Sayısı', '140'],
      ['Dil', 'Türkçe'],
      ['Teslimat', 'E-postayla indirme bağlantısı'],
    ],
    features: ['Telefon, tablet ve e-kitap okuyucularla uyumlu', 'Adım adım fotoğraflı anlatım'],
  },
  sablon: {
    family: 'dijital',
    specs: [
      ['Dosya Biçimi', 'PDF, PNG'],
      ['Çözünürlük', '300 dpi'],
      ['Kullanım', 'Kişisel ve küçük ölçekli ticari kullanım'],
      ['Teslimat', 'E-postayla indirme bağlantısı'],
    ],
    features: ['Baskıya hazır, yüksek çözünürlüklü dosyalar', 'Procreate, Photoshop ve GoodNotes ile uyumlu'],
  },
  atolye: {
    family: 'dijital',
    specs: [
      ['Süre', '2 oturum × 90 dakika'],
      ['Platform', 'Zoom (canlı)'],
      ['Seviye', 'Başlangıç'],
      ['Kayıt', '30 gün tekrar izleme'],
    ],
    about:
      'Kaydınız onaylandığında canlı yayın bağlantısı, ders programı ve malzeme listesi e-posta adresinize gönderilir; oturumların kayıtları 30 gün boyunca izlenebilir.',
    care: 'Atölye tarihinden 48 saat öncesine kadar bize yazarsanız kaydınızı bir sonraki döneme aktarabilir ya da ücret iadesi alabilirsiniz. Kontenjan dolduğunda kayıtlar kapanır.',
    features: [
      'Küçük gruplar: her katılımcıya birebir geri bildirim',
      'Malzeme listesi ve kaynak PDF’leri dahil',
    ],
  },
} satisfies Record<string, KindInfo>;

type Kind = keyof typeof kinds;

interface FamilyInfo {
  about: string[];
  features: string[];
  care: string;
  careShort: string;
  origins: string[];
}

const families: Record<Family, FamilyInfo> = {
  seramik: {
    about: [
      'Atölyemizde çarkta tek tek şekillendirilen her parça, önce bisküvi sonra sır pişirimi olmak üzere 1200 °C’de iki kez fırınlanır.',
      'Kadıköy’deki atölyemizde elde şekillendirilip sırlanan bu parça, gıdayla temasa uygun, kurşunsuz sırlarla kaplanmıştır.',
      'Çamurun hazırlanmasından son pişirime kadar her aşama atölyemizde, küçük seriler halinde ve elde yapılır.',
    ],
    features: [
      'Kurşunsuz, gıdaya uygun sır',
      'Bulaşık makinesi ve mikrodalgaya uygun',
      'Elde şekillendirildiği için her parça biraz farklıdır',
      'Yüksek ısıda pişirilmiş dayanıklı gövde',
    ],
    care: 'Bulaşık makinesinde yıkanabilir; ani ısı değişimlerinden (buzdolabından doğrudan fırına gibi) kaçının. Sırın parlaklığını korumak için aşındırıcı sünger kullanmayın.',
    careShort: 'Bulaşık makinesine uygun',
    origins: ['İstanbul', 'İstanbul', 'Kütahya', 'Avanos'],
  },
  'seramik-dekor': {
    about: [
      'Çarkta ya da elde şekillendirilen parça, kuruduktan sonra sırlanıp yüksek ısıda pişirilir; yüzeydeki küçük izler el işçiliğinin imzasıdır.',
      'Atölyemizde küçük seriler halinde üretilen bu parça, evinizin bir köşesine sakin ve doğal bir dokunuş katmak için tasarlandı.',
    ],
    features: [
      'Küçük seriler halinde, elde üretim',
      'Doğal kil ve kurşunsuz sır',
      'Sade formuyla her dekora uyum sağlar',
      'Darbelere karşı çift katlı kutuda gönderilir',
    ],
    care: 'Nemli, yumuşak bir bezle silmeniz yeterlidir. Kireç lekeleri için sirkeli su kullanabilirsiniz.',
    careShort: 'Nemli bezle silin',
    origins: ['İstanbul', 'Avanos', 'Kütahya'],
  },
  'ev-tekstili': {
    about: [
      'Denizli ve Buldan’daki küçük dokuma atölyeleriyle birlikte ürettiğimiz kumaşlar, doğal liflerden ve sağlığa zararsız boyalarla hazırlanır.',
      'Geleneksel tezgâhlarda dokunan kumaş, her yıkamada biraz daha yumuşar ve zamanla size ait bir dokuya kavuşur.',
    ],
    features: [
      'Doğal liflerden, nefes alan dokuma',
      'Azo boyar madde içermez',
      'Yıkandıkça yumuşar',
      'Yerel dokumacılarla adil koşullarda üretim',
    ],
    care: '30–40 °C’de benzer renklerle yıkayın, ağartıcı kullanmayın. Kurutma makinesi yerine açık havada kurutmanızı öneririz; keten ürünler hafif nemliyken ütülenebilir.',
    careShort: '40 °C’de yıkanabilir',
    origins: ['Denizli', 'Buldan, Denizli', 'Bursa'],
  },
  giyim: {
    about: [
      'Kalıbını atölyemizde çizdiğimiz, İstanbul’daki küçük bir dikim atölyesinde sınırlı sayıda dikilen bir parça.',
      'Doğal kumaşlardan, günlük kullanımda rahat edeceğiniz şekilde tasarlandı; dikişleri sağlam, detayları özenli.',
    ],
    features: [
      'Doğal liflerden rahat kumaş',
      'Yerel atölyede sınırlı sayıda dikim',
      'Sağlam, çift dikişli kenarlar',
      'Plastiksiz, kâğıt ambalajda gönderim',
    ],
    care: 'Ters çevirerek 30 °C’de yıkayın ve gölgede kurutun. Baskılı ya da işlemeli bölgeleri doğrudan ütülemeyin.',
    careShort: '30 °C’de ters çevirerek yıkayın',
    origins: ['İstanbul', 'Denizli', 'Bursa'],
  },
  kagit: {
    about: [
      'Kâğıt işlerimizi İstanbul’da küçük bir matbaa ve mücellitle birlikte hazırlıyoruz; kapaklar ve ciltler elde kontrol edilir.',
      'Yazmayı, çizmeyi ve not almayı sevenler için, dokunduğunuzda fark edilen kaliteli malzemelerle hazırlandı.',
    ],
    features: [
      'Hediye paketine hazır kraft zarfla gönderilir',
      'İstanbul’da küçük ölçekli üretim',
      'Sürdürülebilir ormanlardan (FSC) malzeme',
      'Plastiksiz, geri dönüştürülebilir ambalaj',
    ],
    care: 'Nemden ve doğrudan güneş ışığından uzak tutun; yüzeyini kuru ve yumuşak bir bezle temizleyebilirsiniz.',
    careShort: 'Nemden uzak tutun',
    origins: ['İstanbul'],
  },
  deri: {
    about: [
      'Bitkisel tabaklanmış dana derisini atölyemizde elle kesiyor, mumlu iplikle saraç dikişiyle dikiyoruz; kenarlar tek tek zımparalanıp perdahlanır.',
      'Kullandıkça rengi koyulaşan ve kendine özgü bir patina kazanan doğal deri, yıllarca eşlik edecek bir parça olarak tasarlandı.',
    ],
    features: [
      'Bitkisel tabaklanmış, krom içermeyen deri',
      'Mumlu iplikle elde saraç dikişi',
      'Elde perdahlanmış kenarlar',
      'Zamanla güzelleşen doğal patina',
    ],
    care: 'Islanırsa yumuşak bir bezle kurulayıp oda sıcaklığında kurumaya bırakın. Yılda birkaç kez renksiz deri bakım kremiyle besleyebilirsiniz.',
    careShort: 'Deri bakım kremiyle besleyin',
    origins: ['İstanbul'],
  },
  taki: {
    about: [
      'Takılarımızı İstanbul ve Mardin’deki ustalarla birlikte küçük seriler halinde, nikel içermeyen malzemelerle üretiyoruz.',
      'Her gün takabileceğiniz kadar sade, özel günlerde dikkat çekecek kadar zarif bir tasarım.',
    ],
    features: [
      'Nikel içermez, hassas ciltlere uygun',
      'Elde bitirilmiş yüzeyler',
      'Hediye kesesi ve kutusuyla gönderilir',
      'Küçük seriler halinde üretim',
    ],
    care: 'Parfüm, krem ve deniz suyuyla temasından kaçının. Kullanmadığınızda kesesinde saklayın; gümüş parçaları yumuşak bir bezle parlatabilirsiniz.',
    careShort: 'Sudan ve parfümden uzak tutun',
    origins: ['İstanbul', 'İstanbul', 'Mardin'],
  },
  koku: {
    about: [
      'Mumlarımızı ve kokularımızı atölyemizde küçük partiler halinde, doğal içerikler ve ftalat içermeyen esanslarla hazırlıyoruz.',
      'Sakin bir akşamın, uzun bir banyonun ya da kitapla geçen bir öğleden sonranın eşlikçisi olarak hazırlandı.',
    ],
    features: [
      'Parafin ve ftalat içermeyen içerik',
      'Küçük partiler halinde elde üretim',
      'Hayvanlar üzerinde test edilmemiştir',
      'Geri dönüştürülebilir cam ve kâğıt ambalaj',
    ],
    care: 'İlk yakışta yüzeyin tamamı eriyene kadar (yaklaşık 2 saat) yakın ve fitili her kullanımdan önce 5 mm kısaltın. Yanan mumu gözetimsiz bırakmayın.',
    careShort: 'Yanarken gözetimsiz bırakmayın',
    origins: ['İstanbul'],
  },
  dekor: {
    about: [
      'Evinize sıcak ve doğal bir hava katmak için yerel ustalarla birlikte, doğal malzemelerden ürettiğimiz bir parça.',
      'Tek başına da benzerleriyle bir arada da güzel duran, uzun yıllar kullanılmak üzere tasarlanmış bir dekorasyon ürünü.',
    ],
    features: [
      'Doğal malzemelerden üretim',
      'Yerel ustaların el emeği',
      'Darbelere karşı özenli paketleme',
      'Her dekora uyum sağlayan sade tasarım',
    ],
    care: 'Toz almak için kuru ya da hafif nemli bir bez kullanın; doğrudan güneş ışığı ve yüksek nemden uzak tutun.',
    careShort: 'Kuru bezle silin',
    origins: ['İstanbul', 'Uşak', 'Nevşehir'],
  },
  oyuncak: {
    about: [
      'Oyuncaklarımızı çocuk sağlığını önceleyerek organik pamuk ve doğal ahşap gibi güvenilir malzemelerle elde üretiyoruz.',
      'Ekrandan uzak, hayal gücüyle oynanan oyunlar için tasarlandı; kardeşten kardeşe geçecek kadar sağlam.',
    ],
    features: [
      'EN 71 oyuncak güvenliği standartlarına uygun',
      'Toksik olmayan, çocuk dostu malzemeler',
      'Yutulabilecek küçük parça içermez',
      'Elde üretim, özenli dikiş ve zımpara',
    ],
    care: 'Ahşap oyuncakları nemli bir bezle silin, suya batırmayın. Örgü ve kumaş oyuncakları yıkama filesinde 30 °C’de hassas programda yıkayıp düz bir zeminde kurutun.',
    careShort: 'Hassas programda yıkayın / nemli bezle silin',
    origins: ['İstanbul', 'Eskişehir'],
  },
  dijital: {
    about: [
      'Ödemeniz onaylandığında indirme bağlantısı e-posta adresinize gönderilir; dosyalar hesabınızdaki siparişler sayfasından da her zaman indirilebilir.',
    ],
    features: [
      'Anında teslimat, kargo beklemek yok',
      'Atölyemizin ekibi tarafından hazırlanmış özgün içerik',
    ],
    care: 'Dijital içeriklerde ifaya başlandıktan sonra cayma hakkı kullanılamaz. Bağlantıya ulaşamazsanız bize yazmanız yeterli; aynı gün yeniden göndeririz.',
    careShort: '',
    origins: ['İstanbul'],
  },
};

// ---------------------------------------------------------------------------------------------------------
// Product rows

type Currency = DemoPrice['currency'];
type Field = { key: string; label: string; maxLength: number; required: boolean };

interface Row {
  name: string;
  kind: Kind;
  /** Sale price in major units (TL / USD / EUR). */
  price: number;
  short: string;
  tags: string[];
  cur?: Currency;
  /** Option groups of a variant product (stock type 2), in display order. */
  opts?: Record<string, string[]>;
  /** Personalization of a designable product (stock type 3). */
  pz?: { fields: Field[]; allowImage?: boolean; surcharge?: number };
  /** Fixed stock (virtual products with a set quantity, e.g. workshop seats). */
  stock?: number | null;
  /** Specification overrides / additions. */
  spec?: Record<string, string>;
}

const r = (
  name: string,
  kind: Kind,
  price: number,
  short: string,
  tags: string[],
  extra: Partial<Row> = {},
): Row => ({ name, kind, price, short, tags, ...extra });

const field = (key: string, label: string, maxLength: number, required: boolean): Field => ({
  key,
  label,
  maxLength,
  required,
});
const isim = (maxLength = 20) => field('isim', 'İsim', maxLength, true);
const tarih = field('tarih', 'Tarih', 10, false);

const RENK4 = ['Kırmızı', 'Lacivert', 'Hardal', 'Ekru'];
const BOYUT = ['Küçük', 'Orta', 'Büyük'];

const rows: [string, Row[]][] = [
  [
    'kupalar',
    [
      r(
        'El Yapımı Sırlı Kupa – Ege Mavisi',
        'kupa',
        549.9,
        'Çarkta şekillendirilmiş, derin Ege mavisi sırlı 350 ml kupa; sabah kahvesine deniz havası katar.',
        ['el-yapimi', 'kahve-keyfi', 'cok-satan'],
      ),
      r(
        'El Yapımı Sırlı Kupa – Terrakota',
        'kupa',
        549.9,
        'Toprak tonlarını sevenler için sıcak terrakota sırlı, elde tutması rahat, kalın cidarlı kupa.',
        ['el-yapimi', 'kahve-keyfi'],
      ),
      r(
        'İstanbul Silüeti Seramik Kupa',
        'kupa',
        589.9,
        'Galata’dan Süleymaniye’ye İstanbul silüetinin elle boyandığı, şehre hasret kalanlar için bir kupa.',
        ['istanbul', 'hediyelik', 'cok-satan'],
      ),
      r(
        'Benekli Seramik Kupa',
        'kupa',
        499.9,
        'Sırın altından göz kırpan benekleriyle her biri farklı görünen, günlük kullanıma uygun kupa.',
        ['el-yapimi', 'mutfak'],
        { opts: { Renk: ['Ekru', 'Hardal', 'Adaçayı', 'Lacivert'] } },
      ),
      r(
        'Kahve Severler İçin Latte Kupası',
        'kupa',
        529.9,
        'Geniş ağzı ve köpüğe yer bırakan formuyla latte ve cappuccino için tasarlandı.',
        ['kahve-keyfi', 'cok-satan'],
        { opts: { Boyut: ['Orta', 'Büyük'], Renk: ['Ekru', 'Antrasit', 'Kırmızı'] } },
      ),
      r(
        'Kulplu Çay Kupası – Zeytin Yeşili',
        'kupa',
        479.9,
        'İnce belli çay bardağından esinlenen, zeytin yeşili sırlı, küçük kulplu kupa.',
        ['mutfak', 'geleneksel'],
      ),
      r(
        'Kütahya Çinisi Lale Desenli Kupa',
        'kupa',
        24.9,
        'Kütahyalı ustaların elle çizdiği lale motifleriyle geleneksel çini sanatını sofranıza taşır.',
        ['geleneksel', 'hediyelik'],
        { cur: 'EUR', spec: { Malzeme: 'Sır altı boyamalı çini' } },
      ),
      r(
        'Sırlı Türk Kahvesi Fincanı İkili Set',
        'fincan',
        689.9,
        'İki fincan ve tabaktan oluşan, köpüklü Türk kahvesine yakışan sırlı porselen set.',
        ['kahve-keyfi', 'hediyelik'],
      ),
      r(
        'Çift Renkli Espresso Fincanı Seti',
        'fincan',
        749.9,
        'Dış yüzü mat, iç yüzü parlak sırlı dört espresso fincanı; kısa ve yoğun kahveler için.',
        ['kahve-keyfi', 'mutfak'],
        { spec: { Ölçüler: 'Fincan 70 ml', Adet: '4 fincan' } },
      ),
    ],
  ],
  [
    'tabaklar',
    [
      r(
        'Çini Desenli Seramik Tabak',
        'tabak',
        689.9,
        'Rumi ve hatai motifleriyle süslenmiş, hem sofrada hem duvarda şık duran 26 cm tabak.',
        ['geleneksel', 'mutfak'],
      ),
      r(
        'El Yapımı Servis Tabağı – Fildişi',
        'tabak',
        849.9,
        'Kenarları hafifçe dalgalı, fildişi sırlı geniş servis tabağı; mezeler ve tatlılar için.',
        ['el-yapimi', 'mutfak'],
        { spec: { Ölçüler: 'Ø 32 cm', Ağırlık: '1,1 kg' } },
      ),
      r(
        'Kütahya Çinisi Duvar Tabağı',
        'tabak',
        1450,
        'Kobalt mavisi ve mercan kırmızısıyla elle boyanmış, askı aparatlı dekoratif duvar tabağı.',
        ['geleneksel', 'ev-dekor', 'sinirli-uretim'],
        { spec: { Malzeme: 'Sır altı boyamalı çini', Ölçüler: 'Ø 30 cm' } },
      ),
      r(
        'Sırlı Pasta Tabağı Seti (4’lü)',
        'tabak',
        1190,
        'Dört farklı pastel tonda sırlanmış tatlı tabakları; misafir sofralarının neşesi.',
        ['mutfak', 'hediyelik'],
        { spec: { Ölçüler: 'Ø 19 cm', Adet: '4' } },
      ),
      r(
        'Mavi Beyaz Kahvaltı Tabağı',
        'tabak',
        459.9,
        'Beyaz zemin üzerine mavi fırça darbeleriyle bezeli, kahvaltı sofralarının vazgeçilmezi.',
        ['mutfak'],
        { opts: { Boyut: BOYUT }, spec: { Ölçüler: 'Küçük Ø 16 · Orta Ø 21 · Büyük Ø 27 cm' } },
      ),
      r(
        'Yaprak Formlu Sunum Tabağı',
        'tabak',
        629.9,
        'İncir yaprağından kalıplanmış dokusuyla peynir ve meyve sunumlarına doğal bir hava katar.',
        ['dogal', 'mutfak'],
      ),
      r(
        'Rustik Yemek Tabağı',
        'tabak',
        569.9,
        'Kenarında ham kil dokusu bırakılmış, günlük kullanıma dayanıklı yemek tabağı.',
        ['mutfak', 'el-yapimi'],
        { opts: { Renk: ['Ekru', 'Terrakota', 'Antrasit'] } },
      ),
    ],
  ],
  [
    'vazolar',
    [
      r(
        'Mat Sırlı Amfora Vazo',
        'vazo',
        1290,
        'Antik amforalardan esinlenen, kum dokulu mat sırlı 32 cm vazo.',
        ['ev-dekor', 'el-yapimi'],
        { spec: { Ölçüler: 'Ø 18 × 32 cm' } },
      ),
      r(
        'Mini Tomurcuk Vazo Üçlü Set',
        'vazo',
        690,
        'Tek dal çiçekler için üç küçük vazo; pencere önünde ya da masada birlikte çok güzel dururlar.',
        ['ev-dekor', 'hediyelik'],
        { spec: { Ölçüler: '8, 10 ve 12 cm', Adet: '3' } },
      ),
      r(
        'Dalgalı Ağız Seramik Vazo – Adaçayı',
        'vazo',
        990,
        'Elle kıvrılmış dalgalı ağzı ve yumuşak adaçayı yeşiliyle kuru çiçeklere çok yakışır.',
        ['ev-dekor', 'anneler-gunu'],
      ),
      r(
        'Çizgili Silindir Vazo',
        'vazo',
        749.9,
        'Çarkta çekilirken verilen ince çizgilerle dokulu, sade silindir vazo.',
        ['ev-dekor'],
        { opts: { Boyut: BOYUT }, spec: { Ölçüler: 'Küçük 15 · Orta 22 · Büyük 30 cm' } },
      ),
      r(
        'Raku Pişirim Vazo',
        'vazo',
        79,
        'Japon raku tekniğiyle pişirilmiş, çatlak sırlı ve dumanlı desenli, tek üretim vazo.',
        ['sinirli-uretim', 'ev-dekor'],
        { cur: 'EUR', spec: { 'Üretim Yeri': 'Avanos' } },
      ),
      r(
        'Kabartma Desenli Beyaz Vazo',
        'vazo',
        1150,
        'Yüzeyindeki kabartma yaprak desenleri ışıkla birlikte değişen, saf beyaz vazo.',
        ['ev-dekor'],
      ),
    ],
  ],
  [
    'seramik',
    [
      r(
        'El Yapımı Seramik Kase – Hardal',
        'kase',
        429.9,
        'Kahvaltılıklardan çorbaya her şeye yakışan, hardal sarısı sırlı 500 ml kase.',
        ['el-yapimi', 'mutfak'],
      ),
      r(
        'Çini Desenli Kase Seti',
        'kase',
        34,
        'Üç farklı boyda, birbirinin içine geçen çini desenli kaseler.',
        ['geleneksel', 'mutfak'],
        { cur: 'USD', spec: { Ölçüler: 'Ø 10, 13 ve 16 cm', Adet: '3' } },
      ),
      r(
        'Seramik Demlik – Lacivert',
        'demlik',
        1590,
        'Çelik süzgeçli, 1,2 litrelik lacivert sırlı demlik; bitki çayları için ideal.',
        ['mutfak', 'hediyelik'],
      ),
      r(
        'Seramik Bardak Altlığı Seti',
        'altlik',
        349.9,
        'Alt yüzü mantar kaplı, elle sırlanmış dört bardak altlığı.',
        ['ev-dekor', 'mutfak'],
      ),
    ],
  ],
  [
    'tekstil',
    [
      r(
        'Keten Bucket Şapka',
        'sapka',
        649.9,
        'Yıkanmış ketenden dikilen, yazın hafif ve nefes alan bucket şapka.',
        ['dogal', 'plaj'],
        { opts: { Renk: ['Ekru', 'Hardal', 'Zeytin Yeşili'], Beden: ['S', 'M', 'L'] } },
      ),
      r(
        'Hasır Yazlık Şapka',
        'hasir',
        590,
        'Geniş kenarlı, elde örülmüş hasır şapka; pamuklu kurdelesi değiştirilebilir.',
        ['plaj', 'dogal'],
      ),
      r(
        'Organik Pamuk Bez Çanta – Ekru',
        'tote',
        249.9,
        'Pazar alışverişinden kütüphaneye, her gün yanınızda taşıyacağınız sağlam bez çanta.',
        ['organik-pamuk', 'surdurulebilir', 'cok-satan'],
      ),
      r(
        'Baskılı Bez Çanta – İstanbul Martıları',
        'tote',
        279.9,
        'Elle oyulmuş kalıpla basılan martı deseniyle İstanbul’un sesini omzunuzda taşıyın.',
        ['istanbul', 'surdurulebilir'],
      ),
      r(
        'Çizgili Plaj Çantası',
        'tote',
        459.9,
        'Geniş gövdesi ve iç cebiyle havlu, kitap ve güneş kreminizi rahatça taşır.',
        ['plaj'],
        { spec: { Malzeme: 'Pamuk kanvas, jüt sap', Ölçüler: '50 × 40 × 15 cm' } },
      ),
      r(
        'Kilim Desenli Yastık Kılıfı',
        'yastik',
        389.9,
        'Anadolu kilimlerinden uyarlanan geometrik desenli, gizli fermuarlı 45 × 45 cm kılıf.',
        ['ev-dekor', 'geleneksel'],
        { opts: { Renk: ['Kırmızı', 'Lacivert', 'Hardal'] } },
      ),
      r(
        'Keten Mutfak Önlüğü',
        'onluk',
        549.9,
        'Ön cebi ve ayarlanabilir askısıyla hem mutfakta hem atölyede iş gören keten önlük.',
        ['mutfak', 'dogal'],
        { opts: { Renk: ['Ekru', 'Antrasit', 'Terrakota'] } },
      ),
      r(
        'Organik Pamuk Tişört – Atölye Baskılı',
        'tisort',
        499.9,
        'Atölyemizin çark logosunun serigrafiyle basıldığı, yumuşak dokulu organik pamuk tişört.',
        ['organik-pamuk'],
        { opts: { Renk: ['Ekru', 'Lacivert'], Beden: ['S', 'M', 'L', 'XL'] } },
      ),
      r(
        'El Örgüsü Yün Bere',
        'bere',
        449.9,
        'Merinos yününden elde örülmüş, ponponlu ve içi yumuşacık kış beresi.',
        ['el-yapimi', 'yilbasi'],
        { opts: { Renk: ['Hardal', 'Bordo', 'Antrasit', 'Ekru'] } },
      ),
    ],
  ],
  [
    'havlular',
    [
      r(
        'Keten Peştemal Havlu',
        'havlu',
        849.9,
        'Hafif, çabuk kuruyan ve her yıkamada yumuşayan keten peştemal; banyoda da plajda da.',
        ['dogal', 'banyo', 'cok-satan'],
        { opts: { Renk: RENK4 }, spec: { Malzeme: 'Keten %100' } },
      ),
      r(
        'Pamuklu Peştemal – Ege Mavisi',
        'havlu',
        749.9,
        'Buldan tezgâhlarında dokunan, saçaklı ve hafif pamuklu peştemal.',
        ['plaj', 'banyo'],
        { spec: { 'Üretim Yeri': 'Buldan, Denizli' } },
      ),
      r(
        'Buldan Bezi El Havlusu İkili Set',
        'havlu',
        429.9,
        'Geleneksel Buldan bezinden, emiciliği yüksek iki el havlusu.',
        ['geleneksel', 'banyo'],
        { spec: { Ölçüler: '50 × 90 cm', Adet: '2' } },
      ),
      r(
        'Organik Pamuk Bebek Havlusu',
        'havlu',
        589.9,
        'Kapüşonlu, hassas bebek cildi için organik pamuktan dokunmuş yumuşak havlu.',
        ['organik-pamuk', 'cocuk'],
        { spec: { Malzeme: 'Organik pamuk %100', Ölçüler: '80 × 80 cm' } },
      ),
      r(
        'Bambu Plaj Havlusu – Turkuaz',
        'havlu',
        29,
        'Bambu liflerinin ipeksi dokusuyla kumu tutmayan, hafif plaj havlusu.',
        ['plaj', 'surdurulebilir'],
        { cur: 'USD', spec: { Malzeme: 'Bambu %70, pamuk %30', Ölçüler: '100 × 180 cm' } },
      ),
      r(
        'Denizli Jakarlı Banyo Havlusu',
        'havlu',
        690,
        'Jakarlı dokusu ve yoğun ilmekleriyle otel konforunu evinize getiren banyo havlusu.',
        ['banyo'],
        {
          opts: { Boyut: ['Orta', 'Büyük'], Renk: ['Ekru', 'Adaçayı', 'Gri'] },
          spec: { Ölçüler: 'Orta 50 × 90 · Büyük 90 × 150 cm', Ağırlık: '550 g/m²' },
        },
      ),
      r(
        'Saçaklı Hamam Peştemalı – Kırmızı Çizgili',
        'havlu',
        26,
        'Geleneksel hamam peştemalının kırmızı çizgili, uzun saçaklı el dokuması yorumu.',
        ['geleneksel', 'banyo'],
        { cur: 'EUR' },
      ),
      r(
        'Müslin Yüz Havlusu Üçlü Set',
        'havlu',
        349.9,
        'Dört kat müslin kumaştan, nazik ve çabuk kuruyan yüz havluları.',
        ['organik-pamuk', 'banyo'],
        { spec: { Ölçüler: '30 × 30 cm', Adet: '3' } },
      ),
    ],
  ],
  [
    'ortu-ve-peceteler',
    [
      r(
        'Keten Masa Örtüsü – Ekru',
        'ortu',
        1290,
        'Yıkanmış ketenin doğal kırışıklığıyla sofraya rahat bir zarafet katan masa örtüsü.',
        ['mutfak', 'dogal'],
      ),
      r(
        'Ekose Desenli Masa Örtüsü',
        'ortu',
        990,
        'Piknik sepetlerini hatırlatan ekose desenli, pamuklu masa örtüsü.',
        ['mutfak'],
        {
          opts: { Boyut: BOYUT },
          spec: { Malzeme: 'Pamuk %100', Ölçüler: 'Küçük 100 × 100 · Orta 140 × 180 · Büyük 160 × 240 cm' },
        },
      ),
      r(
        'El Baskısı Keten Peçete Seti (4’lü)',
        'pecete',
        649.9,
        'Ahşap kalıplarla elle basılmış nar desenli dört keten peçete.',
        ['mutfak', 'el-yapimi'],
        { spec: { Malzeme: 'Keten %100', Adet: '4' } },
      ),
      r(
        'Nakışlı Pamuk Peçete – Lavanta',
        'pecete',
        479.9,
        'Köşelerine lavanta dalı işlenmiş, yumuşak pamuklu peçeteler.',
        ['mutfak', 'anneler-gunu'],
        { spec: { Adet: '4' } },
      ),
      r(
        'Keten Runner – Hardal',
        'ortu',
        790,
        'Masanın ortasında renkli bir şerit: hardal rengi, saçaklı keten runner.',
        ['ev-dekor', 'mutfak'],
        { spec: { Ölçüler: '40 × 180 cm' } },
      ),
      r(
        'Yemeni Kenarlı Tepsi Örtüsü',
        'ortu',
        390,
        'Kenarları geleneksel yemeni oyasıyla süslenmiş küçük tepsi örtüsü.',
        ['geleneksel'],
        { spec: { Malzeme: 'Pamuk %100, iğne oyası', Ölçüler: '50 × 50 cm' } },
      ),
      r(
        'Çay Havlusu İkili Set',
        'pecete',
        299.9,
        'Bardakları iz bırakmadan kurulayan, çizgili pamuklu iki çay havlusu.',
        ['mutfak'],
        { spec: { Ölçüler: '50 × 70 cm', Adet: '2' } },
      ),
    ],
  ],
  [
    'kirtasiye',
    [
      r(
        'Kitap Ayracı – Pirinç Lale',
        'ayrac',
        189.9,
        'Lale motifli, ince pirinçten kesilmiş zarif kitap ayracı.',
        ['kitap-kurdu', 'hediyelik'],
      ),
      r(
        'Deri Kitap Ayracı – Taba',
        'ayrac',
        219.9,
        'Bitkisel tabaklanmış deriden, kenarları elle boyanmış kitap ayracı.',
        ['kitap-kurdu', 'ogretmenler-gunu'],
        { spec: { Malzeme: 'Bitkisel tabaklanmış deri', Ölçüler: '3,5 × 18 cm' } },
      ),
      r(
        'Kurutulmuş Çiçekli Kitap Ayracı Seti',
        'ayrac',
        149.9,
        'Gerçek kurutulmuş çiçeklerin laminasyonla korunduğu üç ayraç.',
        ['kitap-kurdu', 'dogal'],
        { spec: { Malzeme: 'Kurutulmuş çiçek, mat laminasyon', Adet: '3' } },
      ),
      r(
        'İstanbul Kartpostal Seti (12’li)',
        'kartpostal',
        229.9,
        'Kadıköy vapurundan Galata Kulesi’ne, on iki suluboya İstanbul manzarası.',
        ['istanbul', 'hediyelik'],
        { spec: { Adet: '12' } },
      ),
      r(
        'Suluboya Tebrik Kartı Seti',
        'kartpostal',
        189.9,
        'Zarflarıyla birlikte, içi boş altı suluboya çiçek kartı.',
        ['hediyelik', 'anneler-gunu'],
        { spec: { Adet: '6 kart, 6 zarf' } },
      ),
      r(
        'Pirinç Gövdeli Dolma Kalem',
        'kalem',
        890,
        'Zamanla kendine özgü patina kazanan pirinç gövdeli, değiştirilebilir kartuşlu dolma kalem.',
        ['ofis', 'babalar-gunu'],
        { spec: { Malzeme: 'Pirinç gövde, çelik uç', Uç: 'Orta (M)' } },
      ),
      r(
        'Ahşap Kurşun Kalem Seti',
        'kalem',
        179.9,
        'Sertifikalı ağaçlardan, HB’den 6B’ye altı kurşun kalem.',
        ['ofis', 'surdurulebilir'],
        { spec: { Adet: '6 (HB, B, 2B, 3B, 4B, 6B)' } },
      ),
      r(
        '2026 Haftalık Ajanda – Lacivert',
        'ajanda',
        449.9,
        'Keten kaplı kapak, haftalık planlama sayfaları ve iki kurdele ayraçlı ajanda.',
        ['ofis', 'yilbasi'],
      ),
      r(
        'Seramiğe Başlangıç: Atölye El Kitabı',
        'kitap',
        320,
        'Kil seçiminden sırlamaya, atölyemizin on yıllık deneyimini aktaran resimli el kitabı.',
        ['kitap-kurdu', 'el-yapimi'],
      ),
      r(
        'Washi Bant Seti (6’lı)',
        'washi',
        159.9,
        'Günlük ve ajanda süslemek için Anadolu motifli altı washi bant.',
        ['ofis', 'hediyelik'],
      ),
    ],
  ],
  [
    'defterler',
    [
      r(
        'Dikişli Cilt Defter – Ebru Kapak',
        'defter',
        289.9,
        'Kapağı elde yapılmış ebru kâğıdıyla kaplanmış, açık sırtlı dikişli defter.',
        ['el-yapimi', 'geleneksel'],
      ),
      r(
        'Noktalı Bullet Journal Defteri',
        'defter',
        329.9,
        'Noktalı sayfaları, numaralı içindekiler bölümü ve lastik kapamasıyla planlama defteri.',
        ['ofis'],
        { opts: { Renk: ['Lacivert', 'Hardal', 'Bordo', 'Adaçayı'] } },
      ),
      r(
        'Geri Dönüştürülmüş Kâğıt Eskiz Defteri',
        'defter',
        219.9,
        'Geri dönüştürülmüş kalın kâğıdıyla karakalem ve suluboya denemelerine uygun eskiz defteri.',
        ['surdurulebilir', 'ofis'],
        {
          opts: { Boyut: BOYUT },
          spec: {
            Malzeme: 'Geri dönüştürülmüş 160 g/m² kâğıt',
            Ölçüler: 'A6 · A5 · A4',
            'Sayfa Sayısı': '96',
          },
        },
      ),
      r(
        'Kraft Kapak Not Defteri Üçlü Set',
        'defter',
        249.9,
        'Çizgili, kareli ve düz sayfalı üç ince kraft defter.',
        ['ofis', 'ogretmenler-gunu'],
        { spec: { Malzeme: 'Kraft kapak, 80 g/m² kâğıt', 'Sayfa Sayısı': '3 × 64', Adet: '3' } },
      ),
      r(
        'Deri Kaplı Seyahat Defteri',
        'defter',
        29,
        'Doldukça yenisi takılabilen iç defterleri ve deri kapağıyla yol arkadaşı.',
        ['hediyelik'],
        { cur: 'USD', spec: { Malzeme: 'Bitkisel tabaklanmış deri kapak', Ölçüler: '12 × 21 cm' } },
      ),
      r(
        'Kumaş Kaplı Anı Defteri – Kilim Desenli',
        'defter',
        349.9,
        'Kilim desenli kumaşla kaplı, sert kapaklı anı defteri.',
        ['geleneksel', 'hediyelik'],
      ),
      r(
        'Cep Boy Çizgili Defter',
        'defter',
        189.9,
        'Cebe sığan boyu ve yuvarlatılmış köşeleriyle anlık notlar için.',
        ['ofis'],
        { spec: { Ölçüler: 'A6 (10,5 × 14,8 cm)', 'Sayfa Sayısı': '96' } },
      ),
    ],
  ],
  [
    'deri',
    [
      r(
        'El Dikimi Deri Cüzdan – Taba',
        'cuzdan',
        1490,
        'Mumlu iplikle elde dikilen, altı kartlık ve para bölmeli klasik cüzdan.',
        ['el-yapimi', 'babalar-gunu', 'cok-satan'],
      ),
      r(
        'Uzun Deri Cüzdan – Bordo',
        'cuzdan',
        1890,
        'Telefonun da sığdığı uzun gövdesi ve fermuarlı bozuk para bölmesiyle.',
        ['hediyelik', 'anneler-gunu'],
        { spec: { Ölçüler: '19 × 10 cm', Bölmeler: '8 kart, 2 banknot, fermuarlı bozuk para' } },
      ),
      r(
        'Deri Bozuk Para Cüzdanı',
        'cuzdan',
        490,
        'Çıtçıtlı kapaklı, tek parça deriden katlanarak yapılan küçük cüzdan.',
        ['el-yapimi'],
        { spec: { Ölçüler: '8 × 8 cm', Bölmeler: '1' } },
      ),
      r(
        'Minimal Deri Kartlık',
        'kartlik',
        590,
        'Dört kart ve katlanmış banknot alan, cebi şişirmeyen ince kartlık.',
        ['ofis', 'babalar-gunu'],
        { opts: { Renk: ['Taba', 'Siyah', 'Bordo', 'Lacivert'] } },
      ),
      r(
        'Deri Anahtarlık – Düğüm Model',
        'anahtarlik',
        249.9,
        'Tek şerit deriden düğümlenerek yapılan, pirinç halkalı anahtarlık.',
        ['hediyelik'],
        { opts: { Renk: ['Taba', 'Siyah', 'Bordo', 'Hardal'] } },
      ),
      r(
        'Deri Omuz Çantası',
        'canta',
        84,
        'Ayarlanabilir askılı, mıknatıslı kapaklı orta boy omuz çantası.',
        ['el-yapimi'],
        { cur: 'USD', opts: { Renk: ['Taba', 'Siyah', 'Kahverengi'] } },
      ),
      r(
        'Doğal Deri Kemer',
        'kemer',
        890,
        'Dört milimetre kalınlığında tek parça deriden, pirinç tokalı kemer.',
        ['babalar-gunu'],
        { opts: { Beden: ['S', 'M', 'L', 'XL'], Renk: ['Taba', 'Siyah'] } },
      ),
      r(
        'Deri Pasaportluk – Kahverengi',
        'pasaportluk',
        34,
        'Pasaport, biniş kartı ve birkaç banknot için iç cepli seyahat kılıfı.',
        ['hediyelik'],
        { cur: 'USD' },
      ),
      r(
        'Deri Laptop Kılıfı',
        'kilif',
        69,
        '13 inç dizüstü bilgisayarlar için iç yüzü keçe kaplı koruyucu kılıf.',
        ['ofis'],
        { cur: 'USD' },
      ),
      r('Deri Kalemlik', 'kalemlik', 390, 'Fermuarlı, on kaleme kadar alan sade deri kalemlik.', [
        'ofis',
        'ogretmenler-gunu',
      ]),
      r(
        'El Dikimi Deri Saat Kordonu',
        'kordon',
        690,
        '20 mm saatlere uyan, hızlı değiştirme pimli el dikimi kordon.',
        ['el-yapimi'],
      ),
      r(
        'Deri Bardak Altlığı Dörtlü Set',
        'deri-altlik',
        390,
        'Kalın deriden kesilmiş, kenarları perdahlanmış dört bardak altlığı.',
        ['ev-dekor'],
      ),
      r(
        'Deri Sırt Çantası – Siyah',
        'sirt-canta',
        89,
        'Laptop bölmeli, günlük kullanım için sade ve dayanıklı sırt çantası.',
        ['ofis'],
        { cur: 'USD' },
      ),
      r(
        'Deri Gözlük Kılıfı',
        'kilif',
        450,
        'Yumuşak deriden, gözlüğünüzü çizilmekten koruyan kılıf.',
        ['hediyelik'],
        { spec: { Ölçüler: '17 × 8 cm' } },
      ),
    ],
  ],
  [
    'kisiye-ozel-hediyeler',
    [
      r(
        'Kişiye Özel İsimli Deri Anahtarlık',
        'anahtarlik',
        349.9,
        'İstediğiniz ismin sıcak baskıyla işlendiği, taba deri anahtarlık.',
        ['hediyelik', 'sevgililer-gunu'],
        { pz: { fields: [isim(), tarih] } },
      ),
      r(
        'İsim Yazılı El Yapımı Kupa',
        'kupa',
        649.9,
        'Sevdiğiniz kişinin adını fırçayla sırın altına yazdığımız, tek tek üretilen kupa.',
        ['hediyelik', 'anneler-gunu'],
        { pz: { fields: [isim(), field('mesaj', 'Kısa Mesaj', 40, false)] } },
      ),
      r(
        'Fotoğraflı Seramik Tabak',
        'tabak',
        890,
        'Gönderdiğiniz fotoğrafın sır üstü baskıyla kalıcı hale geldiği 20 cm hatıra tabağı.',
        ['hediyelik', 'anneler-gunu'],
        {
          pz: { fields: [field('mesaj', 'Alt Yazı', 40, false)], allowImage: true, surcharge: 75 },
          spec: { Ölçüler: 'Ø 20 cm' },
        },
      ),
      r(
        'Baş Harfli Deri Kartlık',
        'kartlik',
        690,
        'Baş harflerinizin kabartma olarak basıldığı ince deri kartlık.',
        ['babalar-gunu'],
        { pz: { fields: [field('bas-harfler', 'Baş Harfler', 3, true)] } },
      ),
      r(
        'İsim İşlemeli Bebek Havlusu',
        'havlu',
        690,
        'Bebeğin adının nakışla işlendiği, kapüşonlu organik pamuk havlu.',
        ['cocuk', 'organik-pamuk'],
        {
          pz: { fields: [isim(), field('dogum-tarihi', 'Doğum Tarihi', 10, false)] },
          spec: { Malzeme: 'Organik pamuk %100', Ölçüler: '80 × 80 cm' },
        },
      ),
      r(
        'Kişiye Özel Ahşap Fotoğraf Çerçevesi',
        'cerceve',
        590,
        'Alt kısmına mesajınızın lazerle kazındığı, 13 × 18 cm fotoğraf için ceviz çerçeve.',
        ['hediyelik', 'sevgililer-gunu'],
        { pz: { fields: [field('mesaj', 'Mesaj', 30, true), tarih], allowImage: true, surcharge: 50 } },
      ),
      r(
        'İsimli Kolye – Gümüş',
        'kolye',
        45,
        'İstediğiniz ismin el yazısı formunda kesildiği 925 ayar gümüş kolye.',
        ['sevgililer-gunu', 'anneler-gunu'],
        { cur: 'EUR', pz: { fields: [isim(12)] } },
      ),
      r(
        'Kişiye Özel Deri Kapaklı Defter',
        'defter',
        590,
        'Kapağına isim ve tarih kazınan, yenilenebilir iç defterli deri defter.',
        ['ogretmenler-gunu', 'ofis'],
        { pz: { fields: [isim(), tarih] }, spec: { Malzeme: 'Deri kapak, 90 g/m² krem kâğıt' } },
      ),
      r(
        'Nakışlı İsimli Peştemal',
        'havlu',
        990,
        'Köşesine isim nakışı işlenen pamuklu peştemal; düğün ve bekârlığa veda hediyesi.',
        ['hediyelik', 'plaj'],
        { pz: { fields: [isim(15)] } },
      ),
      r(
        'Kişiye Özel Mesajlı Mum',
        'mum',
        449.9,
        'Cam kavanozunun etiketine mesajınızı yazdığımız soya mumu.',
        ['hediyelik', 'yilbasi'],
        { pz: { fields: [field('mesaj', 'Mesaj', 40, true), tarih] } },
      ),
      r(
        'Koordinatlı Kişiye Özel Bileklik',
        'bileklik',
        790,
        'Sizin için özel bir yerin koordinatlarının kazındığı pirinç plakalı örgü bileklik.',
        ['sevgililer-gunu'],
        {
          pz: { fields: [field('koordinat', 'Koordinat', 24, true)] },
          spec: { Malzeme: 'Pirinç plaka, pamuk ip' },
        },
      ),
      r(
        'İsimli Çocuk Önlüğü',
        'onluk',
        390,
        'Küçük şefler ve ressamlar için adı işlenmiş, su geçirmez astarlı önlük.',
        ['cocuk'],
        { pz: { fields: [isim(12)] }, spec: { Ölçüler: '45 × 55 cm (3–7 yaş)' } },
      ),
      r(
        'Kişiye Özel Baskılı Bez Çanta',
        'tote',
        349.9,
        'Kendi çiziminizi ya da yazınızı bastığımız organik pamuk bez çanta.',
        ['organik-pamuk', 'ogretmenler-gunu'],
        { pz: { fields: [field('metin', 'Metin', 30, false)], allowImage: true, surcharge: 30 } },
      ),
      r(
        'Tarihli Sevgililer Günü Kupa Seti',
        'kupa',
        1090,
        'İki isim ve özel tarihinizin yazıldığı, birbirini tamamlayan iki kupa.',
        ['sevgililer-gunu'],
        {
          pz: {
            fields: [
              field('isim-1', 'Birinci İsim', 15, true),
              field('isim-2', 'İkinci İsim', 15, true),
              tarih,
            ],
          },
          spec: { Adet: '2' },
        },
      ),
      r(
        'İsim Yazılı Ahşap Oyuncak Tren',
        'tren',
        790,
        'Her vagonunda bir harf olan, çocuğunuzun adını yazan ahşap tren.',
        ['cocuk', 'yilbasi'],
        { pz: { fields: [isim(10)] } },
      ),
    ],
  ],
  [
    'e-kitaplar',
    [
      r(
        'Evde Seramik Rehberi (E-Kitap)',
        'ebook',
        149.9,
        'Fırın olmadan evde çalışabileceğiniz teknikleri adım adım anlatan 140 sayfalık rehber.',
        ['dijital', 'kitap-kurdu'],
      ),
      r(
        'Doğal Boya ile Kumaş Boyama (E-Kitap)',
        'ebook',
        129.9,
        'Soğan kabuğundan cevize, mutfaktaki malzemelerle kumaş boyamanın inceliklerini anlatır.',
        ['dijital', 'dogal'],
        { spec: { 'Sayfa Sayısı': '112' } },
      ),
      r(
        'Deri İşçiliğine Giriş (E-Kitap)',
        'ebook',
        189.9,
        'Alet seçiminden el dikişine, ilk cüzdanınızı yapana kadar yanınızda olacak başlangıç kitabı.',
        ['dijital'],
        { spec: { 'Sayfa Sayısı': '176' } },
      ),
      r(
        'Kadıköy’ün Zanaatkârları (E-Kitap)',
        'ebook',
        99.9,
        'Moda’dan Yeldeğirmeni’ne, semtin ustalarıyla yapılmış söyleşiler ve atölye fotoğrafları.',
        ['dijital', 'istanbul'],
        { spec: { 'Sayfa Sayısı': '96' } },
      ),
    ],
  ],
  [
    'dijital-urunler',
    [
      r(
        'Çini Motifleri Dijital Çizim Şablonu',
        'sablon',
        19,
        'Procreate ve Photoshop için 40 çini motifi ve fırça seti.',
        ['dijital', 'geleneksel'],
        { cur: 'USD', spec: { 'Dosya Biçimi': 'PNG, Procreate (.brushset), ABR' } },
      ),
      r(
        'Ebru Desenli Dijital Kâğıt Paketi',
        'sablon',
        15,
        'Davetiye ve ambalaj tasarımlarında kullanabileceğiniz 24 yüksek çözünürlüklü ebru deseni.',
        ['dijital'],
        { cur: 'USD', spec: { 'Dosya Biçimi': 'JPG, PNG' } },
      ),
      r(
        'Haftalık Planlayıcı PDF Şablonu',
        'sablon',
        119.9,
        'Tabletinizde ya da çıktı alarak kullanabileceğiniz, bağlantılı haftalık planlayıcı.',
        ['dijital', 'ofis'],
        { spec: { 'Dosya Biçimi': 'PDF (A4 ve A5)' } },
      ),
      r(
        'Amigurumi Ayıcık Tarifi (PDF)',
        'sablon',
        99.9,
        'Fotoğraflı anlatımla, tığ işi ayıcık yapımı için ayrıntılı tarif.',
        ['dijital', 'cocuk'],
        { spec: { 'Dosya Biçimi': 'PDF', 'Sayfa Sayısı': '18' } },
      ),
    ],
  ],
  [
    'online-atolyeler',
    [
      r(
        'Online Atölye Kaydı: Çömlek Çarkına Giriş',
        'atolye',
        1250,
        'Canlı yayında çark başında ilk formlarınızı çektiğiniz dört haftalık online atölye.',
        ['dijital'],
        { stock: 12, spec: { Süre: '4 oturum × 90 dakika', Kontenjan: '12 kişi' } },
      ),
      r(
        'Online Atölye Kaydı: Makrome Duvar Süsü',
        'atolye',
        790,
        'Malzeme listesiyle birlikte, tek oturumda kendi makrome duvar süsünüzü örüyorsunuz.',
        ['dijital', 'ev-dekor'],
        { stock: 0, spec: { Süre: '1 oturum × 150 dakika', Kontenjan: '10 kişi' } },
      ),
      r(
        'Online Atölye Kaydı: Kaligrafiye Başlangıç',
        'atolye',
        690,
        'Kamış kalemden fırça kaleme, temel harf formlarını öğrendiğiniz iki oturumluk atölye.',
        ['dijital', 'ofis'],
        { stock: 20, spec: { Kontenjan: '20 kişi' } },
      ),
      r(
        'Online Atölye Kaydı: Doğal Sabun Yapımı',
        'atolye',
        35,
        'Soğuk işlem yöntemiyle zeytinyağlı sabun yapımını uygulamalı olarak öğrenin.',
        ['dijital', 'dogal'],
        { cur: 'EUR', stock: 15, spec: { Kontenjan: '15 kişi' } },
      ),
    ],
  ],
  [
    'ev-dekorasyonu',
    [
      r(
        'Makrome Duvar Süsü – Ekru',
        'makrome',
        690,
        'Pamuk iplerle elde düğümlenmiş, ceviz çubuğa asılı bohem duvar süsü.',
        ['el-yapimi', 'ev-dekor'],
      ),
      r(
        'Seramik Kedi Kitaplık Süsü',
        'kedi',
        389.9,
        'Kitapların arasında uyuklayan, elle sırlanmış küçük seramik kedi.',
        ['kitap-kurdu', 'ev-dekor'],
      ),
      r(
        'İstanbul Martısı Kitaplık Süsü',
        'marti',
        429.9,
        'Vapur seferlerinin vazgeçilmez yol arkadaşı martının seramik heykelciği.',
        ['istanbul', 'kitap-kurdu'],
      ),
      r(
        'Hasır Çerçeveli Duvar Aynası',
        'ayna',
        32,
        'Elde örülmüş, güneş formlu hasır çerçevesiyle 40 cm yuvarlak ayna.',
        ['ev-dekor'],
        { cur: 'EUR' },
      ),
      r(
        'Ceviz Ahşap Fotoğraf Çerçevesi',
        'cerceve',
        449.9,
        'Masif cevizden, 13 × 18 cm fotoğraflar için masaüstü çerçeve.',
        ['ev-dekor', 'hediyelik'],
      ),
      r(
        'El Yapımı Terrakota Saksı',
        'saksi',
        349.9,
        'Drenaj delikli, altlığıyla birlikte gelen sırsız terrakota saksı.',
        ['dogal', 'ev-dekor'],
        { opts: { Boyut: BOYUT } },
      ),
      r(
        'Seramik Asma Saksı – Beyaz',
        'saksi-asma',
        490,
        'Jüt ipli askısıyla sarmaşıklar ve kaktüsler için beyaz seramik saksı.',
        ['ev-dekor'],
      ),
      r(
        'Rattan Örgü Sepet',
        'sepet',
        790,
        'Battaniyeler, oyuncaklar ya da bitkiler için kulplu rattan sepet.',
        ['dogal', 'surdurulebilir'],
      ),
      r(
        'Pirinç Şamdan İkili Set',
        'samdan',
        15,
        'Zamanla patinalanan dökme pirinçten iki klasik şamdan.',
        ['ev-dekor', 'yilbasi'],
        { cur: 'EUR' },
      ),
      r(
        'Cam Fanus Teraryum',
        'teraryum',
        890,
        'Sukulent ve yosunlarla hazırlanmış, ahşap tabanlı cam fanus.',
        ['dogal', 'ev-dekor'],
      ),
      r(
        'Nazar Boncuğu Duvar Süsü',
        'nazar',
        290,
        'Cam ustalarının üflediği büyük nazar boncuğu, makrome askısıyla.',
        ['geleneksel', 'ev-dekor'],
      ),
      r(
        'Kilim Desenli Duvar Halısı',
        'kilim',
        59,
        'Yün ipliklerle tezgâhta dokunmuş, saçaklı küçük duvar kilimi.',
        ['geleneksel', 'el-yapimi'],
        { cur: 'USD' },
      ),
      r(
        'El Yapımı Seramik Tütsülük',
        'tutsuluk',
        259.9,
        'Çubuk tütsüler için küllük görevi de gören, hilal formlu seramik tütsülük.',
        ['ev-dekor'],
      ),
    ],
  ],
  [
    'taki',
    [
      r(
        'Telkari Gümüş Kolye – Lale',
        'kolye',
        55,
        'Mardinli ustaların telkari tekniğiyle işlediği, lale motifli gümüş kolye.',
        ['geleneksel', 'anneler-gunu'],
        { cur: 'EUR', spec: { 'Üretim Yeri': 'Mardin' } },
      ),
      r(
        'Nazar Boncuklu Bileklik',
        'bileklik',
        290,
        'Ayarlanabilir ipli, küçük cam nazar boncuklu bileklik.',
        ['geleneksel', 'hediyelik'],
      ),
      r(
        'Minimal Altın Kaplama Küpe',
        'kupe',
        590,
        'Gümüş üzerine altın kaplama, günlük kullanıma uygun minimal damla küpe.',
        ['hediyelik'],
        { spec: { Malzeme: '925 ayar gümüş, 14 ayar altın kaplama' } },
      ),
      r(
        'Turkuaz Taşlı Gümüş Yüzük',
        'yuzuk',
        890,
        'Doğal turkuaz taşı el işi gümüş yuvaya oturtulmuş yüzük.',
        ['dogal'],
        { opts: { Ölçü: ['14', '16', '18'] } },
      ),
      r(
        'Seramik Boncuk Kolye – Hardal',
        'kolye',
        390,
        'Atölyemizde tek tek şekillendirilen seramik boncuklardan kolye.',
        ['el-yapimi'],
        { spec: { Malzeme: 'Seramik boncuk, pamuk ip', 'Zincir Uzunluğu': '50 cm' } },
      ),
      r(
        'Gümüş Hilal Kolye',
        'kolye',
        39,
        'İnce zincirli, zarif hilal uçlu 925 ayar gümüş kolye.',
        ['hediyelik', 'sevgililer-gunu'],
        { cur: 'EUR' },
      ),
      r(
        'İnci Damla Küpe',
        'kupe',
        29,
        'Tatlı su incisi ve gümüş kancadan oluşan sade küpe.',
        ['anneler-gunu'],
        { cur: 'EUR', spec: { Malzeme: '925 ayar gümüş, tatlı su incisi' } },
      ),
      r(
        'Örgü Deri Bileklik',
        'bileklik',
        349.9,
        'Üç şerit deriden örülmüş, mıknatıslı kilitli bileklik.',
        ['babalar-gunu'],
        { opts: { Renk: ['Taba', 'Siyah'] }, spec: { Malzeme: 'Dana derisi, mıknatıslı çelik kilit' } },
      ),
      r(
        'Pirinç Halka Küpe',
        'kupe',
        450,
        'Çekiçle dövülerek dokulandırılmış, hafif pirinç halka küpe.',
        ['el-yapimi'],
        { spec: { Malzeme: 'Pirinç, gümüş kanca', Uzunluk: 'Ø 3,5 cm' } },
      ),
      r(
        'Renkli Cam Boncuk Bileklik Seti',
        'bileklik',
        259.9,
        'Üç farklı renkte, esnek ipli cam boncuk bileklikler.',
        ['cocuk', 'hediyelik'],
        { spec: { Adet: '3' } },
      ),
      r(
        'Zincir Kolye',
        'kolye',
        690,
        'Katmanlı kombinler için ince ve dayanıklı zincir kolye.',
        ['hediyelik'],
        { opts: { Renk: ['Altın', 'Gümüş'] }, spec: { Malzeme: '925 ayar gümüş / 14 ayar altın kaplama' } },
      ),
    ],
  ],
  [
    'mum-ve-kokular',
    [
      r(
        'Soya Mumu – Lavanta ve Adaçayı',
        'mum',
        349.9,
        'Isparta lavantası ve adaçayı esanslı, pamuk fitilli 200 g soya mumu.',
        ['dogal', 'anneler-gunu'],
      ),
      r(
        'Seramik Kaseli Kokulu Mum',
        'mum-kase',
        449.9,
        'Mum bittiğinde kase olarak kullanabileceğiniz el yapımı seramik kapta soya mumu.',
        ['el-yapimi', 'hediyelik'],
        { opts: { Koku: ['Lavanta', 'Sandal Ağacı', 'İncir', 'Portakal Çiçeği'] } },
      ),
      r(
        'Bal Mumu Sütun Mum İkili Set',
        'mum-sutun',
        289.9,
        'Saf bal mumundan dökülen, hafif bal kokulu iki sütun mum.',
        ['dogal'],
      ),
      r(
        'Çubuklu Oda Kokusu – İncir',
        'difuzor',
        549.9,
        'Taze incir yaprağı notalı, 100 ml cam şişede çubuklu oda kokusu.',
        ['ev-dekor'],
      ),
      r(
        'Zeytinyağlı Doğal Sabun Üçlü Set',
        'sabun',
        249.9,
        'Ayvalık zeytinyağıyla soğuk işlem yöntemiyle yapılmış üç sabun.',
        ['dogal', 'banyo'],
        { spec: { Ağırlık: '3 × 110 g', 'Üretim Yeri': 'Ayvalık' } },
      ),
      r(
        'Defne Sabunu – Antakya',
        'sabun',
        129.9,
        'Antakya usulü, yüzde yirmi defne yağlı geleneksel sabun.',
        ['dogal', 'geleneksel'],
        { spec: { İçerik: 'Zeytinyağı, %20 defne yağı, su, sodyum hidroksit', 'Üretim Yeri': 'Antakya' } },
      ),
      r(
        'Seyahat Boy Mum – Kahve',
        'mum-teneke',
        189.9,
        'Kahve çekirdeği ve vanilya notalı, kapaklı tenekede küçük mum.',
        ['kahve-keyfi'],
      ),
      r(
        'Oda Spreyi – Portakal Çiçeği',
        'sprey',
        299.9,
        'Portakal çiçeği ferahlığını odanıza yayan, alkol bazlı oda spreyi.',
        ['ev-dekor'],
      ),
      r(
        'Kehribar Kavanoz Mum – Sedir',
        'mum',
        24,
        'Sedir ağacı ve tütün notalı, kehribar cam kavanozda soya mumu.',
        ['yilbasi'],
        { cur: 'USD' },
      ),
      r(
        'Lavanta Kesesi Üçlü Set',
        'kese',
        199.9,
        'Dolap ve çekmeceler için kurutulmuş lavanta dolu üç keten kese.',
        ['dogal'],
        { spec: { 'Üretim Yeri': 'Isparta' } },
      ),
    ],
  ],
  [
    'oyuncak',
    [
      r(
        'Amigurumi Ayıcık – Hardal',
        'ayi',
        590,
        'Organik pamuk iple tığla örülmüş, sarılmalık amigurumi ayıcık.',
        ['cocuk', 'el-yapimi'],
      ),
      r(
        'El Örgüsü Tavşan Oyuncak',
        'tavsan',
        620,
        'Uzun kulakları ve yumuşacık dokusuyla uyku arkadaşı örgü tavşan.',
        ['cocuk', 'el-yapimi'],
      ),
      r(
        'Ahşap Oyuncak Araba',
        'araba',
        390,
        'Kayın ağacından, yuvarlatılmış kenarlı ve su bazlı boyalı oyuncak araba.',
        ['cocuk', 'surdurulebilir'],
      ),
      r(
        'Ahşap Şekil Ayırma Yapbozu',
        'yapboz',
        349.9,
        'Daire, üçgen ve yıldızlarla el-göz koordinasyonunu geliştiren yapboz.',
        ['cocuk'],
      ),
      r(
        'Keçe Bulut Dönence',
        'mobil',
        490,
        'Beşik üzerine asılan, yumuşak keçe bulutlu ve yıldızlı dönence.',
        ['cocuk'],
      ),
      r(
        'Organik Pamuk Bez Bebek',
        'bebek',
        690,
        'Örgü saçlı, çıkarılabilir elbiseli organik pamuk bez bebek.',
        ['cocuk', 'organik-pamuk'],
        { opts: { Renk: ['Kırmızı', 'Hardal', 'Lacivert'] } },
      ),
      r(
        'Ahşap İstif Oyunu – Gökkuşağı',
        'gokkusagi',
        690,
        'Birbirine geçen yedi kemerden oluşan, hayal gücünü açan ahşap gökkuşağı.',
        ['cocuk', 'yilbasi'],
      ),
      r(
        'Ahşap Tren Seti',
        'tren',
        45,
        'Lokomotif ve üç vagonlu, mıknatısla birbirine bağlanan ahşap tren.',
        ['cocuk'],
        { cur: 'USD' },
      ),
      r('Örgü Fil Çıngırak', 'fil', 320, 'Bebek elleri için hafif, içinde çıngırağı olan örgü fil.', [
        'cocuk',
        'organik-pamuk',
      ]),
    ],
  ],
];

// ---------------------------------------------------------------------------------------------------------
// Derivation

/** FNV-1a hash of a string (32-bit). */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
function shuffle<T>(rand: () => number, list: readonly T[]): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const between = (rand: () => number, min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

/** A shelf price: …9,90 for TRY above 100 TL, …,90 for USD/EUR. */
function shelfPrice(minor: number, currency: Currency): number {
  if (currency === 'TRY') {
    if (minor < 10_000) return Math.max(990, Math.round(minor / 1000) * 1000 - 10);
    return Math.round(minor / 1000) * 1000 - 10;
  }
  return Math.max(90, Math.round(minor / 100) * 100 - 10);
}

/** A round cost price: whole lira (or whole unit). */
const roundPrice = (minor: number) => Math.max(100, Math.round(minor / 100) * 100);

const SKU_PREFIX: Record<string, string> = {
  seramik: 'SER',
  tekstil: 'TEK',
  kirtasiye: 'KIR',
  deri: 'DER',
  'kisiye-ozel-hediyeler': 'KOZ',
  'dijital-urunler': 'DIJ',
  'ev-dekorasyonu': 'DEK',
  taki: 'TAK',
  'mum-ve-kokular': 'MUM',
  oyuncak: 'OYU',
};

export const COLOR_SUFFIXES = new Set([
  'Ege Mavisi',
  'Terrakota',
  'Zeytin Yeşili',
  'Fildişi',
  'Adaçayı',
  'Hardal',
  'Lacivert',
  'Turkuaz',
  'Kırmızı',
  'Ekru',
  'Bordo',
  'Taba',
  'Kahverengi',
  'Siyah',
  'Beyaz',
  'Lavanta',
]);

const PLACES = ['Kütahya', 'Buldan', 'Denizli', 'Antakya', 'Ayvalık', 'Isparta', 'Mardin', 'İstanbul'];

function topCategory(slug: string): string {
  const cat = demoCategories.find((c) => c.slug === slug);
  if (!cat) throw new Error(`Unknown demo category ${slug}`);
  return cat.parent ? topCategory(cat.parent) : cat.slug;
}

function vatFor(kind: Kind): 0 | 10 | 20 {
  const family = kinds[kind].family;
  if (kind === 'kitap' || kind === 'ebook') return 0;
  if (family === 'ev-tekstili' || family === 'giyim') return 10;
  if (family === 'deri' && kind !== 'deri-altlik') return 10;
  return 20;
}

function optionCode(value: string): string {
  return slugify(value).replace(/-/g, '').slice(0, 3).toUpperCase();
}

function cartesian(groups: { name: string; values: string[] }[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const group of groups) {
    combos = combos.flatMap((combo) => group.values.map((value) => ({ ...combo, [group.name]: value })));
  }
  return combos;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function buildProduct(row: Row, categorySlug: string, index: number, sku: string): DemoProduct {
  const slug = slugify(row.name);
  const rand = prng(hash(slug));
  const info: KindInfo = kinds[row.kind];
  const family = families[info.family];
  const currency: Currency = row.cur ?? 'TRY';
  const stockType: DemoProduct['stockType'] = row.opts ? 2 : row.pz ? 3 : info.family === 'dijital' ? 4 : 1;

  // Prices: purchase < wholesale < sale < instalment, market price above sale for "discounted" products.
  const sale = Math.round(row.price * 100);
  const prices: DemoPrice[] = [
    { type: 1, amount: roundPrice(sale * (0.4 + rand() * 0.16)), currency },
    { type: 2, amount: sale, currency },
  ];
  const hasMarket = (index * 37 + 7) % 100 < 30;
  const hasInstalment = (index * 53 + 11) % 100 < 40;
  const hasWholesale = stockType !== 4 && (index * 71 + 29) % 100 < 32;
  if (hasMarket) {
    let market = shelfPrice(sale * (1.15 + rand() * 0.25), currency);
    if (market <= sale) market = sale + (currency === 'TRY' ? 5000 : 500);
    prices.push({ type: 3, amount: market, currency });
  }
  if (hasInstalment) {
    let instalment = shelfPrice(sale * (1.05 + rand() * 0.05), currency);
    if (instalment <= sale) instalment = sale + (currency === 'TRY' ? 1000 : 100);
    prices.push({ type: 4, amount: instalment, currency });
  }
  if (hasWholesale) prices.push({ type: 5, amount: roundPrice(sale * (0.78 + rand() * 0.08)), currency });

  // Stock: about 10 % sold out, a few with 1–3 left.
  const soldOut = index % 10 === 6;
  const lowStock = !soldOut && index % 11 === 2;
  const baseStock = () => (soldOut ? 0 : lowStock ? between(rand, 1, 3) : between(rand, 4, 60));

  let stock: number | null;
  let optionGroups: DemoProduct['optionGroups'];
  let variants: DemoVariant[] | undefined;
  if (row.opts) {
    optionGroups = Object.entries(row.opts).map(([name, values]) => ({ name, values }));
    const combos = cartesian(optionGroups);
    // Most products miss one or two combinations (not produced); small option sets are kept whole more often.
    const drop = new Set<number>();
    const dropCount = combos.length >= 6 ? between(rand, 1, 2) : combos.length >= 3 && rand() < 0.5 ? 1 : 0;
    while (drop.size < dropCount) drop.add(between(rand, 1, combos.length - 1));
    variants = combos
      .filter((_, i) => !drop.has(i))
      .map((options) => {
        const values = Object.values(options);
        const variantStock = soldOut
          ? 0
          : lowStock
            ? between(rand, 0, 2)
            : rand() < 0.15
              ? 0
              : between(rand, 2, 25);
        const variant: DemoVariant = {
          sku: `${sku}-${values.map(optionCode).join('-')}`,
          options,
          stock: variantStock,
        };
        // A colour is seen: the gallery shows the chosen colour's own picture.
        if (options.Renk) variant.image = variantImage(slug, options.Renk);
        const premium = values.includes('Büyük') ? 1.25 : values.includes('XL') ? 1.1 : 1;
        if (premium > 1) {
          variant.prices = prices.map((p) => ({
            ...p,
            amount:
              p.type === 1 || p.type === 5
                ? roundPrice(p.amount * premium)
                : shelfPrice(p.amount * premium, currency),
          }));
        }
        return variant;
      });
    stock = variants.reduce((sum, v) => sum + v.stock, 0);
  } else if (stockType === 4) {
    stock = row.stock === undefined ? null : row.stock;
  } else {
    stock = baseStock();
  }

  // Age: about one in twelve products is from the last two weeks ("Yeni").
  const daysAgo = index % 12 === 5 ? between(rand, 0, 13) : between(rand, 15, 420);

  // Tags: the row's own, then derived ones, at most four.
  const tags = [...row.tags];
  const addTag = (tag: string) => {
    if (tags.length < 4 && !tags.includes(tag)) tags.push(tag);
  };
  if (stockType === 3) tags.unshift('kisiye-ozel');
  if (hasMarket) addTag('indirimli');
  if (daysAgo < 14) addTag('yeni');
  if (stockType === 4) addTag('dijital');
  tags.splice(4);

  // Specifications: kind defaults, colour from the name, place of production, short care note, overrides.
  const specMap = new Map<string, string>(info.specs);
  const suffix = row.name.split(' – ')[1];
  if (suffix && COLOR_SUFFIXES.has(suffix) && !specMap.has('Renk')) specMap.set('Renk', suffix);
  if (info.family !== 'dijital') {
    const place = PLACES.find((p) => row.name.includes(p));
    specMap.set(
      'Üretim Yeri',
      place === 'Buldan'
        ? 'Buldan, Denizli'
        : (place ??
            (info.family === 'seramik' && /Çini/.test(row.name) ? 'Kütahya' : pick(rand, family.origins))),
    );
    const careShort = info.careShort ?? family.careShort;
    if (careShort && specMap.size < 5) specMap.set('Bakım', careShort);
  }
  for (const [key, value] of Object.entries(row.spec ?? {})) specMap.set(key, value);
  const specifications = [...specMap].slice(0, 6).map(([key, value]) => ({ key, value }));

  // Description: short text, about the making, features, options/personalization, care or delivery.
  const material = specMap.get('Malzeme');
  const generic = shuffle(rand, family.features);
  const features = [
    ...(material ? [`<strong>Malzeme:</strong> ${escapeHtml(material)}`] : []),
    ...(info.features ?? []),
    ...generic,
  ].slice(0, 4);
  const parts = [
    `<p>${escapeHtml(row.short)}</p>`,
    `<p>${info.about ?? pick(rand, family.about)}</p>`,
    '<h3>Öne Çıkan Özellikler</h3>',
    `<ul>${features.map((f) => `<li>${f}</li>`).join('')}</ul>`,
  ];
  if (optionGroups) {
    const list = optionGroups.map((g) => `<strong>${g.name}:</strong> ${g.values.join(', ')}`).join(' · ');
    parts.push(
      `<p>${list}. Tükenen seçenekler ürün sayfasında seçilemez; yenisi üretildiğinde tekrar satışa açılır.</p>`,
    );
  }
  if (row.pz) {
    const labels = row.pz.fields.map(
      (f) =>
        `<strong>${f.label}</strong> (en fazla ${f.maxLength} karakter${f.required ? '' : ', isteğe bağlı'})`,
    );
    const fieldText =
      labels.length > 1
        ? `${labels.slice(0, -1).join(', ')} ve ${labels.at(-1)} bilgilerini`
        : `${labels[0]} bilgisini`;
    parts.push(
      '<h3>Kişiselleştirme</h3>',
      `<p>Sipariş verirken ${fieldText} yazmanız yeterli.${row.pz.allowImage ? ' Dilerseniz bir fotoğraf ya da çizim de yükleyebilirsiniz.' : ''} Kişiye özel ürünler 3–5 iş gününde hazırlanır ve kişiselleştirildikleri için iade kapsamı dışındadır.</p>`,
    );
  }
  parts.push(
    info.family === 'dijital' ? '<h3>Teslimat</h3>' : '<h3>Bakım</h3>',
    `<p>${info.care ?? family.care}</p>`,
  );

  // Images: 1–4, most products three or four.
  const roll = rand();
  const imageCount = roll < 0.1 ? 1 : roll < 0.3 ? 2 : roll < 0.7 ? 3 : 4;

  const product: DemoProduct = {
    slug,
    sku,
    name: row.name,
    category: categorySlug,
    stockType,
    vatRate: vatFor(row.kind),
    stock,
    shortDescription: row.short,
    description: parts.join('\n'),
    prices,
    tags,
    specifications,
    imageCount,
    daysAgo,
  };
  if (optionGroups) product.optionGroups = optionGroups;
  if (variants) product.variants = variants;
  if (row.pz) {
    product.personalization = {
      fields: row.pz.fields,
      allowImage: row.pz.allowImage ?? false,
      surchargeMinor: Math.round((row.pz.surcharge ?? 0) * 100),
    };
  }
  return product;
}

/** Where the demo draws the picture of a product in one colour. */
export function variantImage(productSlug: string, colour: string): string {
  return `catalog/products/${productSlug}-renk-${slugify(colour)}.webp`;
}

/** Product kind per slug (mug, plate, towel…), used to draw the demo images. */
export const demoProductKinds: Record<string, string> = {};

function buildProducts(): DemoProduct[] {
  const counters = new Map<string, number>();
  const products: DemoProduct[] = [];
  let index = 0;
  for (const [categorySlug, categoryRows] of rows) {
    const prefix = SKU_PREFIX[topCategory(categorySlug)]!;
    for (const row of categoryRows) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      const product = buildProduct(row, categorySlug, index++, `VA-${prefix}-${String(n).padStart(4, '0')}`);
      demoProductKinds[product.slug] = row.kind;
      products.push(product);
    }
  }
  return products;
}

export const demoProducts: DemoProduct[] = buildProducts();

// A category's picture is the first picture of a product it sells, so a home tile shows what the category
// is about rather than a drawing that could show anything: the first product of its first subcategory (a
// mug for Seramik, a towel for Tekstil), else its own first.
for (const c of demoCategories) {
  const sub = demoCategories.find((d) => d.parent === c.slug)?.slug;
  const first =
    (sub && demoProducts.find((p) => p.category === sub || isBelow(p.category, sub))) ??
    demoProducts.find((p) => p.category === c.slug || isBelow(p.category, c.slug));
  if (!first) throw new Error(`Demo category ${c.slug} has no products`);
  c.image = `catalog/products/${first.slug}-1.webp`;
}

function isBelow(slug: string, ancestor: string): boolean {
  const parent = demoCategories.find((c) => c.slug === slug)?.parent;
  return parent !== undefined && (parent === ancestor || isBelow(parent, ancestor));
}
