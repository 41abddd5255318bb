import v8 from 'node:v8';

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

export function limitHeapGrowth(
  percent = HEAP_GROWING_PERCENT,
  nodeFlags = [...process.execArgv, process.env.NODE_OPTIONS ?? ''],
): boolean {
  if (nodeFlags.some((flag) => /--heap[-_]growing[-_]percent/.test(flag))) return false;
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  return true;
}
