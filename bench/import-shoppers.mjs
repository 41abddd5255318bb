// Shoppers during a 10 000-row product import on the embedded database:
// `node --import tsx bench/import-shoppers.mjs` (BENCH_IMPORT_ROWS to change the count). A fresh data
// directory under bench/out/import-shoppers with the demo shop. While the import runs (the service called as
// its route calls it), every 100 ms a shopper lists a category (the service the listing route calls, with
// another price filter each time) and reads the database (as a cart or checkout request does), and the panel
// reads the progress. Printed per run: the import's time, the longest wait of each, and how many progress
// states the reads saw. Runs for a new file (creates), the same file again, and a file changing every price.
import os from 'node:os';
import { listingQuerySchema } from '@vitrin/shared/api/catalog-query';
import { csv, freshShop } from './import-setup.mjs';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 10_000);

const { database, services } = await freshShop('import-shoppers');
const actor = { kind: 'cli' };

/**
 * `ask` every 100 ms until `running()` is false; a wait is from the moment an ask was due to its answer. (A
 * chain of embedded-database queries runs without giving timers or sockets a turn, so an ask can start late:
 * that lateness is waiting as a shopper's request, whose socket is not read meanwhile, sees it.)
 */
async function every100ms(running, ask) {
  const waits = [];
  let due = performance.now();
  for (let n = 0; running(); n++) {
    await ask(n);
    waits.push(performance.now() - due);
    due = performance.now() + 100;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // The last ask came due while the import still ran: its lateness counts.
    if (!running()) waits.push(performance.now() - due);
  }
  return waits;
}

const longest = (waits) => `${Math.round(Math.max(0, ...waits))} ms (${waits.length} asked)`;

async function withShoppers(label, file) {
  // The catalogue index built again after the previous run's changes, as a shop's next visitor has it built.
  await services.catalog.categoryPage('kupalar', listingQuerySchema.parse({}));
  let running = true;
  const id = `bench-${Date.now()}`;
  const seen = new Set();
  const listing = every100ms(
    () => running,
    async (n) => {
      const query = listingQuerySchema.parse({ min: String((n % 90) + 1) });
      if (!(await services.catalog.categoryPage('kupalar', query))) throw new Error('no listing');
    },
  );
  const reads = every100ms(
    () => running,
    async () => {
      await database.query('select count(*) from categories');
      try {
        const p = services.productImports.progress(id);
        seen.add(`${p.phase}:${p.done}/${p.total}`);
      } catch {}
    },
  );
  const load = os.loadavg()[0].toFixed(1);
  const started = performance.now();
  // When each phase began, and the end of the last batch written (then the apply's transaction runs).
  const phases = [];
  const onProgress = (p) => {
    if (phases.at(-1)?.[0] !== p.phase) phases.push([p.phase, performance.now()]);
    if (p.phase === 'write' && p.done === p.total) phases.push(['apply', performance.now()]);
  };
  const result = await services.productImports.run(file, { dryRun: false, actor, id, onProgress });
  const ended = performance.now();
  const seconds = ((ended - started) / 1000).toFixed(1);
  const steps = phases
    .map(([phase, at], i) => `${phase} ${(((phases[i + 1]?.[1] ?? ended) - at) / 1000).toFixed(1)}`)
    .join(', ');
  running = false;
  console.log(
    `${label.padEnd(20)} import ${seconds} s (load ${load}; ${steps}); longest listing ${longest(await listing)}; ` +
      `longest database read ${longest(await reads)}; progress states seen ${seen.size}; ` +
      JSON.stringify(result.summary),
  );
}

try {
  await withShoppers('creates', csv(ROWS));
  await withShoppers('same file again', csv(ROWS));
  await withShoppers('every price changed', csv(ROWS, 1));
} finally {
  await database.close();
}
