import { promisify } from 'node:util';
import v8 from 'node:v8';
import zlib from 'node:zlib';
import type { PriceContext } from '@vitrin/shared/pricing';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type CatalogueIndex, type ChunkEntries, createCatalogueIndex } from './catalogue-index.ts';
import { readIndexRows } from './index-rows.ts';
import type { TableChunk } from './index-table.ts';
import { rows } from './rows.ts';

/**
 * A snapshot of the catalogue index in PostgreSQL, so that a starting node loads the index (seconds at a
 * million products) instead of building it from every product's rows (55 s at a million). Decision 014.
 *
 * The index's slots are kept in chunks of `CHUNK_SLOTS`, each one row of `catalogue_snapshot_chunks`: the
 * table's arrays and strings as they are in memory (index-table.ts `exportChunk`) and the slots' search
 * entries (rows per stem and per word), serialized by V8 and deflated. Prices in TRY are not kept: a loading node makes them at its rates.
 *
 * The head row's `watermark` is the oldest transaction whose changes the snapshot may miss. A loading node
 * reads again every product that a transaction from the watermark on changed (`changedSince`: triggers name
 * them in `catalogue_changes`, deletes too), so that it answers as a node built from the rows would. A
 * running node keeps the snapshot current by writing again only the chunks of the products it has seen
 * change (live-index.ts).
 */

/** Bumped when the chunks' contents change shape: a snapshot of another format is not loaded. */
export const SNAPSHOT_FORMAT = 8;
/** Slots per chunk: a changed product rewrites its chunk (about 1.5 MB deflated at this size). */
export const CHUNK_SLOTS = 16_384;
/**
 * The head row's name: the catalogue's, for this PostgreSQL cluster. Transaction ids are the cluster's own: a
 * backup restored on another cluster (or a copy of the database) starts counting again, and its watermark
 * would tell nothing there, so a head written on another cluster is not found (the index is built from the
 * rows and the snapshot written again).
 */
async function headName(db: Db): Promise<string> {
  const [cluster] = await rows<{ id: string }>(
    db,
    sql`select system_identifier::text as id from pg_control_system()`,
  ).catch(() => [{ id: 'local' }]);
  return `catalogue ${cluster?.id ?? 'local'}`;
}
/** The chunk number of the name order (not a chunk of slots). */
const NAME_ORDER = -1;
/** Chunks read per query while loading: reading and inflating overlap with importing. */
const CHUNKS_PER_READ = 2;
/** Products read again per query while catching up. */
const CATCH_UP_BATCH = 2_000;

const deflate = promisify(zlib.deflate);
const inflate = promisify(zlib.inflate);

/** A chunk as stored: the table's slots and their search entries (catalogue-index.ts `exportChunk`). */
interface StoredChunk {
  table: TableChunk;
  entries: ChunkEntries;
}

export interface SnapshotHead {
  format: number;
  watermark: bigint;
  chunkSize: number;
  chunks: number;
}

/**
 * The oldest transaction still running (or the next one, if none is): every transaction before it has
 * ended, so an index current now misses no change of theirs (64-bit: it does not wrap).
 */
export async function watermarkNow(db: Db): Promise<bigint> {
  const [row] = await rows<{ w: string }>(db, sql`select pg_snapshot_xmin(pg_current_snapshot())::text as w`);
  return BigInt(row!.w);
}

export async function readHead(db: Db, name?: string): Promise<SnapshotHead | null> {
  const [head] = await rows<{ format: number; watermark: string; chunk_size: number; chunks: number }>(
    db,
    sql`select format, watermark::text as watermark, chunk_size, chunks from catalogue_snapshots
      where name = ${name ?? (await headName(db))}`,
  );
  return head
    ? {
        format: head.format,
        watermark: BigInt(head.watermark),
        chunkSize: head.chunk_size,
        chunks: head.chunks,
      }
    : null;
}

/**
 * Writes chunks of the index (`only`: those chunk numbers; else all) and the head with `watermark`, in one
 * transaction. Answers false, writing nothing, while another node writes the snapshot.
 */
export async function saveSnapshot(
  db: Db,
  index: CatalogueIndex,
  options: { watermark: bigint; writer: string; only?: ReadonlySet<number> },
): Promise<boolean> {
  const chunks = Math.ceil(index.slots / CHUNK_SLOTS);
  // Asked before the transaction: a refusal would end it.
  const name = await headName(db);
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await lockSnapshot(txDb))) return false;
    const head = await readHead(txDb, name);
    // Over a snapshot of another shape, or one that has fewer chunks, every chunk is written.
    const whole =
      !options.only ||
      !head ||
      head.format !== SNAPSHOT_FORMAT ||
      head.chunkSize !== CHUNK_SLOTS ||
      head.chunks > chunks;
    for (let chunk = 0; chunk < chunks; chunk++) {
      if (!whole && !options.only!.has(chunk) && chunk < head!.chunks) continue;
      const from = chunk * CHUNK_SLOTS;
      const to = Math.min(from + CHUNK_SLOTS, index.slots);
      await index.measureNames(from, to);
      const stored: StoredChunk = index.exportChunk(from, to);
      const data = await deflate(v8.serialize(stored), { level: 1 });
      await txDb.execute(
        sql`insert into catalogue_snapshot_chunks (chunk, data) values (${chunk}, ${data})
          on conflict (chunk) do update set data = excluded.data, updated_at = now()`,
      );
    }
    await txDb.execute(sql`delete from catalogue_snapshot_chunks where chunk >= ${chunks}`);
    // The name order, whole (ids, 4 bytes a product): sorting a million names took the first search 3-4 s.
    const names = index.nameOrderIds();
    const order = await deflate(Buffer.from(names.buffer, names.byteOffset, names.byteLength), { level: 1 });
    await txDb.execute(
      sql`insert into catalogue_snapshot_chunks (chunk, data) values (${NAME_ORDER}, ${order})
        on conflict (chunk) do update set data = excluded.data, updated_at = now()`,
    );
    // Every chunk now holds what changed before the watermark: the log before it is of no more use.
    await txDb.execute(
      sql`delete from catalogue_changes where xid < ${options.watermark.toString()}::bigint`,
    );
    await txDb.execute(
      sql`insert into catalogue_snapshots (name, format, watermark, chunk_size, chunks, writer)
        values (${name}, ${SNAPSHOT_FORMAT}, ${options.watermark.toString()}, ${CHUNK_SLOTS}, ${chunks}, ${options.writer})
        on conflict (name) do update set format = excluded.format, watermark = excluded.watermark,
          chunk_size = excluded.chunk_size, chunks = excluded.chunks, writer = excluded.writer,
          updated_at = now()`,
    );
    return true;
  });
}

/** Decodes a chunk's bytes (either driver gives a byte array). */
async function decode(data: Uint8Array): Promise<StoredChunk> {
  return v8.deserialize(await inflate(data)) as StoredChunk;
}

/**
 * An index loaded from the snapshot, as it was when saved (not caught up: see `catchUp`), with the
 * watermark to catch up from and the product ids in name order when saved (`seedNameOrder` takes them). Null when there is no snapshot this code can load.
 */
export async function loadSnapshot(
  db: Db,
  pricing: PriceContext,
): Promise<{ index: CatalogueIndex; watermark: bigint; nameOrder?: Int32Array } | null> {
  const head = await readHead(db);
  if (!head || head.format !== SNAPSHOT_FORMAT || head.chunkSize !== CHUNK_SLOTS) return null;
  const index = createCatalogueIndex(pricing);
  const read = (from: number) =>
    rows<{ chunk: number; data: Uint8Array }>(
      db,
      sql`select chunk, data from catalogue_snapshot_chunks
        where chunk >= ${from} and chunk < ${from + CHUNKS_PER_READ} order by chunk`,
    ).then((found) =>
      Promise.all(found.map(async (r) => ({ chunk: r.chunk, stored: await decode(r.data) }))),
    );
  // The next group is read and inflated while this one is imported.
  let next = read(0);
  let expected = 0;
  for (let from = 0; from < head.chunks; from += CHUNKS_PER_READ) {
    const group = await next;
    next = from + CHUNKS_PER_READ < head.chunks ? read(from + CHUNKS_PER_READ) : Promise.resolve([]);
    // Room for every chunk at once, from the first's size: growing by doubling copied hundreds of
    // megabytes at a million products and left the process holding the old buffers.
    if (from === 0 && group[0])
      index.reserve(
        head.chunks * CHUNK_SLOTS,
        Math.ceil(group[0].stored.table.strings.data.length * head.chunks * 1.05),
      );
    for (const { chunk, stored } of group) {
      // A missing chunk, or one that does not follow the last: the snapshot is not whole.
      if (chunk !== expected++ || !index.importChunk(stored.table, stored.entries)) {
        await next.catch(() => {});
        return null;
      }
    }
  }
  if (expected !== head.chunks) return null;
  const [names] = await rows<{ data: Uint8Array }>(
    db,
    sql`select data from catalogue_snapshot_chunks where chunk = ${NAME_ORDER}`,
  );
  let nameOrder: Int32Array | undefined;
  if (names) {
    const bytes = await inflate(names.data);
    // Copied out: the inflated bytes need not be aligned for 32-bit reads.
    nameOrder = new Int32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return { index, watermark: head.watermark, nameOrder };
}

/**
 * The products that a transaction from `watermark` on changed: the triggers of migration 0028 name them in
 * `catalogue_changes` (their rows, tags, prices or variants inserted, updated or deleted). Null when the
 * log no longer reaches back to the watermark (it is cut at each snapshot's, and a snapshot written by an
 * older node may be older still).
 */
export async function changedSince(db: Db, watermark: bigint): Promise<number[]> {
  const found = await rows<{ id: number }>(
    db,
    sql`select distinct product_id as id from catalogue_changes where xid >= ${watermark.toString()}::bigint`,
  );
  return found.map((r) => r.id).sort((a, b) => a - b);
}

/** Whether this transaction may write the snapshot or cut the log (one node at a time). */
async function lockSnapshot(db: Db): Promise<boolean> {
  const [lock] = await rows<{ locked: boolean }>(
    db,
    sql`select pg_try_advisory_xact_lock(hashtext('catalogue_snapshots')) as locked`,
  );
  return lock?.locked === true;
}

/**
 * Deletes the change log's rows that no node will need: those before the snapshot's watermark, or when
 * there is no snapshot, before now (a node that writes one later writes what it holds then). Under the
 * snapshot's lock, so that it never runs while a snapshot is being written.
 */
export async function pruneChanges(db: Db): Promise<void> {
  const name = await headName(db);
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    if (!(await lockSnapshot(txDb))) return;
    const head = await readHead(txDb, name);
    const before = head?.watermark ?? (await watermarkNow(txDb));
    await txDb.execute(sql`delete from catalogue_changes where xid < ${before.toString()}::bigint`);
  });
}

/**
 * Brings a loaded index up to the database: reads again the products changed since the watermark (a deleted
 * one has no row left: it leaves the index). False when the index cannot take the changes (then it is built
 * from the rows).
 */
export async function catchUp(
  db: Db,
  index: CatalogueIndex,
  watermark: bigint,
): Promise<{ ok: boolean; changed: number[] }> {
  const changed = await changedSince(db, watermark);
  // Once even without changes: the tags' names are read with every batch.
  for (let from = 0; from === 0 || from < changed.length; from += CATCH_UP_BATCH) {
    const ids = changed.slice(from, from + CATCH_UP_BATCH);
    if (!index.apply(ids, await readIndexRows(db, ids))) return { ok: false, changed };
  }
  return { ok: true, changed };
}
