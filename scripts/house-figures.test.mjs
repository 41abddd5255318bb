import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isOver, LIMITS, measure } from './house-figures.mjs';

const put = (root, file, text) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};

describe('house figures', () => {
  it('counts production source only, and the docs', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'house-'));
    put(
      root,
      'packages/core/src/errors.ts',
      'export class DomainError extends Error {}\nconst a = b as never;\n',
    );
    put(
      root,
      'packages/core/src/errors.test.ts',
      'class TestError extends Error {}\nconst a = b as never;\n',
    );
    put(root, 'packages/core/src/testing/world.ts', 'class WorldError extends Error {}\n');
    put(
      root,
      'apps/web/app/x.tsx',
      'if (order.status === 6) go();\nclass PageError extends DomainError {}\n',
    );
    put(root, 'README.md', 'one\ntwo\n');
    put(root, 'docs/ARCHITECTURE.md', 'one\n');
    put(root, 'docs/decisions/001-a.md', 'a\n');
    put(root, 'docs/decisions/README.md', 'index\n');
    expect(measure(root)).toEqual({
      errorClasses: 2,
      stateNumbers: 1,
      asNever: 1,
      testingFolders: 1,
      readmeLines: 2,
      architectureLines: 1,
      decisions: 1,
    });
  });

  it('says over past a maximum or under a minimum', () => {
    const byKey = Object.fromEntries(LIMITS.map((l) => [l.key, l]));
    expect(isOver(byKey.stateNumbers, 5)).toBe(false);
    expect(isOver(byKey.stateNumbers, 6)).toBe(true);
    expect(isOver(byKey.decisions, 5)).toBe(true);
    expect(isOver(byKey.decisions, 6)).toBe(false);
  });
});
