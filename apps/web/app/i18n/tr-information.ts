import { addTexts } from './messages.ts';

/**
 * The account's information page's texts (name, e-mail, password, consent). Kept out of the catalogue every page loads (`tr.ts`): the modules that show these texts import this
 * file, so only their pages download it.
 */
export const texts = {
  information: {
    title: 'Bilgilerim',
    saved: {
      profile: 'Bilgileriniz kaydedildi.',
      email: 'E-posta adresiniz değiştirildi.',
      password: 'Şifreniz değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.',
      consent: 'İletişim tercihiniz kaydedildi.',
    },
    profileTitle: 'Kişisel bilgiler',
    profileSubmit: 'Bilgilerimi kaydet',
    emailTitle: 'E-posta adresi',
    emailCurrent: 'Şu anki adresiniz: {{email}}',
    newEmail: 'Yeni e-posta',
    confirmPassword: 'Şifreniz',
    confirmPasswordHint: 'Güvenliğiniz için değişikliği şifrenizle onaylayın.',
    emailSubmit: 'E-posta adresimi değiştir',
    passwordTitle: 'Şifre değiştir',
    currentPassword: 'Mevcut şifre',
    currentPasswordMissing: 'Mevcut şifrenizi girin',
    newPassword: 'Yeni şifre',
    newPasswordMissing: 'Yeni şifrenizi girin',
    passwordNote:
      'Şifreniz değişince diğer cihazlardaki oturumlarınız kapatılır; bu cihazda oturumunuz açık kalır.',
    passwordSubmit: 'Şifremi değiştir',
    consentTitle: 'İletişim izinleri',
    consentLabel: 'Kampanya, indirim ve yeni ürünlerden e-posta ve SMS ile haberdar olmak istiyorum.',
    consentHint: 'Sipariş ve hesap bildirimleri bu tercihten bağımsız olarak gönderilir.',
    consentSubmit: 'Tercihimi kaydet',
    dataTitle: 'Kişisel verileriniz',
    dataText:
      'KVKK kapsamında hakkınızda sakladığımız tüm bilgileri (hesap, adresler, izinler) bir JSON dosyası olarak indirebilirsiniz.',
    dataDownload: 'Verilerimi indir',
    deleteTitle: 'Hesabımı sil',
    deleteText:
      'Hesabınızı sildiğinizde adınız, iletişim bilgileriniz, adresleriniz ve izinleriniz gibi kişisel verileriniz kalıcı olarak silinir ve oturumunuz kapanır. Yasal saklama yükümlülüğümüz nedeniyle siparişlerinizin kayıtları, sizinle ilişkilendirilemeyecek biçimde anonimleştirilerek saklanır. Bu işlem geri alınamaz.',
    deletePasswordMissing: 'Hesabınızı silmek için şifrenizi girin',
    deleteSubmit: 'Hesabımı kalıcı olarak sil',
  },
} as const;

addTexts(texts);
