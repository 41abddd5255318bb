import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AccountTestApp, browser, createAccountTestApp } from '../../test/accounts.ts';
import {
  type ApiDocument,
  answerProblem,
  type Field,
  type FuzzRequest,
  fieldsOf,
  type Operation,
  operationsOf,
  requestWith,
} from '../../test/api-fuzz.ts';
import { fuzzClients } from '../../test/fuzz-run.ts';

/**
 * Hand-picked SQL injection payloads in every parameter and body field of /api/docs (the fast set; sqlmap is
 * the full one). A payload that ran as SQL would call `vitrin_trap()`, which counts its calls in a table: the
 * count stays 0, so nothing is timed.
 */
const TRAP = 'vitrin_trap()';
const PAYLOADS = [
  "'",
  '"',
  "' OR 1=1--",
  "' OR '1'='1",
  "1' OR '1'='1' --",
  '1 OR 1=1',
  "'; DROP TABLE customers;--",
  '1; DROP TABLE orders',
  "' UNION SELECT null, email, password_hash FROM customers--",
  `' OR ${TRAP}=1--`,
  `'; SELECT ${TRAP};--`,
  `1; SELECT ${TRAP}`,
  `'||(SELECT ${TRAP})||'`,
  `') OR (SELECT ${TRAP})=1--`,
  `$$; SELECT ${TRAP}; $$`,
  "'; SELECT pg_sleep(5);--",
  '1) AND pg_sleep(5) IS NULL--',
  '%',
  '_',
  '%%',
  '\\',
  "\\'",
  '%_\\%',
  '$.a ? (@ like_regex ".*")',
  'name desc; --',
  '1e308',
];
/** Matches nothing and passes no check a payload fails: what a payload's answer is compared with. */
const HARMLESS = 'zqxwvharmless';

describe('SQL injection payloads in every parameter and field', () => {
  let t: AccountTestApp;
  let operations: Operation[];
  beforeAll(async () => {
    t = await createAccountTestApp({ demo: true });
    await t.services.database.query('create table injection_trap (at timestamptz not null default now())');
    await t.services.database.query(
      `create function vitrin_trap() returns int language sql as
         $$ insert into injection_trap default values returning 1 $$`,
    );
    operations = operationsOf((await t.app.inject('/api/docs')).json() as ApiDocument);
  });
  afterAll(() => t.close());

  const trapped = async () =>
    (await t.services.database.query<{ n: number }>('select count(*)::int as n from injection_trap'))[0]!.n;

  it('has a trap that counts a payload run as SQL', async () => {
    await t.services.database.query(`select ${TRAP}`);
    expect(await trapped()).toBe(1);
    await t.services.database.query('delete from injection_trap');
  });

  // Before the payloads below, which may leave a tag or a name holding a % (a shop's data may, then found).
  it('finds for a % or _ in the search what the shopper typed, not everything', async () => {
    for (const q of ['%', '_', '%%', '\\', "'"]) {
      const res = await t.app.inject(`/api/front/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(200);
      expect(res.json().listing.total, q).toBe(0);
    }
    const all = (await t.app.inject('/api/front/search?q=kupa')).json().listing.total as number;
    expect(all).toBeGreaterThan(0);
    expect((await t.app.inject('/api/front/search?q=ku%25pa')).json().listing.total).toBe(0);
    expect((await t.app.inject('/api/front/search?q=k_pa')).json().listing.total).toBe(0);
  });

  it('answers each payload as it answers a harmless value: no 5xx, no other data, never run as SQL', async () => {
    const clients = fuzzClients(t.app, t.services);
    const send = async (op: Operation, r: FuzzRequest) => {
      // A guest speaks from a fresh address: the per-address limits are not what is compared.
      const b = op.client === 'guest' ? browser(t.app) : await clients.get(op.client);
      return b.request({
        method: r.method,
        url: r.url,
        ...(r.payload ? { payload: r.payload as object } : {}),
      });
    };
    const problems: string[] = [];
    let requests = 0;
    let turn = 0;
    for (const op of operations) {
      for (const field of fieldsOf(op)) {
        const harmless = await send(op, requestWith(op, field, HARMLESS));
        requests += 1;
        // Search and list parameters get every payload; other fields two each, in turn.
        const payloads = isSearch(op, field)
          ? PAYLOADS
          : [PAYLOADS[turn++ % PAYLOADS.length]!, PAYLOADS[turn++ % PAYLOADS.length]!];
        for (const payload of payloads) {
          const r = requestWith(op, field, payload);
          const res = await send(op, r);
          requests += 1;
          const where = `${r.method} ${r.url} (${r.note})`;
          const problem = answerProblem(res);
          // A refusal (the field's own check) is a fine answer; a read accepted must be a harmless value's
          // (a write's answer depends on what earlier writes left: only the trap and the tables judge it).
          if (problem) problems.push(`${where}: ${problem}`);
          else if (res.statusCode >= 400 || op.method !== 'GET') continue;
          else if (harmless.statusCode >= 400) {
            problems.push(`${where}: ${res.statusCode}, a harmless value ${harmless.statusCode}`);
          } else if (op.method === 'GET' && res.statusCode === 200 && isJson(res.headers)) {
            const same = res.body.split(JSON.stringify(payload).slice(1, -1)).join(HARMLESS);
            if (same !== harmless.body) problems.push(`${where}: other data than for a harmless value`);
          }
        }
      }
    }
    console.info(`injection (fast set): ${operations.length} operations, ${requests} requests`);
    expect(problems).toEqual([]);
    expect(await trapped()).toBe(0);
    // Nothing dropped: the tables a payload names are still there.
    const tables = await t.services.database.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables where table_name in ('customers', 'orders')`,
    );
    expect(tables[0]!.n).toBe(2);
  });
});

const isSearch = (op: Operation, field: Field) =>
  op.method === 'GET' && (field.in === 'query' || field.in === 'path');

const isJson = (headers: Record<string, unknown>) =>
  String(headers['content-type'] ?? '').startsWith('application/json');
