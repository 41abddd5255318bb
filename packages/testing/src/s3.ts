import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FileStore } from '@vitrin/core/storage/file-store';
import { createS3Store } from '@vitrin/core/storage/s3-store';
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
  /**
   * While on, the first byte of every object or part written is changed on its way in (the request is
   * passed on as sent otherwise; s3rver checks no signature): what a checksum must catch.
   */
  corruptWrites(on: boolean): void;
  /** The shop's file store on this bucket (`createS3Store` with its address and keys, path-style). */
  store(): FileStore;
  stop(): Promise<void>;
}

/** s3rver's fixed credentials: it checks every request's signature against them. */
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

const SLOW_DOWN = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>SlowDown</Code><Message>Please reduce your request rate.</Message></Error>`;

const PRECONDITION_FAILED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>`;

const WRITES = new Set(['PUT', 'POST']);

const INVALID_ACCESS_KEY = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>InvalidAccessKeyId</Code><Message>The AWS Access Key Id you provided does not exist in our records.</Message></Error>`;

const ACCESS_DENIED = `<?xml version="1.0" encoding="UTF-8"?>
<Error><Code>AccessDenied</Code><Message>Access Denied</Message></Error>`;

/** A request with no signature (no Authorization header, no presigned query): what a stranger's browser sends. */
const isAnonymous = (url: URL, headers: Record<string, unknown>) =>
  !headers.authorization && !url.searchParams.has('X-Amz-Signature');

/**
 * s3rver makes ListObjectsV2's continuation tokens with single DES, which OpenSSL 3 (Node 17 and later) no
 * longer offers: any listing longer than one page (1000 keys) failed with 500 InternalError. Triple DES with
 * the key three times over is single DES, and is offered: the two calls for `des` are answered with it. Only
 * the algorithm named `des` is touched, and only in processes that use this helper.
 */
function offerSingleDes() {
  const patched = crypto as typeof crypto & { singleDesOffered?: boolean };
  if (patched.singleDesOffered) return;
  patched.singleDesOffered = true;
  const triple = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  /** `make` (createCipheriv or createDecipheriv) with single DES answered by triple DES of the key. */
  const offeringDes =
    <T extends typeof crypto.createCipheriv | typeof crypto.createDecipheriv>(make: T) =>
    (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
      algorithm === 'des'
        ? make('des-ede3-cbc', triple(key), iv, options)
        : make(algorithm, key, iv, options);
  patched.createCipheriv = offeringDes(crypto.createCipheriv) as typeof crypto.createCipheriv;
  patched.createDecipheriv = offeringDes(crypto.createDecipheriv) as typeof crypto.createDecipheriv;
}

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
 * byte for byte, so signatures hold) that can refuse writes (the fault tests' bucket that says no) and that
 * answers conditional writes (`If-None-Match: *`) as S3 does.
 */
export async function startS3({
  bucket = 'vitrin-test',
  ports,
  publicPrefixes,
}: {
  bucket?: string;
  /** The range the gate's port is taken from (a test's own); by default any free port. */
  ports?: readonly [number, number];
  /**
   * With it, the bucket is private as a real one is, but for these key prefixes (a policy making, say,
   * `uploads/` public for a CDN): an unsigned request for any other key is 403 AccessDenied. s3rver itself
   * checks no policy and serves anyone. Without it, everything passes as s3rver answers it.
   */
  publicPrefixes?: readonly string[];
} = {}): Promise<LocalS3> {
  offerSingleDes();
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
  // Its file store, which its published types leave out: asked whether a key exists.
  const store = (
    s3rver as unknown as { store: { existsObject(bucket: string, key: string): Promise<boolean> } }
  ).store;

  let refusing = false;
  let corrupting = false;
  /** Conditional writes in flight, by object path: one at a time, as the bucket decides them. */
  const conditional = new Map<string, Promise<void>>();
  const forward = (req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      const upstream = request(
        { host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', resolve);
          answer.on('error', () => resolve());
        },
      );
      upstream.on('error', () => {
        res.destroy();
        resolve();
      });
      req.on('error', () => upstream.destroy());
      if (corrupting && req.method === 'PUT') {
        let first = true;
        req.on('data', (chunk: Buffer) => {
          if (first && chunk.length > 0) {
            first = false;
            chunk[0] = chunk[0]! ^ 0xff;
          }
          upstream.write(chunk);
        });
        req.on('end', () => upstream.end());
      } else {
        req.pipe(upstream);
      }
    });
  const gate = createServer((req, res) => {
    // s3rver checks no signature at all: the gate at least refuses a key that is not its own, as S3 does.
    const credential = /Credential=([^/,\s]+)\//.exec(req.headers.authorization ?? '')?.[1];
    if (credential !== undefined && credential !== ACCESS_KEY_ID) {
      req.resume();
      res.writeHead(403, { 'content-type': 'application/xml' });
      res.end(INVALID_ACCESS_KEY);
      return;
    }
    if (publicPrefixes && isAnonymous(new URL(req.url ?? '/', 'http://gate'), req.headers)) {
      // A private bucket: a stranger reads only the public prefixes (a bucket policy's GetObject), writes nothing.
      const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://gate').pathname);
      const key = pathname.split('/').slice(2).join('/');
      const readable = req.method === 'GET' || req.method === 'HEAD';
      if (!readable || !publicPrefixes.some((prefix) => key.startsWith(prefix))) {
        req.resume();
        res.writeHead(403, { 'content-type': 'application/xml' });
        res.end(ACCESS_DENIED);
        return;
      }
    }
    if (refusing && WRITES.has(req.method ?? '')) {
      // The body is read to its end first: an SDK still sending it would see a reset, not the answer.
      req.resume();
      req.on('end', () => {
        res.writeHead(503, { 'content-type': 'application/xml', connection: 'close' });
        res.end(SLOW_DOWN);
      });
      return;
    }
    if (req.headers['if-none-match'] === '*' && WRITES.has(req.method ?? '')) {
      void writeIfAbsent(req, res);
      return;
    }
    void forward(req, res);
  });

  /**
   * `If-None-Match: *` on a PUT (or on completing a multipart upload), which s3rver ignores, answered as S3
   * does: 412 PreconditionFailed when the key exists, decided one write at a time per key, so two nodes
   * writing the same new key at once see one success and one 412.
   */
  async function writeIfAbsent(req: IncomingMessage, res: ServerResponse) {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://gate').pathname);
    const [, bucketName = '', ...rest] = pathname.split('/');
    const key = rest.join('/');
    const before = conditional.get(pathname) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const chained = before.then(() => mine);
    conditional.set(pathname, chained);
    await before;
    try {
      if (await store.existsObject(bucketName, key)) {
        req.resume();
        await new Promise((resolve) => req.on('end', resolve));
        res.writeHead(412, { 'content-type': 'application/xml' });
        res.end(PRECONDITION_FAILED);
        return;
      }
      await forward(req, res);
    } finally {
      done();
      if (conditional.get(pathname) === chained) conditional.delete(pathname);
    }
  }
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
    corruptWrites(on) {
      corrupting = on;
    },
    store: () =>
      createS3Store({
        bucket,
        endpoint,
        region,
        accessKeyId: ACCESS_KEY_ID,
        secretAccessKey: SECRET_ACCESS_KEY,
        forcePathStyle: true,
      }),
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
