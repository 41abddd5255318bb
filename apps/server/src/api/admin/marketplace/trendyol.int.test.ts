import { productPrices, products } from '@vitrin/core/db/schema';
import { PRICE_TYPE } from '@vitrin/shared/constants';
import { openOrderWorld } from '@vitrin/testing/orders';
import { startTrendyolServer } from '@vitrin/testing/trendyol-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from '../../../../test/accounts.ts';
import { commandFailure } from '../../../../test/commands.ts';
import { createTestServices, testConfig } from '../../../../test/server.ts';
import { loggedInStaff } from '../../../../test/staff.ts';
import { buildApp } from '../../../http/app.ts';
import { runCommand } from '../../../ops/commands.ts';

/**
 * Trendyol in the panel and the CLI (issue 43) against the Trendyol stand-in: the health, the listings by
 * state, a listing's buffer, one round now; who may call; bad input; the settings refused; `trendyol sync`.
 */
const trendyol = await startTrendyolServer({ batchReads: 0 });
const services = await createTestServices({
  demo: false,
  options: { shopUrl: 'https://magaza.test', trendyol: { env: trendyol.env } },
});
const bare = await createTestServices({ demo: false, options: { trendyol: { env: {} } } });
const app = await buildApp({ services, config: testConfig() });
const bareApp = await buildApp({ services: bare, config: testConfig() });
const w = await openOrderWorld({ database: services.database });
const { db } = services.database;
const cli = (...args: string[]) => runCommand(services, args);
const KUPA = '8690000000011';
const BASE = '/api/admin/marketplace/trendyol';

let owner: Browser;
let support: Browser;
let bareOwner: Browser;
beforeAll(async () => {
  owner = (await loggedInStaff(app, services, 'owner')).b;
  support = (await loggedInStaff(app, services, 'support')).b;
  bareOwner = (await loggedInStaff(bareApp, bare, 'owner')).b;
  await db.update(products).set({ barcode: KUPA }).where(eq(products.id, w.ids.single));
  await db
    .insert(productPrices)
    .values({ productId: w.ids.single, priceType: PRICE_TYPE.Sale, amountMinor: 10_000, currency: 'TRY' });
  trendyol.seedListings([
    { barcode: KUPA, quantity: 1, salePrice: 100 },
    { barcode: 'TY-YALNIZ-1', quantity: 4 },
  ]);
});
afterAll(async () => {
  await w.dispose();
  await app.close();
  await bareApp.close();
  await services.dispose();
  await bare.dispose();
  await trendyol.close();
});

describe('Trendyol in the panel', () => {
  it('runs a round from the CLI with the setting off (saying so), then shows health and listings', async () => {
    const printed = await cli('trendyol', 'sync');
    expect(printed).toContain('trendyol_sync kapalı (off)');
    expect(printed).toContain("Trendyol'dan 2 ürün okundu.");
    expect(printed).toContain('1 ürünün stok ve fiyatı 1 istekle gönderildi.');
    expect(trendyol.listing(KUPA)).toMatchObject({ quantity: 1000, salePrice: 100 });

    const health = await support.get(`${BASE}/health`);
    expect(health.statusCode).toBe(200);
    expect(health.json()).toMatchObject({
      setting: 'off',
      configured: true,
      missing: [],
      linked: 1,
      channelOnly: 1,
      unlisted: 0,
      pending: 0,
      failing: 0,
      lastError: null,
    });

    const linked = await support.get(`${BASE}/listings?state=linked`);
    expect(linked.statusCode).toBe(200);
    expect(linked.json()).toMatchObject({ state: 'linked', page: 1, total: 1 });
    expect(linked.json().listings[0]).toMatchObject({
      barcode: KUPA,
      productId: w.ids.single,
      name: 'kupa',
      sentQuantity: 1000,
      stockBuffer: 0,
    });
    const only = await support.get(`${BASE}/listings?state=channel_only`);
    expect(only.json().listings.map((l: { barcode: string }) => l.barcode)).toEqual(['TY-YALNIZ-1']);
  });

  it('sets a buffer the next round sends, and runs a round now', async () => {
    const set = await owner.put(`${BASE}/listings/${KUPA}/buffer`, { stockBuffer: 10 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().listing).toMatchObject({ barcode: KUPA, stockBuffer: 10 });
    const round = await owner.post(`${BASE}/sync`);
    expect(round.statusCode).toBe(200);
    expect(round.json()).toMatchObject({ ran: true, sent: 1, error: null });
    expect(trendyol.listing(KUPA)).toMatchObject({ quantity: 990 });
  });

  it('refuses bad input in Turkish, with a code', async () => {
    const state = await support.get(`${BASE}/listings?state=hepsi`);
    expect(state.statusCode).toBe(400);
    expect(state.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(state.json().error.fields.state).toBe('Durum linked, unlisted ya da channel_only olmalı');

    const negative = await owner.put(`${BASE}/listings/${KUPA}/buffer`, { stockBuffer: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(negative.json().error.fields.stockBuffer).toBe(
      'Ayrılan stok 0 ile 20000 arasında bir tam sayı olmalı',
    );

    const fraction = await owner.put(`${BASE}/listings/${KUPA}/buffer`, { stockBuffer: 1.5 });
    expect(fraction.statusCode).toBe(400);
    expect(fraction.json().error.fields.stockBuffer).toMatch(/tam sayı/);

    const unknown = await owner.put(`${BASE}/listings/YOK-1/buffer`, { stockBuffer: 1 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe('TRENDYOL_URUNU_BULUNAMADI');
    expect(unknown.json().error.message).toContain('"YOK-1" barkodlu bir Trendyol ürünü yok');

    const adjust = await owner.patch('/api/admin/settings', { trendyol_price_adjust: -120 });
    expect(adjust.statusCode).toBe(400);
    expect(adjust.json().error.code).toBe('GECERSIZ_ISTEK');
    expect(adjust.json().error.fields.trendyol_price_adjust).toMatch(/-90 ile 10000 arasında/);

    const rule = await owner.patch('/api/admin/settings', { trendyol_price_rule: 'yuzde' });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().error.fields.trendyol_price_rule).toBe('Değer none, percent ya da fixed olmalıdır.');
  });

  it('lets only catalogue writers change a buffer or run a round', async () => {
    const put = await support.put(`${BASE}/listings/${KUPA}/buffer`, { stockBuffer: 1 });
    expect(put.statusCode).toBe(403);
    expect(put.json().error.code).toBe('YETKI_YOK');
    expect((await support.post(`${BASE}/sync`)).statusCode).toBe(403);
  });

  it('turns trendyol_sync on only with the TRENDYOL_* keys, naming the missing ones', async () => {
    const refused = await bareOwner.patch('/api/admin/settings', { trendyol_sync: 'on' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRENDYOL_ACILAMAZ');
    expect(refused.json().error.message).toContain(
      'TRENDYOL_SELLER_ID, TRENDYOL_API_KEY, TRENDYOL_API_SECRET',
    );
    const viaCli = await commandFailure(runCommand(bare, ['settings', 'set', 'trendyol_sync', 'on']));
    expect(viaCli.code).toBe('TRENDYOL_ACILAMAZ');
    const health = (await bareOwner.get(`${BASE}/health`)).json();
    expect(health).toMatchObject({ configured: false, setting: 'off' });
    expect(health.missing).toEqual(['TRENDYOL_SELLER_ID', 'TRENDYOL_API_KEY', 'TRENDYOL_API_SECRET']);
    const noKeys = await commandFailure(runCommand(bare, ['trendyol', 'sync']));
    expect(noKeys.code).toBe('TRENDYOL_ANAHTARLARI_EKSIK');
    expect(noKeys.message).toContain('TRENDYOL_API_KEY');

    const on = await owner.patch('/api/admin/settings', { trendyol_sync: 'on' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().settings.trendyol_sync).toBe('on');
  });
});
