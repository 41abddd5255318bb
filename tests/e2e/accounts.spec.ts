import { expect, type Page, test } from '@playwright/test';
import {
  expectNoAxeViolations,
  open,
  outboxFiles,
  shots,
  submitRegistration,
  waitForMail,
} from './support.ts';

/** The reset link of the newest password-reset mail to `email` in the e2e server's outbox. */
const resetLinkFor = (email: string, after: Set<string>) =>
  waitForMail(email, after, /\/reset-password\?token=[A-Za-z0-9_\-.~%]+/);

// Registering and logging in hash the password in a low-priority process: seconds on a busy machine.
const HASHING = { timeout: 30_000 };

const PASSWORD = 'Kedi-Mavi-Deniz-7';
const NEW_PASSWORD = 'Yeni-Sifre-Cok-Guclu-42';

async function login(page: Page, email: string, password: string) {
  await page.getByLabel('E-posta', { exact: true }).fill(email);
  await page.getByLabel('Şifre', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Giriş Yap' }).click();
}

async function fillAddress(
  page: Page,
  a: { title: string; province: string; district: string; line: string; postcode: string },
) {
  const form = page.locator('form:has(input[name="line"], textarea[name="line"])');
  await form.getByLabel('Adres başlığı').fill(a.title);
  await form.getByLabel('İl', { exact: true }).selectOption({ label: a.province });
  await form.getByLabel('İlçe', { exact: true }).selectOption({ label: a.district });
  await form.getByLabel('Adres', { exact: true }).fill(a.line);
  await form.getByLabel(/Posta kodu/).fill(a.postcode);
  return form;
}

test.describe('customer accounts', () => {
  // One shopper through every step; long journeys with axe checks and two screenshots per page.
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  const email = `ayse.yilmaz.${Date.now()}@example.com`;

  test('register, add two addresses, choose a default, log out, and come back after logging in', async ({
    page,
  }) => {
    // Guests cannot open the panel: the server sends them to log in, with the way back.
    const guarded = await page.goto('/panel/information');
    expect(guarded?.status()).toBe(200);
    await expect(page).toHaveURL('/login?returnTo=%2Fpanel%2Finformation');

    const response = await open(page, '/register');
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kayıt Ol');
    await expect(page.getByRole('main').getByRole('link', { name: /KVKK Aydınlatma Metni/ })).toHaveAttribute(
      'href',
      '/content/kvkk-aydinlatma-metni',
    );
    await expectNoAxeViolations(page);
    await shots(page, 'register');

    // The form check: an empty form names every problem, marks the fields and focuses the first.
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Adınızı girin');
    await expect(alert).toContainText('Devam etmek için Aydınlatma Metni’ni okuduğunuzu onaylayın');
    await expect(page.getByLabel('Ad', { exact: true })).toBeFocused();
    await expect(page.getByLabel('Ad', { exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await shots(page, 'register-errors');

    await page.getByLabel('Ad', { exact: true }).fill('Ayşe');
    await page.getByLabel('Soyad').fill('Yılmaz');
    await page.getByLabel('E-posta', { exact: true }).fill(email);
    await page.getByLabel('Cep telefonu').fill('0532 123 45 67');
    const password = page.getByLabel('Şifre', { exact: true });
    await password.fill('kedi');
    await expect(page.getByText('Şifreniz en az 8 karakter olmalı (4/8).')).toBeVisible();
    await password.fill(PASSWORD);
    await expect(page.getByText(/Şifre gücü: Güçlü/)).toBeVisible();
    await page.getByLabel(/Aydınlatma Metni’ni okudum/).check();
    await expect(page.getByLabel(/ticari elektronik ileti/)).not.toBeChecked();
    await submitRegistration(page);

    await expect(page).toHaveURL('/panel?welcome=1', HASHING);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Merhaba, Ayşe');
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Hesabınız oluşturuldu. Hoş geldiniz!',
    );
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Hesabım' })).toHaveAttribute('href', '/panel');
    await expect(header.getByRole('button', { name: 'Çıkış Yap' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Giriş Yap' })).toHaveCount(0);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('vitrin_user') ?? 'null'));
    expect(stored).toEqual({ id: expect.any(Number), firstName: 'Ayşe', lastName: 'Yılmaz', email });
    const menu = page.getByRole('navigation', { name: 'Hesap menüsü' });
    for (const item of ['Adreslerim', 'Bilgilerim', 'Siparişlerim', 'Destek']) {
      await expect(menu.getByRole('link', { name: item })).toBeVisible();
    }
    await expectNoAxeViolations(page);
    await shots(page, 'panel');

    // Logged-in customers skip the guest pages.
    await page.goto('/login');
    await expect(page).toHaveURL('/panel');

    // Adreslerim: the first address.
    await menu.getByRole('link', { name: 'Adreslerim' }).click();
    await expect(page).toHaveURL('/panel/address');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Adreslerim');
    let form = await fillAddress(page, {
      title: 'Ev',
      province: 'İstanbul',
      district: 'Kadıköy',
      line: 'Caferağa Mah. Moda Cad. No: 12 D: 3',
      postcode: '34710',
    });
    // The district list follows the province.
    await expect(
      form.getByLabel('İlçe', { exact: true }).locator('option', { hasText: 'Çankaya' }),
    ).toHaveCount(0);
    await expect(form.getByLabel('Ad', { exact: true })).toHaveValue('Ayşe');
    await expect(form.getByLabel('Vergi dairesi')).toBeHidden();
    await form.getByLabel('T.C. kimlik no').fill('10000000146');
    await expectNoAxeViolations(page);
    await shots(page, 'address-form');
    await form.getByRole('button', { name: 'Adresi kaydet' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Adres kaydedildi.');
    const cards = page.getByTestId('address-card');
    await expect(cards).toHaveCount(1);
    await expect(cards.first()).toContainText('Varsayılan teslimat adresi');
    await expect(cards.first()).toContainText('Kadıköy / İstanbul 34710');
    // The T.C. kimlik no is shown masked, as on orders and in e-mails.
    await expect(cards.first()).toContainText('100******46');
    await expect(cards.first()).not.toContainText('10000000146');

    // The second, a company address; a wrong tax number is refused at the field first.
    await page.getByRole('link', { name: 'Yeni adres ekle' }).click();
    form = await fillAddress(page, {
      title: 'Atölye',
      province: 'Ankara',
      district: 'Çankaya',
      line: 'Kızılay Mah. Atatürk Blv. No: 45',
      postcode: '06420',
    });
    await form.getByLabel('Kurumsal').check();
    await expect(form.getByLabel('T.C. kimlik no')).toBeHidden();
    await form.getByLabel('Firma adı').fill('Yılmaz Tasarım Ltd. Şti.');
    await form.getByLabel('Vergi no').fill('123');
    await form.getByLabel('Vergi dairesi').fill('Çankaya');
    await form.getByRole('button', { name: 'Adresi kaydet' }).click();
    await expect(form.getByRole('alert')).toContainText('Vergi kimlik numarası 10 haneli olmalı');
    await expect(form.getByLabel('Vergi no')).toBeFocused();
    await form.getByLabel('Vergi no').fill('1234567890');
    await form.getByRole('button', { name: 'Adresi kaydet' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Adres kaydedildi.');
    await expect(cards).toHaveCount(2);
    const byTitle = (title: string) =>
      cards.filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    const atolye = byTitle('Atölye');
    const ev = byTitle('Ev');
    await expect(atolye).toContainText('Kurumsal fatura · Yılmaz Tasarım Ltd. Şti.');
    await expect(atolye.getByText('Varsayılan teslimat adresi', { exact: true })).toHaveCount(0);

    // A default: the company address becomes the shipping default, the home address stops being it.
    await atolye.getByRole('button', { name: /Varsayılan teslimat adresi yap/ }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(
      'Varsayılan teslimat adresiniz değişti.',
    );
    await expect(atolye.getByText('Varsayılan teslimat adresi', { exact: true })).toBeVisible();
    await expect(ev.getByText('Varsayılan teslimat adresi', { exact: true })).toHaveCount(0);
    await expect(ev.getByText('Varsayılan fatura adresi', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'address');

    // Bilgilerim.
    await menu.getByRole('link', { name: 'Bilgilerim' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bilgilerim');
    await expect(page.getByRole('link', { name: 'Verilerimi indir' })).toHaveAttribute(
      'href',
      '/api/front/account/export',
    );
    await expectNoAxeViolations(page);
    await shots(page, 'information');
    await page.getByLabel('Ad', { exact: true }).fill('Ayşe Nur');
    await page.getByRole('button', { name: 'Bilgilerimi kaydet' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Bilgileriniz kaydedildi.');
    await expect(menu).toContainText('Ayşe Nur Yılmaz');
    await expect
      .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem('vitrin_user') ?? '{}').firstName))
      .toBe('Ayşe Nur');

    // Çıkış Yap: home, guest header, no stored profile; the panel now sends to the login page.
    await header.getByRole('button', { name: 'Çıkış Yap' }).click();
    await expect(page).toHaveURL('/');
    await expect(header.getByRole('link', { name: 'Giriş Yap' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('vitrin_user'))).toBeNull();
    await page.goto('/panel');
    await expect(page).toHaveURL('/login?returnTo=%2Fpanel');

    // Logging in again brings the customer back to the page they asked for.
    await open(page, '/panel/address');
    await expect(page).toHaveURL('/login?returnTo=%2Fpanel%2Faddress');
    await expect(page.getByText('Bu sayfayı görmek için giriş yapın.')).toBeVisible();
    await login(page, email, 'yanlis-sifre');
    await expect(page.getByRole('alert')).toHaveText('E-posta adresi ya da şifre hatalı.');
    await expectNoAxeViolations(page);
    await shots(page, 'login-error');
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL('/panel/address', HASHING);
    await expect(cards).toHaveCount(2);
    await expect(header.getByRole('link', { name: 'Hesabım' })).toBeVisible();
  });

  test('login never sends a shopper to another site', async ({ page }) => {
    await open(page, '/login?returnTo=%2F%2Fevil.example%2Fpanel');
    await login(page, email, PASSWORD);
    await expect(page).toHaveURL('/panel', HASHING);
  });

  test('forgot password: the e-mailed link sets a new password once; the old one stops working', async ({
    page,
  }) => {
    const before = outboxFiles();
    await open(page, '/forgot');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Şifremi Unuttum');
    await expectNoAxeViolations(page);
    await shots(page, 'forgot');
    await page.getByLabel('E-posta', { exact: true }).fill(email);
    await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
    await expect(page).toHaveURL('/forgot?sent=1');
    const confirmation = await page.getByRole('main').getByRole('status').textContent();
    expect(confirmation).toContain('şifre sıfırlama bağlantısını gönderdik');

    // An address without an account gets the very same answer.
    await open(page, '/forgot');
    await page.getByLabel('E-posta', { exact: true }).fill('kimse.yok@example.com');
    await page.getByRole('button', { name: 'Sıfırlama bağlantısı gönder' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText(confirmation!);

    const link = await resetLinkFor(email, before);
    await open(page, link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Yeni şifre belirleyin');
    await expectNoAxeViolations(page);
    await shots(page, 'reset-password');
    await page.getByLabel('Yeni şifre').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Şifremi değiştir' }).click();
    await expect(page).toHaveURL('/login?reset=1');
    await expect(page.getByRole('main').getByRole('status')).toContainText('Şifreniz değiştirildi');
    await expectNoAxeViolations(page);
    await shots(page, 'login');

    await login(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('E-posta adresi ya da şifre hatalı.');
    await login(page, email, NEW_PASSWORD);
    await expect(page).toHaveURL('/panel', HASHING);

    // A used link says so and offers a new one.
    await open(page, link);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bağlantı geçersiz');
    await expect(page.getByRole('link', { name: 'Yeni bağlantı iste' })).toHaveAttribute('href', '/forgot');
  });

  test('Bilgilerim: name and phone change, an e-mail change needs the password, deleting the account ends it', async ({
    page,
  }) => {
    const email = `bilgi.${Date.now()}@example.com`;
    await open(page, '/register');
    await page.getByLabel('Ad', { exact: true }).fill('Can');
    await page.getByLabel('Soyad').fill('Öztürk');
    await page.getByLabel('E-posta', { exact: true }).fill(email);
    await page.getByLabel('Cep telefonu').fill('0533 765 43 21');
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/Aydınlatma Metni/).check();
    await page.getByRole('button', { name: 'Kayıt Ol' }).click();
    await expect(page).toHaveURL(/\/panel/);

    // Orders and tickets arrive with later issues: the pages say what is true today.
    await open(page, '/panel/orders');
    await expect(page.getByText('Henüz siparişiniz yok')).toBeVisible();
    await expectNoAxeViolations(page);
    await shots(page, 'orders');
    await open(page, '/panel/support');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Destek');
    await expectNoAxeViolations(page);
    await shots(page, 'support');

    await open(page, '/panel/information');
    const profile = page.getByRole('region', { name: 'Kişisel bilgiler' });
    await profile.getByLabel('Ad', { exact: true }).fill('Cansu');
    await profile.getByLabel('Cep telefonu').fill('0544 111 22 33');
    await profile.getByRole('button', { name: 'Bilgilerimi kaydet' }).click();
    await expect(page.getByText('Bilgileriniz kaydedildi.')).toBeVisible();
    await expect(profile.getByLabel('Ad', { exact: true })).toHaveValue('Cansu');
    await expect(profile.getByLabel('Cep telefonu')).toHaveValue('0544 111 22 33');

    const emailForm = page.getByRole('region', { name: 'E-posta adresi' });
    await emailForm.getByLabel('Yeni e-posta').fill(`yeni.${email}`);
    await emailForm.getByLabel('Şifreniz').fill('yanlis-sifre-1');
    await emailForm.getByRole('button', { name: 'E-posta adresimi değiştir' }).click();
    await expect(emailForm.getByLabel('Şifreniz')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);

    const remove = page.getByRole('region', { name: 'Hesabımı sil' });
    await remove.getByLabel('Şifreniz').fill(PASSWORD);
    await remove.getByRole('button', { name: 'Hesabımı kalıcı olarak sil' }).click();
    await expect(page).toHaveURL('/');
    // The session ended with the account, and the old credentials open nothing.
    await page.goto('/panel');
    await expect(page).toHaveURL('/login?returnTo=%2Fpanel');
    await login(page, email, PASSWORD);
    await expect(page.getByRole('alert')).toHaveText('E-posta adresi ya da şifre hatalı.');
  });
});

test.describe('customer accounts without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('register, add an address and log out with plain form posts', async ({ page }) => {
    const email = `nojs.${Date.now()}@example.com`;
    await page.goto('/register');
    await page.getByLabel('Ad', { exact: true }).fill('Mehmet');
    await page.getByLabel('Soyad').fill('Kaya');
    await page.getByLabel('E-posta', { exact: true }).fill(email);
    await page.getByLabel('Cep telefonu').fill('0555 444 33 22');
    await page.getByLabel('Şifre', { exact: true }).fill(PASSWORD);
    await page.getByLabel(/Aydınlatma Metni’ni okudum/).check();
    await submitRegistration(page);
    await expect(page).toHaveURL('/panel?welcome=1', HASHING);

    await page.goto('/panel/address');
    // Without JavaScript the district list holds every province's districts, grouped by province.
    const district = page.getByLabel('İlçe', { exact: true });
    expect(await district.locator('optgroup').count()).toBe(81);
    await page.getByLabel('Adres başlığı').fill('Ev');
    await page.getByLabel('İl', { exact: true }).selectOption({ label: 'İzmir' });
    await district.selectOption({ label: 'Karşıyaka' });
    await page.getByLabel('Adres', { exact: true }).fill('Bostanlı Mah. 1234 Sok. No: 5');
    await page.getByLabel('T.C. kimlik no').fill('10000000146');
    await page.getByRole('button', { name: 'Adresi kaydet' }).click();
    await expect(page.getByRole('main').getByRole('status')).toHaveText('Adres kaydedildi.');
    await expect(page.getByTestId('address-card')).toContainText('Karşıyaka / İzmir');

    // A mistake comes back from the server with the typed values kept.
    await page.getByRole('link', { name: 'Yeni adres ekle' }).click();
    await page.getByLabel('Adres başlığı').fill('İş');
    await page.getByLabel('İl', { exact: true }).selectOption({ label: 'İzmir' });
    await district.selectOption({ label: 'Çankaya' });
    await page.getByLabel('Adres', { exact: true }).fill('Alsancak Mah. 1453 Sok. No: 7');
    await page.getByLabel('T.C. kimlik no').fill('10000000146');
    await page.getByRole('button', { name: 'Adresi kaydet' }).click();
    await expect(page.getByRole('alert')).toContainText('Seçtiğiniz ilçe bu ile ait değil');
    await expect(page.getByLabel('Adres başlığı')).toHaveValue('İş');

    await page
      .getByRole('navigation', { name: 'Hesap menüsü' })
      .getByRole('button', { name: 'Çıkış Yap' })
      .click();
    await expect(page).toHaveURL('/');
    await page.goto('/panel');
    await expect(page).toHaveURL('/login?returnTo=%2Fpanel');
  });
});
