// The sqlmap harness can fail: a page that pastes its parameter into SQL on the test database is found
// injectable, and what the harness reads from sqlmap (its results file and its log) says so.
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { openTestDatabase } from '@vitrin/testing/database';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './server.ts';
import { markedForm, requestLog, runSqlmap } from './sqlmap.ts';

describe('the sqlmap harness', () => {
  const out = tempDir('vitrin-sqlmap-harness-');
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    // The mistake the shop must never make: a value pasted into the SQL text.
    server = http.createServer(async (req, res) => {
      const id = new URL(req.url ?? '/', 'http://x').searchParams.get('id') ?? '1';
      try {
        const result = (await database.database.db.execute(
          sql.raw(`select 'kayit ' || g as name from generate_series(1, 3) g where g = ${id}`),
        )) as unknown as { rows: unknown[] };
        res.end(JSON.stringify(result.rows));
      } catch (err) {
        res.statusCode = 500;
        res.end(String(err));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server?.close(resolve));
    await database?.dispose();
    out.remove();
  });

  it('reports an injectable parameter from sqlmap’s results and log', async () => {
    const points: string[] = [];
    const query = markedForm({ id: 1 }, points);
    const dir = path.join(out.dir, 'run');
    mkdirSync(dir, { recursive: true });
    const file = path.join(dir, 'requests.log');
    writeFileSync(
      file,
      requestLog([{ name: 'GET /kayit', method: 'GET', url: `/kayit?${query}`, points }], base, 'a=b'),
    );
    const run = await runSqlmap(file, dir, ['--dbms=PostgreSQL', '--level=1', '--risk=1', '--technique=BE']);
    expect(points).toEqual(['id']);
    expect(run.probed).toBe(1);
    expect(run.findings.length).toBeGreaterThan(0);
    expect(run.alarms.length).toBeGreaterThan(0);
  });
});
