import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** What a test needs to reach the bucket, and its two switches. */
export interface LocalS3 {
  /** `http://127.0.0.1:PORT`: the address the shop is given (the gate in front of the server). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The `S3_*` variables of a shop using this bucket (path-style addresses). */
  env: Record<string, string>;
  /**
   * While on, every write (PUT, POST: objects, parts, multipart uploads) is answered 503 SlowDown, as a
   * bucket over its limits or quota answers; reads and deletes (an aborted multipart upload) still work.
   * Off again, the same writes succeed.
   */
  refuseWrites(on: boolean): void;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const SLOW_DOWN = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`;

const WRITES = new Set(['PUT', 'POST']);

/** Listens on the first free port of `from`-`to` (both included), or on any free one without a range. */
async function listenInRange(server: Server, range: readonly [number, number] | undefined): Promise<number> {
  const [from, to] = range ?? [0, 0];
  for (let port = from; port <= to; port++) {
    const ok = await new Promise<boolean>((resolve) => {
      const onError = () => resolve(false);
      server.once('error', onError);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', onError);
        resolve(true);
      });
    });
    if (ok) return (server.address() as AddressInfo).port;
  }
  throw new Error(`S3 test server: no free port in ${from}-${to}`);
}

/**
 * An S3-compatible server on loopback for the tests (`s3rver`, files in a temporary directory, no network),
 * with one bucket made. The shop talks to it through a small gate (an HTTP proxy passing requests through
 * byte for byte, so signatures hold) that can refuse writes: the fault tests' bucket that says no.
 */
export async function startS3({
  bucket = 'vitrin-test',
  ports,
}: {
  bucket?: string;
  /** The range the gate's port is taken from (a test's own); by default any free port. */
  ports?: readonly [number, number];
} = {}): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(tmpdir(), 'vitrin-s3rver-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port: innerPort } = (await s3rver.run()) as AddressInfo;

  let refusing = false;
  const gate = createServer((req, res) => {
    if (refusing && WRITES.has(req.method ?? '')) {
      // The body is read to its end first: an SDK still sending it would see a reset, not the answer.
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/xml', connection: 'close' });
        res.end(SLOW_DOWN);
      });
      return;
    }
    const upstream = request(
      { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  const port = await listenInRange(gate, ports);
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'us-east-1';
  return {
    endpoint,
    bucket,
    region,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      S3_FORCE_PATH_STYLE: '1',
    },
    refuseWrites(on) {
      refusing = on;
    },
    async stop() {
      gate.closeAllConnections();
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
