import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { TRENDYOL_TEST_SELLER } from '@vitrin/testing/trendyol-server';
import { CHROMIUM, CHROMIUM_FLAGS } from '../../scripts/chromium.mjs';
import { SERVER_ENTRY, serveEnv, serveNodeArgs } from '../../scripts/serve-command.mjs';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 18431);
export const E2E_DATA_DIR = path.join(os.tmpdir(), `vitrin-e2e-${E2E_PORT}`);
/** The PayTR contract server the PayTR spec starts (the shop is configured for it; `test` stays the default). */
export const PAYTR_PORT = E2E_PORT + 2;
/** The iyzico contract server the iyzico spec starts (likewise configured; chosen only during that spec). */
export const IYZICO_PORT = E2E_PORT + 3;
/** The Geliver contract server the shipping spec starts (the shop has its keys; `manual` stays the default). */
export const GELIVER_PORT = E2E_PORT + 5;
export const GELIVER_E2E_TOKEN = 'geliver-e2e-5d21c8a0';
/** The Paraşüt contract server the e-invoice spec starts (the shop has its keys; `none` stays the default). */
export const PARASUT_PORT = E2E_PORT + 6;
/** The Trendyol contract server the Trendyol spec starts (the shop has the seller's keys; `off` stays the default). */
export const TRENDYOL_PORT = E2E_PORT + 7;
export const BYPASS_KEY = 'e2e-bypass-key-9f2c41d7a3';
const root = path.resolve(import.meta.dirname, '../..');

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  // One server and one shop for all specs; maintenance toggles are global, so specs run one after another.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  // Generous for a machine busy with other work: a wait that passes when idle must not fail under load.
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results/e2e.json') },
    ],
  ],
  outputDir: path.join(root, 'test-results/e2e'),
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    locale: 'tr-TR',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: {
    // Started as `npm run serve` starts it (its Node options and environment), so the tests run what ships.
    command: `rm -rf "${E2E_DATA_DIR}" && node ${[...serveNodeArgs(), SERVER_ENTRY].join(' ')}`,
    cwd: root,
    url: `http://localhost:${E2E_PORT}/readyz`,
    reuseExistingServer: false,
    timeout: 300_000,
    env: {
      ...serveEnv(),
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      MAINTENANCE_BYPASS_KEY: BYPASS_KEY,
      LOG_LEVEL: 'warn',
      PAYTR_MERCHANT_ID: '100001',
      PAYTR_MERCHANT_KEY: 'TestMagazaAnahtari1',
      PAYTR_MERCHANT_SALT: 'TestMagazaTuzu1',
      PAYTR_BASE_URL: `http://127.0.0.1:${PAYTR_PORT}`,
      PAYTR_TEST_MODE: '1',
      IYZICO_API_KEY: 'sandbox-vitrin-contract-api-key',
      IYZICO_SECRET_KEY: 'sandbox-vitrin-contract-secret-key',
      IYZICO_BASE_URL: `http://127.0.0.1:${IYZICO_PORT}`,
      GELIVER_API_TOKEN: GELIVER_E2E_TOKEN,
      GELIVER_BASE_URL: `http://127.0.0.1:${GELIVER_PORT}/api/v1`,
      PARASUT_CLIENT_ID: 'parasut-test-client',
      PARASUT_CLIENT_SECRET: 'parasut-test-secret',
      PARASUT_USERNAME: 'muhasebe@vitrin.example',
      PARASUT_PASSWORD: 'Paraşüt-test-1',
      PARASUT_COMPANY_ID: '627',
      PARASUT_BASE_URL: `http://127.0.0.1:${PARASUT_PORT}`,
      TRENDYOL_SELLER_ID: TRENDYOL_TEST_SELLER.sellerId,
      TRENDYOL_API_KEY: TRENDYOL_TEST_SELLER.apiKey,
      TRENDYOL_API_SECRET: TRENDYOL_TEST_SELLER.apiSecret,
      TRENDYOL_BASE_URL: `http://127.0.0.1:${TRENDYOL_PORT}/integration`,
    },
  },
});
