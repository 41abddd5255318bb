/**
 * Turkish content pages of the demo shop "Vitrin Atölye", written at first start.
 *
 * Page types: 1 corporate (kurumsal), 2 help (yardım), 3 static, 4 blog-type page.
 * `body` is simple HTML (h2, h3, p, ul, ol, li, strong, em, a, table); `summary`
 * is used as the meta description.
 */

export interface DemoPage {
  type: 1 | 2 | 3 | 4;
  slug: string;
  title: string;
  summary: string;
  body: string;
  position: number;
}

const hakkimizda = `<h2>Moda'da bir çömlek tornasıyla başladı</h2>
<p>Vitrin Atölye, 2016 yılında Kadıköy Moda'da, eski bir apartmanın zemin katında tek bir çömlek tornası ve iki fırın rafıyla kuruldu. İlk yıl ürettiğimiz kupaları komşularımıza, mahalle pazarına ve arkadaşlarımıza satıyorduk. Bugün aynı sokakta, biraz daha geniş bir atölyede; seramik, tekstil, kırtasiye ve deri ürünlerini kendi ellerimizle üretmeye, Türkiye'nin dört bir yanına özenle paketleyip göndermeye devam ediyoruz.</p>
<h2>Ne üretiyoruz?</h2>
<p>Tornada şekillendirdiğimiz kupa, kase ve vazolarımızı kendi hazırladığımız sırlarla iki kez pişiriyoruz. Pamuk ve keten kumaşlardan önlük, masa örtüsü ve bez çantalar dikiyor; el ciltli defterlerimizi, kartpostallarımızı ve ajandalarımızı küçük baskı makinemizde hazırlıyoruz. Bitkisel tabaklanmış deriden cüzdan, kartlık ve anahtarlıkları tek tek elde dikiyoruz. Dileyenler için ürünlere isim, tarih ya da kısa bir not işleyerek kişiye özel hediyeler hazırlıyor; evde kendi projesini yapmak isteyenler için dijital desen ve şablonlar tasarlıyoruz.</p>
<h2>Ekibimiz</h2>
<p>Atölyemizde altı kişiyiz. Seramik bölümünü kurucumuz Elif Aydın yürütüyor; tekstil ve deri işleri Deniz Kaya'nın ellerinde şekilleniyor. Kırtasiye ve baskı tasarımlarımızı Mert Yıldız hazırlıyor, siparişlerinizi ise Zeynep Çelik ve ekip arkadaşlarımız tek tek kontrol edip paketliyor. Sorularınıza yanıt veren kişi de çoğu zaman o ürünü hazırlayan kişinin ta kendisi oluyor.</p>
<h2>Değerlerimiz</h2>
<ul>
<li><strong>El emeği:</strong> Ürünlerimizin tamamı atölyemizde, elde üretilir. İki ürünün birbirinin aynısı olmaması bizim için bir kusur değil, imzadır.</li>
<li><strong>Yerel ve şeffaf üretim:</strong> Çamurumuzu, kumaşımızı ve derimizi mümkün olduğunca yerel üreticilerden alır, nereden geldiklerini açıkça paylaşırız.</li>
<li><strong>Az atık:</strong> Paketlerimizde plastik kullanmıyor; kırpıntı kumaşları bez çantalara, kusurlu seramikleri atölye saksılarına dönüştürüyoruz.</li>
<li><strong>Samimi iletişim:</strong> Her mesajı bir insan okur ve yanıtlar. Bir sorun yaşarsanız çözülene kadar yanınızdayız.</li>
</ul>
<h2>Atölyemize uğrayın</h2>
<p>Kadıköy'e yolunuz düşerse kapımız açık. Atölyemiz Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul adresinde, salı-cumartesi günleri 11.00-19.00 saatleri arasında ziyaretçilerini bekliyor. Tornanın başında bir çay içmek, ürünleri yakından görmek ya da kişiye özel siparişinizi birlikte planlamak için önceden <a href="/contact">bize yazmanız</a> veya +90 216 555 01 42 numaralı telefondan ulaşmanız yeterli.</p>`;

const kvkk = `<p>Vitrin Atölye El Sanatları Ltd. Şti. ("Vitrin Atölye") olarak kişisel verilerinizin güvenliğine önem veriyoruz. Bu aydınlatma metni, 6698 sayılı Kişisel Verilerin Korunması Kanunu'nun ("KVKK") 10. maddesi ve Aydınlatma Yükümlülüğünün Yerine Getirilmesinde Uyulacak Usul ve Esaslar Hakkında Tebliğ uyarınca; internet sitemizi ziyaret eden, üye olan ve alışveriş yapan kişileri bilgilendirmek amacıyla hazırlanmıştır.</p>
<h2>1. Veri sorumlusu</h2>
<ul>
<li>Unvan: Vitrin Atölye El Sanatları Ltd. Şti.</li>
<li>Adres: Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul</li>
<li>MERSİS No: 0123456789000015</li>
<li>E-posta: <a href="mailto:merhaba@vitrinatolye.com.tr">merhaba@vitrinatolye.com.tr</a></li>
<li>KEP: vitrinatolye@hs01.kep.tr</li>
</ul>
<h2>2. İşlenen kişisel veriler</h2>
<ul>
<li><strong>Kimlik:</strong> ad, soyad; fatura düzenlenmesi için gerekli olduğunda T.C. kimlik numarası.</li>
<li><strong>İletişim:</strong> e-posta adresi, telefon numarası, teslimat ve fatura adresi.</li>
<li><strong>Müşteri işlem:</strong> sipariş ve sepet bilgileri, talep ve şikâyetler, kişiye özel ürünler için ilettiğiniz metin ve görseller.</li>
<li><strong>Finans:</strong> fatura bilgileri, ödeme tutarı ve yöntemi, iade için IBAN. Kart bilgileriniz tarafımızca saklanmaz.</li>
<li><strong>İşlem güvenliği:</strong> IP adresi, tarayıcı ve cihaz bilgileri, oturum kayıtları.</li>
<li><strong>Pazarlama:</strong> ticari elektronik ileti onayı, çerez kayıtları ve tercihleriniz.</li>
</ul>
<h2>3. İşleme amaçları</h2>
<ul>
<li>Üyelik kaydının oluşturulması ve hesabınızın yönetilmesi,</li>
<li>Siparişlerinizin alınması, hazırlanması, teslimi ile ödeme, fatura, iade ve cayma süreçlerinin yürütülmesi,</li>
<li>Kişiye özel ürünlerin talebiniz doğrultusunda üretilmesi,</li>
<li>Soru, talep ve şikâyetlerinizin yanıtlanması,</li>
<li>Yasal yükümlülüklerin yerine getirilmesi ve yetkili kurumların taleplerinin karşılanması,</li>
<li>Bilgi ve işlem güvenliğinin sağlanması, dolandırıcılığın önlenmesi,</li>
<li>Onay vermeniz hâlinde kampanya ve yeniliklere ilişkin ticari elektronik ileti gönderilmesi.</li>
</ul>
<h2>4. Hukuki sebepler</h2>
<p>Kişisel verileriniz KVKK'nın 5. maddesinin 2. fıkrasında yer alan; sözleşmenin kurulması veya ifasıyla doğrudan ilgili olması (c), hukuki yükümlülüğümüzün yerine getirilmesi (ç), bir hakkın tesisi, kullanılması veya korunması (e) ve temel hak ve özgürlüklerinize zarar vermemek kaydıyla meşru menfaatlerimiz (f) hukuki sebeplerine dayanılarak işlenir. Ticari elektronik ileti gönderimi ile zorunlu olmayan çerezler yalnızca açık rızanıza dayanır; rızanızı dilediğiniz zaman geri alabilirsiniz.</p>
<h2>5. Kişisel verilerin aktarılması</h2>
<p>Kişisel verileriniz, yukarıdaki amaçlarla sınırlı olarak ve KVKK'nın 8. ve 9. maddelerine uygun şekilde; anlaşmalı kargo şirketlerine, bankalara ve lisanslı ödeme kuruluşlarına, e-fatura özel entegratörüne, muhasebe, hukuk ve bilgi teknolojileri hizmeti aldığımız tedarikçilere ve talep hâlinde yetkili kamu kurumları ile adli mercilere aktarılabilir. Barındırma veya e-posta hizmetlerinin yurt dışındaki sunucular üzerinden sağlanması hâlinde aktarım, KVKK'nın 9. maddesinde öngörülen uygun güvencelerden biri sağlanarak yapılır.</p>
<h2>6. Toplama yöntemi</h2>
<p>Kişisel verileriniz; internet sitemizdeki üyelik, sipariş ve iletişim formları, çerezler, e-posta, telefon ve sosyal medya hesaplarımız ile atölyemizde yapılan alışverişler aracılığıyla, otomatik ya da veri kayıt sisteminin parçası olan otomatik olmayan yollarla toplanır.</p>
<h2>7. İlgili kişinin hakları</h2>
<p>KVKK'nın 11. maddesi uyarınca veri sorumlusuna başvurarak:</p>
<ol>
<li>Kişisel verilerinizin işlenip işlenmediğini öğrenme,</li>
<li>İşlenmişse buna ilişkin bilgi talep etme,</li>
<li>İşlenme amacını ve bunların amacına uygun kullanılıp kullanılmadığını öğrenme,</li>
<li>Yurt içinde veya yurt dışında aktarıldığı üçüncü kişileri bilme,</li>
<li>Eksik veya yanlış işlenmiş olması hâlinde düzeltilmesini isteme,</li>
<li>KVKK'nın 7. maddesindeki şartlar çerçevesinde silinmesini veya yok edilmesini isteme,</li>
<li>Düzeltme, silme ve yok etme işlemlerinin verilerin aktarıldığı üçüncü kişilere bildirilmesini isteme,</li>
<li>Münhasıran otomatik sistemler vasıtasıyla analiz edilmesi suretiyle aleyhinize bir sonucun ortaya çıkmasına itiraz etme,</li>
<li>Kanuna aykırı işleme sebebiyle zarara uğramanız hâlinde zararın giderilmesini talep etme</li>
</ol>
<p>haklarına sahipsiniz.</p>
<h2>8. Başvuru yolu</h2>
<p>Taleplerinizi, Veri Sorumlusuna Başvuru Usul ve Esasları Hakkında Tebliğ'e uygun olarak; ıslak imzalı dilekçeyle yukarıdaki adresimize şahsen veya noter aracılığıyla, KEP adresimize ya da güvenli elektronik imza, mobil imza veya sistemimizde kayıtlı e-posta adresinizden merhaba@vitrinatolye.com.tr adresine iletebilirsiniz. Başvurunuzda ad, soyad, T.C. kimlik numarası (yabancılar için uyruk ve pasaport numarası), tebligata esas adres, varsa e-posta ve telefon ile talep konunuz yer almalıdır.</p>
<p>Başvurular en geç otuz gün içinde ücretsiz olarak sonuçlandırılır; işlemin ayrıca bir maliyet gerektirmesi hâlinde Kişisel Verileri Koruma Kurulunca belirlenen tarifedeki ücret alınabilir. Başvurunuzun reddedilmesi, yanıtı yetersiz bulmanız veya süresinde yanıt verilmemesi hâlinde Kurula şikâyette bulunabilirsiniz.</p>
<p><em>Son güncelleme: Kasım 2026</em></p>`;

const mesafeliSatis = `<h2>Madde 1 – Taraflar</h2>
<h3>1.1. Satıcı</h3>
<ul>
<li>Unvan: Vitrin Atölye El Sanatları Ltd. Şti.</li>
<li>Adres: Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul</li>
<li>Telefon: +90 216 555 01 42</li>
<li>E-posta: merhaba@vitrinatolye.com.tr</li>
<li>KEP: vitrinatolye@hs01.kep.tr</li>
<li>MERSİS No: 0123456789000015</li>
<li>Vergi Dairesi / No: Kadıköy Vergi Dairesi / 9876543210</li>
</ul>
<h3>1.2. Alıcı</h3>
<p>Vitrin Atölye internet sitesi üzerinden sipariş veren kişidir. Alıcının adı, soyadı, adresi, telefon ve e-posta bilgileri sipariş sırasında beyan ettiği bilgilerdir ve sipariş özetinde yer alır.</p>
<h2>Madde 2 – Konu</h2>
<p>İşbu sözleşmenin konusu, Alıcı'nın Satıcı'ya ait internet sitesi üzerinden elektronik ortamda sipariş verdiği, nitelikleri ve satış fiyatı sipariş özetinde belirtilen ürünlerin satışı ve teslimi ile ilgili olarak 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği hükümleri gereğince tarafların hak ve yükümlülüklerinin belirlenmesidir.</p>
<h2>Madde 3 – Ürün, ödeme ve teslimat bilgileri</h2>
<p>Ürünlerin adı, adedi, temel nitelikleri, varsa kişiselleştirme ayrıntıları, vergiler dâhil satış fiyatı, kargo ve ek hizmet bedelleri, ödeme yöntemi ile teslimat ve fatura adresi; sipariş onay sayfasında ve Alıcı'ya e-posta ile gönderilen sipariş özetinde yer alır. Sipariş özeti ve Ön Bilgilendirme Formu bu sözleşmenin ayrılmaz parçasıdır. Fiyatlar Türk lirası cinsinden olup KDV dâhildir.</p>
<p>Ürünler, sitede belirtilen hazırlık süresi içinde kargoya verilir; teslim süresi hiçbir durumda siparişin onayından itibaren 30 günü geçemez. Ürün, Alıcı'nın belirttiği adrese veya gösterdiği kişiye teslim edilir.</p>
<h2>Madde 4 – Genel hükümler</h2>
<ul>
<li>Alıcı, ürünün temel nitelikleri, satış fiyatı, ödeme şekli ve teslimata ilişkin ön bilgileri okuyup bilgi sahibi olduğunu ve elektronik ortamda gerekli teyidi verdiğini kabul eder.</li>
<li>Ürünler el yapımıdır; renk, doku ve ölçülerde görülebilecek küçük farklılıklar ürün sayfalarında belirtilmiş olup ürünün niteliğinin bir parçasıdır.</li>
<li>Satıcı, sipariş konusu edimin yerine getirilmesinin imkânsızlaştığını öğrenirse bu durumu üç gün içinde Alıcı'ya bildirir ve tahsil ettiği tüm ödemeleri bildirim tarihinden itibaren en geç 14 gün içinde iade eder.</li>
<li>Ürünün ayıplı olması hâlinde Alıcı, 6502 sayılı Kanun'un 11. maddesinde sayılan sözleşmeden dönme, bedelden indirim, ücretsiz onarım veya ayıpsız misli ile değiştirme haklarından birini kullanabilir.</li>
</ul>
<h2>Madde 5 – Cayma hakkı</h2>
<p>Alıcı, hiçbir hukuki ve cezai sorumluluk üstlenmeksizin ve hiçbir gerekçe göstermeksizin, ürünün kendisine veya gösterdiği üçüncü kişiye teslim tarihinden itibaren 14 (on dört) gün içinde cayma hakkını kullanabilir. Ayrı ayrı teslim edilen ürünlerde süre, son ürünün teslim alındığı gün başlar.</p>
<p>Cayma bildirimi; merhaba@vitrinatolye.com.tr adresine e-posta, vitrinatolye@hs01.kep.tr adresine KEP, yazılı olarak ya da hesabım sayfasındaki iade talebi formu ile yapılabilir. Alıcı, bildirimden itibaren 10 gün içinde ürünü Satıcı'nın anlaşmalı kargo şirketiyle ve kendisine iletilen iade koduyla geri gönderir; bu durumda iade kargo ücreti Satıcı'ya aittir.</p>
<p>Satıcı, cayma bildiriminin kendisine ulaştığı tarihten itibaren en geç 14 gün içinde, teslimat masrafları dâhil tahsil ettiği tüm ödemeleri, Alıcı'nın ödemede kullandığı araca uygun şekilde ve tek seferde iade eder. Ürünün işleyişine ve kullanım talimatlarına uygun kullanımı nedeniyle oluşan değişiklik ve bozulmalardan Alıcı sorumlu değildir.</p>
<h2>Madde 6 – Cayma hakkının kullanılamayacağı ürünler</h2>
<p>Mesafeli Sözleşmeler Yönetmeliği'nin 15. maddesi uyarınca aşağıdaki ürünlerde cayma hakkı kullanılamaz:</p>
<ul>
<li>Alıcı'nın istekleri veya kişisel ihtiyaçları doğrultusunda hazırlanan ürünler: isim, tarih, monogram, özel yazı veya görsel işlenen ya da Alıcı'nın belirlediği ölçü, renk ve desenle üretilen kişiye özel ürünler,</li>
<li>Elektronik ortamda anında ifa edilen hizmetler veya tüketiciye anında teslim edilen gayrimaddi mallar: indirilebilir desen kalıpları, çizim şablonları ve yazdırılabilir sayfalar gibi dijital ürünler.</li>
</ul>
<p>Bu istisnalar, ürünün ayıplı olması hâlinde Alıcı'nın kanundan doğan haklarını ortadan kaldırmaz.</p>
<h2>Madde 7 – Uyuşmazlıkların çözümü</h2>
<p>İşbu sözleşmeden doğan uyuşmazlıklarda, Ticaret Bakanlığınca her yıl ilan edilen parasal sınırlar dâhilinde Alıcı'nın ürünü satın aldığı veya ikametgâhının bulunduğu yerdeki tüketici hakem heyetleri, bu sınırları aşan uyuşmazlıklarda tüketici mahkemeleri yetkilidir. Tüketici mahkemesinde dava açılmadan önce arabulucuya başvurulması zorunludur.</p>
<h2>Madde 8 – Yürürlük</h2>
<p>Alıcı, siparişini onaylayarak bu sözleşmenin tüm koşullarını kabul etmiş sayılır. Sözleşme siparişin onaylandığı anda elektronik ortamda kurulur; bir örneği Alıcı'nın e-posta adresine gönderilir ve Satıcı tarafından saklanır.</p>`;

const onBilgilendirme = `<p>Bu form, 6502 sayılı Tüketicinin Korunması Hakkında Kanun ve Mesafeli Sözleşmeler Yönetmeliği uyarınca, mesafeli satış sözleşmesi kurulmadan önce Alıcı'yı bilgilendirmek amacıyla hazırlanmıştır. Siparişinize özgü bilgiler ödeme adımında bu forma eklenir.</p>
<h2>1. Satıcı bilgileri</h2>
<ul>
<li>Unvan: Vitrin Atölye El Sanatları Ltd. Şti.</li>
<li>Adres: Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul</li>
<li>Telefon: +90 216 555 01 42</li>
<li>E-posta: merhaba@vitrinatolye.com.tr</li>
<li>KEP: vitrinatolye@hs01.kep.tr</li>
<li>MERSİS No: 0123456789000015</li>
<li>Vergi Dairesi / No: Kadıköy Vergi Dairesi / 9876543210</li>
</ul>
<h2>2. Ürünlerin temel nitelikleri ve fiyatı</h2>
<p>Sipariş verdiğiniz ürünlerin adı, adedi, malzeme, ölçü ve renk gibi temel nitelikleri, varsa kişiselleştirme bilgileri ve vergiler dâhil toplam satış fiyatı sipariş özetinde gösterilir. Fiyatlar Türk lirası cinsindendir ve KDV dâhildir. Sitedeki fiyat ve kampanyalar değişebilir; ancak onaylanan siparişin fiyatı değişmez.</p>
<h2>3. Teslimat masrafları ve ek ücretler</h2>
<p>750 TL ve üzeri siparişlerde kargo ücretsizdir; bu tutarın altındaki siparişlerde 79,90 TL kargo ücreti alınır. Kapıda ödeme seçeneğinde ayrıca 39,90 TL hizmet bedeli uygulanır. Tüm ek ücretler, siparişi onaylamadan önce sipariş özetinde ayrıca gösterilir.</p>
<h2>4. Ödeme ve teslimat</h2>
<ul>
<li>Ödeme yöntemleri: kredi kartı ve banka kartı (3D Secure ile), havale/EFT ve kapıda ödeme. Kart bilgileri lisanslı ödeme kuruluşu tarafından işlenir ve Satıcı tarafından saklanmaz.</li>
<li>Stoktaki ürünler 1-3 iş günü, kişiye özel ürünler 5-7 iş günü içinde kargoya verilir. Teslim süresi siparişin onayından itibaren 30 günü geçemez.</li>
<li>Dijital ürünlerin indirme bağlantısı, ödeme onaylandıktan hemen sonra e-posta ile gönderilir ve hesabım sayfasında sunulur.</li>
</ul>
<h2>5. Cayma hakkı</h2>
<p>Alıcı, ürünün kendisine veya gösterdiği kişiye teslim tarihinden itibaren 14 gün içinde hiçbir gerekçe göstermeksizin ve cezai şart ödemeksizin cayma hakkını kullanabilir. Bildirim, merhaba@vitrinatolye.com.tr adresine, vitrinatolye@hs01.kep.tr KEP adresine ya da hesabım sayfasındaki iade talebi formuyla yapılabilir.</p>
<p>İade için öngördüğümüz taşıyıcı, anlaşmalı kargo şirketimizdir. Bildirimin ardından size bir iade kodu iletilir; ürünü bu kodla 10 gün içinde kargoya vermeniz hâlinde iade kargo ücreti tarafımızca karşılanır. Tahsil edilen tüm ödemeler, cayma bildiriminin bize ulaşmasından itibaren en geç 14 gün içinde iade edilir.</p>
<h2>6. Cayma hakkının kullanılamayacağı ürünler</h2>
<ul>
<li>İsim, tarih, monogram veya özel bir yazı ya da görsel işlenen veya Alıcı'nın istediği ölçü, renk ve desenle üretilen kişiye özel ürünler,</li>
<li>Elektronik ortamda anında teslim edilen dijital ürünler (desen kalıpları, şablonlar, yazdırılabilir sayfalar). Alıcı, ödeme adımında dijital içeriğin hemen teslim edilmesini onaylayarak cayma hakkını kaybedeceğini kabul eder.</li>
</ul>
<h2>7. Dijital içeriklerin işlevselliği</h2>
<p>Dijital ürünlerimiz PDF, SVG veya PNG biçimindedir ve güncel bir PDF okuyucu ya da görüntüleyiciyle açılabilir. İçerikler teknik koruma önlemi içermez ve yalnızca kişisel kullanım için lisanslanır.</p>
<h2>8. Şikâyet ve uyuşmazlık çözümü</h2>
<p>Şikâyetlerinizi yukarıdaki iletişim kanallarından bize iletebilirsiniz. Uyuşmazlık hâlinde, Ticaret Bakanlığınca ilan edilen parasal sınırlar dâhilinde ürünü satın aldığınız veya ikametgâhınızın bulunduğu yerdeki tüketici hakem heyetine, bu sınırları aşan durumlarda arabuluculuk sürecinin ardından tüketici mahkemesine başvurabilirsiniz.</p>`;

const iadeKosullari = `<p>Atölyemizden çıkan her ürünün sizi mutlu etmesini istiyoruz. Beklediğiniz gibi olmadıysa iade ve değişim sürecini olabildiğince kolay tutmaya çalışıyoruz.</p>
<h2>14 gün içinde koşulsuz iade</h2>
<p>Siparişinizi teslim aldığınız günden itibaren 14 gün içinde, hiçbir gerekçe göstermeden cayma hakkınızı kullanabilirsiniz. İade edeceğiniz ürünün kullanım talimatlarına uygun şekilde kullanılmış olması, mümkünse orijinal ambalajı ve faturasıyla birlikte gönderilmesi yeterlidir.</p>
<h2>İade nasıl yapılır?</h2>
<ol>
<li>Hesabım › Siparişlerim sayfasından ilgili siparişi seçip "İade talebi oluştur" düğmesine tıklayın ya da sipariş numaranızla birlikte <a href="mailto:merhaba@vitrinatolye.com.tr">merhaba@vitrinatolye.com.tr</a> adresine yazın.</li>
<li>Size anlaşmalı kargo şirketimize ait bir iade kodu gönderiyoruz. Bu kodla yapılan gönderilerde kargo ücreti ödemezsiniz.</li>
<li>Ürünü, kırılmayacak şekilde paketleyip bildiriminizden itibaren 10 gün içinde kargo şubesine teslim edin.</li>
<li>Ürün atölyemize ulaştığında sizi bilgilendiriyor, ödemenizi en geç 14 gün içinde iade ediyoruz.</li>
</ol>
<h2>Para iadesi</h2>
<p>Kredi kartı ve banka kartıyla yapılan ödemeler, ödemede kullandığınız karta iade edilir. İadenin hesabınıza yansıma süresi bankanıza bağlıdır ve genellikle 2-10 iş günü sürer; taksitli alışverişlerde iade de bankanız tarafından taksitler hâlinde yansıtılabilir. Havale/EFT ve kapıda ödeme ile yapılan alışverişlerde iade, adınıza kayıtlı IBAN numarasına yapılır.</p>
<h2>Değişim</h2>
<p>Farklı bir renk, boyut ya da ürünle değiştirmek isterseniz iade talebinizde belirtmeniz yeterli. Stokta bulunması hâlinde yeni ürününüzü, eski ürün atölyemize ulaştıktan sonra 1-3 iş günü içinde kargoya veriyoruz. İlk değişimde gidiş ve dönüş kargo ücretleri bizden.</p>
<h2>Kırık, hasarlı veya kusurlu ürünler</h2>
<p>Seramiklerimizi çift katmanlı koruyucu ambalajla gönderiyoruz; yine de yolda bir şey olabilir. Paket hasarlı görünüyorsa kargo görevlisinden hasar tespit tutanağı tutmasını isteyin. Kırık ya da kusurlu bir ürünle karşılaşırsanız fotoğraflarıyla birlikte bize yazın; ürünü ücretsiz olarak yenisiyle değiştirir veya bedelini iade ederiz. Ayıplı ürünlerde 6502 sayılı Tüketicinin Korunması Hakkında Kanun'dan doğan seçimlik haklarınız saklıdır.</p>
<h2>İade edilemeyen ürünler</h2>
<ul>
<li>İsim, tarih, monogram veya özel yazı işlenen ya da sizin için özel ölçü, renk ve desende üretilen kişiye özel ürünler,</li>
<li>İndirme bağlantısı gönderilmiş dijital ürünler (desen kalıpları, şablonlar, yazdırılabilir sayfalar).</li>
</ul>
<p>Bu ürünlerde de üretim veya dosya hatası varsa elbette sorunu çözüyoruz. Ayrıntılar için <a href="/content/mesafeli-satis-sozlesmesi">Mesafeli Satış Sözleşmesi</a> ve <a href="/content/on-bilgilendirme-formu">Ön Bilgilendirme Formu</a> sayfalarına göz atabilirsiniz.</p>`;

const sss = `<h3>Siparişim ne zaman kargoya verilir?</h3>
<p>Stokta bulunan ürünler, ödemenizin onaylanmasından sonra 1-3 iş günü içinde kargoya verilir. Cumartesi, pazar ve resmî tatillerde kargo çıkışı yapılmaz.</p>
<h3>Kargom kaç günde elime ulaşır?</h3>
<p>Kargoya verilen paketler, gideceği adrese göre genellikle 1-3 iş günü içinde teslim edilir. Bazı ilçe ve köylerde bu süre birkaç gün uzayabilir.</p>
<h3>Ücretsiz kargo var mı?</h3>
<p>Evet. 750 TL ve üzeri siparişlerde kargo ücretsizdir. Bu tutarın altındaki siparişlerde 79,90 TL kargo ücreti alınır.</p>
<h3>Kişiye özel ürünler ne kadar sürede hazırlanır?</h3>
<p>İsim, tarih veya özel yazı işlediğimiz ürünler siparişe göre üretildiği için 5-7 iş günü içinde kargoya verilir. Yoğun dönemlerde ve özel ölçü siparişlerinde bu süre ürün sayfasında ayrıca belirtilir.</p>
<h3>Hangi ödeme yöntemlerini kullanabilirim?</h3>
<p>Kredi kartı, banka kartı, havale/EFT ve kapıda ödeme seçeneklerini kullanabilirsiniz. Kartlı ödemeler 3D Secure ile lisanslı ödeme kuruluşu üzerinden alınır; kart bilgileriniz bizde saklanmaz.</p>
<h3>Kredi kartına taksit yapabilir miyim?</h3>
<p>Evet. Bankanızın ve kart programınızın sunduğu taksit seçenekleri ödeme adımında kart numaranızı girdiğinizde listelenir. Taksit sayısı, mevzuat ve bankanızın kampanyalarına göre değişebilir.</p>
<h3>Havale/EFT ile nasıl ödeme yaparım?</h3>
<p>Ödeme adımında havale/EFT seçeneğini işaretleyin; IBAN bilgilerimiz sipariş onay e-postanızda yer alır. Açıklama alanına sipariş numaranızı yazmayı unutmayın. Ödemesi 2 iş günü içinde ulaşmayan siparişler iptal edilir.</p>
<h3>Kapıda ödeme var mı?</h3>
<p>Evet, kapıda nakit veya kartla ödeme yapabilirsiniz. Bu seçenek için 39,90 TL hizmet bedeli alınır. Kişiye özel ve dijital ürünlerde kapıda ödeme kullanılamaz.</p>
<h3>Faturamı nasıl alırım?</h3>
<p>Siparişiniz kargoya verildiğinde e-arşiv faturanız e-posta adresinize gönderilir ve hesabım sayfasından da indirilebilir. Şirket adına fatura için ödeme adımında unvan, vergi dairesi ve vergi numarası bilgilerini girmeniz yeterlidir.</p>
<h3>Siparişimi nasıl takip ederim?</h3>
<p>Siparişiniz kargoya verildiğinde kargo takip numarası e-posta ve SMS ile iletilir. Hesabım › Siparişlerim sayfasından siparişinizin durumunu her an görebilirsiniz.</p>
<h3>İade veya değişim yapabilir miyim?</h3>
<p>Teslim tarihinden itibaren 14 gün içinde iade ve değişim yapabilirsiniz; anlaşmalı kargomuzla gönderilen iadelerde kargo ücreti bizden. Kişiye özel ve dijital ürünler iade edilemez. Ayrıntılar için <a href="/content/iade-kosullari">İade ve Değişim Koşulları</a> sayfamıza göz atın.</p>
<h3>Dijital ürünler nasıl teslim edilir?</h3>
<p>Ödemeniz onaylandığı anda indirme bağlantısı e-posta adresinize gönderilir; dosyalara hesabım sayfasından da ulaşabilirsiniz. Bağlantı, her dosya için 5 indirme hakkı tanır.</p>
<h3>Seramikler bulaşık makinesinde yıkanabilir mi?</h3>
<p>Kupa, kase ve tabaklarımız gıdaya uygun sırla kaplıdır; bulaşık makinesinde ve mikrodalgada kullanılabilir. Altın ve gümüş yaldızlı ürünlerde elde yıkamanızı öneririz.</p>
<h3>Atölyenizi ziyaret edebilir miyim?</h3>
<p>Elbette! Kadıköy Moda'daki atölyemiz salı-cumartesi 11.00-19.00 saatleri arasında açık. Siparişinizi atölyeden ücretsiz teslim almayı da seçebilirsiniz.</p>`;

const kargo = `<p>Siparişlerinizi Kadıköy'deki atölyemizde kendi ellerimizle paketleyip anlaşmalı kargo şirketlerimizle Türkiye'nin her yerine gönderiyoruz.</p>
<h2>Hazırlık süreleri</h2>
<table>
<thead><tr><th>Ürün türü</th><th>Kargoya verilme süresi</th></tr></thead>
<tbody>
<tr><td>Stokta bulunan ürünler</td><td>1-3 iş günü</td></tr>
<tr><td>Kişiye özel ürünler</td><td>5-7 iş günü</td></tr>
<tr><td>Siparişe özel ölçü ve desenler</td><td>Ürün sayfasında belirtilen süre</td></tr>
<tr><td>Dijital ürünler</td><td>Ödeme onayından hemen sonra e-posta ile</td></tr>
</tbody>
</table>
<p>Kargoya verilen paketler, adresinize göre genellikle 1-3 iş günü içinde teslim edilir. Yasal olarak teslim süresi, siparişin onayından itibaren hiçbir durumda 30 günü geçemez.</p>
<h2>Kargo ücretleri</h2>
<table>
<thead><tr><th>Sipariş tutarı</th><th>Kargo ücreti</th></tr></thead>
<tbody>
<tr><td>750 TL ve üzeri</td><td>Ücretsiz</td></tr>
<tr><td>750 TL altı</td><td>79,90 TL</td></tr>
<tr><td>Kapıda ödeme hizmet bedeli</td><td>39,90 TL</td></tr>
<tr><td>Atölyeden teslim alma</td><td>Ücretsiz</td></tr>
</tbody>
</table>
<h2>Gönderim bölgeleri</h2>
<p>Şu an yalnızca Türkiye içindeki adreslere gönderim yapıyoruz. Yurt dışına gönderim için lütfen önce <a href="/contact">bizimle iletişime geçin</a>; ürün ve ülkeye göre size özel bir teklif hazırlayabiliriz.</p>
<h2>Paketleme</h2>
<p>Seramik ürünlerimizi geri dönüştürülmüş karton, kâğıt dolgu ve çift katmanlı koruyucu ambalajla paketliyoruz; paketlerimizde plastik kullanmıyoruz. Dilerseniz ödeme adımında siparişinize ücretsiz bir hediye notu ekleyebilir, faturanın pakete konulmamasını isteyebilirsiniz.</p>
<h2>Teslimat sırasında</h2>
<ul>
<li>Paketi teslim almadan önce dış ambalajı kontrol edin. Ezik, ıslak veya yırtık bir paket varsa kargo görevlisinden hasar tespit tutanağı tutmasını isteyin.</li>
<li>Adresinizde bulunamazsanız kargo şirketi bir not bırakır; paketiniz birkaç iş günü boyunca size en yakın şubede bekletilir.</li>
<li>Teslim alınmayan ve atölyemize geri dönen siparişler için sizinle iletişime geçiyoruz.</li>
</ul>
<h2>Atölyeden teslim alma</h2>
<p>İstanbul'daysanız ödeme adımında "Atölyeden teslim al" seçeneğini işaretleyebilirsiniz. Siparişiniz hazır olduğunda size haber veriyoruz; Caferağa Mah. Moda Cad. No: 42/3, 34710 Kadıköy/İstanbul adresindeki atölyemizden salı-cumartesi 11.00-19.00 saatleri arasında teslim alabilirsiniz.</p>
<p>Kargo ile ilgili her türlü sorunuz için +90 216 555 01 42 numaralı telefondan veya <a href="mailto:merhaba@vitrinatolye.com.tr">merhaba@vitrinatolye.com.tr</a> adresinden bize ulaşabilirsiniz.</p>`;

const gizlilik = `<p>Vitrin Atölye El Sanatları Ltd. Şti. olarak sitemizi ziyaret ettiğinizde ve alışveriş yaptığınızda gizliliğinizi korumayı önemsiyoruz. Bu politika, hangi bilgileri neden kullandığımızı ve çerez tercihlerinizi nasıl yönetebileceğinizi açıklar. Kişisel verilerinizin işlenmesine ilişkin ayrıntılı bilgiye <a href="/content/kvkk-aydinlatma-metni">KVKK Aydınlatma Metni</a> sayfamızdan ulaşabilirsiniz.</p>
<h2>Bilgilerinizin güvenliği</h2>
<ul>
<li>Sitemizle aranızdaki tüm veri trafiği TLS (SSL) ile şifrelenir.</li>
<li>Kart ödemeleri 3D Secure ile, PCI-DSS sertifikalı lisanslı ödeme kuruluşu üzerinden alınır; kart bilgileriniz sunucularımızda saklanmaz.</li>
<li>Şifreniz geri döndürülemez biçimde şifrelenerek saklanır; ekibimiz dahil hiç kimse şifrenizi göremez.</li>
<li>Kişisel verilerinize yalnızca siparişinizi hazırlamak ve size destek olmak için ihtiyaç duyan çalışanlarımız erişebilir.</li>
</ul>
<h2>Ticari elektronik iletiler</h2>
<p>6563 sayılı Elektronik Ticaretin Düzenlenmesi Hakkında Kanun uyarınca, kampanya ve yeniliklerimize ilişkin e-posta veya SMS yalnızca onay vermeniz hâlinde gönderilir ve onayınız İleti Yönetim Sistemi'ne (İYS) kaydedilir. Her iletideki bağlantıdan, hesabım sayfasından veya İYS üzerinden dilediğiniz zaman ücretsiz olarak ret bildiriminde bulunabilirsiniz. Sipariş ve kargo bildirimleri gibi işlem iletileri bu kapsamda değildir.</p>
<h2>Çerez nedir?</h2>
<p>Çerezler, ziyaret ettiğiniz sitenin tarayıcınıza kaydettiği küçük metin dosyalarıdır. Sepetinizin hatırlanması, oturumunuzun açık kalması ve sitenin nasıl kullanıldığının anlaşılması gibi amaçlarla kullanılır.</p>
<h2>Kullandığımız çerezler</h2>
<table>
<thead><tr><th>Tür</th><th>Amaç</th><th>Dayanak</th></tr></thead>
<tbody>
<tr><td>Zorunlu çerezler</td><td>Oturum, sepet, güvenlik ve çerez tercihlerinizin hatırlanması</td><td>Sözleşmenin ifası ve meşru menfaat; onay gerektirmez</td></tr>
<tr><td>İşlevsel çerezler</td><td>Dil, para birimi ve son görüntülenen ürünler gibi tercihlerin hatırlanması</td><td>Açık rıza</td></tr>
<tr><td>Analitik çerezler</td><td>Ziyaret sayılarının ve sitenin nasıl kullanıldığının anonim olarak ölçülmesi</td><td>Açık rıza</td></tr>
<tr><td>Pazarlama çerezleri</td><td>İlgi alanlarınıza uygun reklamların gösterilmesi</td><td>Açık rıza</td></tr>
</tbody>
</table>
<p>Zorunlu çerezler oturumunuz süresince veya en fazla bir yıl saklanır. Diğer çerezler yalnızca çerez bildirimindeki tercihlerinize göre, en fazla iki yıl süreyle kullanılır.</p>
<h2>Çerez tercihlerinizi yönetme</h2>
<p>Sitemize ilk girişinizde gösterilen çerez bildiriminde zorunlu olmayan çerezleri kabul edebilir veya reddedebilirsiniz. Tercihinizi sayfanın alt kısmındaki "Çerez tercihleri" bağlantısından her zaman değiştirebilirsiniz. Ayrıca Chrome, Firefox, Safari veya Edge gibi tarayıcınızın ayarlarından çerezleri silebilir ya da engelleyebilirsiniz; ancak zorunlu çerezlerin engellenmesi hâlinde sepet ve üyelik gibi bazı özellikler çalışmayabilir.</p>
<h2>Değişiklikler ve iletişim</h2>
<p>Bu politikayı mevzuattaki ve hizmetlerimizdeki değişikliklere göre güncelleyebiliriz; güncel metin her zaman bu sayfada yer alır. Sorularınız için <a href="mailto:merhaba@vitrinatolye.com.tr">merhaba@vitrinatolye.com.tr</a> adresine yazabilir veya +90 216 555 01 42 numaralı telefondan bize ulaşabilirsiniz.</p>
<p><em>Son güncelleme: Kasım 2026</em></p>`;

const atolyeNotlari = `<p>Bir kupanın rafımızdan kapınıza ulaşması yaklaşık üç hafta sürüyor. Bu yazıda, çoğu zaman görmediğiniz bu yolculuğu adım adım anlatmak istedik.</p>
<h2>Çamurdan tornaya</h2>
<p>Her sabah işe, bir gün önceden dinlenmeye bıraktığımız çamuru yoğurarak başlıyoruz. İçindeki havayı almak için yaptığımız bu yoğurmaya "koç başı" diyoruz; iyi yoğrulmamış bir çamur fırında çatlayabilir. Ardından çamur tornaya oturtuluyor, ortalanıyor ve birkaç dakika içinde bir kupa, kase ya da vazo biçimini alıyor. Elif'in deyimiyle: "Tornada acele eden çamura yenilir."</p>
<h2>Sabır: kuruma ve ilk pişirim</h2>
<p>Şekillenen parçalar "deri sertliğine" gelene kadar birkaç gün rafta bekliyor. Bu aşamada kulpları takıyor, tabanlarını düzeltiyor ve atölyemizin küçük mührünü basıyoruz. Tamamen kuruyan ürünler yaklaşık 900 derecede ilk kez pişiriliyor; bu pişirimden sonra parçalar hafifliyor ve sır almaya hazır hâle geliyor.</p>
<h2>Sır ve ikinci pişirim</h2>
<p>Sırlarımızı kendi deneylerimizle, gıdaya uygun hammaddelerle hazırlıyoruz. Toprak kırmızısı, zeytin yeşili ve kum beji en çok sevdiğimiz renkler. Sırlanan parçalar bu kez yaklaşık 1.200 derecede, ikinci kez pişiriliyor. Fırın kapağını açtığımız an, atölyenin en heyecanlı anı: Sır her seferinde biraz farklı akıyor, bu yüzden iki kupamız asla birbirinin aynısı olmuyor.</p>
<h2>Paketleme ve yolculuk</h2>
<p>Fırından çıkan her parçayı tek tek kontrol ediyoruz. Çatlak ya da sır hatası olanlar satışa çıkmıyor; bunları atölyemizdeki bitkilerimize saksı yapıyoruz. Satışa hazır ürünler geri dönüştürülmüş kâğıtla sarılıp kargoya veriliyor. Paketinizi açtığınızda içinden çıkan küçük el yazısı not da bu yolculuğun son adımı.</p>
<h2>Seramiklerinize iyi bakmak için</h2>
<ul>
<li>Soğuk bir kupaya kaynar su dökmeden önce kupayı ılık suyla ısıtın; ani ısı değişimi sırrın çatlamasına neden olabilir.</li>
<li>Altın yaldızlı parçaları mikrodalgaya koymayın ve elde yıkayın.</li>
<li>Sırsız tabanlar zamanla hafifçe renk alabilir; ince zımpara veya bulaşık süngerinin sert yüzüyle kolayca temizlenir.</li>
</ul>
<p>Atölyemizi yakından görmek isterseniz salı-cumartesi günleri Moda'da sizi bekliyoruz. Yeni notlarımız için <a href="/blog">blogumuzu</a> takip etmeyi unutmayın.</p>`;

export const demoPages: DemoPage[] = [
  {
    type: 1,
    slug: 'hakkimizda',
    title: 'Hakkımızda',
    summary:
      "Vitrin Atölye, 2016'dan beri Kadıköy Moda'da el yapımı seramik, tekstil, kırtasiye ve deri ürünler üreten küçük bir zanaat atölyesidir.",
    body: hakkimizda,
    position: 1,
  },
  {
    type: 3,
    slug: 'kvkk-aydinlatma-metni',
    title: 'KVKK Aydınlatma Metni',
    summary:
      'Vitrin Atölye olarak kişisel verilerinizi 6698 sayılı KVKK kapsamında hangi amaçlarla ve nasıl işlediğimizi, haklarınızı ve başvuru yollarını açıklıyoruz.',
    body: kvkk,
    position: 2,
  },
  {
    type: 3,
    slug: 'mesafeli-satis-sozlesmesi',
    title: 'Mesafeli Satış Sözleşmesi',
    summary:
      'Vitrin Atölye üzerinden verilen siparişlere uygulanan, 6502 sayılı Kanun ve Mesafeli Sözleşmeler Yönetmeliği kapsamındaki satış sözleşmesi.',
    body: mesafeliSatis,
    position: 3,
  },
  {
    type: 3,
    slug: 'on-bilgilendirme-formu',
    title: 'Ön Bilgilendirme Formu',
    summary:
      'Sipariş öncesinde satıcı, ürün, fiyat, teslimat, ödeme ve 14 günlük cayma hakkına ilişkin yasal ön bilgilendirme.',
    body: onBilgilendirme,
    position: 4,
  },
  {
    type: 2,
    slug: 'iade-kosullari',
    title: 'İade ve Değişim Koşulları',
    summary:
      '14 gün içinde ücretsiz iade, kolay değişim, para iadesi süreleri ve kırık ya da hasarlı gelen ürünler için yapmanız gerekenler.',
    body: iadeKosullari,
    position: 5,
  },
  {
    type: 2,
    slug: 'sikca-sorulan-sorular',
    title: 'Sıkça Sorulan Sorular',
    summary:
      'Kargo süreleri, ücretsiz kargo, kişiye özel ürünler, taksit, havale, kapıda ödeme, fatura, iade ve dijital ürünlerle ilgili merak ettikleriniz.',
    body: sss,
    position: 6,
  },
  {
    type: 2,
    slug: 'kargo-ve-teslimat',
    title: 'Kargo ve Teslimat',
    summary:
      'Hazırlık süreleri, kargo ücretleri, 750 TL üzeri ücretsiz kargo, paketleme ve Kadıköy atölyemizden teslim alma hakkında bilgiler.',
    body: kargo,
    position: 7,
  },
  {
    type: 3,
    slug: 'gizlilik-ve-cerez-politikasi',
    title: 'Gizlilik ve Çerez Politikası',
    summary:
      'Bilgilerinizi nasıl koruduğumuzu, ticari elektronik iletileri, sitemizde kullanılan çerezleri ve çerez tercihlerinizi nasıl yöneteceğinizi anlatıyoruz.',
    body: gizlilik,
    position: 8,
  },
  {
    type: 4,
    slug: 'atolye-notlari',
    title: 'Atölyeden Notlar',
    summary:
      'Bir kupanın çamurdan masanıza uzanan yolculuğu: tornada şekillendirme, kuruma, iki pişirim, sırlama ve seramik bakımı için küçük ipuçları.',
    body: atolyeNotlari,
    position: 9,
  },
];
