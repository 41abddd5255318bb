// The house figures of issue 39, each with its limit: prints them all ("ok" / "over") and exits 1 when an
// enforced one is over. A limit not met yet stays `enforced: false` (printed, never failing) until the work
// that meets it is in; then it is flipped to true so the figure cannot slide back. Run by `npm test` (suite
// `house`) and by `npm run house`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { productionFiles, root as repoRoot, scan } from './check-state-numbers.mjs';

const root = process.env.HOUSE_ROOT ? path.resolve(process.env.HOUSE_ROOT) : repoRoot;

/**
 * The figures: `max` is the most allowed, `min` the least. Production source is apps/*\/src, apps/web/app and
 * packages/*\/src without tests (`*.test.ts(x)`) and test helpers (`testing` folders, packages/testing).
 */
export const LIMITS = [
  { key: 'errorClasses', label: 'error classes in production source', max: 3, enforced: true },
  { key: 'stateNumbers', label: 'bare-number state comparisons', max: 5, enforced: true },
  { key: 'asNever', label: '`as never` in production source', max: 5, enforced: true },
  { key: 'testingFolders', label: '`src/testing` folders', max: 0, enforced: true },
  { key: 'readmeLines', label: 'README.md lines', max: 250, enforced: true },
  { key: 'architectureLines', label: 'docs/ARCHITECTURE.md lines', max: 300, enforced: true },
  { key: 'decisions', label: 'decision records in docs/decisions', min: 6, enforced: true },
];

const ERROR_CLASS = /\bclass\s+\w+(?:<[^>]*>)?\s+extends\s+[\w.]*Error\b/g;
const AS_NEVER = /\bas\s+never\b/g;

const count = (text, pattern) => text.match(pattern)?.length ?? 0;
const linesOf = (file) =>
  existsSync(file) ? readFileSync(file, 'utf8').replace(/\n$/, '').split('\n').length : Infinity;

/** Folders named `testing` inside a `src` folder of an app or a package. */
function testingFolders(base) {
  const found = [];
  const walk = (dir, inSrc) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name === 'build') continue;
      const full = path.join(dir, entry.name);
      if (inSrc && entry.name === 'testing') found.push(path.relative(base, full));
      walk(full, inSrc || entry.name === 'src');
    }
  };
  for (const top of ['apps', 'packages']) {
    const dir = path.join(base, top);
    if (existsSync(dir)) walk(dir, false);
  }
  return found;
}

/** Every figure of the tree at `base`. */
export function measure(base = root) {
  const sources = productionFiles(base).map((file) => readFileSync(file, 'utf8'));
  const decisionsDir = path.join(base, 'docs/decisions');
  return {
    errorClasses: sources.reduce((n, text) => n + count(text, ERROR_CLASS), 0),
    stateNumbers: scan(base).length,
    asNever: sources.reduce((n, text) => n + count(text, AS_NEVER), 0),
    testingFolders: testingFolders(base).length,
    readmeLines: linesOf(path.join(base, 'README.md')),
    architectureLines: linesOf(path.join(base, 'docs/ARCHITECTURE.md')),
    decisions: existsSync(decisionsDir)
      ? readdirSync(decisionsDir).filter((name) => /^\d{3}-.+\.md$/.test(name)).length
      : 0,
  };
}

export const isOver = (limit, value) =>
  (limit.max !== undefined && value > limit.max) || (limit.min !== undefined && value < limit.min);

if (import.meta.url === `file://${process.argv[1]}`) {
  const figures = measure();
  let failed = 0;
  console.log('House figures (issue 39):');
  for (const limit of LIMITS) {
    const value = figures[limit.key];
    const over = isOver(limit, value);
    const bound = limit.max !== undefined ? `≤ ${limit.max}` : `≥ ${limit.min}`;
    const verdict = over ? (limit.enforced ? 'over' : 'over (not enforced yet)') : 'ok';
    if (over && limit.enforced) failed++;
    console.log(`  ${limit.label.padEnd(40)} ${String(value).padStart(5)}  ${bound.padEnd(6)} ${verdict}`);
  }
  if (failed > 0) {
    console.log(`${failed} enforced figure(s) over their limit`);
    process.exit(1);
  }
}
