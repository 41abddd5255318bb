import { startupError } from '@vitrin/core';
import type { S3StoreOptions } from '@vitrin/core/storage/s3-store';

/** Where the shop keeps its files (docs/configuration.md, "Files in a bucket"). */
export interface StorageConfig {
  /** The S3-compatible bucket (S3_*); undefined: the data directory's folders. */
  s3: S3StoreOptions | undefined;
  /**
   * Where browsers load the shop's images from instead of the node's `/uploads` (a public bucket or a CDN in
   * front of it), without a trailing slash; '' for the node (PUBLIC_UPLOADS_BASE).
   */
  publicUploadsBase: string;
}

const invalid = (message: string) => startupError('CONFIG_INVALID', message);

/** S3's bucket names (3-63 lowercase letters, digits, dots and hyphens), which every compatible service keeps to. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * Reads the S3_* variables and PUBLIC_UPLOADS_BASE. A half-made setting stops the start with a Turkish
 * message rather than quietly keeping files on one node's disk; the keys are never repeated in a message.
 */
export function loadStorageConfig(env: NodeJS.ProcessEnv): StorageConfig {
  const value = (name: string) => env[name]?.trim() || undefined;
  const bucket = value('S3_BUCKET');
  const endpoint = value('S3_ENDPOINT')?.replace(/\/+$/, '');
  const accessKeyId = value('S3_ACCESS_KEY_ID');
  const secretAccessKey = value('S3_SECRET_ACCESS_KEY');
  const publicUploadsBase = (value('PUBLIC_UPLOADS_BASE') ?? '').replace(/\/+$/, '');
  if (publicUploadsBase && !/^https?:\/\/[^/\s]+(\/\S*)?$/.test(publicUploadsBase)) {
    throw invalid(`PUBLIC_UPLOADS_BASE bir http(s) adresi olmalıdır: "${publicUploadsBase}"`);
  }
  if (!bucket) {
    const stray = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'].filter((n) => value(n));
    if (stray.length > 0) {
      throw invalid(
        `${stray.join(', ')} verilmiş ama S3_BUCKET yok: dosyalar bir kovada tutulacaksa S3_BUCKET ile kovanın adını verin, ` +
          'veri dizininde kalacaksa bu değişkenleri kaldırın.',
      );
    }
    return { s3: undefined, publicUploadsBase };
  }
  if (!BUCKET_NAME.test(bucket)) {
    throw invalid(
      `S3_BUCKET geçerli bir kova adı değil: "${bucket}" (3-63 karakter; küçük harf, rakam, nokta ve tire).`,
    );
  }
  const missing = [
    ['S3_ACCESS_KEY_ID', accessKeyId],
    ['S3_SECRET_ACCESS_KEY', secretAccessKey],
  ].filter(([, v]) => !v);
  if (missing.length > 0) {
    throw invalid(`S3_BUCKET verildiğinde ${missing.map(([n]) => n).join(' ve ')} de verilmelidir.`);
  }
  if (endpoint && !isHttpOrigin(endpoint)) {
    // An address with a user and password in it is not repeated: those may be keys.
    const shown = endpoint.includes('@') ? '' : `: "${endpoint}"`;
    throw invalid(
      `S3_ENDPOINT kullanıcı adı ve parola içermeyen bir http(s) adresi olmalıdır (ör. https://s3.example.com ya da http://127.0.0.1:9000)${shown}`,
    );
  }
  const region = value('S3_REGION') ?? 'us-east-1';
  if (!/^[a-z0-9-]{1,40}$/.test(region)) {
    throw invalid(`S3_REGION geçerli bir bölge adı değil: "${region}" (ör. us-east-1, eu-central-1, auto).`);
  }
  const pathStyle = value('S3_FORCE_PATH_STYLE') ?? '0';
  if (pathStyle !== '0' && pathStyle !== '1') {
    throw invalid(`S3_FORCE_PATH_STYLE 0 ya da 1 olmalıdır: "${pathStyle}"`);
  }
  return {
    s3: {
      bucket,
      endpoint,
      region,
      accessKeyId: accessKeyId as string,
      secretAccessKey: secretAccessKey as string,
      forcePathStyle: pathStyle === '1',
    },
    publicUploadsBase,
  };
}

/** `http(s)://host[:port]` with nothing after it but an optional path the SDK prefixes. */
function isHttpOrigin(url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
      parsed.hostname !== '' &&
      parsed.username === '' &&
      parsed.password === '' &&
      parsed.search === '' &&
      parsed.hash === ''
    );
  } catch {
    return false;
  }
}
