import { addTexts } from './messages.ts';

/**
 * The 3-D Secure payment page's texts (the bank's frame, its waiting and its errors). Kept out of the catalogue every page loads (`tr.ts`): the modules that show these texts import this
 * file, so only their pages download it.
 */
export const texts = {
  securePay: {
    bank: 'Vitrin Test Bankası',
    title: 'Güvenli Ödeme',
    merchant: 'İşyeri',
    order: 'Sipariş',
    amount: 'Tutar',
    instalments: '{{count}} taksit × {{monthly}}',
    pay: '{{amount}} Öde',
    cardNumber: 'Kart numarası',
    cardNumberMissing: 'Kart numaranızı girin',
    holder: 'Kart üzerindeki isim',
    holderMissing: 'Kart üzerindeki ismi girin',
    month: 'Ay',
    year: 'Yıl',
    cvc: 'CVC',
    code: 'Doğrulama kodu',
    codeMissing: 'Telefonunuza gelen doğrulama kodunu girin',
    testCode: 'Test ortamı: doğrulama kodu {{code}}',
    confirm: 'Onayla',
    failed: 'Ödeme alınamadı',
    retry: 'Başka bir kartla ya da yeniden deneyebilirsiniz.',
    testCards: 'Test kartları',
    testHint: 'Son kullanma tarihi gelecekte herhangi bir ay, CVC herhangi üç rakam olabilir.',
    toOrder: 'Siparişe dön',
    none: 'Ödenecek bir sipariş bulunamadı',
    noneText: 'Bu sayfa, kartla ödenecek bir sipariş verdiğinizde açılır.',
    backToShop: 'Mağazaya dön',
    continue: 'Ödeme sayfasına geç',
    bankNote:
      'Kart bilgileriniz yalnızca ödeme kuruluşuna iletilir; mağaza kart numaranızı saklamaz. Sonraki adımda bankanızın 3-D Secure sayfası açılır.',
    hostedNote: 'Kart bilgilerinizi ödeme kuruluşunun güvenli sayfasında gireceksiniz.',
    verifying: 'Ödemeniz doğrulanıyor…',
    verifyingText:
      'Ödeme kuruluşunun yanıtını bekliyoruz; bu genellikle birkaç saniye sürer. Lütfen sayfayı kapatmayın.',
    verifyingLate:
      'Ödemenizin sonucu bir dakikadır gelmedi. Kartınızdan çekim yapıldıysa siparişinize kısa süre içinde işlenir; sonucu e-postanızdaki bağlantıdan izleyebilirsiniz. Çekim yapılmadıysa yeniden deneyebilirsiniz; iki kez ödeme alınmaz, fazlası kartınıza iade edilir.',
    refresh: 'Sonucu yeniden sor',
    providerNames: { iyzico: 'iyzico ile Güvenli Ödeme', paytr: 'PayTR ile Güvenli Ödeme' },
    errors: {
      ODEME_SAGLAYICISI_HATASI:
        'Ödeme kuruluşuna şu anda ulaşılamıyor; kartınızdan para çekilmedi. Lütfen biraz sonra tekrar deneyin.',
      GECERSIZ_ISTEK: 'Kart bilgileri geçersiz. Lütfen kontrol edip yeniden deneyin.',
      COK_FAZLA_ISTEK: 'Çok fazla deneme yapıldı. Lütfen biraz sonra tekrar deneyin.',
      other: 'Ödeme başlatılamadı. Lütfen tekrar deneyin.',
    },
  },
} as const;

addTexts(texts);
