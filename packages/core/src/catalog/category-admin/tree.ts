import { type AuditActor, recordAudit } from '../../audit/record.ts';
import type { Tx } from '../../orders/stock.ts';

/** A node of an ordered tree kept as rows (categories, the header menu). */
export interface TreeRow {
  id: number;
  parentId: number | null;
  position: number;
}

const byOrder = (a: TreeRow, b: TreeRow) => a.position - b.position || a.id - b.id;

/** True when `candidate` is `id` itself or lies anywhere below it. */
export function isWithin(rows: readonly TreeRow[], id: number, candidate: number | null): boolean {
  const parentOf = new Map(rows.map((r) => [r.id, r.parentId]));
  const seen = new Set<number>();
  for (let at = candidate; at !== null && !seen.has(at); at = parentOf.get(at) ?? null) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}

/**
 * Where every row goes when `id` moves under `parentId` at `index` among its new siblings (past the end:
 * last): the new siblings are numbered 0, 1, 2… in their order. Answers only the rows whose parent or
 * position changes, or 'cycle' when the new parent is the node itself or below it.
 */
export function planMove(
  rows: readonly TreeRow[],
  id: number,
  parentId: number | null,
  index: number,
): TreeRow[] | 'cycle' {
  if (isWithin(rows, id, parentId)) return 'cycle';
  const siblings = rows.filter((r) => r.parentId === parentId && r.id !== id).sort(byOrder);
  const order = siblings.map((r) => r.id);
  order.splice(Math.min(index, order.length), 0, id);
  const current = new Map(rows.map((r) => [r.id, r]));
  const changes: TreeRow[] = [];
  for (const [position, rowId] of order.entries()) {
    const row = current.get(rowId);
    if (row && row.parentId === parentId && row.position === position) continue;
    changes.push({ id: rowId, parentId, position });
  }
  return changes;
}

/** The next free position at the end of a parent's children. */
export function endOf(rows: readonly TreeRow[], parentId: number | null): number {
  return rows.filter((r) => r.parentId === parentId).reduce((max, r) => Math.max(max, r.position + 1), 0);
}

/** Rows depth-first in their order, each with its depth; rows under a missing parent come at the top. */
export function depthFirst<R extends TreeRow>(rows: readonly R[]): Array<R & { depth: number }> {
  const ids = new Set(rows.map((r) => r.id));
  const childrenOf = new Map<number | null, R[]>();
  for (const row of [...rows].sort(byOrder)) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), row]);
  }
  const out: Array<R & { depth: number }> = [];
  const seen = new Set<number>();
  const walk = (parent: number | null, depth: number) => {
    for (const row of childrenOf.get(parent) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push({ ...row, depth });
      walk(row.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

/** How one tree's rows are checked and written by {@link moveNode}. */
export interface TreeWrites {
  /** `category`, `menuItem`: the audit log's entity, its action `<entity>.move`. */
  entity: string;
  notFound: () => Error;
  /** The new parent is the node itself or below it. */
  cycle: () => Error;
  /** The new parent does not exist. */
  checkParent: (rows: TreeRow[], parentId: number | null) => void;
  write: (tx: Tx, change: TreeRow) => Promise<unknown>;
}

/**
 * Moves `id` under `parentId` at `index` among its siblings in the caller's transaction: every row whose
 * parent or position changes is written with its audit row.
 */
export async function moveNode(
  tx: Tx,
  rows: TreeRow[],
  how: TreeWrites,
  actor: AuditActor,
  move: { id: number; parentId: number | null; index: number },
): Promise<void> {
  if (!rows.some((r) => r.id === move.id)) throw how.notFound();
  how.checkParent(rows, move.parentId);
  const plan = planMove(rows, move.id, move.parentId, move.index);
  if (plan === 'cycle') throw how.cycle();
  const byId = new Map(rows.map((r) => [r.id, r]));
  for (const change of plan) {
    const before = byId.get(change.id)!;
    await how.write(tx, change);
    await recordAudit(tx, {
      actor,
      action: `${how.entity}.move`,
      entity: how.entity,
      entityId: change.id,
      before: { parentId: before.parentId, position: before.position },
      after: { parentId: change.parentId, position: change.position },
    });
  }
}
