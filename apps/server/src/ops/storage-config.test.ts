import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const keys = { S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'cok-gizli-anahtar' };

/** The startup error's message, or '' when the configuration was taken. */
function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

describe('files in a bucket (S3_*)', () => {
  it('keeps files in the data directory without S3_BUCKET', () => {
    expect(loadConfig({}).storage).toEqual({ s3: undefined, publicUploadsBase: '' });
  });

  it('takes a bucket with its keys, us-east-1 and virtual-host addresses by default', () => {
    expect(loadConfig({ S3_BUCKET: 'magaza-dosyalari', ...keys }).storage.s3).toEqual({
      bucket: 'magaza-dosyalari',
      endpoint: undefined,
      region: 'us-east-1',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'cok-gizli-anahtar',
      forcePathStyle: false,
    });
  });

  it('takes an S3-compatible endpoint without its trailing slash, a region and path-style addresses', () => {
    const { s3 } = loadConfig({
      S3_BUCKET: 'vitrin',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: '1',
      ...keys,
    }).storage;
    expect(s3).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'auto', forcePathStyle: true });
  });

  it('refuses a bucket without its keys, naming the missing variable and never a key', () => {
    expect(refusal({ S3_BUCKET: 'vitrin' })).toMatch(
      /S3_ACCESS_KEY_ID ve S3_SECRET_ACCESS_KEY de verilmelidir/,
    );
    const message = refusal({ S3_BUCKET: 'vitrin', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' });
    expect(message).toMatch(/S3_SECRET_ACCESS_KEY de verilmelidir/);
    expect(message).not.toContain('AKIAEXAMPLE');
  });

  it('refuses keys or an endpoint without a bucket rather than keeping the files on one disk', () => {
    expect(refusal({ ...keys })).toMatch(/S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY verilmiş ama S3_BUCKET yok/);
    expect(refusal({ ...keys })).not.toContain('cok-gizli-anahtar');
  });

  it('refuses a bad bucket name, endpoint, region or path-style switch in Turkish', () => {
    expect(refusal({ S3_BUCKET: 'Büyük_Kova', ...keys })).toMatch(/S3_BUCKET geçerli bir kova adı değil/);
    expect(refusal({ S3_BUCKET: 'vitrin', S3_ENDPOINT: 's3.example.com', ...keys })).toMatch(
      /S3_ENDPOINT kullanıcı adı ve parola içermeyen bir http\(s\) adresi/,
    );
    expect(refusal({ S3_BUCKET: 'vitrin', S3_ENDPOINT: 'ftp://s3.example.com', ...keys })).toMatch(
      /S3_ENDPOINT/,
    );
    expect(refusal({ S3_BUCKET: 'vitrin', S3_REGION: 'Avrupa 1', ...keys })).toMatch(/S3_REGION/);
    expect(refusal({ S3_BUCKET: 'vitrin', S3_FORCE_PATH_STYLE: 'evet', ...keys })).toMatch(
      /S3_FORCE_PATH_STYLE 0 ya da 1 olmalıdır/,
    );
  });

  it('refuses an endpoint carrying credentials without repeating them', () => {
    const message = refusal({
      S3_BUCKET: 'vitrin',
      S3_ENDPOINT: 'https://kim:parola@s3.example.com',
      ...keys,
    });
    expect(message).toMatch(/S3_ENDPOINT kullanıcı adı ve parola içermeyen/);
    expect(message).not.toContain('parola@');
  });
});

describe('PUBLIC_UPLOADS_BASE', () => {
  it('takes an http(s) address (a CDN or a public bucket) without its trailing slash', () => {
    expect(
      loadConfig({ PUBLIC_UPLOADS_BASE: 'https://cdn.example.com/uploads/' }).storage.publicUploadsBase,
    ).toBe('https://cdn.example.com/uploads');
  });

  it('refuses anything else', () => {
    expect(refusal({ PUBLIC_UPLOADS_BASE: 'cdn.example.com' })).toMatch(
      /PUBLIC_UPLOADS_BASE bir http\(s\) adresi/,
    );
  });
});
