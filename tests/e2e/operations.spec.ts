import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR, E2E_PORT } from './playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Starts the built server as its own process; resolves when it exits, with its output. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/build/main.mjs'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  child.stdout.on('data', (d) => {
    output += d;
  });
  child.stderr.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('exit', (code) => resolve({ code, output })),
  );
  return { child, exited, output: () => output };
}

test.describe('operations', () => {
  test('a second server on the same data directory refuses to start with a clear message', async () => {
    const second = startServer({ DATA_DIR: E2E_DATA_DIR, PORT: String(E2E_PORT + 1) });
    const { code, output } = await second.exited;
    expect(code).toBe(1);
    expect(output).toContain('Vitrin başlatılamadı');
    expect(output).toContain('başka bir Vitrin süreci tarafından kullanılıyor');
  });

  test('a malformed DATABASE_URL stops the start with a clear message', async () => {
    const server = startServer({ DATABASE_URL: 'postgres//eksik', PORT: String(E2E_PORT + 2) });
    const { code, output } = await server.exited;
    expect(code).toBe(1);
    expect(output).toContain('DATABASE_URL geçerli bir adres değil');
  });

  test('SIGTERM finishes cleanly and releases the data directory', async ({ request }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-e2e-ops-'));
    const port = E2E_PORT + 3;
    try {
      const server = startServer({ DATA_DIR: dir, PORT: String(port) });
      await expect
        .poll(
          async () => (await request.get(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status(),
          {
            timeout: 120_000,
          },
        )
        .toBe(200);
      server.child.kill('SIGTERM');
      const { code, output } = await server.exited;
      expect(code).toBe(0);
      expect(output).toContain('SIGTERM alındı');
      // The lock is gone: the next start on the same directory works.
      const next = startServer({ DATA_DIR: dir, PORT: String(port) });
      await expect
        .poll(
          async () => (await request.get(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status(),
          {
            timeout: 120_000,
          },
        )
        .toBe(200);
      next.child.kill('SIGTERM');
      expect((await next.exited).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a server killed with SIGKILL starts again at once on its data directory (a supervisor restart)', async ({
    request,
  }) => {
    test.setTimeout(180_000);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-e2e-ops-'));
    const port = E2E_PORT + 4;
    const ready = () =>
      expect
        .poll(
          async () => (await request.get(`http://127.0.0.1:${port}/readyz`).catch(() => null))?.status(),
          { timeout: 120_000 },
        )
        .toBe(200);
    try {
      const crashed = startServer({ DATA_DIR: dir, PORT: String(port), VITRIN_DEMO: '0' });
      await ready();
      crashed.child.kill('SIGKILL');
      await crashed.exited;
      const next = startServer({ DATA_DIR: dir, PORT: String(port), VITRIN_DEMO: '0' });
      await ready();
      expect(next.output()).not.toContain('başka bir Vitrin süreci tarafından kullanılıyor');
      next.child.kill('SIGTERM');
      expect((await next.exited).code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
