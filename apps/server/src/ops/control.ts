import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Services } from '@vitrin/core';
import { DomainError } from '@vitrin/core';
import { runCommand } from './commands.ts';

/**
 * The local control channel: while the server holds the embedded database, CLI commands are sent to it over
 * a Unix socket that only the owner may open. One JSON line in, one JSON line out.
 */
export interface ControlRequest {
  args: string[];
}
export type ControlResponse = { ok: true; output: string } | { ok: false; code: string; message: string };

const MAX_REQUEST_BYTES = 64 * 1024;

/** Unix socket paths are limited to ~107 bytes; deep data directories get a hashed path in the temp dir. */
export function controlSocketPath(dataDir: string): string {
  const inDir = path.join(dataDir, 'control.sock');
  if (Buffer.byteLength(inDir) < 100) return inDir;
  const hash = createHash('sha256').update(dataDir).digest('hex').slice(0, 16);
  return path.join(os.tmpdir(), `vitrin-${hash}.sock`);
}

export async function startControlServer(
  socketPath: string,
  services: Services,
): Promise<() => Promise<void>> {
  // We hold the data directory lock, so a socket file left here belongs to a process that is gone.
  rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let buffer = '';
    // The CLI gone before the answer (killed): a command that left a file for it removes it.
    const gone = new AbortController();
    socket.on('close', () => gone.abort());
    socket.setEncoding('utf8');
    socket.on('data', async (chunk) => {
      buffer += chunk;
      if (buffer.length > MAX_REQUEST_BYTES) {
        socket.end(`${JSON.stringify({ ok: false, code: 'ISTEK_COK_BUYUK', message: 'Komut çok uzun.' })}\n`);
        return;
      }
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.end(`${JSON.stringify(await handle(buffer.slice(0, newline), services, gone.signal))}\n`);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(socketPath, { force: true });
    });
}

async function handle(line: string, services: Services, signal: AbortSignal): Promise<ControlResponse> {
  let request: ControlRequest;
  try {
    request = JSON.parse(line) as ControlRequest;
    if (!Array.isArray(request.args) || !request.args.every((a) => typeof a === 'string')) throw new Error();
  } catch {
    return { ok: false, code: 'GECERSIZ_ISTEK', message: 'Geçersiz kontrol isteği.' };
  }
  try {
    return { ok: true, output: await runCommand(services, request.args, signal) };
  } catch (err) {
    if (err instanceof DomainError) return { ok: false, code: err.code, message: err.message };
    return { ok: false, code: 'SUNUCU_HATASI', message: err instanceof Error ? err.message : String(err) };
  }
}

/** Sends a command to a running server; resolves `undefined` when no server listens on the socket. */
export function sendControlCommand(socketPath: string, args: string[]): Promise<ControlResponse | undefined> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let buffer = '';
    let connected = false;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify({ args } satisfies ControlRequest)}\n`);
    });
    socket.on('data', (chunk) => {
      buffer += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffer) as ControlResponse);
      } catch {
        reject(new Error('Sunucudan anlaşılmayan bir yanıt geldi.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === 'ENOENT' || err.code === 'ECONNREFUSED')) resolve(undefined);
      else reject(err);
    });
  });
}
