import { test } from '@playwright/test';
import { type PaytrContractServer, startPaytrServer } from '../../packages/core/src/testing/paytr-server.ts';
import { PAYTR_PORT } from './playwright.config.ts';
import { vitrinCli } from './support.ts';

/**
 * PayTR's contract server for the tests of the calling spec file, the shop switched to PayTR for them and back
 * to the test bank afterwards, whatever happened (specs run one at a time). PayTR starts out silent: its
 * notification is held back (503) and its status query is down, so a shopper back from PayTR's form waits
 * until the test lets PayTR answer (`setNotify`, `setDown(false, '/odeme/durum-sorgu')`).
 * Call it at the top of the spec file; the server is there from the first test on.
 */
export function silentPaytrForFile(): () => PaytrContractServer {
  let paytr: PaytrContractServer | undefined;
  test.beforeAll(async () => {
    paytr = await startPaytrServer({ port: PAYTR_PORT, notify: async () => ({ status: 503, body: 'held' }) });
    paytr.setDown(true, '/odeme/durum-sorgu');
    vitrinCli('settings', 'set', 'payment_provider', 'paytr');
  });
  test.afterAll(async () => {
    vitrinCli('settings', 'set', 'payment_provider', 'test');
    await paytr?.close();
  });
  return () => paytr!;
}
