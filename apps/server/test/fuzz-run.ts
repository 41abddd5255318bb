// Runs the document's operations with malformed requests (`api-fuzz.ts`) against an app in this process, as
// the client each operation expects, and checks every answer and that refused requests changed no data.
import type { Services } from '@vitrin/core';
import type { StaffRole } from '@vitrin/shared/staff/permissions';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { type Browser, browser, registeredBrowser } from './accounts.ts';
import {
  type ApiDocument,
  answerProblem,
  type ClientKind,
  changedTables,
  describeOperation,
  type FuzzRequest,
  malformedRequest,
  type Operation,
  operationsOf,
} from './api-fuzz.ts';
import { loggedInStaff } from './staff.ts';

const ROLES: StaffRole[] = ['owner', 'manager', 'support'];
const CLIENTS: ClientKind[] = ['guest', 'customer', ...ROLES];

let customers = 1000;

/** What the fuzz needs of a client: it sends a request and answers status, headers and body. */
export interface FuzzClient {
  request(r: {
    method: FuzzRequest['method'];
    url: string;
    payload?: string | object;
    headers?: Record<string, string>;
  }): Promise<{ statusCode: number; headers: Record<string, unknown>; body: string }>;
}
export interface FuzzClients {
  get(kind: ClientKind): Promise<FuzzClient>;
}

/** The clients of a fuzz run in this process, logged in again when a request ended their session (a logout, say). */
export function fuzzClients(app: FastifyInstance, services: Services) {
  const clients = new Map<ClientKind, Browser>();
  async function make(kind: ClientKind): Promise<Browser> {
    if (kind === 'guest') return browser(app);
    if (kind === 'customer') {
      customers += 1;
      return registeredBrowser(app, customers);
    }
    return (await loggedInStaff(app, services, kind)).b;
  }
  async function alive(kind: ClientKind, b: Browser) {
    if (kind === 'guest') return true;
    const res = await b.get(kind === 'customer' ? '/api/front/auth/me' : '/api/admin/session');
    return res.statusCode === 200;
  }
  return {
    async get(kind: ClientKind): Promise<Browser> {
      const known = clients.get(kind);
      if (known && (await alive(kind, known))) return known;
      const b = await make(kind);
      clients.set(kind, b);
      return b;
    },
  };
}

export interface FuzzFigures {
  operations: number;
  requests: number;
  serverErrors: number;
  problems: string[];
  /** Refused requests after which some table had changed. */
  changedData: string[];
}

/**
 * Sends `runs` malformed requests to each operation as its own client and `otherRuns` as any client; checks
 * each batch's refused requests changed no table.
 */
export async function fuzzOperations(
  doc: ApiDocument,
  clients: FuzzClients,
  /** The tables' snapshot (`tableSnapshot`), where the test can read the server's database. */
  snapshot: (() => Promise<Map<string, string>>) | undefined,
  { runs, otherRuns, seed }: { runs: number; otherRuns: number; seed: number },
): Promise<FuzzFigures> {
  const operations = operationsOf(doc);
  const none = async () => new Map<string, string>();
  const tables = snapshot ?? none;
  const figures: FuzzFigures = {
    operations: operations.length,
    requests: 0,
    serverErrors: 0,
    problems: [],
    changedData: [],
  };
  const send = async (kind: ClientKind, r: FuzzRequest) => {
    const b = await clients.get(kind);
    figures.requests += 1;
    const res = await b.request(r as FuzzRequest & { payload?: string | object });
    if (res.statusCode >= 500) figures.serverErrors += 1;
    const problem = answerProblem(res);
    if (problem)
      figures.problems.push(`${r.method} ${r.url.slice(0, 200)} as ${kind} (${r.note}): ${problem}`);
    return res.statusCode;
  };
  for (const [index, op] of operations.entries()) {
    const batch = batchOf(op, runs, otherRuns, seed + index);
    // Logged in (again) before the snapshot: a login writes the session and staff tables.
    for (const kind of new Set(batch.map(([kind]) => kind))) await clients.get(kind);
    const before = await tables();
    const refused: [ClientKind, FuzzRequest][] = [];
    for (const [kind, r] of batch) if ((await send(kind, r)) >= 400) refused.push([kind, r]);
    const after = await tables();
    if (!snapshot) continue;
    if (refused.length === batch.length) {
      const changed = changedTables(before, after);
      if (changed.length) figures.changedData.push(`${describeOperation(op)}: ${changed.join(', ')}`);
      continue;
    }
    // Some were accepted: the refused ones again, each between two snapshots.
    for (const [kind, r] of refused) {
      await clients.get(kind);
      const start = await tables();
      if ((await send(kind, r)) < 400) continue;
      const changed = changedTables(start, await tables());
      if (changed.length) figures.changedData.push(`${r.method} ${r.url} (${r.note}): ${changed.join(', ')}`);
    }
  }
  return figures;
}

/** The batch of one operation: its own client's requests and some by any client, the same for a seed. */
function batchOf(op: Operation, runs: number, otherRuns: number, seed: number): [ClientKind, FuzzRequest][] {
  const own = fc.sample(malformedRequest(op), { numRuns: runs, seed });
  const other = fc.sample(fc.tuple(fc.constantFrom(...CLIENTS), malformedRequest(op)), {
    numRuns: otherRuns,
    seed: seed + 1,
  });
  return [...own.map((r): [ClientKind, FuzzRequest] => [op.client, r]), ...other];
}
