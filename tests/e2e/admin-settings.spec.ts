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

  test('an owner switches maintenance on (the storefront shows the maintenance page) and off', async ({
    browser,
  }) => {
    const { context, page } = await settingsPage(browser);
    await expect(page.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeVisible();
    const toggle = page.getByRole('switch', { name: 'Bakım modu' });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await shots(page, 'admin-settings');
    await expectNoAxeViolations(page);

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByText('Bakımda: mağaza ziyaretçilere kapalı')).toBeVisible();
    const visitor = await browser.newPage();
    const closed = await visitor.goto('/');
    expect(closed?.status()).toBe(503);
    await expect(visitor.getByRole('heading', { level: 1 })).toHaveText('Kısa bir aradayız');
    await shots(page, 'admin-settings-maintenance');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const open = await visitor.goto('/');
    expect(open?.status()).toBe(200);
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
    await fees.getByLabel('Kargo ücreti').fill('49,90');
    await fees.getByRole('button', { name: /Kaydet/ }).click();
    await expect(fees.getByText(/Kuruş olarak 0 ya da daha büyük bir tam sayı girin/)).toBeVisible();
    await shots(page, 'admin-settings-errors');
    await expectNoAxeViolations(page);
    expect(vitrinCli('settings', 'get', 'shipping_fee').trim()).not.toBe('49,90');

    // A good save shows it is saved and the storefront follows.
    const rates = page.getByRole('region', { name: 'Döviz kurları' });
    const usd = vitrinCli('settings', 'get', 'usd_rate').trim();
    await rates.getByLabel('1 USD (TL)').fill(usd.replace('.', ','));
    await rates.getByRole('button', { name: /Kaydet/ }).click();
    await expect(rates.getByRole('status')).toHaveText('Kaydedildi.');
    await context.close();
  });
});
