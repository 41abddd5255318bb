import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * How far V8 lets a heap grow after a full collection before it collects again. Left to itself it allows up
 * to 4× what survived when the machine has memory to spare: under a few thousand API answers a second the
 * request thread's heap went from 45 MB live to 220 MB, nearly all garbage (RSS 410 MB in the listing
 * scenario). Doubling at most held it at 100-130 MB (RSS 290-310 MB) for about a tenth more CPU per answer
 * (bench/RESULTS.md, 2026-11-26). It is not a ceiling: a large catalogue's heap still grows as far as it
 * needs. V8 reads the flag at each collection, so setting it at start works for every thread; a value given
 * to Node itself (`NODE_OPTIONS=--heap-growing-percent=…`) is kept.
 */
export const HEAP_GROWING_PERCENT = 100;

type NodeFlags = readonly string[];
const givenFlags = (): NodeFlags => [...process.execArgv, process.env.NODE_OPTIONS ?? ''];

export function limitHeapGrowth(
  percent = HEAP_GROWING_PERCENT,
  nodeFlags: NodeFlags = givenFlags(),
): boolean {
  if (nodeFlags.some((flag) => /--heap[-_]growing[-_]percent/.test(flag))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}

/** A thread's young generation does not grow past its size at the time (V8 starts it at two 1 MB halves). */
const SEMI_SPACE_GROWTH_FACTOR = 1;
/** How often the growth factor is set again: a thread that starts puts V8's default (2) back for all. */
export const YOUNG_GENERATION_REASSERT_MS = 1000;
const YOUNG_GENERATION_FLAG = /--(max[-_]semi[-_]space[-_]size|semi[-_]space[-_]growth[-_]factor)/;

/**
 * Under thousands of answers a second V8 doubles a thread's young generation up to two 16 MB halves (32 MB
 * resident) and shrinks it only when the load stops: most of what the server gained over its live heap in
 * the peer scenarios (bench/RESULTS.md, 2026-11-27). The answers kept and compressed once leave little
 * short-lived garbage, so a young generation that does not grow cost no measurable CPU per request there, nor
 * per rendered page. `--max-semi-space-size` would be the flag for it, but V8 reads that only when a thread's
 * heap is set up, so it works only on Node's command line; the growth factor is read at each growth, so 1 set
 * at run time holds every thread at its size (loading the modules at start grows the request thread's to
 * 16 MB; V8 shrinks it at the first quiet moment and it stays small from then on). V8 raises a factor below 2
 * back to 2 whenever a thread starts (a render or mail thread), so it is set again every second. Either flag
 * given to Node itself is kept. Returns a stop function, or `undefined` when nothing was set.
 */
export function keepYoungGenerationSmall(nodeFlags: NodeFlags = givenFlags()): (() => void) | undefined {
  if (nodeFlags.some((flag) => YOUNG_GENERATION_FLAG.test(flag))) return undefined;
  const set = () => v8.setFlagsFromString(`--semi-space-growth-factor=${SEMI_SPACE_GROWTH_FACTOR}`);
  set();
  const timer = setInterval(set, YOUNG_GENERATION_REASSERT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A full collection of this thread's heap now. For a burst of garbage that no later allocation would make V8
 * collect soon: the embedded database's old engine after `Database.reopen` (bootstrap.ts) is one object
 * holding its whole WebAssembly memory (230 MB resident after loading the demo shop), which an idle shop kept
 * until load came. V8's `gc` is reached through a new context once the flag is on (the main context keeps
 * no `gc` global).
 */
export function collectGarbageNow(): void {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
