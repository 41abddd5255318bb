import { expect, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

// Defects found by looking at the panel as its users do; each test holds one of them fixed.
test.describe('the staff panel, reviewed as its users', () => {
  test('a manager changes the footer social accounts on a screen of their own, without the settings', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('manager', 'Sosyal Yönetici'));
    const page = await context.newPage();
    await page.goto('/admin/');
    const menu = page.getByRole('navigation', { name: 'Panel menüsü' });
    await expect(menu.getByRole('link', { name: 'Ayarlar' })).toHaveCount(0);
    await menu.getByRole('link', { name: 'Sosyal medya' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sosyal medya' })).toBeVisible();

    const social = page.getByRole('region', { name: 'Sosyal medya hesapları' });
    const url = `https://www.pinterest.com/atolye${Date.now().toString(36)}`;
    await social.getByRole('button', { name: 'Sosyal medya hesabı ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sosyal medya hesabı ekle' });
    await dialog.getByLabel('Platform').selectOption('pinterest');
    await dialog.getByLabel('Görünen ad').fill('Pinterest');
    await dialog.getByLabel('Adres (URL)').fill(url);
    await dialog.getByRole('button', { name: 'Kaydet' }).click();
    await expect(dialog).toBeHidden();
    await expect(social.getByRole('listitem').filter({ hasText: url })).toContainText('Pinterest');
    await shots(page, 'admin-social-accounts');
    await expectNoAxeViolations(page);

    page.once('dialog', (confirm) => void confirm.accept());
    await social
      .getByRole('listitem')
      .filter({ hasText: url })
      .getByRole('button', { name: 'Kaldır (Pinterest)' })
      .click();
    await expect(social.getByText(url)).toHaveCount(0);
    await context.close();
  });

  test('the add-staff dialog refuses a malformed e-mail with the seed message Invalid email address', async ({
    browser,
  }) => {
    const context = await browser.newContext();
    await logInStaff(context, createStaff('owner', 'Personel Sahibi'));
    const page = await context.newPage();
    await page.goto('/admin/personel');
    await page.getByRole('button', { name: 'Personel ekle' }).click();
    const dialog = page.getByRole('dialog', { name: 'Personel ekle' });
    await dialog.getByLabel('E-posta').fill('ali@');
    await dialog.getByLabel('Ad').fill('Ali');
    await dialog.getByRole('button', { name: 'Ekle' }).click();
    await expect(dialog.getByText('Invalid email address', { exact: true })).toBeVisible();
    await expect(dialog.getByLabel('E-posta')).toHaveAttribute('aria-invalid', 'true');
    await context.close();
  });
});
