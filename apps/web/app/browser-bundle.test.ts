import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * zod is ~20 kB of gzip that the browser must not download: the storefront's client code checks forms by hand
 * (`@vitrin/shared/form-check`) and imports only zod-free shared modules. A value import of one shared module
 * that defines schemas (even for a constant) put zod on every page once, unnoticed until the JavaScript budget
 * was measured; this follows every value import of the browser's code to catch it at once.
 */
const appDir = import.meta.dirname;
const sharedDir = path.resolve(appDir, '../../../packages/shared/src');

/** Server-only and test modules never reach the browser bundle. */
const browserFile = (file: string) => /\.tsx?$/.test(file) && !/\.server\.|\.test\./.test(file);

function browserFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return browserFiles(full);
    return browserFile(entry.name) ? [full] : [];
  });
}

/** The specifiers a module imports values from (`import type` and type-only names left out). */
function valueImports(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/^(?:import|export)\s+(type\s+)?([^'";]*?)\s*from\s+'([^']+)'/gm)) {
    const [, typeOnly, clause = '', specifier = ''] = m;
    if (typeOnly) continue;
    const braces = clause.match(/\{([^}]*)\}/);
    const named = braces
      ? braces[1]!
          .split(',')
          .map((n) => n.trim())
          .filter(Boolean)
      : [];
    const other = clause
      .replace(/\{[^}]*\}/, '')
      .replace(/,/g, '')
      .trim();
    if (other || named.some((n) => !n.startsWith('type '))) found.push(specifier);
  }
  for (const m of source.matchAll(/^import\s+'([^']+)'/gm)) found.push(m[1]!);
  return found;
}

/** The shared module a specifier names, if it is one. */
function sharedModule(specifier: string, from: string): string | null {
  let target: string;
  if (specifier.startsWith('@vitrin/shared/'))
    target = path.join(sharedDir, specifier.slice('@vitrin/shared/'.length));
  else if (specifier.startsWith('.') && from.startsWith(sharedDir))
    target = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const file of [target, `${target}.ts`, target.replace(/\.js$/, '.ts')]) {
    if (existsSync(file) && file.endsWith('.ts')) return file;
  }
  return null;
}

/** The chain of imports from `file` to zod, or null when there is none. */
function pathToZod(file: string, seen = new Set<string>()): string[] | null {
  if (seen.has(file)) return null;
  seen.add(file);
  for (const specifier of valueImports(readFileSync(file, 'utf8'))) {
    if (specifier === 'zod' || specifier.startsWith('zod/')) return [file, specifier];
    const shared = sharedModule(specifier, file);
    const rest = shared && pathToZod(shared, seen);
    if (rest) return [file, ...rest];
  }
  return null;
}

describe('the browser bundle', () => {
  it('imports no module that brings zod', () => {
    const files = browserFiles(appDir);
    expect(files.length).toBeGreaterThan(50);
    const leaks = files
      .map((file) => pathToZod(file))
      .filter((chain): chain is string[] => chain !== null)
      .map((chain) => chain.map((f) => path.relative(path.resolve(appDir, '../../..'), f)).join(' → '));
    expect(leaks).toEqual([]);
  });

  it('would notice a value import of a module with schemas', () => {
    // The check itself: the contact schemas' module leads to zod, the form limits' module does not.
    expect(pathToZod(path.join(sharedDir, 'api/contact.ts'))).not.toBeNull();
    expect(pathToZod(path.join(sharedDir, 'api/form-limits.ts'))).toBeNull();
    expect(valueImports("import { type A, B } from '@vitrin/shared/api/contact';")).toEqual([
      '@vitrin/shared/api/contact',
    ]);
    expect(valueImports("import type { A } from '@vitrin/shared/api/contact';")).toEqual([]);
    expect(valueImports("import { type A } from '@vitrin/shared/api/contact';")).toEqual([]);
  });
});
