// Is writing a hot JSON answer from its documented schema faster than JSON.stringify?
//
// Starts the compiled server (`npm run build` first), takes the JSON schema of each answer from /api/docs
// (the schema the route is registered with) and a real answer from the route, and times
// JSON.stringify against fast-json-stringify compiled from that schema (what Fastify does with a JSON
// Schema response), on the same object, in this process, in calls per second of CPU time. Usage: node bench/answer-serialization.mjs
import fastJson from 'fast-json-stringify';
import { machineInfo, runMain, startVitrin } from './server.mjs';

const ANSWERS = [
  ['category listing, 12 products', '/api/front/categories/{slug}/products', 'seramik', '?pageSize=12'],
  ['category listing, 48 products', '/api/front/categories/{slug}/products', 'seramik', '?pageSize=48'],
  ['search, 24 products', '/api/front/search', null, '?q=kupa'],
  ['product', '/api/front/products/{slug}', 'product', ''],
];
const ROUNDS = 15;
const CALLS = 2000;

/** CPU microseconds of this process (the machine is shared: wall time would count the others' work). */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

/**
 * Calls per CPU second of each function on `value`: the two take turns, round after round, and each keeps
 * its best round, so that both meet the same moments of a busy machine.
 */
function rates(fns, value) {
  const best = fns.map(() => 0);
  for (let round = 0; round < ROUNDS; round++) {
    fns.forEach((fn, i) => {
      const start = cpuMicros();
      for (let n = 0; n < CALLS; n++) fn(value);
      best[i] = Math.max(best[i], (CALLS * 1e6) / Math.max(1, cpuMicros() - start));
    });
  }
  return best;
}

runMain(async () => {
  const server = await startVitrin({ name: 'serialization' });
  const get = async (path) => (await fetch(server.url + path)).json();
  const doc = await get('/api/docs');
  const firstProduct = (await get('/api/front/categories/seramik/products?pageSize=1')).listing.items[0].slug;
  console.log(JSON.stringify(machineInfo()));
  console.log('| answer | bytes | JSON.stringify /s | from its schema /s | schema ÷ stringify |');
  console.log('|---|---|---|---|---|');
  for (const [label, path, slug, query] of ANSWERS) {
    const url = path.replace('{slug}', slug === 'product' ? firstProduct : (slug ?? '')) + query;
    const value = await get(url);
    const { $schema: _, ...schema } = doc.paths[path].get.responses['200'].content['application/json'].schema;
    const fromSchema = fastJson(schema);
    const json = JSON.stringify(value);
    if (JSON.stringify(JSON.parse(fromSchema(value))) !== json) throw new Error(`${label}: answers differ`);
    const [plain, compiled] = rates([JSON.stringify, fromSchema], value);
    console.log(
      `| ${label} | ${json.length} | ${Math.round(plain)} | ${Math.round(compiled)} | ${(compiled / plain).toFixed(2)} |`,
    );
  }
});
