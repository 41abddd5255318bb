// The process that makes resized copies of uploads (`image-variants.ts` forks it when there is work and
// disconnects it after a while without any): libvips's and the allocator's memory, tens of megabytes after a
// few thousand images, goes back to the system with the process instead of staying in the shop's.
// A job: { id, source, target, width, format }; the answer: { id, ok: true } or { id, ok: false, code, message }.
// Plain JavaScript beside the code, found by its own path as the render and mail threads' modules are.
import { randomBytes } from 'node:crypto';
import { mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';

/** libvips threads for one image: the parent's choice (half the cores), so the pages keep the other half. */
sharp.concurrency(Number(process.env.VITRIN_IMAGE_THREADS) || 1);
// Every operation is on another image or size: libvips's cache of recent results would only hold memory.
sharp.cache(false);

/** Larger sources are refused: a tiny file can decode to gigabytes (a "decompression bomb"). */
const MAX_INPUT_PIXELS = 50_000_000;

const encoders = {
  // AVIF effort 2 encodes ~4x faster than the default 4 for about 3 % more bytes (measured here).
  avif: (image) => image.avif({ quality: 55, effort: 2 }),
  webp: (image) => image.webp({ quality: 78 }),
};

async function make({ source, target, width, format }) {
  const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .autoOrient()
    .resize({ width, withoutEnlargement: true });
  const data = await encoders[format](image).toBuffer();
  await mkdir(path.dirname(target), { recursive: true });
  // Written to a temporary name and renamed, so a reader never sees half a file.
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temporary, data);
    await rename(temporary, target);
  } catch (err) {
    await unlink(temporary).catch(() => {});
    throw err;
  }
}

process.on('message', (job) => {
  make(job).then(
    () => process.send?.({ id: job.id, ok: true }),
    (err) => process.send?.({ id: job.id, ok: false, code: err?.code, message: String(err?.message ?? err) }),
  );
});
// The shop let it go (idle) or went away itself.
process.on('disconnect', () => process.exit(0));
