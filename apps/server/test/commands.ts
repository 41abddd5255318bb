import { execFile } from 'node:child_process';
import path from 'node:path';
import { DomainError } from '@vitrin/core';
import { type OrderWorld, openOrderWorld } from '@vitrin/testing/orders';
import { afterAll, beforeAll, expect } from 'vitest';
import { runCommand } from '../src/ops/commands.ts';
import { createTestServices } from './server.ts';

/** The domain error a command fails with (the test fails if it succeeds or fails otherwise). */
export async function commandFailure(pending: Promise<unknown>): Promise<DomainError> {
  const err = await pending.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(DomainError);
  return err as DomainError;
}

/** Services on an empty test shop with a world to place orders in, and the CLI's commands run on them. */
export async function openCommandWorld() {
  const services = await createTestServices({ demo: false });
  const w: OrderWorld = await openOrderWorld({ database: services.database });
  const run = (...args: string[]) => runCommand(services, args);
  return {
    services,
    w,
    run,
    failure: (...args: string[]) => commandFailure(run(...args)),
    async dispose() {
      await w.dispose();
      await services.dispose();
    },
  };
}

export type CommandWorld = Awaited<ReturnType<typeof openCommandWorld>>;

/** A command world for the file's tests: opened before them, disposed after; read its fields inside tests. */
export function commandWorld(): CommandWorld {
  const world = {} as CommandWorld;
  beforeAll(async () => {
    Object.assign(world, await openCommandWorld());
  });
  afterAll(() => world.dispose());
  return world;
}

const cliPath = path.join(import.meta.dirname, '../src/cli.ts');

/** Runs the real CLI (`npm run vitrin -- …`) in its own process, on the embedded database unless `env` says. */
export function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliPath, ...args],
      { env: { ...process.env, DATABASE_URL: '', ...env }, timeout: timeoutMs },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
