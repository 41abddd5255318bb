// The compiled shop (`apps/server/build/main.mjs`, what ships) in a child process, for the security tests: on
// a fresh embedded data directory with the demo shop, or on a fresh PostgreSQL database of its own when
// TEST_DATABASE_URL names a server (`npm run test:security`). Its request log goes to a file the test reads.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { openTestDatabase } from '@vitrin/testing/database';
import { freePort } from '../../../scripts/pg-cluster.mjs';
import { tempDir } from './server.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const mainEntry = path.join(root, 'apps/server/build/main.mjs');
const cliEntry = path.join(root, 'apps/server/build/cli.mjs');

export interface BuiltShop {
  /** Its PUBLIC_URL: the Origin its writes need. */
  url: string;
  /** The CLI of the compiled shop on the same database (`staff create …`). */
  cli(...args: string[]): Promise<string>;
  /** The request log so far (pino JSON lines, one per request at level info). */
  log(): string;
  stop(): Promise<void>;
}

/** Fails early with the command that builds what the test runs. */
export function requireBuiltShop() {
  if (!existsSync(mainEntry) || !existsSync(path.join(root, 'apps/web/build/server/index.js')))
    throw new Error('The shop is not built: run `npm run build` (npm run test:security does).');
}

/** Starts the built shop with the demo data on a free port in `ports`, extra environment in `env`. */
export async function startBuiltShop(
  ports: [number, number],
  env: Record<string, string> = {},
): Promise<BuiltShop> {
  requireBuiltShop();
  const dir = tempDir('vitrin-security-');
  const database = process.env.TEST_DATABASE_URL ? await openTestDatabase({ demo: true }) : undefined;
  const port = await freePort(...ports);
  const url = `http://127.0.0.1:${port}`;
  const logFile = path.join(dir.dir, 'server.log');
  const out = openSync(logFile, 'a');
  const shopEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: path.join(dir.dir, 'data'),
    ...(database ? { DATABASE_URL: database.url! } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    LOG_LEVEL: 'info',
    // No balancer in front to notice a stopping shop: it stops at once.
    SHUTDOWN_DRAIN_MS: '0',
    ...env,
  };
  const child: ChildProcess = spawn(process.execPath, [mainEntry], {
    cwd: root,
    env: shopEnv,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const log = () => readFileSync(logFile, 'utf8');
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      });
    }
    await database?.dispose();
    dir.remove();
  };
  for (let i = 0; i < 1_500 && child.exitCode === null; i++) {
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) {
      const cli = (...args: string[]) =>
        new Promise<string>((resolve, reject) => {
          execFile(
            process.execPath,
            [cliEntry, ...args],
            { cwd: root, env: shopEnv },
            (error, stdout, stderr) =>
              error ? reject(new Error(`${args.join(' ')}: ${stderr || error.message}`)) : resolve(stdout),
          );
        });
      return { url, cli, log, stop };
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const output = log();
  await stop();
  throw new Error(`the built shop did not start:\n${output}`);
}

/** Answers of status 500 and above in a pino request log. */
export function serverErrors(log: string): string[] {
  const lines = log.split('\n');
  // `/readyz` answers 503 by design while the node starts (the start's own poll): not a server error.
  const readiness = new Set(
    lines
      .filter((line) => line.includes('"url":"/readyz"'))
      .map((line) => /"reqId":"([^"]+)"/.exec(line)?.[1])
      .filter(Boolean),
  );
  return lines.filter(
    (line) => /"res":\{"statusCode":5\d\d/.test(line) && !readiness.has(/"reqId":"([^"]+)"/.exec(line)?.[1]),
  );
}

/** Requests the log says were answered. */
export function answeredRequests(log: string): number {
  return log.split('\n').filter((line) => line.includes('"msg":"request completed"')).length;
}
