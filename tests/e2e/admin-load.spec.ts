import { expect, type Page, test } from '@playwright/test';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, shots } from './support.ts';

test.describe.configure({ timeout: 180_000 });
test.use({ viewport: { width: 1366, height: 768 } });

/** A screen's code file of the panel's build (Vite names a lazily loaded file after its module). */
const chunk = (name: string) => new RegExp(`/admin/assets/${name}-[\\w-]+\\.js$`);

const region = (page: Page, name: string | RegExp) => page.getByRole('region', { name });

test('support sees the dashboard’s counts without turnover, chart or export; low stock opens its products', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('support', 'Pano Destek'));
  await page.goto('/admin/');
  const today = region(page, 'Bugün');
  await expect(today).toContainText('sipariş');
  await expect(today).not.toContainText('₺');
  await expect(region(page, 'Bu ay')).not.toContainText('₺');
  await expect(page.getByRole('img', { name: /günlük cirosu/ })).toHaveCount(0);
  await expect(region(page, 'Siparişleri dışa aktar')).toHaveCount(0);
  // The API refuses the export as the screen leaves it out.
  const csv = await page.request.get('/api/admin/exports/orders.csv?from=2026-01-01&to=2026-01-31');
  expect(csv.status()).toBe(403);

  // The shop's legal details are not all there in the demo: support is told who fills them in.
  const legal = region(page, 'Fatura bilgileri eksik');
  await expect(legal).toContainText('VKN / TCKN, Vergi dairesi, MERSİS numarası');
  await expect(legal).toContainText('Mağaza sahibi Ayarlar → Mağaza bölümünden girebilir.');
  await expect(legal.getByRole('link')).toHaveCount(0);
  await shots(page, 'admin-dashboard-support');
  await expectNoAxeViolations(page);

  // A low-stock row opens its product; the list ends with the products list on low stock.
  const low = region(page, /^Azalan stok/);
  const first = low.getByRole('listitem').first().getByRole('link');
  const name = (await first.locator('span span').first().textContent()) ?? '';
  await first.click();
  await expect(page).toHaveURL(/\/admin\/urunler\/\d+$/);
  await expect(page.getByRole('main')).toContainText(name.trim());
  await page.goBack();
  await low.getByRole('link', { name: 'Tümünü gör' }).click();
  await expect(page).toHaveURL(/\/admin\/urunler\?stock=low&sort=stock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Ürünler' })).toBeVisible();
});

test('an owner’s chart speaks lira, and the legal details warning leads to the settings’ Mağaza section', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('owner', 'Pano Sahibi'));
  await page.goto('/admin/');
  await expect(region(page, 'Bugün')).toContainText('₺');
  const chart = page.getByRole('img', { name: /Son 30 günün günlük cirosu \(₺\)/ });
  await expect(chart).toBeVisible();
  // The axis' amounts are lira as Turkish writes them.
  await expect(chart.locator('text', { hasText: /^₺\d/ }).first()).toBeVisible();
  await expect(page.getByRole('figure')).toContainText(/sipariş, ₺[\d.]+,\d\d ciro/);
  await shots(page, 'admin-dashboard-owner');
  await expectNoAxeViolations(page);

  const legal = region(page, 'Fatura bilgileri eksik');
  await legal.getByRole('link', { name: 'Ayarlar → Mağaza bölümünden girin' }).click();
  await expect(page).toHaveURL(/\/admin\/ayarlar#magaza$/);
  await expect(page.locator('#magaza').getByLabel('Vergi dairesi')).toBeVisible();
});

test('the dashboard’s figures are asked while its code loads, and a deep link gives no HydrateFallback warning', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('manager', 'Pano Hız'));
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  const figuresAsked = new Promise<boolean>((resolve) => {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/dashboard') resolve(true);
    });
  });
  // The home screen's code is held back until the figures are asked for (at most 20 s): loaded one after
  // the other, the figures would wait for the code and never be asked meanwhile.
  let askedBeforeCode: boolean | undefined;
  await page.route(chunk('home-page'), async (route) => {
    askedBeforeCode = await Promise.race([
      figuresAsked,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    await route.continue();
  });
  await page.goto('/admin/');
  await expect(region(page, 'Bugün')).toContainText('₺');
  expect(askedBeforeCode).toBe(true);

  // A deep link into a screen: its code and the session load before the first render, with a fallback.
  await page.goto('/admin/siparisler');
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible();
  await page.goto('/admin/urunler?stock=low');
  await expect(page.getByRole('heading', { level: 1, name: 'Ürünler' })).toBeVisible();
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
});

test('a screen whose code is gone after an update reloads the page once, then shows a Turkish error screen', async ({
  page,
  context,
}) => {
  await logInStaff(context, createStaff('manager', 'Pano Güncelleme'));
  await page.goto('/admin/');
  await expect(region(page, 'Bugün')).toBeVisible();
  const pageLoads: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'document') pageLoads.push(new URL(request.url()).pathname);
  });
  // The file the open panel knows is gone from the server, as after an update.
  await page.route(chunk('orders-page'), (route) => route.fulfill({ status: 404, body: 'Bulunamadı' }));

  await page
    .getByRole('navigation', { name: 'Panel menüsü' })
    .getByRole('link', { name: 'Siparişler' })
    .click();
  const error = page.getByRole('alert');
  await expect(error.getByRole('heading', { level: 1, name: 'Bu ekran yüklenemedi' })).toBeVisible();
  // One reload, at the screen's address; the second failure is shown, not reloaded again.
  expect(pageLoads).toEqual(['/admin/siparisler']);
  await expect(page.getByText('Unexpected Application Error')).toHaveCount(0);
  // The menu stays around the error screen.
  await expect(page.getByRole('navigation', { name: 'Panel menüsü' })).toBeVisible();
  await shots(page, 'admin-screen-load-error');
  await expectNoAxeViolations(page);

  // The new build is there: the button loads the screen.
  await page.unroute(chunk('orders-page'));
  await error.getByRole('button', { name: 'Sayfayı yenile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible();
  expect(pageLoads).toEqual(['/admin/siparisler', '/admin/siparisler']);
});
