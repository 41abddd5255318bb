import { expect, test } from '@playwright/test';
import { E2E_PORT } from './playwright.config.ts';
import { expectNoAxeViolations, shots } from './support.ts';

const SHOP = `http://localhost:${E2E_PORT}`;
const INVISIBLE = 'Bu alanda kullanılamayan görünmez bir karakter var; lütfen metni yeniden yazın';

const contactForm = {
  name: 'Ayşe Yılmaz',
  email: 'ayse@example.com',
  subject: 'Kupa sorusu',
  message: 'Merhaba, kupa hakkında bir sorum var.',
  kvkk: 'on',
};

test.describe('a control character typed into a page form', () => {
  test('the contact page marks the message that holds a NUL', async ({ page }) => {
    await page.goto('/contact');
    await page.getByLabel('Ad soyad').fill(contactForm.name);
    await page.getByLabel('E-posta', { exact: true }).fill(contactForm.email);
    await page.getByLabel('Konu').fill(contactForm.subject);
    // A NUL pasted into the message: the browser keeps it in the field's value.
    await page.getByLabel('Mesajınız').fill(`${contactForm.message}\u0000`);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Mesajı gönder' }).click();
    await expect(page.locator('#contact-message-error')).toHaveText(INVISIBLE);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('İletişim');
    await expectNoAxeViolations(page);
    await shots(page, 'contact-control-character');
  });

  test('a contact form posted with NUL in the subject answers 400 with the field message', async ({
    request,
  }) => {
    const res = await request.post('/contact', {
      headers: { origin: SHOP },
      form: { ...contactForm, subject: 'Kupa\u0000 sorusu' },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(INVISIBLE);
  });

  test('a registration posted with NUL in the name answers 400 with the field message', async ({
    request,
  }) => {
    const res = await request.post('/register', {
      headers: { origin: SHOP },
      form: {
        firstName: 'Ay\u0000şe',
        lastName: 'Yılmaz',
        email: `nul.${Date.now()}@example.com`,
        phone: '0532 123 45 67',
        password: 'Kedi-Mavi-Deniz-7',
        kvkk: 'on',
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(400);
    expect(await res.text()).toContain(INVISIBLE);
  });
});
