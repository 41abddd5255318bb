import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices, type Services, type ServicesOptions } from '@vitrin/core';
import { createDiskStore } from '@vitrin/core/storage/disk-store';
import { openTestDatabase } from '@vitrin/testing/database';
import type { ServerBuild } from 'react-router';
import { type AppOptions, buildApp } from '../src/http/app.ts';
import { type Config, loadConfig } from '../src/ops/config.ts';

/** Services on a fresh test database (embedded, or PostgreSQL under `npm run test:pg`), optionally seeded. */
export async function createTestServices({
  demo = true,
  options = {},
}: {
  demo?: boolean;
  options?: ServicesOptions;
} = {}): Promise<Services & { dispose(): Promise<void> }> {
  const { database, dispose } = await openTestDatabase({ demo });
  return { ...createServices(database, options), dispose };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), maintenanceBypassKey: 'test-bypass-key-0123456789', ...overrides };
}

export async function createTestApp(
  options: {
    config?: Partial<Config>;
    demo?: boolean;
    services?: ServicesOptions;
    webBuild?: ServerBuild;
    webBuildEntry?: AppOptions['webBuildEntry'];
  } = {},
) {
  // The shop's files in the test's data directory when it names one, as `bootstrap` keeps them.
  const dataDir = options.config?.dataDir;
  const files = options.services?.files ?? (dataDir ? createDiskStore(dataDir) : undefined);
  const services = await createTestServices({
    demo: options.demo ?? true,
    options: { ...options.services, ...(files ? { files } : {}) },
  });
  const app = await buildApp({
    services,
    config: testConfig(options.config),
    webBuild: options.webBuild,
    webBuildEntry: options.webBuildEntry,
  });
  return {
    app,
    services,
    async close() {
      await app.close();
      await services.dispose();
    },
  };
}

export function tempDir(prefix = 'vitrin-test-'): { dir: string; remove(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
