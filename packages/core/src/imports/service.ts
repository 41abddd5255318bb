import type { ImportAnswer, ImportProgress } from '@vitrin/shared/api/admin/imports';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import { isUniqueViolation } from '../customers/errors.ts';
import type { Db } from '../db/client.ts';
import { ImportError } from './errors.ts';
import { productsCsv, productsXlsx } from './export.ts';
import { type Plan, planImport } from './plan.ts';
import { readRows } from './rows.ts';
import { readTable } from './table.ts';
import { writePlan } from './write.ts';

/** A real run refused for its rows: nothing was written; the answer names every row's errors. */
export class ImportRowsError extends Error {
  constructor(readonly result: ImportAnswer) {
    super('İçe aktarılacak dosyada hatalı satırlar var; hiçbir değişiklik yapılmadı.');
    this.name = 'ImportRowsError';
  }
}

/** Runs kept for their progress: the last ones, for an hour. */
const KEPT_RUNS = 100;
const KEPT_MS = 60 * 60_000;

/**
 * Changes naming at most this many products have the catalogue index read just those again; a larger
 * import has it built again once (reading 2 000 products at a time), cheaper than thousands of refreshes.
 */
const REFRESH_AT_MOST = 200;

export interface ImportFile {
  bytes: Buffer;
  name: string;
}

/**
 * The product import (CSV or XLSX, a dry run first) and export. A real run is one transaction: every row is
 * checked against the catalogue inside it, and one error writes nothing. Idempotent by SKU: a row that
 * changes nothing writes nothing, so a second run of one file is all unchanged. Progress is kept in memory
 * by the run's id (on several app nodes, the node that runs it answers for it). The embedded database has
 * one connection: a poll made while the transaction runs is answered when it commits.
 */
export function createProductImports(db: Db, cache: Cache) {
  const runs = new Map<string, ImportProgress>();

  function track(id: string, dryRun: boolean): ImportProgress {
    const now = Date.now();
    for (const [key, run] of runs) {
      if (runs.size >= KEPT_RUNS || now - Date.parse(run.startedAt) > KEPT_MS) runs.delete(key);
      else break;
    }
    const run: ImportProgress = {
      id,
      dryRun,
      phase: 'read',
      done: 0,
      total: 0,
      startedAt: new Date(now).toISOString(),
      result: null,
    };
    runs.delete(id);
    runs.set(id, run);
    return run;
  }

  const answerOf = (id: string, dryRun: boolean, plan: Plan): ImportAnswer => ({
    id,
    dryRun,
    rows: [...plan.errors].sort(([a], [b]) => a - b).map(([line, errors]) => ({ line, errors })),
    summary: plan.summary,
  });

  /** The file's rows, read before any transaction: a large workbook takes seconds and holds no lock. */
  async function read(file: ImportFile, run: ImportProgress) {
    const table = await readTable(file);
    run.total = table.rows.length;
    run.phase = 'check';
    const rows = readRows(table);
    run.done = table.rows.length;
    return rows;
  }

  return {
    /**
     * Checks the file and, unless `dryRun`, writes it: throws `ImportError` for a file it cannot read and
     * `ImportRowsError` (nothing written) for rows with errors.
     */
    async run(
      file: ImportFile,
      options: { dryRun: boolean; id?: string; actor: AuditActor },
    ): Promise<ImportAnswer> {
      const id = options.id ?? crypto.randomUUID();
      const run = track(id, options.dryRun);
      try {
        const rows = await read(file, run);
        if (options.dryRun) {
          const plan = await planImport(db, rows);
          run.result = answerOf(id, true, plan);
          run.phase = 'done';
          return run.result;
        }
        const { result, changed } = await db.transaction(async (tx) => {
          // Checked against the catalogue inside the transaction, so what it checked is what it writes.
          const plan = await planImport(tx as unknown as Db, rows);
          const answer = answerOf(id, false, plan);
          // Thrown inside the transaction: nothing of it stays.
          if (plan.errors.size) throw new ImportRowsError(answer);
          run.phase = 'write';
          run.done = 0;
          const changed = await writePlan(
            tx as unknown as Db,
            plan,
            (done) => {
              run.done = done;
            },
            options.actor,
          );
          await recordAudit(tx, {
            actor: options.actor,
            action: 'product.import',
            entity: 'product',
            entityId: null,
            before: null,
            after: changed.length ? { file: file.name, ...plan.summary, products: changed.length } : null,
          });
          return { result: answer, changed };
        });
        // One invalidation for the whole import, after the commit.
        if (changed.length)
          await cache.invalidateAll(changed.length <= REFRESH_AT_MOST ? changed : undefined);
        run.result = result;
        run.phase = 'done';
        return result;
      } catch (err) {
        run.phase = 'failed';
        if (err instanceof ImportRowsError) run.result = err.result;
        // Another change took a SKU or slug between the check and the write (PostgreSQL, several nodes).
        if (isUniqueViolation(err)) {
          throw new ImportError(
            409,
            'ICE_AKTARMA_CAKISMA',
            'Bu sırada başka bir değişiklik dosyadaki bir SKU’yu ya da adresi aldı; hiçbir şey yazılmadı, dosyayı yeniden gönderin.',
          );
        }
        throw err;
      }
    },

    /** A run's progress (its result once done), or ICE_AKTARMA_BULUNAMADI. */
    progress(id: string): ImportProgress {
      const run = runs.get(id);
      if (!run) {
        throw new ImportError(
          404,
          'ICE_AKTARMA_BULUNAMADI',
          'Bu kimlikle bir içe aktarım bulunamadı (ya da süresi doldu).',
        );
      }
      return run;
    },

    /** Every product and variant in the import's columns, purchase prices included (staff only). */
    exportCsv: () => productsCsv(db),
    exportXlsx: () => productsXlsx(db),
  };
}

export type ProductImports = ReturnType<typeof createProductImports>;
