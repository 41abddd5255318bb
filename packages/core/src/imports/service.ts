import type { ImportAnswer, ImportProgress } from '@vitrin/shared/api/admin/imports';
import { type AuditActor, recordAudit } from '../audit/record.ts';
import type { Cache } from '../cache.ts';
import type { Db } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import { applyStaged } from './apply.ts';
import { describeChanges } from './changes.ts';
import { importError, importRowsRefused, isImportRowsRefusal } from './errors.ts';
import { productsCsv, productsXlsx } from './export.ts';
import type { KeptImportFiles } from './kept-files.ts';
import { type Plan, planImport } from './plan.ts';
import { readRows } from './rows.ts';
import { clearStaged, clearStagedBefore, stagePlan } from './stage.ts';
import { readTable } from './table.ts';

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
 * The product import (CSV or XLSX, a dry run first) and export. A real run checks every row against the
 * catalogue holding nothing (one error writes nothing), writes the checked rows to the staging table in small
 * batches, then applies them in one short transaction of set-based statements: all or nothing, and other
 * queries (on the embedded database, its one connection) run between the steps before it. Idempotent by
 * SKU: a row that changes nothing is not staged, so a second run of one file writes nothing. Progress is kept
 * in memory by the run's id (on several app nodes, the node that runs it answers for it). A real run's file is
 * kept in the shop's store beside its report (`kept-files.ts`: any node can offer it again), written before
 * the changes are applied and taken back when they are not.
 */
export function createProductImports(db: Db, cache: Cache, kept: KeptImportFiles) {
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

  /** Each error names its row as a spreadsheet numbers it and the row's SKU: `Satır 104 (VA-KIR-0004): …`. */
  const answerOf = (id: string, dryRun: boolean, plan: Plan, skus: Map<number, string>): ImportAnswer => ({
    id,
    dryRun,
    rows: [...plan.errors]
      .sort(([a], [b]) => a - b)
      .map(([line, errors]) => {
        const sku = skus.get(line) ?? null;
        const where = `Satır ${line.toLocaleString('tr-TR')}${sku ? ` (${sku})` : ''}`;
        return {
          line,
          sku,
          errors: errors.map((e) => ({ field: e.field, message: `${where}: ${e.message}` })),
        };
      }),
    summary: plan.summary,
    ...describeChanges(plan),
  });

  /** The file's rows, read before anything touches the database (a large workbook takes seconds). */
  async function read(file: ImportFile, run: ImportProgress) {
    const table = await readTable(file);
    run.total = table.rows.length;
    run.phase = 'check';
    return readRows(table);
  }

  return {
    /**
     * Checks the file and, unless `dryRun`, writes it: throws a domain error for a file it cannot read or a
     * change made meanwhile that the import clashes with (nothing written), and ICE_AKTARMA_HATALI (nothing
     * written) with every row's errors. `onProgress` is told (and awaited) at each step of a run: after each
     * 500 rows checked and each batch staged.
     */
    async run(
      file: ImportFile,
      options: {
        dryRun: boolean;
        id?: string;
        actor: AuditActor;
        onProgress?: (run: ImportProgress) => void | Promise<void>;
      },
    ): Promise<ImportAnswer> {
      const id = options.id ?? crypto.randomUUID();
      const running = runs.get(id);
      if (running && (running.phase === 'read' || running.phase === 'check' || running.phase === 'write')) {
        throw importError(409, 'ICE_AKTARMA_CAKISMA', 'Bu kimlikle bir içe aktarım zaten sürüyor.');
      }
      const run = track(id, options.dryRun);
      const told = async () => {
        await options.onProgress?.(run);
      };
      let staging = false;
      let keptFile = false;
      let applied = false;
      try {
        const rows = await read(file, run);
        await told();
        // Checked outside any transaction, a turn given to other work every 500 rows.
        const plan = await planImport(db, rows, async (checked) => {
          run.done = checked;
          await told();
        });
        run.done = run.total;
        const answer = answerOf(id, options.dryRun, plan, rows.skus);
        if (options.dryRun) {
          run.result = answer;
          run.phase = 'done';
          return answer;
        }
        // Refused: nothing is created or changed.
        if (plan.errors.size) {
          throw importRowsRefused({ ...answer, created: [], updated: [], changes: [], changesLeftOut: 0 });
        }
        run.phase = 'write';
        run.done = 0;
        run.total = 0;
        await kept.keep(id, file);
        keptFile = true;
        // Rows a crashed run of this id left, then this run's, in short batches: shoppers are served between.
        staging = true;
        await clearStaged(db, id);
        const staged = await stagePlan(db, id, plan, async (done, total) => {
          run.done = done;
          run.total = total;
          await told();
        });
        // One short transaction applies them all (set-based), with the import's audit row: all or nothing.
        const changed = staged
          ? await db.transaction(async (tx) => {
              const touched = await applyStaged(tx as unknown as Db, id, options.actor, new Date());
              await recordAudit(tx, {
                actor: options.actor,
                action: 'product.import',
                entity: 'product',
                entityId: null,
                before: null,
                after: touched.length
                  ? { file: file.name, run: id, ...plan.summary, products: touched.length }
                  : null,
              });
              return touched;
            })
          : [];
        applied = true;
        // One invalidation for the whole import, after the commit.
        if (changed.length)
          await cache.invalidateAll(changed.length <= REFRESH_AT_MOST ? changed : undefined);
        run.result = answer;
        run.phase = 'done';
        return answer;
      } catch (err) {
        run.phase = 'failed';
        if (isImportRowsRefusal(err) && err.details) run.result = err.details;
        // Another change took a SKU or slug, or deleted a product, between the check and the apply.
        if (isUniqueViolation(err)) {
          throw importError(
            409,
            'ICE_AKTARMA_CAKISMA',
            'Bu sırada başka bir değişiklik dosyadaki bir SKU’yu ya da adresi aldı; hiçbir şey yazılmadı, dosyayı yeniden gönderin.',
          );
        }
        throw err;
      } finally {
        if (staging) await clearStaged(db, id);
        // Quietly: the run's own error is the answer; a file left over goes with the purge.
        if (keptFile && !applied) await kept.forget(id).catch(() => undefined);
      }
    },

    /**
     * Deletes staged rows that crashed runs left (at start-up): all of them on the embedded database (one
     * process owns it), those over an hour old on PostgreSQL (another node may be importing now).
     */
    clearCrashedRuns: (all: boolean) =>
      clearStagedBefore(db, all ? new Date() : new Date(Date.now() - KEPT_MS)),

    /** A run's progress (its result once done), or ICE_AKTARMA_BULUNAMADI. */
    progress(id: string): ImportProgress {
      const run = runs.get(id);
      if (!run) {
        throw importError(
          404,
          'ICE_AKTARMA_BULUNAMADI',
          'Bu kimlikle bir içe aktarım bulunamadı (ya da süresi doldu).',
        );
      }
      return run;
    },

    /** A written run's file as it was sent (kept `IMPORT_FILE_DAYS`), or ICE_AKTARMA_BULUNAMADI. */
    async keptFile(id: string) {
      const file = await kept.read(id);
      if (!file) {
        throw importError(
          404,
          'ICE_AKTARMA_BULUNAMADI',
          'Bu içe aktarımın dosyası bulunamadı (ya da süresi doldu).',
        );
      }
      return file;
    },

    /** Removes the kept files older than `IMPORT_FILE_DAYS` (the hourly purge, one node at a time). */
    purgeKeptFiles: (at?: Date) => kept.purge(at),

    /** Every product and variant in the import's columns, purchase prices included (staff only). */
    exportCsv: () => productsCsv(db),
    exportXlsx: () => productsXlsx(db),
  };
}

export type ProductImports = ReturnType<typeof createProductImports>;
