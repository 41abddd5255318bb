// Test support for the load balancer's cluster test: Debian's HAProxy run with the configuration the
// deployment guide gives (docs/deployment/haproxy.cfg), its placeholders filled from the environment, and
// its view of the nodes read from its admin socket.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../../scripts/pg-cluster.mjs';
import { root } from './cluster.ts';

export const HAPROXY_CONFIG = path.join(root, 'docs/deployment/haproxy.cfg');
const haproxyBin = () => process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';

/** Fails the suite early with the command that installs HAProxy. */
export function requireHaproxy() {
  if (!existsSync(haproxyBin()))
    throw new Error('This suite needs HAProxy: apt-get install haproxy (or HAPROXY_BIN).');
}

export interface Balancer {
  /** The address shoppers reach: the shop's PUBLIC_URL. */
  url: string;
  /** Each server's state as HAProxy sees it (`UP`, `DOWN`, `UP 1/2`…) and the sessions it was sent. */
  servers(): Promise<Record<string, { status: string; sessions: number }>>;
  output: string[];
  stop(): Promise<void>;
}

/** A free port for the balancer, before its nodes start (they are told its address as PUBLIC_URL). */
export const balancerPort = (ports: [number, number]) => freePort(...ports);

/** HAProxy on `port` in front of `nodes` (`host:port`, named node1, node2… in order). */
export async function startHaproxy(port: number, nodes: string[]): Promise<Balancer> {
  requireHaproxy();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'vitrin-haproxy-'));
  const socket = path.join(dir, 'admin.sock');
  const url = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(haproxyBin(), ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      ...process.env,
      VITRIN_BIND: `127.0.0.1:${port}`,
      VITRIN_HOST: `127.0.0.1:${port}`,
      HAPROXY_STATS_SOCKET: socket,
      ...Object.fromEntries(nodes.map((address, i) => [`VITRIN_NODE_${i + 1}`, address])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));

  const servers = async () => {
    const csv = await ask(socket, 'show stat');
    const lines = csv.split('\n').filter(Boolean);
    const columns = lines[0]!.replace(/^# /, '').split(',');
    const at = (name: string) => columns.indexOf(name);
    const found: Record<string, { status: string; sessions: number }> = {};
    for (const line of lines.slice(1)) {
      const cells = line.split(',');
      if (cells[at('pxname')] !== 'vitrin' || !/^node\d+$/.test(cells[at('svname')]!)) continue;
      found[cells[at('svname')]!] = {
        status: cells[at('status')]!,
        sessions: Number(cells[at('stot')]),
      };
    }
    return found;
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (existsSync(socket) && (await servers().catch(() => undefined))) {
      return {
        url,
        servers,
        output,
        stop: () =>
          new Promise<void>((resolve) => {
            const done = () => {
              rmSync(dir, { recursive: true, force: true });
              resolve();
            };
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', done);
            child.kill('SIGTERM');
          }),
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
  throw new Error(`HAProxy did not start:\n${output.join('')}`);
}

/** One command on HAProxy's admin socket; its whole answer. */
function ask(socket: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socket, () => connection.end(`${command}\n`));
    connection.on('data', (d) => chunks.push(d));
    connection.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    connection.on('error', reject);
  });
}
