import { createServices, type Database, openDatabase, seedDemo } from '@vitrin/core';
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, registration } from '../../test/accounts.ts';
import { type ApiDocument, tableSnapshot } from '../../test/api-fuzz.ts';
import { type AppNode, requireBuild, startNode, stopNode } from '../../test/cluster.ts';
import { fuzzOperations } from '../../test/fuzz-run.ts';
import { httpClients } from '../../test/http-clients.ts';
import { tempDir } from '../../test/server.ts';
import { createStaff, type TestStaff } from '../../test/staff.ts';

/**
 * The full set of `fuzz.int.test.ts`: many more malformed requests to every operation of /api/docs, over HTTP
 * to the compiled server (`npm run build`, what ships) in its own process on the demo shop, on the embedded database or on
 * PostgreSQL (TEST_DATABASE_URL). On PostgreSQL the test reads the server's database, so a refused request is
 * also held to changing no table; the embedded database is the server's alone while it runs.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 16);
const ROLES: StaffRole[] = ['owner', 'manager', 'support'];
const dataDir = tempDir('vitrin-fuzz-');
let node: AppNode;
let database: Database | undefined;
let dispose: () => Promise<void> = async () => {};
const staff = {} as Record<StaffRole, TestStaff[]>;

beforeAll(async () => {
  requireBuild();
  let url = '';
  if (process.env.TEST_DATABASE_URL) {
    const opened = await openTestDatabase({ demo: true });
    database = opened.database;
    url = opened.url!;
    dispose = opened.dispose;
  }
  const db = database ?? (await openDatabase({ dataDir: dataDir.dir }));
  if (!database) {
    await db.migrate();
    await seedDemo(db.db);
  }
  const services = createServices(db);
  // The fuzz's plausible id is 1: a member of its own, so the logged-in ones stay as they are.
  await createStaff(services, 'manager');
  // A login spends a member's code for 30 s: enough members that the owner can log in again at once.
  for (const role of ROLES) {
    staff[role] = [];
    for (let i = 0; i < 8; i++) staff[role].push(await createStaff(services, role));
  }
  if (!database) await db.close();
  // Each client speaks from its own address, so the per-address login limits count one client's refusals.
  node = await startNode(url, dataDir.dir, [18350, 18399], { TRUST_PROXY: '1' }, 'compiled');
});
afterAll(async () => {
  if (node) await stopNode(node);
  await dispose();
  dataDir.remove();
});

describe('every operation of the API document, fuzzed over HTTP (full set)', () => {
  it('never answers 5xx, answers every refusal in the error shape in Turkish, and a refusal changes no data', async () => {
    const doc = (await (await fetch(`${node.url}/api/docs`)).json()) as ApiDocument;
    const started = Date.now();
    const figures = await fuzzOperations(
      doc,
      httpClients(node.url, staff, {
        email: registration(1).email,
        password: PASSWORD,
        registration: registration(1),
      }),
      database ? () => tableSnapshot(database!) : undefined,
      { runs: RUNS, otherRuns: Math.ceil(RUNS / 4), seed: 3030 },
    );
    console.info(
      `fuzz (full set, ${database ? 'PostgreSQL' : 'embedded'}): ${figures.operations} operations, ` +
        `${figures.requests} requests, ${figures.serverErrors} 5xx, ${Math.round((Date.now() - started) / 1000)} s`,
    );
    expect(figures.operations).toBeGreaterThan(150);
    expect(figures.problems).toEqual([]);
    expect(figures.changedData).toEqual([]);
    expect(figures.serverErrors).toBe(0);
    expect(node.output.join('')).not.toMatch(/unhandled error/);
  });
});
