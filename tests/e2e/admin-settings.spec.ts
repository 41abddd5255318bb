import { type Browser, expect, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots, vitrinCli } from './support.ts';

/** An owner made with the CLI on the settings page, in a context of their own. */
async function settingsPage(browser: Browser) {
  const context = await browser.newContext();
  await logInStaff(context, createStaff('owner', 'Ayar Sahibi'));
  const page = await context.newPage();
  await page.goto('/admin/ayarlar');
  return { context, page };
}

test.describe('settings in the panel', () => {
  test.afterAll(() => {
    vitrinCli('settings', 'set', 'is_online', '1');
  });

  test('an owner is asked before the shop closes, writes the maintenance text visitors see, and still sees the shop under a bar; then opens it', async ({
    browser,
  }) => {
    const { context, page } = await settingsPage(browser);
    await expect(page.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Bakım modu' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await shots(page, 'admin-settings');
    await expectNoAxeViolations(page);

    // Closing the shop is asked first, saying what happens; Vazgeç leaves it open.
    await toggle.click();
    const ask = page.getByRole('dialog', { name: 'Mağaza bakıma alınsın mı?' });
    await expect(ask).toContainText('Mağaza ziyaretçilere kapanır');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-settings-maintenance-confirm');
    await ask.getByRole('button', { name: 'Vazgeç' }).click();
    await expect(ask).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(vitrinCli('settings', 'get', 'is_online').trim()).toBe('1');

    // The maintenance screen's text is the shop's own.
    const screen = page.getByRole('region', { name: 'Bakım ekranı' });
    const text = 'Yıl sonu sayımı için kısa bir aradayız. Pazartesi yeniden buradayız.';
    await screen.getByLabel('Bakım ekranının metni').fill(text);
    await screen.getByRole('button', { name: /Kaydet/ }).click();
    await expect(screen.getByRole('status')).toHaveText('Kaydedildi.');

    await toggle.click();
    await ask.getByRole('button', { name: 'Mağazayı bakıma al' }).click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Bakımda: mağaza ziyaretçilere kapalı')).toBeVisible();
    const visitor = await browser.newPage();
    const closed = await visitor.goto('/');
    expect(closed?.status()).toBe(503);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Kısa bir aradayız');
    await expect(visitor.getByText(text)).toBeVisible();
    await shots(page, 'admin-settings-maintenance');

    // The signed-in owner sees the shop itself, under a bar saying it is closed to visitors.
    const shop = await context.newPage();
    const seen = await shop.goto('/');
    expect(seen?.status()).toBe(200);
    await expect(shop.getByRole('complementary', { name: 'Bakım çalışması' })).toContainText(
      'Mağaza bakımda: ziyaretçilere kapalı',
    );
    await shop.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await expectNoAxeViolations(shop);
    await shots(shop, 'storefront-maintenance-staff');
    // The visitor after the owner still gets the maintenance screen, never the owner's page.
    expect((await visitor.goto('/'))?.status()).toBe(503);
    await expect(visitor.getByTestId('maintenance-preview')).toHaveCount(0);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const open = await visitor.goto('/');
    expect(open?.status()).toBe(200);
    await shop.reload();
    await expect(shop.getByTestId('maintenance-preview')).toHaveCount(0);
    vitrinCli(
      'settings',
      'set',
      'maintenance_text',
      'Atölyemiz şu anda arka planda çalışıyor: mağazamızı sizin için yeniliyoruz. Kısa süre sonra yeniden buradayız.',
    );
    await context.close();
  });

  test('a wrong e-mail says Invalid email address; a bad IBAN and a bad fee say why in Turkish, nothing saved', async ({
    browser,
  }) => {
    const { context, page } = await settingsPage(browser);
    const contact = page.getByRole('region', { name: 'İletişim' });
    await contact.getByLabel('E-posta', { exact: true }).fill('merhaba@atolye');
    await contact.getByRole('button', { name: /Kaydet/ }).click();
    await expect(contact.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(contact.getByLabel('E-posta', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    const banks = page.getByRole('region', { name: 'Banka hesapları' });
    await banks.getByLabel('1. hesap: IBAN').fill('TR330006100519786457841327');
    await banks.getByRole('button', { name: /Kaydet/ }).click();
    await expect(banks.getByText(/IBAN geçersiz: kontrol basamakları tutmuyor/)).toBeVisible();

    const fees = page.getByRole('region', { name: 'Kargo ve ödeme' });
    const fee = vitrinCli('settings', 'get', 'shipping_fee').trim();
    // Shown and typed in lira; the API keeps kuruş.
    await expect(fees.getByLabel('Kargo ücreti (TL)')).toHaveValue(
      `${Math.trunc(Number(fee) / 100)}${Number(fee) % 100 ? `,${String(Number(fee) % 100).padStart(2, '0')}` : ''}`,
    );
    await fees.getByLabel('Kargo ücreti (TL)').fill('49,999');
    await fees.getByLabel('Kapıda ödeme bedeli (TL)').fill('-5');
    await fees.getByRole('button', { name: /Kaydet/ }).click();
    await expect(fees.getByText('Kuruş en çok iki basamak olabilir (ör. 150,50)')).toBeVisible();
    await expect(fees.getByText('Tutar eksi olamaz')).toBeVisible();
    await shots(page, 'admin-settings-errors');
    await expectNoAxeViolations(page);
    expect(vitrinCli('settings', 'get', 'shipping_fee').trim()).toBe(fee);
    await fees.getByLabel('Kargo ücreti (TL)').fill('39,90');
    await fees
      .getByLabel('Kapıda ödeme bedeli (TL)')
      .fill((Number(vitrinCli('settings', 'get', 'cod_fee').trim()) / 100).toFixed(2).replace('.', ','));
    await fees.getByRole('button', { name: /Kaydet/ }).click();
    await expect(fees.getByRole('status')).toHaveText('Kaydedildi.');
    expect(vitrinCli('settings', 'get', 'shipping_fee').trim()).toBe('3990');
    vitrinCli('settings', 'set', 'shipping_fee', fee);

    // A good save shows it is saved and the storefront follows.
    const rates = page.getByRole('region', { name: 'Döviz kurları' });
    const usd = vitrinCli('settings', 'get', 'usd_rate').trim();
    // Shown and typed with a Turkish comma like every amount; kept as the same text with a point.
    await expect(rates.getByLabel('1 USD (TL)')).toHaveValue(usd.replace('.', ','));
    await rates.getByLabel('1 USD (TL)').fill('34,56789');
    await rates.getByRole('button', { name: /Kaydet/ }).click();
    await expect(
      rates.getByText('Kur sıfırdan büyük bir sayı olmalı, en çok 4 ondalık (ör. 41,25)'),
    ).toBeVisible();
    await rates.getByLabel('1 USD (TL)').fill('34,5678');
    await rates.getByRole('button', { name: /Kaydet/ }).click();
    await expect(rates.getByRole('status')).toHaveText('Kaydedildi.');
    expect(vitrinCli('settings', 'get', 'usd_rate').trim()).toBe('34.5678');
    await page.reload();
    await expect(rates.getByLabel('1 USD (TL)')).toHaveValue('34,5678');
    await shots(page, 'admin-settings-rates');
    vitrinCli('settings', 'set', 'usd_rate', usd);
    await context.close();
  });

  test('the card payment section shows the test bank ready in the demo shop, the keys by name and the PayTR URL', async ({
    browser,
  }) => {
    const before = vitrinCli('settings', 'get', 'payment_provider').trim();
    const { context, page } = await settingsPage(browser);
    const card = page.getByRole('region', { name: 'Kart ödemesi' });
    await expect(card.getByLabel('Ödeme sağlayıcısı')).toHaveValue(before);
    const states = card.getByRole('list', { name: 'Sağlayıcıların durumu' });
    await expect(states.getByRole('listitem').filter({ hasText: /^Test/ })).toContainText(
      'Hazır · Test bankası (demo ve geliştirme)',
    );
    await expect(states.getByRole('listitem').filter({ hasText: /^iyzico/ })).toContainText('IYZICO_API_KEY');
    await expect(card.getByText(/\/api\/payments\/paytr\/notify$/)).toBeVisible();
    await expect(card.getByRole('button', { name: /Kopyala/ })).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await shots(page, 'admin-settings-card-payment');
    await expectNoAxeViolations(page);
    // Saved through the settings' own save, and left as it was.
    await card.getByLabel('Ödeme sağlayıcısı').selectOption('test');
    await card.getByRole('button', { name: /Kaydet/ }).click();
    await expect(card.getByRole('status').filter({ hasText: 'Kaydedildi.' })).toBeVisible();
    vitrinCli('settings', 'set', 'payment_provider', before);
    expect(vitrinCli('settings', 'get', 'payment_provider').trim()).toBe(before);
    await context.close();
  });

  test('an owner adds a social account: a bad URL says why in Turkish, one typed without https:// gets it and is in the storefront footer at once', async ({
    browser,
  }) => {
    const { context, page } = await settingsPage(browser);
    // The accounts have their own screen (managers keep them too), linked from the menu.
    await page
      .getByRole('navigation', { name: 'Panel menüsü' })
      .getByRole('link', { name: 'Sosyal medya' })
      .click();
    const social = page.getByRole('region', { name: 'Sosyal medya hesapları' });
    const url = `https://www.tiktok.com/@atolye${Date.now().toString(36)}`;
    const visitor = await browser.newPage();
    await visitor.goto('/');
    await expect(visitor.locator(`footer a[href="${url}"]`)).toHaveCount(0); // the page is cached now

    await social.getByRole('button', { name: 'Sosyal medya hesabı ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sosyal medya hesabı ekle' });
    await dialog.getByLabel('Platform').selectOption('tiktok');
    await dialog.getByLabel('Görünen ad').fill('TikTok');
    await dialog.getByLabel('Adres (URL)').fill('tiktok @atolye');
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(
      dialog.getByText('Geçerli bir web adresi girin, ör. https://www.ornek.com.tr', { exact: true }),
    ).toBeVisible();
    await expect(dialog.getByText('Invalid URL')).toHaveCount(0);
    await expect(dialog.getByLabel('Adres (URL)')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    await shots(page, 'admin-settings-social-dialog');

    // Typed as an owner writes it on a card: saved with https://.
    await dialog.getByLabel('Adres (URL)').fill(url.replace('https://', ''));
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    const item = social.getByRole('listitem').filter({ hasText: url });
    await expect(item).toContainText('TikTok');
    // Added last: it cannot go further down, and moving it up puts it before the one above.
    await expect(item.getByRole('button', { name: 'Aşağı (TikTok)' })).toBeDisabled();
    await item.getByRole('button', { name: 'Yukarı (TikTok)' }).click();
    await expect(social.getByRole('listitem').last()).not.toContainText(url);
    await shots(page, 'admin-settings-social');
    await expectNoAxeViolations(page);

    await visitor.goto('/');
    await expect(visitor.locator(`footer a[href="${url}"]`)).toHaveCount(1);

    page.once('dialog', (confirm) => void confirm.accept());
    await social
      .getByRole('listitem')
      .filter({ hasText: url })
      .getByRole('button', { name: 'Kaldır (TikTok)' })
      .click();
    await expect(social.getByText(url)).toHaveCount(0);
    await visitor.goto('/');
    await expect(visitor.locator(`footer a[href="${url}"]`)).toHaveCount(0);
    await context.close();
  });
});
