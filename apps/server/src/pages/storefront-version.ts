import { readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * The storefront build's version (`assets.version` of React Router's server build), read without importing
 * the build: React Router names the client's route manifest `assets/manifest-<version>.js`, and a build
 * empties its folder first, so there is one. Undefined when there is none or more than one.
 */
export async function storefrontVersion(webBuildDir: string): Promise<string | undefined> {
  const files = await readdir(path.join(webBuildDir, 'client', 'assets')).catch(() => []);
  const versions = files.flatMap((file) => /^manifest-([0-9a-f]+)\.js$/.exec(file)?.[1] ?? []);
  return versions.length === 1 ? versions[0] : undefined;
}
