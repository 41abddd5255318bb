import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDir, buildIsStale, buildOptions } from '../../build.mjs';

const repoRoot = path.resolve(import.meta.dirname, '../../../..');

function dependenciesOf(workspace: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, workspace, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {});
}

/** The package an import names: `drizzle-orm/pg-core` → `drizzle-orm`, `@fastify/static` as it is. */
function packageOf(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

describe('the compiled server (npm run build)', () => {
  let result: Awaited<ReturnType<typeof build>> & { metafile: NonNullable<unknown> };
  let externals: string[];

  beforeAll(async () => {
    // Built in memory: the real build/ may be serving another run meanwhile.
    const built = await build({ ...buildOptions(buildDir), write: false });
    result = built as typeof result;
    externals = [
      ...new Set(
        Object.values(built.metafile.outputs).flatMap((output) =>
          output.imports.filter((i) => i.external).map((i) => i.path),
        ),
      ),
    ];
  });

  it('imports only Node built-ins and production dependencies: never tsx, esbuild or a test tool', () => {
    const production = new Set(['apps/server', 'packages/core', 'packages/shared'].flatMap(dependenciesOf));
    const others = externals.filter((s) => !s.startsWith('node:') && !production.has(packageOf(s)));
    expect(others).toEqual([]);
    expect(externals.map(packageOf)).not.toContain('tsx');
    expect(externals.map(packageOf)).not.toContain('esbuild');
  });

  it('holds our workspace packages inside (their exports are TypeScript sources Node cannot run)', () => {
    expect(externals.filter((s) => s.startsWith('@vitrin/'))).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((i) => i.startsWith('packages/core/src/'))).toBe(true);
    expect(inputs.some((i) => i.startsWith('packages/shared/src/'))).toBe(true);
  });

  it('holds no test file or test helper', () => {
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((i) => /\.test\.ts$|\/testing\//.test(i))).toEqual([]);
  });

  it('finds every file a module looks for beside itself where its source is', () => {
    const code = (result.outputFiles ?? [])
      .filter((f) => f.path.endsWith('.mjs'))
      .map((f) => f.text)
      .join('\n');
    // A module's own place, as the build wrote it: the path from build/ to its source file.
    const places = [...code.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1] ?? '');
    expect(places).toContain('../src/ops/config.ts');
    expect(places).toContain('../../../packages/core/src/db/client.ts');
    for (const place of places) expect(existsSync(path.resolve(buildDir, place)), place).toBe(true);
    // Nothing else asks where the bundle is.
    expect(code).not.toMatch(/import\.meta\.(dirname|filename)/);
  });
});

describe('the on-demand build of npm run vitrin', () => {
  it('builds again when the build is missing, or a source changed or went away after it', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-build-test-'));
    try {
      expect(buildIsStale(dir)).toBe(true);
      const source = path.join(dir, 'source.ts');
      writeFileSync(source, 'export {};');
      writeFileSync(path.join(dir, 'meta.json'), JSON.stringify({ inputs: { [source]: {} } }));
      const now = Date.now() / 1000;
      utimesSync(source, now - 60, now - 60);
      utimesSync(path.join(dir, 'meta.json'), now, now);
      expect(buildIsStale(dir)).toBe(false);
      utimesSync(source, now + 1, now + 1);
      expect(buildIsStale(dir)).toBe(true);
      rmSync(source);
      expect(buildIsStale(dir)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
