import { test } from '@playwright/test';
import { IYZICO_TEST_KEYS, startIyzicoServer } from '@vitrin/testing/iyzico-server';
import { startPaytrServer } from '@vitrin/testing/paytr-server';
import { IYZICO_PORT, PAYTR_PORT } from './playwright.config.ts';
import { vitrinCli } from './support.ts';

/**
 * A card provider's contract server for the tests of the calling spec file, the shop switched to the provider
 * for them and back to the test bank afterwards, whatever happened (specs run one at a time). Called at the
 * top of the spec file; the server is there from the first test on.
 */
function providerForFile<Server extends { close(): Promise<void> }>(
  name: 'iyzico' | 'paytr',
  start: () => Promise<Server>,
): () => Server {
  let server: Server | undefined;
  test.beforeAll(async () => {
    server = await start();
    vitrinCli('settings', 'set', 'payment_provider', name);
  });
  test.afterAll(async () => {
    vitrinCli('settings', 'set', 'payment_provider', 'test');
    await server?.close();
  });
  return () => server!;
}

/** iyzico's contract server (its API and its 3-D Secure bank page) for the spec file. */
export const iyzicoForFile = () =>
  providerForFile('iyzico', () => startIyzicoServer(IYZICO_TEST_KEYS, { port: IYZICO_PORT }));

/**
 * PayTR's contract server for the spec file, silent at first: its notification is held back (503) and its
 * status query is down, so a shopper back from PayTR's form waits until the test lets PayTR answer
 * (`setNotify`, `setDown(false, '/odeme/durum-sorgu')`).
 */
export const silentPaytrForFile = () =>
  providerForFile('paytr', async () => {
    const paytr = await startPaytrServer({
      port: PAYTR_PORT,
      notify: async () => ({ status: 503, body: 'held' }),
    });
    paytr.setDown(true, '/odeme/durum-sorgu');
    return paytr;
  });
