import { expect, type Page, test } from '@playwright/test';
import { placeTransferOrder } from './checkout-api.ts';
import { E2E_PORT } from './playwright.config.ts';
import { createStaff, logInStaff } from './staff.ts';
import { expectNoAxeViolations, registerCustomer, shots } from './support.ts';

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
  // The home screen's code is held back until the figures are asked for.
  const askedBeforeCode = await dataBeforeCode(page, 'home-page', '/api/admin/dashboard');
  await page.goto('/admin/');
  await expect(region(page, 'Bugün')).toContainText('₺');
  expect(askedBeforeCode()).toBe(true);

  // A deep link into a screen: its code and the session load before the first render, with a fallback.
  await page.goto('/admin/siparisler');
  await expect(page.getByRole('heading', { level: 1, name: 'Siparişler' })).toBeVisible();
  await page.goto('/admin/urunler?stock=low');
  await expect(page.getByRole('heading', { level: 1, name: 'Ürünler' })).toBeVisible();
  expect(warnings.filter((text) => /HydrateFallback/.test(text))).toEqual([]);
});

/** The console's HydrateFallback warnings of a page (React Router warns when a deep link renders without one). */
function hydrateWarnings(page: Page) {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/HydrateFallback/.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

/**
 * Holds a screen's code back until its data is asked for (at most 20 s) and tells whether it was: loaded one
 * after the other, the data would wait for the code and never be asked meanwhile.
 */
async function dataBeforeCode(page: Page, screenChunk: string, dataPath: string) {
  const asked = new Promise<boolean>((resolve) => {
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === dataPath) resolve(true);
    });
  });
  let answer: boolean | undefined;
  await page.route(chunk(screenChunk), async (route) => {
    answer = await Promise.race([
      asked,
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 20_000)),
    ]);
    await route.continue();
  });
  return () => answer;
}

test('a deep link into each list or record screen asks its data while its code loads, with no HydrateFallback warning', async ({
  page,
  context,
  playwright,
}) => {
  // A customer of their own with an order and a ticket, so each record screen has one to open.
  const shopper = await playwright.request.newContext({ baseURL: `http://localhost:${E2E_PORT}` });
  const email = `derin.${Date.now()}@example.com`;
  await registerCustomer(shopper, email, 'Kedi-Mavi-Deniz-7');
  const orderNo = await placeTransferOrder(shopper, { email, firstName: 'Ayşe', lastName: 'Yılmaz' });
  const opened = await shopper.post('/api/front/support/tickets', {
    headers: { origin: `http://localhost:${E2E_PORT}` },
    data: { subject: 'Kutu ezik geldi', message: 'Kargodan çıkan kutunun köşesi ezikti.' },
  });
  expect(opened.status()).toBe(201);
  const ticket = (await opened.json()).ticket as { ticketNo: string; subject: string };
  await shopper.dispose();

  await logInStaff(context, createStaff('manager', 'Pano Derin Bağlantı'));
  const first = async <T>(path: string) => {
    const answer = await page.request.get(`/api/admin${path}`);
    expect(answer.ok()).toBe(true);
    return ((await answer.json()) as { items: T[] }).items[0] as T;
  };
  const product = await first<{ id: number; name: string }>('/products');
  const customer = await first<{ id: number; firstName: string; lastName: string }>(
    `/customers?q=${encodeURIComponent(email)}`,
  );

  const screens = [
    // The list's filters come from the address, as the screen reads them.
    {
      url: '/admin/siparisler?status=&page=1',
      code: 'orders-page',
      data: '/api/admin/orders',
      title: 'Siparişler',
    },
    {
      url: `/admin/siparisler/${orderNo}`,
      code: 'order-page',
      data: `/api/admin/orders/${orderNo}`,
      title: `Sipariş ${orderNo}`,
    },
    { url: '/admin/urunler?stock=low', code: 'products-page', data: '/api/admin/products', title: 'Ürünler' },
    {
      url: `/admin/urunler/${product.id}`,
      code: 'product-editor-page',
      data: `/api/admin/products/${product.id}`,
      title: product.name,
    },
    { url: '/admin/musteriler', code: 'customers-page', data: '/api/admin/customers', title: 'Müşteriler' },
    {
      url: `/admin/musteriler/${customer.id}`,
      code: 'customer-page',
      data: `/api/admin/customers/${customer.id}`,
      title: `${customer.firstName} ${customer.lastName}`.trim(),
    },
    {
      url: '/admin/destek?durum=hepsi',
      code: 'tickets-page',
      data: '/api/admin/tickets',
      title: 'Destek talepleri',
    },
    {
      url: `/admin/destek/${ticket.ticketNo}`,
      code: 'ticket-page',
      data: `/api/admin/tickets/${ticket.ticketNo}`,
      title: ticket.subject,
    },
    { url: '/admin/kuponlar', code: 'coupons-page', data: '/api/admin/coupons', title: 'Kuponlar' },
    {
      url: '/admin/degerlendirmeler',
      code: 'reviews-page',
      data: '/api/admin/reviews',
      title: 'Değerlendirmeler',
    },
  ];
  const warnings = hydrateWarnings(page);
  for (const screen of screens) {
    const asked = await dataBeforeCode(page, screen.code, screen.data);
    await page.goto(screen.url);
    await expect(page.getByRole('heading', { level: 1, name: screen.title, exact: true })).toBeVisible();
    expect({ screen: screen.url, askedBeforeCode: asked() }).toEqual({
      screen: screen.url,
      askedBeforeCode: true,
    });
    await page.unrouteAll();
  }
  expect(warnings).toEqual([]);
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
