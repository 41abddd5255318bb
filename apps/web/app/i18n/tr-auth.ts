import { addTexts } from './messages.ts';

/**
 * The account forms' texts (log in, register, passwords). Kept out of the catalogue every page loads (`tr.ts`): the modules that show these texts import this
 * file, so only their pages download it.
 */
export const texts = {
  auth: {
    logout: {
      title: 'Çıkış Yap',
      intro: 'Bu tarayıcıdaki oturumunuz kapanacak. Çıkış yapmak istiyor musunuz?',
      submit: 'Çıkış Yap',
      stay: 'Vazgeç, hesabıma dön',
      signedOutTitle: 'Oturumunuz açık değil',
      signedOut: 'Bu tarayıcıda açık bir oturumunuz yok; çıkış yapmanız gerekmiyor.',
      home: 'Anasayfaya dön',
      login: 'Giriş Yap',
    },
    email: 'E-posta',
    password: 'Şifre',
    forgotLink: 'Şifremi Unuttum',
    firstName: 'Ad',
    lastName: 'Soyad',
    phone: 'Cep telefonu',
    phoneHint: 'Örnek: 0532 123 45 67',
    emailMissing: 'E-posta adresinizi girin',
    passwordMissing: 'Şifrenizi girin',
    firstNameMissing: 'Adınızı girin',
    lastNameMissing: 'Soyadınızı girin',
    phoneMissing: 'Cep telefonu numaranızı girin',
    passwordTooShort: 'Şifre en az {{min}} karakter olmalı',
    login: {
      title: 'Giriş Yap',
      intro: 'Siparişlerinizi, adreslerinizi ve bilgilerinizi yönetmek için hesabınıza giriş yapın.',
      remember: 'Beni hatırla',
      rememberHint: 'Tarayıcınızı kapatsanız da bu cihazda oturumunuz açık kalır. Ortak cihazlarda seçmeyin.',
      submit: 'Giriş Yap',
      noAccount: 'Hesabınız yok mu?',
      registerLink: 'Hemen kayıt olun',
      returnNotice: 'Bu sayfayı görmek için giriş yapın.',
      resetDone: 'Şifreniz değiştirildi. Yeni şifrenizle giriş yapabilirsiniz.',
    },
    register: {
      title: 'Kayıt Ol',
      intro:
        'Hesap açarak siparişlerinizi takip edebilir, adreslerinizi kaydedip daha hızlı alışveriş yapabilirsiniz.',
      passwordHint: 'En az {{min}} karakter.',
      kvkk: 'Kişisel verilerimin işlenmesine ilişkin Aydınlatma Metni’ni okudum.',
      kvkkLink: 'KVKK Aydınlatma Metni',
      kvkkMissing: 'Devam etmek için Aydınlatma Metni’ni okuduğunuzu onaylayın',
      marketing:
        'Kampanya, indirim ve yeni ürünlerden e-posta ve SMS ile haberdar olmak istiyorum (ticari elektronik ileti onayı).',
      marketingHint: 'İsteğe bağlı; izninizi dilediğiniz zaman Bilgilerim sayfasından geri alabilirsiniz.',
      submit: 'Kayıt Ol',
      haveAccount: 'Zaten hesabınız var mı?',
      loginLink: 'Giriş yapın',
      emailTakenHelp: 'Bu adresle giriş yapabilir ya da şifrenizi sıfırlayabilirsiniz:',
    },
    strength: {
      label: 'Şifre gücü: {{level}}',
      empty: 'Şifreniz en az {{min}} karakter olmalı.',
      tooShort: 'Şifreniz en az {{min}} karakter olmalı ({{count}}/{{min}}).',
      weak: 'Zayıf',
      fair: 'Orta',
      good: 'İyi',
      strong: 'Güçlü',
      tipWeak: 'Tahmin edilmesi kolay. Şifreyi uzatın; harf, rakam ve sembolleri karıştırın.',
      tipFair: 'Daha güçlü olması için şifreyi uzatın ya da büyük harf, rakam veya sembol ekleyin.',
      tipGood: 'İyi bir şifre. Birkaç karakter daha eklerseniz daha da güçlenir.',
      tipStrong: 'Güçlü bir şifre.',
    },
    forgot: {
      title: 'Şifremi Unuttum',
      intro:
        'Hesabınıza kayıtlı e-posta adresini yazın; şifrenizi yenilemeniz için size bir bağlantı gönderelim.',
      submit: 'Sıfırlama bağlantısı gönder',
      sentTitle: 'E-postanızı kontrol edin',
      sent: 'Bu e-posta adresiyle kayıtlı bir hesap varsa, şifre sıfırlama bağlantısını gönderdik. Gelen kutunuzu ve gereksiz (spam) klasörünü kontrol edin; bağlantı sınırlı bir süre geçerlidir.',
      again: 'E-posta gelmedi mi? Yeniden gönderin',
      backToLogin: 'Giriş sayfasına dön',
    },
    reset: {
      title: 'Yeni şifre belirleyin',
      intro:
        'Hesabınız için yeni bir şifre belirleyin. Şifre değişince tüm cihazlardaki oturumlarınız kapanır.',
      newPassword: 'Yeni şifre',
      submit: 'Şifremi değiştir',
      invalidTitle: 'Bağlantı geçersiz',
      invalidText:
        'Bu şifre sıfırlama bağlantısı geçersiz, daha önce kullanılmış ya da süresi dolmuş. Yeni bir bağlantı isteyerek şifrenizi sıfırlayabilirsiniz.',
      requestNew: 'Yeni bağlantı iste',
    },
  },
} as const;

addTexts(texts);
