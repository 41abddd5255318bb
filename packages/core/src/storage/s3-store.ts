import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { DomainError } from '../errors.ts';
import type { FileStore, PutOptions, StoredFile } from './file-store.ts';
import { storeKeyError } from './keys.ts';
import { S3_PART_SIZE } from './s3-part-size.ts';
import { storeUnavailable } from './unavailable.ts';

export interface S3StoreOptions {
  bucket: string;
  /** Any S3-compatible service (`https://…`); unset: AWS S3 of `region`. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path (`https://host/bucket/key`, MinIO and most local servers) instead of the host name. */
  forcePathStyle: boolean;
}

/** An SDK error's HTTP status and name (`NotFound`, `NoSuchKey`, `PreconditionFailed`…), when it has one. */
function answerOf(err: unknown): { status: number | undefined; name: string } {
  const e = err as { $metadata?: { httpStatusCode?: number }; name?: string };
  return { status: e?.$metadata?.httpStatusCode, name: String(e?.name ?? '') };
}

const isMissing = (err: unknown) => {
  const { status, name } = answerOf(err);
  return name === 'NotFound' || name === 'NoSuchKey' || (status === 404 && name !== 'NoSuchBucket');
};

/**
 * The files in an S3-compatible bucket, under the same keys as on disk. Objects are private (no ACL is ever
 * sent: the bucket's own policy decides, and support attachments reach a browser only through the node).
 * Every failure of the bucket (refused, unreachable, too slow) becomes 503 DEPOLAMA_KULLANILAMIYOR.
 */
export function createS3Store(
  options: S3StoreOptions,
): FileStore & { client: S3Client; checkBucket: () => Promise<void> } {
  const { bucket } = options;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // A few quick tries, not the SDK's patient defaults: a request handler waiting on a bucket that is away
    // answers 503 within seconds instead of holding the shopper for minutes.
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 20_000 },
    // Checksums only where S3 requires them: the SDK's newer default (CRC32 trailers in aws-chunked bodies)
    // is refused by several S3-compatible services and local servers; uploads are verified by their ETag.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  const keyOf = (key: string) => {
    storeKeyError(key);
    return key;
  };

  /** Runs one call to the bucket; what goes wrong there is the bucket's unavailability, not the caller's. */
  async function call<T>(run: () => Promise<T>, missing?: () => T): Promise<T> {
    try {
      return await run();
    } catch (err) {
      if (missing && isMissing(err)) return missing();
      throw storeUnavailable(err);
    }
  }

  async function head(key: string): Promise<StoredFile | undefined> {
    const Key = keyOf(key);
    return call(
      async () => {
        const out = await client.send(new HeadObjectCommand({ Bucket: bucket, Key }));
        return {
          key,
          size: out.ContentLength ?? 0,
          modified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? '',
          contentType: out.ContentType,
          sha256: out.Metadata?.sha256,
        };
      },
      () => undefined,
    );
  }

  async function put(key: string, body: Uint8Array | Readable, opts: PutOptions = {}): Promise<boolean> {
    const Key = keyOf(key);
    // A stream that fails midway is the caller's error, not the bucket's: kept to be thrown as it is.
    let bodyError: unknown;
    const onBodyError = (err: unknown) => {
      bodyError ??= err;
    };
    if (body instanceof Readable) body.once('error', onBodyError);
    try {
      if (opts.ifAbsent && (await head(key))) {
        if (body instanceof Readable) body.destroy();
        return false;
      }
      const upload = new Upload({
        client,
        partSize: S3_PART_SIZE,
        queueSize: 2,
        leavePartsOnError: false,
        params: {
          Bucket: bucket,
          Key,
          Body: body,
          ...(opts.contentType ? { ContentType: opts.contentType } : {}),
          ...(opts.sha256 ? { Metadata: { sha256: opts.sha256 } } : {}),
          // The bucket refuses the write when the key exists (S3 since 2024, R2, MinIO): two nodes making the
          // same variant at once keep the first. A server that ignores the header still had the head above
          // (not atomic there; the image variants are also made under an advisory lock).
          ...(opts.ifAbsent ? { IfNoneMatch: '*' } : {}),
        },
      });
      try {
        await upload.done();
      } catch (err) {
        if (bodyError !== undefined) throw bodyError;
        const { status, name } = answerOf(err);
        if (opts.ifAbsent && (status === 412 || name === 'PreconditionFailed')) return false;
        // A multipart upload that failed was aborted by `Upload` (leavePartsOnError: false): nothing is left.
        throw storeUnavailable(err);
      }
      return true;
    } finally {
      if (body instanceof Readable) body.off('error', onBodyError);
    }
  }

  async function get(key: string, range?: { start: number; end: number }) {
    const Key = keyOf(key);
    return call<GetObjectCommandOutput | undefined>(
      () =>
        client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        ),
      () => undefined,
    );
  }

  return {
    kind: 's3',
    client,
    /** Whether the bucket is there and the keys may use it: a clear message for an operator's command. */
    async checkBucket() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (err) {
        const { status } = answerOf(err);
        if (status === 404) {
          throw new DomainError(
            500,
            'KOVA_BULUNAMADI',
            `"${bucket}" kovası bulunamadı; önce kovayı oluşturun.`,
          );
        }
        if (status === 403 || status === 401) {
          throw new DomainError(
            500,
            'KOVA_ERISIMI_YOK',
            `"${bucket}" kovasına bu anahtarlarla erişilemiyor (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION).`,
          );
        }
        throw storeUnavailable(err);
      }
    },
    put,
    putFile(key, file, opts) {
      return put(key, createReadStream(file), opts);
    },
    head,
    async read(key, range) {
      let out: GetObjectCommandOutput | undefined;
      try {
        out = await get(key, range);
      } catch (err) {
        // A range past the end: what the disk gives for it, an empty body (the caller checked against head).
        if (range && answerOf((err as Error).cause).status === 416) {
          const file = await head(key);
          return file ? { file, body: Readable.from([]) } : undefined;
        }
        throw err;
      }
      if (!out?.Body) return undefined;
      // With a range, the whole object's size is after the slash of Content-Range (`bytes 0-9/1234`).
      const total = out.ContentRange ? Number(out.ContentRange.split('/')[1]) : Number.NaN;
      return {
        file: {
          key,
          size: Number.isFinite(total) ? total : (out.ContentLength ?? 0),
          modified: out.LastModified ?? new Date(0),
          etag: out.ETag ?? '',
          contentType: out.ContentType,
          sha256: out.Metadata?.sha256,
        },
        body: out.Body as Readable,
      };
    },
    async readBytes(key) {
      const out = await get(key);
      if (!out?.Body) return undefined;
      return call(async () => Buffer.from(await out.Body!.transformToByteArray()));
    },
    async localCopy(key) {
      const out = await get(key);
      if (!out?.Body) return undefined;
      const dir = await mkdtemp(path.join(tmpdir(), 'vitrin-s3-'));
      const file = path.join(dir, path.basename(key));
      const release = () => rm(dir, { recursive: true, force: true });
      try {
        await call(() => pipeline(out.Body as Readable, createWriteStream(file)));
      } catch (err) {
        await release();
        throw err;
      }
      return { path: file, release };
    },
    async remove(key) {
      const Key = keyOf(key);
      await call(() => client.send(new DeleteObjectCommand({ Bucket: bucket, Key })));
    },
    async *list(prefix) {
      try {
        for await (const page of paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: prefix })) {
          for (const o of page.Contents ?? []) {
            if (!o.Key) continue;
            yield {
              key: o.Key,
              size: o.Size ?? 0,
              modified: o.LastModified ?? new Date(0),
              etag: o.ETag ?? '',
            };
          }
        }
      } catch (err) {
        throw storeUnavailable(err);
      }
    },
  };
}
