import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type LocalS3, startS3 } from '@vitrin/testing/s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from './from-config.ts';

let s3: LocalS3;
let dir: string;
beforeAll(async () => {
  s3 = await startS3({ bucket: 'secilen', ports: [18460, 18469] });
  dir = await mkdtemp(path.join(tmpdir(), 'vitrin-from-config-'));
});
afterAll(async () => {
  await s3?.stop();
  await rm(dir, { recursive: true, force: true });
});

const bucketOptions = (bucket = s3.bucket, accessKeyId = s3.accessKeyId) => ({
  bucket,
  endpoint: s3.endpoint,
  region: s3.region,
  accessKeyId,
  secretAccessKey: s3.secretAccessKey,
  forcePathStyle: true,
});

describe('the file store the configuration names', () => {
  it('is the data directory without a bucket', async () => {
    const files = await createFileStore({ dataDir: dir, s3: undefined });
    expect(files.kind).toBe('disk');
  });

  it('is the bucket with S3_BUCKET', async () => {
    const files = await createFileStore({ dataDir: dir, s3: bucketOptions() });
    expect(files.kind).toBe('s3');
    await files.put('uploads/secildi.txt', Buffer.from('kovada'));
    expect((await files.readBytes('uploads/secildi.txt'))?.toString()).toBe('kovada');
  });

  it('stops the start for a bucket that is not there or keys it refuses', async () => {
    await expect(createFileStore({ dataDir: dir, s3: bucketOptions('olmayan') })).rejects.toMatchObject({
      code: 'KOVA_BULUNAMADI',
      message: expect.stringContaining('"olmayan" kovası bulunamadı'),
    });
    await expect(
      createFileStore({ dataDir: dir, s3: bucketOptions(s3.bucket, 'BASKA-BIR-ANAHTAR') }),
    ).rejects.toMatchObject({ code: 'KOVA_ERISIMI_YOK' });
  });

  it('starts with a bucket that cannot be reached right now', async () => {
    const gone = await startS3({ bucket: 'gecici', ports: [18460, 18469] });
    await gone.stop();
    const files = await createFileStore({
      dataDir: dir,
      s3: { ...bucketOptions('gecici'), endpoint: gone.endpoint },
    });
    expect(files.kind).toBe('s3');
  });
});
