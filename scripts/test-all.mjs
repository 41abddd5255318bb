// `npm test`: lint, dependency rules, the house figures, typecheck, unit, integration (embedded database),
// e2e (built server, Chromium).
import path from 'node:path';
import { ensureChromium } from './chromium.mjs';
import {
  check,
  playwrightCounts,
  printSummary,
  resultsDir,
  run,
  saveSummary,
  vitestCounts,
} from './suites.mjs';

const suites = {};
const vitest = async (project) => {
  const out = path.join(resultsDir, `${project}.json`);
  await run('npx', [
    'vitest',
    'run',
    '--project',
    project,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${out}`,
  ]);
  return vitestCounts(out);
};

console.log('\n== lint');
suites.lint = check(await run('npm', ['run', 'lint', '--silent']));
console.log('\n== dependencies (layers, no cycles)');
suites.deps = check(await run('npm', ['run', 'lint:deps', '--silent']));
console.log('\n== house figures (issue 39)');
suites.house = check(await run('node', ['scripts/house-figures.mjs']));
console.log('\n== typecheck');
suites.typecheck = check(await run('npm', ['run', 'typecheck', '--silent']));
console.log('\n== unit');
suites.unit = await vitest('unit');
console.log('\n== integration (PGlite)');
suites.integration = await vitest('integration');
console.log('\n== e2e (Chromium)');
if (await ensureChromium()) {
  const out = path.join(resultsDir, 'e2e.json');
  await run('npm', ['run', 'test:e2e', '--silent'], { env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out } });
  suites.e2e = playwrightCounts(out);
} else {
  suites.e2e = { passed: 0, failed: 1, skipped: 0 };
}

saveSummary('test', suites);
const total = printSummary(suites);
process.exit(total.failed === 0 ? 0 : 1);
