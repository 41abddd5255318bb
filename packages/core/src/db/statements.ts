import { createHash } from 'node:crypto';
import { PGlite, parse as pgliteParse, protocol, types } from '@electric-sql/pglite';
import {
  DrizzleQueryError,
  getTableColumns,
  is,
  Param,
  Placeholder,
  type Query,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import { PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/*
 * Hot statements as named prepared statements. On PostgreSQL a connection then parses and plans a statement
 * once and afterwards only binds and executes it: planning the add-to-cart statement cost PostgreSQL 1.1 of
 * its 1.5 ms. Behind a connection pooler in transaction mode the pooler must support protocol-level prepared
 * statements (PgBouncer 1.21 and later). PGlite's own query API (and so Drizzle's driver for it) has no named
 * statements and enters the WASM engine five times a query: outside a transaction the statement goes to
 * PGlite's protocol directly, parsed once, then bound and executed in one call (the add to the cart: 1.9 ms
 * of CPU as a PGlite query, 0.7 ms so).
 */

const dialect = new PgDialect();
/** Statement names by query text; bounded, as the texts of a hot query are few (one per shape). */
const names = new Map<string, string>();

/** `label` plus a hash of the text, so one name never stands for two texts. */
function statementName(label: string, text: string): string {
  let name = names.get(text);
  if (!name) {
    name = `${label}_${createHash('sha1').update(text).digest('base64url').slice(0, 12)}`;
    if (names.size >= 500) names.clear();
    names.set(text, name);
  }
  return name;
}

async function run<T>(db: Db, name: string, query: Query): Promise<T[]> {
  // Inside a transaction Drizzle's PGlite session holds PGlite's transaction object: that goes the usual way.
  const client = (db._.session as unknown as { client?: unknown }).client;
  if (client instanceof PGlite) return runOnPglite<T>(client, name, query);
  const result = (await db._.session.prepareQuery(query, undefined, name, false).execute()) as { rows: T[] };
  return result.rows;
}

/** Raw rows as Drizzle's PGlite driver answers them: timestamps, dates and intervals as their text. */
const keepText = (value: string) => value;
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];
const { serialize } = protocol;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** A statement parsed on a PGlite instance. */
interface ParsedStatement {
  /** Its parameters' type ids, to encode the values by. */
  paramTypes: number[];
  /**
   * The description of its rows (none for a statement without rows), given once when it was parsed: every
   * execution's answer is read with it rather than asking the engine to describe the rows again.
   */
  rowDescription: BackendMessage | undefined;
}

interface PgliteStatements {
  /** The statements parsed on the instance. */
  parsed: Map<string, ParsedStatement>;
  /**
   * PGlite's parsers with `TEXT_TYPES` kept as text, merged once: `parseResults` given parsers in its options
   * merges them into all of PGlite's on every call, which cost more than the statement's rows.
   */
  parsers: PGlite['parsers'];
}
const pgliteStatements = new WeakMap<PGlite, PgliteStatements>();
const MAX_PARSED = 200;

function statementsOf(pg: PGlite): PgliteStatements {
  let state = pgliteStatements.get(pg);
  if (!state) {
    const parsers = { ...pg.parsers, ...Object.fromEntries(TEXT_TYPES.map((t) => [t, keepText])) };
    state = { parsed: new Map(), parsers };
    pgliteStatements.set(pg, state);
  }
  return state;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A named statement on PGlite (one backend, so a statement parsed once stays for the instance's life): taken
 * in turn with every other query and never inside another caller's transaction, as PGlite's `query` is. The
 * parameters are encoded as `query` encodes them, by the types the statement's description gives.
 */
function runOnPglite<T>(pg: PGlite, name: string, query: Query): Promise<T[]> {
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      const { parsed, parsers } = statementsOf(pg);
      try {
        let statement = parsed.get(name);
        if (!statement) {
          // Bounded like the names: a text made per argument would otherwise pile statements up in the engine.
          if (parsed.size >= MAX_PARSED) {
            await pg.execProtocol(serialize.query('deallocate all'), { syncToFs: false });
            parsed.clear();
          }
          const described = await pg.execProtocol(
            concat([
              serialize.parse({ name, text: query.sql }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          statement = {
            paramTypes: pgliteParse.parseDescribeStatementResults(described.messages),
            rowDescription: described.messages.find((m) => m.name === 'rowDescription'),
          };
          parsed.set(name, statement);
        }
        const { paramTypes, rowDescription } = statement;
        const values = query.params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const encode = pg.serializers[paramTypes[i]!];
          return encode ? encode(value) : String(value);
        });
        const { messages } = await pg.execProtocol(
          concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]),
        );
        const answer = rowDescription ? [rowDescription, ...messages] : messages;
        return (pgliteParse.parseResults(answer, parsers, { rowMode: 'object' })[0]?.rows ?? []) as T[];
      } catch (err) {
        throw new DrizzleQueryError(query.sql, query.params, err as Error);
      }
    }),
  );
}

/**
 * Runs a raw query as a named prepared statement (a query whose text depends on its arguments gets one
 * statement per shape). Drizzle still builds the text on every call; see `compile` for a statement whose
 * building is itself a cost.
 */
export async function preparedRows<T>(db: Db, label: string, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  return run<T>(db, statementName(label, built.sql), built);
}

/** A statement built once, with `sql.placeholder(...)` where its values go. */
export interface Compiled {
  name: string;
  query: Query;
}

const compiledByShape = new Map<string, Compiled>();

/**
 * Builds a statement once per `shape` (whatever changes its text, e.g. its number of lines): Drizzle building
 * a large statement (an order with its lines) costs more CPU than PostgreSQL executing it. `build` says the
 * statement with placeholders for all its values; `runCompiled` fills them in.
 */
export function compile(label: string, shape: string, build: () => SQLWrapper): Compiled {
  const key = `${label}:${shape}`;
  let compiled = compiledByShape.get(key);
  if (!compiled) {
    const query = dialect.sqlToQuery(build().getSQL());
    compiled = { name: statementName(label, query.sql), query };
    if (compiledByShape.size >= 500) compiledByShape.clear();
    compiledByShape.set(key, compiled);
  }
  return compiled;
}

/**
 * Runs a compiled statement with its placeholders' values, encoded as the columns they go into would encode
 * them (JSON, timestamps), SQL NULL for null. Answers with the raw rows (column names, driver values).
 */
export async function runCompiled<T>(
  db: Db,
  compiled: Compiled,
  values: Record<string, unknown>,
): Promise<T[]> {
  const params = compiled.query.params.map((p) => {
    const placeholder = is(p, Param) && is(p.value, Placeholder) ? p.value : is(p, Placeholder) ? p : null;
    if (!placeholder) return p;
    const value = values[placeholder.name];
    // undefined would not mean the column's default here (the text is fixed): every value must be given.
    if (value === undefined) throw new Error(`No value for placeholder "${placeholder.name}"`);
    return value === null || !is(p, Param) ? value : p.encoder.mapToDriverValue(value);
  });
  return run<T>(db, compiled.name, { sql: compiled.query.sql, params });
}

/** A table's row from a raw row (column names, driver values), as Drizzle's own select would answer it. */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
