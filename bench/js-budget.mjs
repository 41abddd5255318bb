// `npm run bench:js`: the JavaScript each storefront route makes the browser download on a first visit,
// gzip-compressed (level 9), from the built client's React Router manifest: the entry, the route and its
// parents, and every chunk they import (the same files the page's modulepreload links name).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const clientDir = path.resolve(import.meta.dirname, '../apps/web/build/client');
const BUDGET_KB = 140;
const BUDGET_ROUTE = 'routes/product';

const manifestFile = readdirSync(path.join(clientDir, 'assets')).find((f) => f.startsWith('manifest-'));
if (!manifestFile) throw new Error('No built storefront: run `npm run build` first.');
const source = readFileSync(path.join(clientDir, 'assets', manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1));

const gzipped = new Map();
const sizeOf = (file) => {
  if (!gzipped.has(file))
    gzipped.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
  return gzipped.get(file);
};

function filesOf(routeId) {
  const files = new Set([manifest.entry.module, ...manifest.entry.imports, `/assets/${manifestFile}`]);
  for (let route = manifest.routes[routeId]; route; route = manifest.routes[route.parentId]) {
    files.add(route.module);
    for (const file of route.imports ?? []) files.add(file);
  }
  return files;
}

const rows = Object.keys(manifest.routes)
  .filter((id) => id !== 'root' && !id.startsWith('layouts/'))
  .map((id) => [id, [...filesOf(id)].reduce((sum, f) => sum + sizeOf(f), 0)]);
console.log('route                     JS (gzip, kB)');
for (const [id, bytes] of rows) console.log(`${id.padEnd(26)}${(bytes / 1024).toFixed(1).padStart(8)}`);
const product = rows.find(([id]) => id === BUDGET_ROUTE)?.[1] ?? Number.NaN;
const verdict = product <= BUDGET_KB * 1024 ? 'PASS' : 'MISS';
console.log(`\n${BUDGET_ROUTE} <= ${BUDGET_KB} kB gzip: ${(product / 1024).toFixed(1)} kB ${verdict}`);
