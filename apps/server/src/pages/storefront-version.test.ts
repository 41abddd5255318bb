import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { storefrontVersion } from './storefront-version.ts';

async function buildWith(files: string[]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'vitrin-web-build-'));
  await mkdir(path.join(dir, 'client', 'assets'), { recursive: true });
  for (const file of files) await writeFile(path.join(dir, 'client', 'assets', file), '');
  return dir;
}

describe('storefrontVersion', () => {
  it("reads the version from the name of the build's route manifest", async () => {
    const dir = await buildWith(['entry.client-AbC123.js', 'manifest-659755f4.js', 'root-9f8e7d.css']);
    expect(await storefrontVersion(dir)).toBe('659755f4');
  });

  it('knows no version without a manifest, with two of them, or without a build', async () => {
    expect(await storefrontVersion(await buildWith(['entry.client-AbC123.js']))).toBeUndefined();
    expect(
      await storefrontVersion(await buildWith(['manifest-659755f4.js', 'manifest-0a1b2c3d.js'])),
    ).toBeUndefined();
    expect(await storefrontVersion(path.join(tmpdir(), 'vitrin-no-such-build'))).toBeUndefined();
  });
});
