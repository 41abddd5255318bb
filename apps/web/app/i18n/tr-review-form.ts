import { addTexts } from './messages.ts';

/**
 * The review form's and the account's review list's texts. Kept out of the catalogue every page loads (`tr.ts`): the modules that show these texts import this
 * file, so only their pages download it.
 */
export const texts = {
  reviewForm: {
    formTitle: '{{name}}: değerlendirme yaz',
    formIntro:
      'Ürünü nasıl buldunuz? Değerlendirmeniz onaylandıktan sonra ürün sayfasında adınız ve soyadınızın baş harfiyle yayımlanır.',
    rating: 'Puanınız',
    ratingOption: '{{n}} yıldız',
    reviewTitle: 'Başlık',
    reviewTitleHint: '3-120 karakter',
    body: 'Değerlendirmeniz',
    bodyHint: '10-2000 karakter; yalnızca düz metin',
    photos: 'Fotoğraflar',
    photosHint: 'İsteğe bağlı: en fazla 3 fotoğraf, JPEG, PNG ya da WebP, toplam en fazla 5 MB',
    submit: 'Değerlendirmeyi gönder',
    received: 'Değerlendirmeniz alındı; onaylandıktan sonra yayımlanacak.',
    backToProduct: 'Ürüne dön',
    loginNeeded: 'Değerlendirme yazmak için giriş yapmalısınız.',
    login: 'Giriş yap',
    notBuyer:
      'Yalnızca bu ürünü satın alıp teslim almış müşterilerimiz değerlendirme yazabilir. Siparişiniz teslim edildikten sonra bu sayfadan değerlendirebilirsiniz.',
    reviewed: 'Bu ürünü zaten değerlendirdiniz. Değerlendirmelerinizi hesabınızdan izleyebilirsiniz.',
    myReviews: 'Değerlendirmelerim',
    myReviewsIntro: 'Yazdığınız değerlendirmeler ve yayın durumları.',
    myNone:
      'Henüz bir değerlendirme yazmadınız. Teslim aldığınız ürünleri ürün sayfalarından değerlendirebilirsiniz.',
    status: 'Durum',
    rejectReason: 'Yayımlanmama nedeni',
    product: 'Ürün',
  },
} as const;

addTexts(texts);
