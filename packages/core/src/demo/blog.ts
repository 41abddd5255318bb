import { readingMinutes } from '../blog/reading-time.ts';
import { sanitizeRichText } from '../content/sanitize.ts';
import type { Db } from '../db/client.ts';
import { blogCategories, blogPosts, blogPostTags, blogTags } from '../db/schema.ts';

/**
 * The demo shop's blog: posts from the workshop about its crafts. Bodies are written as sections here and
 * turned into HTML (h2, p, ul) at seed time; cover pictures are drawn by `blog-images.ts`.
 */

export const demoBlogCategories = [
  { slug: 'seramik', name: 'Seramik' },
  { slug: 'tekstil', name: 'Tekstil' },
  { slug: 'deri', name: 'Deri' },
  { slug: 'kirtasiye-ve-hediye', name: 'Kırtasiye ve Hediye' },
  { slug: 'atolye-gunlugu', name: 'Atölye Günlüğü' },
] as const;

export const demoBlogTags = [
  { slug: 'el-yapimi', name: 'El yapımı' },
  { slug: 'bakim-rehberi', name: 'Bakım rehberi' },
  { slug: 'kisiye-ozel', name: 'Kişiye özel' },
  { slug: 'hediye-fikirleri', name: 'Hediye fikirleri' },
  { slug: 'dogal-boya', name: 'Doğal boya' },
  { slug: 'surdurulebilirlik', name: 'Sürdürülebilirlik' },
  { slug: 'firin-gunleri', name: 'Fırın günleri' },
  { slug: 'yerel-uretim', name: 'Yerel üretim' },
] as const;

type CategorySlug = (typeof demoBlogCategories)[number]['slug'];
type TagSlug = (typeof demoBlogTags)[number]['slug'];

interface Section {
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: CategorySlug;
  tags: TagSlug[];
  daysAgo: number;
  /** The illustration on the cover (a demo product kind, see `catalog-images.ts`) and its colour. */
  motif: string;
  colour: string;
  intro: string;
  sections: Section[];
  /** The closing paragraph. */
  outro: string;
}

export const demoBlogPosts: DemoBlogPost[] = [
  {
    slug: 'camurdan-kupaya-bir-kupanin-yolculugu',
    title: 'Çamurdan kupaya: bir kupanın yolculuğu',
    excerpt:
      'Çarkta şekillenen bir topak çamurun, sabah kahvenizi içtiğiniz kupaya dönüşene kadar geçtiği on dört günü anlattık.',
    author: 'Elif Yıldız',
    category: 'seramik',
    tags: ['el-yapimi', 'firin-gunleri'],
    daysAgo: 3,
    motif: 'kupa',
    colour: 'Terrakota',
    outro:
      'Bir dahaki sefere kupanızı elinize aldığınızda tabanına bir göz atın: orada, çarkın bıraktığı ince spiral izleri ve atölyemizin küçük mührünü göreceksiniz. Bu iz, kupanın makinede değil, bir insanın elinde şekillendiğinin en sade kanıtı. Atölyemizi ziyaret etmek isterseniz cumartesi sabahları kapımız açık; çarkın başında bir kupanın doğuşunu kendi gözlerinizle izleyebilir, hatta ilk çamurunuzu kendiniz merkezlemeyi deneyebilirsiniz.',
    intro:
      'Atölyemizde en çok sorulan soru şu: “Bir kupa kaç günde hazır oluyor?” Cevap çoğu kişiyi şaşırtıyor, çünkü çarkta geçen süre yalnızca on beş dakika. Geri kalan on dört gün, çamurun kurumasını, fırını ve sabrı beklemekle geçiyor. Bu yazıda bir kupanın atölyedeki yolculuğunu adım adım anlatıyoruz.',
    sections: [
      {
        heading: 'Çamuru hazırlamak',
        paragraphs: [
          'Her şey çamuru yoğurmakla başlıyor. Torbadan çıkan çamurun içinde hava kabarcıkları kalırsa fırında çatlama riski artar. Bu yüzden her topağı en az yüz kez, koç başı denen yöntemle yoğuruyoruz. Yoğurma aynı zamanda çamurun nemini eşitliyor; çarkta dengeli dönen bir topak, duvarları eşit kalınlıkta bir kupa demek.',
          'Kullandığımız çamur, Kütahya’dan gelen yüksek ısı stoneware karışımı. Bulaşık makinesine dayanıklı, sağlam ve dokunduğunuzda hafif pürüzlü bir yüzey veriyor.',
        ],
      },
      {
        heading: 'Çarkta şekillendirme ve kurutma',
        paragraphs: [
          'Çamur çarkın ortasına oturtulduktan sonra önce merkezleniyor, sonra açılıyor ve duvarlar yukarı çekiliyor. Kupanın kulpu ayrı olarak elde çekiliyor ve gövde deri sertliğine geldiğinde yapıştırılıyor. Bu aşamada acele etmek en sık yapılan hata: gövde fazla ıslakken takılan kulp, kurudukça gövdeden ayrılıyor.',
          'Kupalar daha sonra naylonla örtülü raflarda yavaş yavaş kuruyor. Yavaş kuruma, kulp ile gövdenin aynı hızda su kaybetmesini sağlıyor.',
        ],
      },
      {
        heading: 'İki fırın, bir sır',
        paragraphs: [
          'Tamamen kuruyan kupalar önce 900 derecede bisküvi pişirimine giriyor. Ardından sırlanıyor ve ikinci kez, bu kez 1240 dereceye kadar pişiriliyor. Fırının soğuması bile bir gün sürüyor; kapağı erken açmak, ısı şoku yüzünden sırın çatlamasına yol açabiliyor.',
        ],
        list: [
          'Yoğurma ve şekillendirme: 1 gün',
          'Kuruma: 7-9 gün, havaya göre değişiyor',
          'Bisküvi pişirimi ve soğuma: 2 gün',
          'Sırlama, sır pişirimi ve kalite kontrol: 3 gün',
        ],
      },
      {
        heading: 'Elinize ulaşmadan önce',
        paragraphs: [
          'Fırından çıkan her kupanın tabanını zımparalıyor, sır akıntılarını kontrol ediyor ve suyla doldurup sızıntı testi yapıyoruz. Küçük bir sır kabarcığı bile varsa o kupa atölye rafında kalıyor ve bizim çay saatlerimize eşlik ediyor. Size ulaşan kupa, bu yolculuğun sonunda elimizden geçen en iyi parçalardan biri oluyor.',
        ],
      },
    ],
  },
  {
    slug: 'sirli-seramiklerin-bakimi',
    title: 'Sırlı seramiklerinizi yıllarca kullanmak için bakım önerileri',
    excerpt:
      'Bulaşık makinesi, mikrodalga ve ani sıcaklık değişimleri: el yapımı seramiklerinizi uzun yıllar kullanmanın küçük sırları.',
    author: 'Elif Yıldız',
    category: 'seramik',
    tags: ['bakim-rehberi', 'el-yapimi'],
    daysAgo: 12,
    motif: 'tabak',
    colour: 'Lacivert',
    outro:
      'Son olarak, seramiklerinizi dolapta üst üste koyarken aralarına ince bir keçe ya da kâğıt peçete yerleştirmenizi öneriyoruz. Bu küçük önlem, sırlı yüzeylerin birbirini çizmesini engelliyor ve özellikle mat sırlı tabaklarda fark yaratıyor. Bakımla ilgili aklınıza takılan başka bir soru olursa bize yazmaktan çekinmeyin; her mesajı atölyeden biri okuyup yanıtlıyor ve sık gelen soruları bu yazıya eklemeye devam ediyoruz.',
    intro:
      'El yapımı seramikler vitrinde durmak için değil, her gün kullanılmak için üretiliyor. Yine de birkaç basit alışkanlık, tabak ve kaselerinizin ilk günkü parlaklığını yıllarca korumasını sağlıyor. Atölyemize en sık gelen soruları bu yazıda topladık.',
    sections: [
      {
        heading: 'Bulaşık makinesi ve mikrodalga',
        paragraphs: [
          'Yüksek ısıda pişirilen stoneware ürünlerimizin tamamı bulaşık makinesine ve mikrodalgaya uygun. Yine de altın ya da gümüş yaldızlı parçalarda mikrodalga kullanmamanızı rica ediyoruz; metal içerikli süslemeler kıvılcım çıkarabilir ve yaldız zamanla solabilir.',
          'Makinede yıkarken seramiklerin birbirine değmemesine dikkat edin. Sır sert bir yüzeydir ama kenarlar darbeye karşı hassastır; en çok kırılma makinenin sepetinde, tabaklar birbirine çarptığında yaşanır.',
        ],
      },
      {
        heading: 'Ani sıcaklık değişimlerinden kaçının',
        paragraphs: [
          'Buzdolabından çıkan bir kaseyi doğrudan sıcak fırına koymak ya da kaynar suyu buz gibi bir kupaya dökmek ısı şokuna yol açabilir. Seramik ısındıkça genleşir; bir yüzü sıcak, öbür yüzü soğuk kaldığında oluşan gerilim kılcal çatlaklar bırakır. Fırında kullanacağınız parçaları oda sıcaklığına getirmeniz yeterli.',
        ],
      },
      {
        heading: 'Lekeler ve çizikler',
        paragraphs: [
          'Mat sırlı yüzeylerde çatal bıçak izleri kalabilir. Bu izler aslında sırın değil, metalin yüzeyde bıraktığı gri bir çizgidir ve çoğu zaman kolayca çıkar. Çay ve kahve lekeleri için de aynı yöntem işe yarıyor.',
        ],
        list: [
          'Bir tatlı kaşığı karbonatı birkaç damla suyla macun kıvamına getirin.',
          'Yumuşak bir süngerle izin üzerinde dairesel hareketlerle ovun.',
          'Ilık suyla durulayıp kurulayın; gerekirse işlemi tekrarlayın.',
          'Çelik tel ya da aşındırıcı toz kullanmayın, sırın parlaklığını alır.',
        ],
      },
      {
        heading: 'Kırılan parçalar için',
        paragraphs: [
          'Sevdiğiniz bir kupa kırıldığında hemen atmayın. Kintsugi tekniğiyle onarılmış parçalar, kırığın izini saklamak yerine altın bir çizgiyle öne çıkarır. Atölyemizde düzenli olarak kintsugi buluşmaları yapıyoruz; kırık parçanızla gelmeniz yeterli.',
        ],
      },
    ],
  },
  {
    slug: 'sir-renkleri-nasil-olusur',
    title: 'Sır renkleri nasıl oluşur? Fırının içinde olan biten',
    excerpt:
      'Aynı sır kovasından çıkan iki kase neden farklı renkte? Oksitler, fırın atmosferi ve biraz da şansın hikâyesi.',
    author: 'Can Demirtaş',
    category: 'seramik',
    tags: ['firin-gunleri', 'el-yapimi'],
    daysAgo: 27,
    motif: 'vazo',
    colour: 'Turkuaz',
    outro:
      'Bu yüzden sipariş verdiğiniz vazonun, ürün fotoğrafındakiyle birebir aynı olmasını bekleyemezsiniz; ama aynı ailenin bir üyesi olacağından emin olabilirsiniz. Fırın açma günlerinde çıkan en ilginç parçaları sosyal medya hesaplarımızda paylaşıyoruz. Belki bir sonraki fırında, sizin için özel olarak ayırdığımız bir turkuaz kase de çıkar. Sır denemelerimizi yakından görmek isterseniz atölye günlerimizde test rafımızı ziyaret edebilirsiniz.',
    intro:
      'Ürün sayfalarımızda sık sık “Her parçanın rengi birbirinden biraz farklıdır” notunu görüyorsunuz. Bu bir özür değil, sırın doğası. Fırına giren sır ile fırından çıkan renk arasında kimya, sıcaklık ve biraz da şans var. Bu yazıda o kimyayı sade bir dille anlatmaya çalıştık.',
    sections: [
      {
        heading: 'Sır aslında cam',
        paragraphs: [
          'Sır, seramiğin yüzeyinde eriyerek ince bir cam tabakasına dönüşen bir karışım. Temelinde silis, eritici olarak feldspat ve kireç, sırın akmasını dengeleyen kaolen bulunuyor. Bu karışım tek başına şeffaf ya da beyazımsı pişer. Rengi veren şey, karışıma eklediğimiz küçük miktarlardaki metal oksitler.',
        ],
        list: [
          'Kobalt oksit: en küçük miktarda bile koyu, derin bir mavi',
          'Bakır oksit: normal fırında yeşil ve turkuaz tonları',
          'Demir oksit: oranına göre bal sarısından koyu kahveye',
          'Mangan: mor ve kahverengi arasında toprak tonları',
        ],
      },
      {
        heading: 'Fırın atmosferi rengi değiştirir',
        paragraphs: [
          'Aynı bakır oksit, bol oksijenli bir fırında yeşil; oksijeni azaltılmış, yani redüksiyonlu bir fırında kırmızı pişer. Elektrikli fırınımızda ağırlıklı olarak oksidasyon pişirimi yapıyoruz, bu yüzden ürünlerimizde yeşil ve turkuaz tonları daha sık görülüyor.',
          'Fırının içindeki konum da önemli. Isı kaynağına yakın raflar birkaç derece daha sıcak kalır; sır biraz daha fazla akar ve renk koyulaşır. Aynı sırla sırlanmış iki vazo, fırının farklı katlarında farklı karakterler kazanır.',
        ],
      },
      {
        heading: 'Kalınlık ve doku',
        paragraphs: [
          'Sırın kalınlığı da rengi etkiliyor. Kenarlarda ve kabartmalarda sır incelir ve alttaki çamurun rengi ortaya çıkar; oyuklarda ise sır birikir ve renk derinleşir. Ürünlerimizdeki o sevilen geçişler buradan geliyor. Biz bu farkları kusur değil, parçanın imzası olarak görüyoruz.',
          'Yeni bir sır denediğimizde önce küçük test plakaları pişiriyoruz. Rafımızda yüzlerce test plakası var ve her birinin arkasında tarif, kalınlık ve fırın notu yazılı.',
        ],
      },
    ],
  },
  {
    slug: 'dogal-boyalarla-keten-boyama',
    title: 'Doğal boyalarla keten boyama: soğan kabuğundan cevize',
    excerpt:
      'Mutfakta çöpe giden soğan kabukları ve ceviz yeşili kabuklarla keten peştemallerimizi nasıl boyadığımızı anlattık.',
    author: 'Deniz Aksoy',
    category: 'tekstil',
    tags: ['dogal-boya', 'surdurulebilirlik'],
    daysAgo: 6,
    motif: 'havlu',
    colour: 'Hardal',
    outro:
      'Evde denemek isteyenler için küçük bir uyarı: boya banyosu için kullandığınız tencereyi bir daha yemek pişirmek için kullanmayın. Şap zararsız bir mineral olsa da mutfak eşyalarını ayrı tutmak en doğrusu. Eski bir tencere, lastik eldiven ve iyi havalandırılan bir ortam yeterli. Sonuçlarınızı bizimle paylaşırsanız çok seviniriz; en güzel denemeleri bir sonraki yazımızda okurlarımızla paylaşmayı düşünüyoruz.',
    intro:
      'Tekstil atölyemizde kullandığımız renklerin önemli bir kısmı mutfaktan geliyor. Soğan kabuğu, ceviz kabuğu, nar kabuğu ve kök boya, keten ve pamuğa sentetik boyaların veremediği sıcak, canlı ve zamanla güzelleşen tonlar veriyor. Bu yazıda evde de deneyebileceğiniz temel yöntemi paylaşıyoruz.',
    sections: [
      {
        heading: 'Önce mordanlama',
        paragraphs: [
          'Doğal boyanın kumaşa tutunması için liflerin önce mordanlanması gerekiyor. Biz şap kullanıyoruz: kuru kumaş ağırlığının yüzde on beşi kadar şabı sıcak suda eritip kumaşı bu suda bir saat bekletiyoruz. Mordanlanmamış kumaş da boyayı alır, ama ilk yıkamada rengin büyük kısmını kaybeder.',
        ],
      },
      {
        heading: 'Boya banyosunu hazırlamak',
        paragraphs: [
          'Bir kilo kumaş için yaklaşık iki yüz gram kuru soğan kabuğu yeterli. Kabukları bol suda bir saat kaynatıp süzüyoruz. Ortaya çıkan turuncu sıvı, ketende sıcak bir hardal sarısına dönüşüyor. Ceviz kabuğu ise kahverengi ve bej tonları veriyor; üstelik mordan gerektirmeyen nadir boyalardan biri.',
        ],
        list: [
          'Soğan kabuğu: hardal sarısı ve turuncu',
          'Ceviz yeşil kabuğu: bej, kahve ve koyu kahve',
          'Nar kabuğu: altın sarısı, demirle birlikte haki yeşil',
          'Kök boya: pembeden kiremit kırmızısına',
        ],
      },
      {
        heading: 'Sabırla boyamak',
        paragraphs: [
          'Islak kumaşı ılık boya banyosuna koyup ısıyı yavaşça artırıyoruz. Kaynatmadan, bir saat boyunca arada bir karıştırarak bekliyoruz. Daha koyu bir ton isteniyorsa kumaşı banyoda bir gece bırakıyoruz. Sonra kumaş durulanıyor ve gölgede kurutuluyor; güneş doğal boyaların en büyük düşmanı.',
          'Doğal boyayla boyanmış ürünlerimizi ilk birkaç yıkamada ayrı ve soğuk suda, pH değeri nötr bir sabunla yıkamanızı öneriyoruz. Zamanla renk biraz yumuşar ama kaybolmaz; keten de her yıkamada daha yumuşak bir dokuya kavuşur.',
        ],
      },
      {
        heading: 'Neden doğal boya?',
        paragraphs: [
          'Doğal boyalar yavaş ve tahmin edilmesi güç. Yine de atık suyumuzun toprağa zarar vermediğini bilmek ve mahalledeki lokantalardan topladığımız soğan kabuklarını değerlendirmek bize iyi geliyor. Her parti biraz farklı çıkıyor; biz de bunu etiketlerimizde açıkça yazıyoruz.',
        ],
      },
    ],
  },
  {
    slug: 'pestemal-secerken-dikkat-edilecekler',
    title: 'Peştemal seçerken nelere dikkat etmeli?',
    excerpt:
      'Pamuk mu keten mi, ince mi kalın mı? Plajdan mutfağa, her kullanım için doğru peştemali seçmenin yolları.',
    author: 'Deniz Aksoy',
    category: 'tekstil',
    tags: ['bakim-rehberi', 'yerel-uretim'],
    daysAgo: 41,
    motif: 'ortu',
    colour: 'Ege mavisi',
    outro:
      'Peştemal aynı zamanda çok iyi bir hediye. Katlandığında az yer kaplıyor, her yaşa ve her mevsime uyuyor ve kullandıkça daha da güzelleşiyor. Hediye paketlerimizde peştemali keten bir kurdeleyle bağlıyor ve yanına bakım önerilerini anlatan küçük bir kart ekliyoruz. Hangi rengi seçeceğinize karar veremediyseniz ürün sayfalarındaki yakın çekim fotoğraflara göz atabilir ya da bize yazarak öneri isteyebilirsiniz.',
    intro:
      'Peştemal, hamamdan çıkıp evlerimizin her köşesine yerleşmiş bir dokuma. Havlu, masa örtüsü, şal, hatta bebek battaniyesi olarak kullanılıyor. Ama her peştemal aynı değil. Denizli’deki dokuma atölyeleriyle birlikte çalışırken öğrendiklerimizi, doğru seçimi yapmanıza yardımcı olsun diye derledik.',
    sections: [
      {
        heading: 'İplik: pamuk, keten ya da bambu',
        paragraphs: [
          'Pamuk peştemal yumuşak, emici ve bakımı kolaydır; günlük kullanım için en güvenli seçimdir. Keten daha serin tutar, çabuk kurur ve yıllar içinde yumuşar; yaz ayları ve plaj için idealdir. Bambu karışımlar ise ipeksi bir parlaklık verir ama daha hassastır.',
        ],
      },
      {
        heading: 'Dokuma sıklığı ve ağırlık',
        paragraphs: [
          'Peştemalin kalitesini anlamanın en kolay yolu onu ışığa tutmaktır. Sık dokunmuş bir peştemal ışığı eşit geçirir, seyrek bölgeler bırakmaz. Ağırlık da önemli bir ipucu: standart ölçüde bir pamuk peştemal için üç yüz ile dört yüz gram arası iyi bir denge sunar.',
        ],
        list: [
          'Kenar püsküllerinin elde bükülmüş ve düğümlenmiş olmasına bakın.',
          'Desen dokumanın içinden gelmeli, üstüne basılmış olmamalı.',
          'Etikette iplik oranı ve dokunduğu yer yazmalı.',
          'İlk yıkamadan sonra hafif çekme normaldir; yüzde beşi geçmemeli.',
        ],
      },
      {
        heading: 'İlk yıkama ve bakım',
        paragraphs: [
          'Yeni bir peştemal ilk başta az su emer; bunun sebebi iplikteki doğal yağlardır. İlk kullanımdan önce bir gece soğuk suda bekletip ardından otuz derecede yıkamak, peştemalin emiciliğini belirgin biçimde artırır. Yumuşatıcı kullanmamanızı öneriyoruz, çünkü lifleri kaplayarak emiciliği azaltır.',
          'Kurutma makinesi yerine peştemali gölgede, açık havada kurutun. Püsküllerin dolaşmaması için yıkamadan önce bir file torbaya koymak da iyi bir fikir.',
        ],
      },
      {
        heading: 'Yerel dokumacılığı desteklemek',
        paragraphs: [
          'Sattığımız peştemallerin tamamı Denizli ve Buldan’daki aile atölyelerinde, mekik tezgâhlarında dokunuyor. Her siparişiniz, kuşaktan kuşağa aktarılan bu zanaatın yaşamasına katkı sağlıyor.',
        ],
      },
    ],
  },
  {
    slug: 'makrome-duvar-susu-baslangic-rehberi',
    title: 'Makrome duvar süsü: yeni başlayanlar için rehber',
    excerpt:
      'Üç temel düğümle ilk makrome duvar süsünüzü bir öğleden sonrada tamamlayabilirsiniz. Malzeme listesi ve adımlar bu yazıda.',
    author: 'Ayşe Öztürk',
    category: 'tekstil',
    tags: ['el-yapimi', 'hediye-fikirleri'],
    daysAgo: 58,
    motif: 'makrome',
    colour: 'Ekru',
    outro:
      'Makrome, ellerinizle düşünmenin en güzel yollarından biri. Düğüm atarken zihniniz sakinleşiyor, telefonunuzu elinizden bırakıyorsunuz ve bir saatin sonunda ortaya somut bir şey çıkıyor. Atölyemizdeki katılımcıların çoğu, ilk duvar süsünden sonra saksı askısına, ardından da küçük bir sepete geçiyor. Siz de ilk denemenizin fotoğrafını bizimle paylaşırsanız, bir sonraki atölye gününde size küçük bir ip hediyesi ayıracağız.',
    intro:
      'Makrome atölyelerimiz her ay birkaç dakika içinde doluyor. Bu ilgiye yetişemediğimiz için, atölyede anlattıklarımızı yazıya dökmeye karar verdik. İyi haber şu: makrome için pahalı aletlere ihtiyacınız yok. Bir tahta çubuk, bir yumak pamuk ip ve biraz sabır yeterli.',
    sections: [
      {
        heading: 'Malzemeler',
        paragraphs: [
          'Yeni başlayanlara üç milimetrelik, tek bükümlü pamuk ip öneriyoruz. Tek bükümlü ip püsküllerde güzel bir kabarıklık verir ve hatalı bir düğümü çözmek kolaydır.',
        ],
        list: [
          'Yaklaşık 30 santimetrelik bir tahta çubuk ya da kuru bir dal',
          '3 mm pamuk makrome ipi, 12 parça halinde 2,5 metre',
          'Keskin bir makas ve bir mezura',
          'İpi asmak için bir askı ya da kapı kolu',
        ],
      },
      {
        heading: 'Üç temel düğüm',
        paragraphs: [
          'İlk düğüm, ipleri çubuğa bağladığımız ters baş düğümü. İpi ikiye katlayıp çubuğun üzerinden geçiriyor, uçları halkanın içinden çekiyorsunuz. İkinci düğüm kare düğüm: dört iple yapılıyor ve makromenin temel taşı. Üçüncüsü ise yatay çift yarım düğüm; bu düğümle çapraz ve yatay çizgiler oluşturuyorsunuz.',
          'Bu üç düğümü öğrendiğinizde, internette gördüğünüz makrome desenlerinin büyük kısmını okuyabilir hale geliyorsunuz.',
        ],
      },
      {
        heading: 'Adım adım ilk duvar süsü',
        paragraphs: [
          'Önce on iki ipi ters baş düğümüyle çubuğa bağlayın. Ardından altı sıra kare düğüm atın; her sırada bir önceki sıranın iplerini ikişer kaydırarak ağ görüntüsü elde edeceksiniz. Ortada iki sıra çapraz yarım düğümle bir V şekli oluşturun. Son olarak ipleri eğik bir çizgiyle kesin ve uçlarını tarayarak püskül haline getirin.',
          'İlk denemede düğümlerin gerginliği eşit olmayabilir; bu çok normal. Üçüncü denemeden sonra elleriniz ritmi buluyor.',
        ],
      },
      {
        heading: 'Hediye olarak makrome',
        paragraphs: [
          'El yapımı bir makrome, yeni eve taşınan bir arkadaşa verilebilecek en samimi hediyelerden biri. Atölyemizde hazır kit de satıyoruz: kitte ipler kesilmiş, çubuk zımparalanmış ve adımlar resimli bir kartta anlatılmış halde geliyor.',
        ],
      },
    ],
  },
  {
    slug: 'deri-cuzdan-nasil-eskir',
    title: 'Bitkisel tabaklanmış deri nasıl eskir?',
    excerpt:
      'İlk gün açık bal rengi olan bir cüzdanın beş yılda nasıl koyu bir kestaneye dönüştüğünü, fotoğraflarla ve bakım önerileriyle anlattık.',
    author: 'Mert Çelik',
    category: 'deri',
    tags: ['bakim-rehberi', 'surdurulebilirlik'],
    daysAgo: 19,
    motif: 'cuzdan',
    colour: 'Taba',
    outro:
      'Patina, derinin sizin hayatınızı kaydetmesi gibi. Cüzdanınızın köşesindeki koyu leke bir yaz tatilinden, kenardaki parlaklık her gün onu cebinizden çıkarmanızdan kalıyor. İki aynı cüzdan, iki farklı sahibin elinde birkaç yıl içinde bambaşka görünüyor. Bu yüzden müşterilerimizin yıllar sonra gönderdiği fotoğraflar, atölyemizdeki en değerli arşivlerden birini oluşturuyor; siz de cüzdanınızın değişimini bizimle paylaşabilirsiniz. Cüzdanınızın ilk gününü ve bugününü yan yana gösteren bir fotoğraf, bizim için en güzel teşekkür olur.',
    intro:
      'Deri atölyemizde yalnızca bitkisel tabaklanmış deri kullanıyoruz. Bu deri, krom tabaklı derilere göre daha sert başlar, çizilmeye daha açıktır ve ilk bakışta daha az gösterişlidir. Ama zaman onun lehine işler: kullandıkça koyulaşır, parlar ve sahibinin izlerini taşımaya başlar. Bu değişime patina diyoruz.',
    sections: [
      {
        heading: 'Bitkisel tabaklama nedir?',
        paragraphs: [
          'Ham deri, çürümemesi ve esnek kalması için tabaklanır. Bitkisel tabaklamada bu iş, meşe palamudu, kestane ve mimoza ağacı kabuklarından elde edilen tanenlerle yapılır. Süreç haftalar sürer; krom tabaklamada ise birkaç gün yeterlidir. Biz bitkisel tabaklı deriyi, hem zamanla güzelleştiği hem de atık suyu çok daha az zararlı olduğu için tercih ediyoruz.',
        ],
      },
      {
        heading: 'Patina nasıl oluşur?',
        paragraphs: [
          'Güneş ışığı, elinizdeki doğal yağlar ve sürtünme, derinin yüzeyini yavaş yavaş koyulaştırır. Cebinizde taşıdığınız bir cüzdan, kullanıldığı yerlerde daha hızlı koyulaşır; kenarlar ve katlanma yerleri parlamaya başlar. Beş yıllık bir cüzdan, ilk günkü açık bal renginden koyu bir kestane tonuna ulaşabilir.',
          'Bu süreci hızlandırmak isteyenler cüzdanı birkaç gün güneşli bir pencere önünde bırakabilir. Biz yine de doğal yolla oluşan patinanın daha dengeli ve güzel olduğunu düşünüyoruz.',
        ],
      },
      {
        heading: 'Bakım önerileri',
        paragraphs: ['Bitkisel tabaklı deri az bakım ister, ama hiç bakım istemez demek doğru olmaz.'],
        list: [
          'Yılda iki kez ince bir kat balmumu bazlı deri kremi sürün.',
          'Islanan deriyi kaloriferde değil, oda sıcaklığında kurutun.',
          'Yüzeydeki küçük çizikleri parmağınızla ovarak kapatabilirsiniz.',
          'Açık renkli derileri ilk haftalarda koyu kotlarla temastan koruyun.',
        ],
      },
      {
        heading: 'Onarım hizmetimiz',
        paragraphs: [
          'Atölyemizden çıkan her deri ürün için dikiş onarımını ömür boyu ücretsiz yapıyoruz. El dikişinde kullandığımız mumlu keten iplik çok dayanıklı, ama yıllar içinde bir dikiş atarsa ürünü bize göndermeniz yeterli.',
        ],
      },
    ],
  },
  {
    slug: 'el-dikisi-neden-daha-saglam',
    title: 'El dikişi neden makine dikişinden daha sağlam?',
    excerpt:
      'Eyer dikişi, iki iğne ve mumlu keten iplik: deri ürünlerimizi neden hâlâ elde diktiğimizi anlattık.',
    author: 'Mert Çelik',
    category: 'deri',
    tags: ['el-yapimi', 'yerel-uretim'],
    daysAgo: 73,
    motif: 'kemer',
    colour: 'Kahve',
    outro:
      'El dikişini merak edenler için ayda bir kez deri atölyesi düzenliyoruz. Bu atölyede kendi kartlığınızı kesiyor, delikleri açıyor ve eyer dikişiyle dikiyorsunuz. Üç saatin sonunda elinizde, her ilmeğini kendiniz attığınız bir ürün oluyor. Katılımcılarımızın çoğu, bu deneyimden sonra el yapımı bir ürünün fiyatına bambaşka bir gözle baktıklarını söylüyor. Takvimi duyurularımızdan takip edebilirsiniz. Atölyeye katılmak için daha önce deriyle çalışmış olmanız gerekmiyor; bütün aletleri ve malzemeleri biz hazırlıyoruz, siz yalnızca sabrınızı getiriyorsunuz.',
    intro:
      'Bir deri kartlığı makinede dikmek birkaç dakika sürüyor; elde dikmek ise bir saate yakın. Müşterilerimiz bazen bu farkın fiyata neden yansıdığını soruyor. Cevabın özü dikişin yapısında saklı. Bu yazıda eyer dikişini ve onu neden tercih ettiğimizi anlatıyoruz.',
    sections: [
      {
        heading: 'Makine dikişi nasıl çalışır?',
        paragraphs: [
          'Dikiş makinesi, üstten gelen iplik ile alttaki mekik ipliğini her delikte birbirine kilitler. Bu kilit noktası derinin içinde kalır. Sorun şu: ipliklerden biri herhangi bir noktada koparsa, dikiş o noktadan itibaren çekildikçe sökülmeye başlar. Bir çantanın kulpunda bu, birkaç gün içinde kulpun tamamen ayrılması demek.',
        ],
      },
      {
        heading: 'Eyer dikişi',
        paragraphs: [
          'Eyer dikişinde tek bir ipliğin iki ucuna birer iğne takılır. Her delikten iki iğne karşılıklı olarak geçer; böylece her ilmek kendi başına kilitlenir. İplik bir yerden kopsa bile dikişin geri kalanı yerinde kalır. Bu yöntem, adını at eyerlerinden alır; ağır yük taşıyan ve yıllarca kullanılan bu ürünlerde başka bir dikişe güvenilmezdi.',
          'Delikleri, eşit aralıklı dişleri olan bir zımbayla açıyoruz. Bu sayede dikiş hem düzgün görünüyor hem de her ilmek aynı gerginlikte kalıyor.',
        ],
        list: [
          'Mumlu keten iplik: suya ve sürtünmeye dayanıklı',
          'Dört milimetre dikiş aralığı: sağlam ve zarif bir görünüm',
          'Kenarların zımparalanıp kitreyle parlatılması',
          'Her ürünün sonunda düğüm yerine geri dikiş',
        ],
      },
      {
        heading: 'Yavaş üretimin değeri',
        paragraphs: [
          'El dikişi yavaş bir iş, ama bu yavaşlık bize her parçayı dikkatle kontrol etme fırsatı veriyor. Kesimdeki küçük bir kusuru, kenardaki bir pürüzü dikiş sırasında fark edip düzeltebiliyoruz. Bu yüzden atölyemizden çıkan bir kemerin ya da cüzdanın, sizinle birlikte uzun yıllar yaşayacağına güveniyoruz.',
        ],
      },
    ],
  },
  {
    slug: 'kisiye-ozel-hediye-fikirleri',
    title: 'Kişiye özel hediye fikirleri: isimden çizime',
    excerpt:
      'Doğum günü, mezuniyet ya da yeni bir ev: sevdiklerinize kendi hikâyesini taşıyan bir hediye vermek için fikirler.',
    author: 'Zeynep Güneş',
    category: 'kirtasiye-ve-hediye',
    tags: ['kisiye-ozel', 'hediye-fikirleri'],
    daysAgo: 9,
    motif: 'kartpostal',
    colour: 'Pembe',
    outro:
      'Hâlâ karar veremediyseniz, hediye kartlarımız da var. Hediye kartı alan kişi, dilediği ürünü seçip kendi kişiselleştirmesini yapabiliyor. Kart, el yapımı bir zarf içinde ve üzerine sizin notunuz yazılmış olarak gönderiliyor. Kurumsal hediyeler için toplu siparişlerde de logo ya da ekip isimleriyle kişiselleştirme yapıyoruz; ayrıntılar için iletişim sayfamızdan bize ulaşabilir, tarih ve adet bilgisini paylaşabilirsiniz. Siparişinizi planlarken yukarıda anlattığımız üretim sürelerini hesaba katmayı unutmayın; böylece hediyeniz tam zamanında elinizde olur.',
    intro:
      'Hediye seçmek bazen hediye vermekten daha zor. Hazır bir ürün güzel olabilir, ama üzerinde bir isim, bir tarih ya da sevdiğiniz birinin çizimi olduğunda bambaşka bir anlam kazanır. Atölyemizde en çok sevilen kişiye özel ürünleri ve onları nasıl daha anlamlı hale getirebileceğinizi derledik.',
    sections: [
      {
        heading: 'İsim ve tarih',
        paragraphs: [
          'En klasik kişiselleştirme, bir isim ya da anlamlı bir tarih. Deri anahtarlık ve kartlıklarda harfleri sıcak baskıyla deriye işliyoruz; seramik kupalarda ise isimleri sırın altına elle yazıyoruz, böylece yıkamayla silinmiyor. İsim yazarken Türkçe karakterlerin doğru yazılmasına özellikle dikkat ediyoruz: Şule, Işıl ya da Gökçe, ekranda göründüğü gibi ürüne geçiyor.',
        ],
      },
      {
        heading: 'Kendi çiziminiz',
        paragraphs: [
          'Tasarlanabilir ürünlerimizde kendi görselinizi yükleyebiliyorsunuz. Çocuğunuzun çizdiği bir kedi, büyükannenizin el yazısıyla bir tarif ya da evinizin bir eskizi; bunları defter kapaklarına, bez çantalara ve kupalara aktarıyoruz. En iyi sonuç için görselin yüksek çözünürlüklü ve beyaz bir zemin üzerinde olmasını öneriyoruz.',
        ],
        list: [
          'Çocuk çizimleri: kupa ve bez çanta için harika',
          'El yazısı notlar: defter kapağı ve kartpostal',
          'Evcil hayvan portreleri: yastık kılıfı ve anahtarlık',
          'Şehir ya da ev eskizleri: çerçeveli baskı',
        ],
      },
      {
        heading: 'Zamanlamaya dikkat',
        paragraphs: [
          'Kişiye özel ürünler sipariş üzerine üretildiği için hazırlanması üç ile yedi iş günü sürüyor. Seramik ürünlerde fırın takvimi nedeniyle bu süre on güne çıkabiliyor. Özel bir gün için hediye hazırlıyorsanız siparişinizi en az iki hafta önceden vermenizi öneriyoruz.',
          'Bir hatırlatma daha: kişiye özel üretilen ürünler, kişiselleştirildikleri için iade kapsamı dışında kalıyor. Bu yüzden sipariş öncesinde yazım ve görseli dikkatle kontrol etmenizi rica ediyoruz.',
        ],
      },
    ],
  },
  {
    slug: 'defter-ciltleme-sanati',
    title: 'Defter ciltleme sanatı: Japon dikişinden kopt cildine',
    excerpt:
      'Atölyemizde el ile ciltlediğimiz defterlerin arkasındaki teknikleri, kâğıt seçimini ve bir defterin hazırlanışını anlattık.',
    author: 'Zeynep Güneş',
    category: 'kirtasiye-ve-hediye',
    tags: ['el-yapimi', 'surdurulebilirlik'],
    daysAgo: 34,
    motif: 'defter',
    colour: 'Zeytin yeşili',
    outro:
      'Defterlerimizin her birinin sırtında, ciltleyen kişinin baş harfleri ve ciltleme tarihi küçük bir kurşun kalem notuyla yazılı. Bu not, defterin kimin elinden çıktığını hatırlatıyor. Kendi defterinizi ciltlemeyi öğrenmek isterseniz, kırtasiye köşemizde iki oturumluk ciltleme atölyeleri düzenliyoruz. İlk oturumda formaları hazırlıyor, ikincisinde kopt cildini tamamlıyorsunuz; malzemelerin tamamını biz sağlıyoruz, sizin yalnızca merakınızı getirmeniz yeterli. Atölye sonunda ciltlediğiniz defteri yanınızda götürüyorsunuz; pek çok katılımcımız onu ilk gün, atölyede öğrendiklerini not etmek için kullanıyor.',
    intro:
      'Dijital notların çağında elle yazmak bir tercih haline geldi. Belki de bu yüzden el ile ciltlenmiş defterlerimize ilgi her yıl artıyor. Kırtasiye köşemizdeki her defter, kâğıt katlamadan kapak kaplamaya kadar atölyede elde hazırlanıyor. Bu yazıda kullandığımız ciltleme tekniklerini tanıtıyoruz.',
    sections: [
      {
        heading: 'Kâğıt seçimi',
        paragraphs: [
          'İyi bir defter iyi bir kâğıtla başlar. Biz iç sayfalarda yüz yirmi gramlık, asitsiz ve geri dönüştürülmüş kâğıt kullanıyoruz. Bu ağırlık dolma kalemin mürekkebini arka sayfaya geçirmiyor, suluboya için de yeterince dayanıklı. Asitsiz kâğıt yıllar içinde sararmıyor; bugün yazdığınız notlar, yirmi yıl sonra da okunaklı kalıyor.',
        ],
      },
      {
        heading: 'Japon dikişi',
        paragraphs: [
          'Japon dikişi, sayfaların kenarından açılan deliklerden geçen ve sırtı dışarıdan saran bir ciltleme yöntemi. Görünür dikişler defterin süsü haline geliyor. Bu yöntemin tek dezavantajı, defterin tam olarak düz açılmaması; bu yüzden Japon dikişini daha çok anı defterleri ve albümlerde kullanıyoruz.',
        ],
      },
      {
        heading: 'Kopt cildi',
        paragraphs: [
          'Kopt cildi, adını bu tekniği ilk kullanan Mısırlı keşişlerden alıyor. Formalar, yani katlanmış kâğıt grupları, birbirine zincir dikişle bağlanıyor ve sırt açık bırakılıyor. Bu sayede defter masanın üzerinde tamamen düz açılıyor. Çizim defterlerimizin hepsini bu yöntemle ciltliyoruz.',
        ],
        list: [
          'Kâğıtları formalar halinde katlayın ve kemik mühreyle bastırın.',
          'Delik şablonuyla her formaya aynı hizada delikler açın.',
          'Mumlu iplikle formaları zincir dikişle birbirine bağlayın.',
          'Kapakları aynı dikişle ilk ve son formaya ekleyin.',
        ],
      },
      {
        heading: 'Kapaklar',
        paragraphs: [
          'Kapaklarda ebru kâğıdı, kumaş ve deri artıkları kullanıyoruz. Deri atölyemizden çıkan küçük parçalar, kırtasiye atölyesinde defter kapağına dönüşüyor. Böylece hem atık azalıyor hem de her defter kendine özgü bir görünüm kazanıyor.',
        ],
      },
    ],
  },
  {
    slug: 'atolyede-bir-gun',
    title: 'Atölyede bir gün: sabah yedide başlayan fırın mesaisi',
    excerpt:
      'Fırının açıldığı sabahtan son siparişin paketlendiği akşama kadar, Kadıköy’deki atölyemizde sıradan bir günü anlattık.',
    author: 'Ayşe Öztürk',
    category: 'atolye-gunlugu',
    tags: ['firin-gunleri', 'yerel-uretim'],
    daysAgo: 15,
    motif: 'cerceve',
    colour: 'Kiremit',
    outro:
      'Her gün aynı değil elbette. Fırın yüklediğimiz günler daha sessiz, fuar öncesi haftalar ise gece yarısına kadar süren bir telaş içinde geçiyor. Ama her gün, bir şeyi elle yapmanın verdiği o tanıdık yorgunlukla bitiyor. Atölyemizi görmek isterseniz, cumartesi günleri öğleden sonra kapımız ziyaretçilere açık. Gelmeden önce bize haber verirseniz, fırın açılışlarından birine denk gelmeniz için elimizden geleni yaparız. Kapıdan içeri girdiğinizde sizi büyük ihtimalle çamur kokusu, bir demlik çay ve raflarda sırasını bekleyen kupalar karşılayacak.',
    intro:
      'Bize en çok sorulan sorulardan biri, atölyede bir günün nasıl geçtiği. Dışarıdan bakıldığında sakin ve yavaş görünen bu iş, aslında iyi planlanmış bir koşturmaca. Bu yazıda, fırın açma gününe denk gelen bir salıyı saat saat anlatıyoruz.',
    sections: [
      {
        heading: 'Sabah: fırın açılıyor',
        paragraphs: [
          'Saat yedide atölyeye ilk gelen, genellikle Can oluyor. Önceki gün pişirilen fırın gece boyunca soğumuş, ama kapağı açmak için sıcaklığın yüz derecenin altına inmesini bekliyoruz. Kapak açıldığında hepimiz toplanıyoruz; bu an, bir yılbaşı hediyesini açmaya benziyor. Hangi sırın nasıl çıktığını, hangi parçanın çatladığını ilk o anda görüyoruz.',
        ],
      },
      {
        heading: 'Öğlen: üretim ve siparişler',
        paragraphs: [
          'Saat dokuzdan sonra atölye bölümlere ayrılıyor. Elif çarkta yeni kupaları şekillendiriyor, Deniz boya kazanlarının başında, Mert ise deri tezgâhında kesim yapıyor. Zeynep siparişleri kontrol ediyor ve kişiye özel ürünlerin yazımlarını müşterilerle teyit ediyor.',
          'Öğle yemeğini hep birlikte, atölyenin arka bahçesinde yiyoruz. Bu yarım saat, gün içinde ortaya çıkan sorunları konuştuğumuz ve yeni ürün fikirlerini tartıştığımız en verimli toplantımız.',
        ],
      },
      {
        heading: 'Akşam: paketleme',
        paragraphs: [
          'Saat dörtten sonra kargo hazırlığı başlıyor. Seramik ürünleri geri dönüştürülmüş kâğıt ve mısır nişastasından yapılmış dolgu malzemesiyle paketliyoruz; plastik balonlu naylon kullanmıyoruz. Her pakete el yazısıyla kısa bir not ekliyoruz.',
        ],
        list: [
          'Her ürünün son kontrolü paketlemeden hemen önce yapılır.',
          'Kırılabilir ürünler çift kutuyla gönderilir.',
          'Kargo firması saat altıda siparişleri teslim alır.',
        ],
      },
      {
        heading: 'Günün sonu',
        paragraphs: [
          'Gün, ertesi günün fırınına girecek parçaların raflara dizilmesiyle bitiyor. Atölyenin kapısını kapatırken raflarda kuruyan kupalara son bir kez bakıyoruz; iki hafta sonra bu kupalardan biri belki de sizin sabah kahvenize eşlik edecek.',
        ],
      },
    ],
  },
  {
    slug: 'atolyenin-ilk-bes-yili',
    title: 'Atölyenin ilk beş yılı: küçük bir dükkândan bugüne',
    excerpt:
      'Tek bir çark ve ödünç alınmış bir fırınla başlayan hikâyemizi, yolda öğrendiklerimizi ve sonraki planlarımızı paylaşıyoruz.',
    author: 'Can Demirtaş',
    category: 'atolye-gunlugu',
    tags: ['yerel-uretim', 'surdurulebilirlik'],
    daysAgo: 96,
    motif: 'saksi',
    colour: 'Adaçayı',
    outro:
      'Bu beş yılda bize güvenen, hatalarımızı hoş gören ve bizi arkadaşlarına anlatan herkese teşekkür ederiz. Küçük bir atölyenin ayakta kalması, ancak böyle bir topluluk sayesinde mümkün oluyor. Yıl dönümümüzü kutlamak için bu ay boyunca her siparişe atölyede üretilmiş küçük bir sürpriz ekliyoruz. Hangi ürünü bulacağınızı biz de bilmiyoruz; çünkü hepsi, fırından o hafta çıkan parçalar arasından seçiliyor. Nice beş yıllara, daha çok çamura, ipliğe, deriye ve kâğıda; ve elbette bizimle bu yolda yürüyen sizlere.',
    intro:
      'Beş yıl önce Kadıköy’de, bir ayakkabı tamircisinin yanındaki on beş metrekarelik dükkânda tek bir çarkla işe başladık. Fırınımız yoktu; pişirimleri bir arkadaşımızın atölyesinde, haftada bir kez yapabiliyorduk. Bugün dört farklı zanaatı bir araya getiren bir ekibiz. Bu yıl dönümünde geriye dönüp bakmak istedik.',
    sections: [
      {
        heading: 'İlk yıl: her şeyi yanlış yapmak',
        paragraphs: [
          'İlk yılımızda ürettiğimiz kupaların neredeyse yarısı fırında çatladı. Sırlarımız aktı, kulplarımız koptu, siparişlerimizi zamanında yetiştiremedik. Ama her hatadan sonra bir not aldık. O defterler bugün hâlâ atölyenin rafında duruyor ve yeni katılan herkes işe onları okuyarak başlıyor.',
        ],
      },
      {
        heading: 'Büyürken küçük kalmak',
        paragraphs: [
          'İkinci yılımızda Deniz tekstil atölyesini, üçüncü yılımızda Mert deri tezgâhını kurdu. Büyüdükçe en çok korktuğumuz şey, el işinin ruhunu kaybetmekti. Bu yüzden bazı kurallar koyduk ve bugüne kadar onlara sadık kaldık.',
        ],
        list: [
          'Her ürünü atölyede, elde ve küçük seriler halinde üretiyoruz.',
          'Malzemelerimizi olabildiğince yakından, yerel üreticilerden alıyoruz.',
          'Atık malzemeyi başka bir ürünün parçası haline getiriyoruz.',
          'Müşterilerimizle doğrudan konuşuyor, her soruyu kendimiz yanıtlıyoruz.',
        ],
      },
      {
        heading: 'Çevrimiçi mağaza',
        paragraphs: [
          'Pandemi döneminde dükkânımız kapanınca çevrimiçi satışa geçmek zorunda kaldık. Başta bir zorunluluk olan bu adım, Türkiye’nin dört bir yanından müşterilerle tanışmamızı sağladı. Bugün siparişlerimizin büyük kısmı Kadıköy dışından geliyor ve her paket, bizim için yeni bir şehre yapılan küçük bir yolculuk.',
        ],
      },
      {
        heading: 'Sırada ne var?',
        paragraphs: [
          'Önümüzdeki yıl atölyemizi biraz daha büyük bir mekâna taşımayı ve düzenli olarak açık atölye günleri düzenlemeyi planlıyoruz. Amacımız, bu zanaatları yalnızca satmak değil, öğretmek de. Bizi takip etmeye devam edin; ilk atölye takvimini yine bu blogda paylaşacağız.',
        ],
      },
    ],
  },
];

const escapeHtml = (s: string) =>
  s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/** A post's body as HTML: an opening paragraph, then each section as h2, paragraphs and a list. */
export function demoPostBody(post: DemoBlogPost): string {
  const parts = [`<p>${escapeHtml(post.intro)}</p>`];
  for (const s of post.sections) {
    parts.push(`<h2>${escapeHtml(s.heading)}</h2>`);
    for (const p of s.paragraphs) parts.push(`<p>${escapeHtml(p)}</p>`);
    if (s.list) parts.push(`<ul>${s.list.map((li) => `<li>${escapeHtml(li)}</li>`).join('')}</ul>`);
  }
  parts.push(`<p>${escapeHtml(post.outro)}</p>`);
  return parts.join('\n');
}

export const demoCoverPath = (slug: string) => `blog/${slug}.webp`;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Writes the demo blog (categories, tags, posts and their tags); part of the demo seed's transaction. */
export async function seedDemoBlog(db: Db, now = new Date()): Promise<void> {
  const categoryRows = await db
    .insert(blogCategories)
    .values(demoBlogCategories.map((c, position) => ({ ...c, position })))
    .returning({ id: blogCategories.id, slug: blogCategories.slug });
  const tagRows = await db
    .insert(blogTags)
    .values(demoBlogTags.map((t) => ({ ...t })))
    .returning({ id: blogTags.id, slug: blogTags.slug });
  const categoryId = new Map(categoryRows.map((r) => [r.slug, r.id]));
  const tagId = new Map(tagRows.map((r) => [r.slug, r.id]));

  const postRows = await db
    .insert(blogPosts)
    .values(
      demoBlogPosts.map((p) => {
        const body = sanitizeRichText(demoPostBody(p));
        // Mid-morning Istanbul time, so that dates read the same in every time zone of the shop's visitors.
        const publishedAt = new Date(now.getTime() - p.daysAgo * DAY_MS);
        publishedAt.setUTCHours(7, 30, 0, 0);
        return {
          slug: p.slug,
          title: p.title,
          coverImage: demoCoverPath(p.slug),
          excerpt: p.excerpt,
          body,
          author: p.author,
          categoryId: categoryId.get(p.category)!,
          readingMinutes: readingMinutes(body),
          publishedAt,
          createdAt: publishedAt,
          updatedAt: publishedAt,
        };
      }),
    )
    .returning({ id: blogPosts.id, slug: blogPosts.slug });
  const postId = new Map(postRows.map((r) => [r.slug, r.id]));
  await db
    .insert(blogPostTags)
    .values(
      demoBlogPosts.flatMap((p) =>
        p.tags.map((t) => ({ postId: postId.get(p.slug)!, tagId: tagId.get(t)! })),
      ),
    );
}
