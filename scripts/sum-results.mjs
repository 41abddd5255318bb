// Prints the per-suite counts of `npm test`, `npm run test:pg` and `npm run test:security` and one total line
// (used by .ci/run).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { printSummary, resultsDir } from './suites.mjs';

const suites = {};
for (const name of ['test', 'pg', 'security']) {
  const file = path.join(resultsDir, `summary-${name}.json`);
  if (existsSync(file)) Object.assign(suites, JSON.parse(readFileSync(file, 'utf8')));
  else suites[`${name} (did not run)`] = { passed: 0, failed: 1, skipped: 0 };
}
const total = printSummary(suites);
process.exit(total.failed === 0 ? 0 : 1);
