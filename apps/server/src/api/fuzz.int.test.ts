import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, createAccountTestApp, registeredBrowser } from '../../test/accounts.ts';
import {
  type ApiDocument,
  answerProblem,
  BROKEN_MULTIPART,
  changedTables,
  operationsOf,
  tableSnapshot,
} from '../../test/api-fuzz.ts';
import { fuzzClients, fuzzOperations } from '../../test/fuzz-run.ts';

/**
 * Malformed, boundary and oversized requests to every operation of /api/docs (the fast set; the full set is
 * `fuzz.security.test.ts`), each sent as the client whose request reaches the route's input checks.
 */
describe('every operation of the API document, fuzzed', () => {
  let t: AccountTestApp;
  beforeAll(async () => {
    t = await createAccountTestApp({ demo: true });
  });
  afterAll(() => t.close());

  it('answers a path the router cannot decode with 400 GECERSIZ_ADRES in the error shape', async () => {
    for (const url of ['/api/front/products/%zz', '/api/admin/orders/%E0%A4%A/packing-slip']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'GECERSIZ_ADRES', message: 'İstek adresi geçersiz.' } });
    }
  });

  it('answers a path parameter over the length limit in the error shape', async () => {
    const res = await t.app.inject(`/api/front/products/${'a'.repeat(2100)}`);
    expect(res.statusCode).toBe(414);
    expect(res.json().error.code).toMatch(/^[A-Z_]+$/);
  });

  it('answers a URL over the HTTP header limit with 431 in the error shape, over a real connection', async () => {
    // Closed with the app.
    const address = await t.app.listen({ host: '127.0.0.1', port: 18351 });
    const res = await fetch(`${address}/api/front/search?q=${'%C5%9F'.repeat(8000)}`);
    expect(res.status).toBe(431);
    expect(await res.json()).toEqual({
      error: { code: 'ISTEK_BASLIGI_COK_BUYUK', message: 'İstek adresi veya başlıkları çok uzun.' },
    });
  });

  it('answers a broken multipart body to every route that takes one with a 4xx in the error shape', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as ApiDocument;
    const multipart = operationsOf(doc).filter((op) => op.multipart);
    expect(multipart.length).toBeGreaterThanOrEqual(4);
    const clients = fuzzClients(t.app, t.services);
    for (const op of multipart) {
      const b = await clients.get(op.client);
      for (const [type, payload] of BROKEN_MULTIPART) {
        const url = op.path.replace(/\{\w+\}/g, '1');
        const res = await b.request({ method: op.method, url, payload, headers: { 'content-type': type } });
        expect({ url, type, problem: answerProblem(res) }).toEqual({ url, type, problem: undefined });
        expect(res.statusCode).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it('sees a change of any row in its table snapshot', async () => {
    const before = await tableSnapshot(t.services.database);
    await registeredBrowser(t.app, 900);
    expect(changedTables(before, await tableSnapshot(t.services.database))).toContain('customers');
  });

  it('never answers 5xx, answers every refusal in the error shape in Turkish, and a refusal changes no data', async () => {
    const doc = (await t.app.inject('/api/docs')).json() as ApiDocument;
    const figures = await fuzzOperations(
      doc,
      fuzzClients(t.app, t.services),
      () => tableSnapshot(t.services.database),
      { runs: 3, otherRuns: 1, seed: 30 },
    );
    console.info(
      `fuzz (fast set): ${figures.operations} operations, ${figures.requests} requests, ${figures.serverErrors} 5xx`,
    );
    expect(figures.operations).toBeGreaterThan(150);
    expect(figures.problems).toEqual([]);
    expect(figures.changedData).toEqual([]);
    expect(figures.serverErrors).toBe(0);
  });
});
