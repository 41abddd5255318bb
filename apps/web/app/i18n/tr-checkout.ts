import { addTexts } from './messages.ts';

/**
 * The checkout's and the order page's texts. Kept out of the catalogue every page loads (`tr.ts`): the modules that show these texts import this
 * file, so only their pages download it.
 */
export const texts = {
  checkout: {
    title: 'Ödeme',
    intro: 'Bilgilerinizi girin, ödeme yönteminizi seçin ve siparişinizi tamamlayın.',
    summary: 'Sipariş Özeti',
    lineQuantity: '{{quantity}} × {{price}}',
    subtotal: 'Ara Toplam',
    discount: 'İndirim',
    discountCode: 'İndirim ({{code}})',
    shipping: 'Kargo',
    shippingFree: 'Ücretsiz',
    codFee: 'Kapıda ödeme bedeli',
    instalmentFee: 'Taksit farkı',
    total: 'Toplam',
    vatLine: 'İçindeki KDV (%{{rate}})',
    vatIncluded: 'Tüm fiyatlara KDV dahildir.',
    editCart: 'Sepeti düzenle',
    contact: 'İletişim Bilgileri',
    contactCustomer: 'Siparişinizle ilgili bilgilendirmeleri {{email}} adresine göndereceğiz.',
    emailHint: 'Sipariş onayı ve kargo bilgisi bu adrese gelir.',
    shippingAddress: 'Teslimat Adresi',
    billing: 'Fatura Bilgileri',
    billingSame: 'Fatura adresim teslimat adresimle aynı',
    payment: 'Ödeme Yöntemi',
    methodHint: {
      card: 'Kart bilgilerinizi bir sonraki adımda bankanın 3-D Secure güvenli ödeme sayfasında girersiniz.',
      transfer: 'Siparişiniz, ödemeniz hesabımıza geçtiğinde hazırlanır.',
      cod: 'Ödemeyi ürünü teslim alırken nakit ya da kartla yaparsınız.',
    },
    codFeeHint: 'Kapıda ödeme hizmet bedeli: {{fee}}',
    instalments: 'Taksit seçenekleri',
    singlePayment: 'Tek Çekim — {{total}}',
    instalmentOption: '{{count}} Taksit — {{count}} × {{monthly}} (toplam {{total}})',
    transferHint: 'Açıklama kısmına sipariş numaranızı yazmayı unutmayın.',
    finish: 'Siparişi Onayla',
    note: 'Sipariş notu',
    noteHint: 'Teslimat ya da hediye paketi için bir notunuz varsa yazın (en fazla 500 karakter).',
    createAccount: 'Üyelik için şifre',
    createAccountHint:
      'Bir şifre (en az {{min}} karakter) belirlerseniz bu bilgilerle üyeliğiniz de açılır ve siparişlerinizi panelden izlersiniz. Kişisel verilerinizin nasıl işlendiğini okuyun:',
    kvkkNotice: 'KVKK Aydınlatma Metni',
    termsMissing: 'Siparişi tamamlamak için sözleşmeleri onaylayın',
    preInformation: 'Ön bilgilendirme formunu',
    termsAnd: ' ve ',
    distanceSale: 'mesafeli satış sözleşmesini',
    termsAccept: ' okudum, kabul ediyorum.',
    manageAddresses: 'Adreslerimi düzenle',
    submit: 'Siparişi Tamamla',
  },
} as const;

addTexts(texts);
