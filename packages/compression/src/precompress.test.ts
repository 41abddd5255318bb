import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { compress, MIN_COMPRESSED_BYTES } from './compress.mjs';
import { precompress } from './precompress.mjs';

const dir = mkdtempSync(path.join(tmpdir(), 'vitrin-precompress-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the build plugin of the storefront and the panel', () => {
  it('writes .br and .gz beside each compressible file at the server’s threshold, as the server would send them', async () => {
    const script = Buffer.from('export const selam = "merhaba dünya";\n'.repeat(200));
    const small = Buffer.from('a{color:red}');
    const picture = Buffer.alloc(4096, 7);
    writeFileSync(path.join(dir, 'entry.client.js'), script);
    writeFileSync(path.join(dir, 'small.css'), small);
    writeFileSync(path.join(dir, 'logo.png'), picture);
    const plugin = precompress();
    expect(plugin.apply).toBe('build');
    await (plugin.writeBundle as (this: unknown, options: { dir: string }) => Promise<void>).call(
      {},
      { dir },
    );

    expect(readdirSync(dir).sort()).toEqual([
      'entry.client.js',
      'entry.client.js.br',
      'entry.client.js.gz',
      'logo.png',
      'small.css',
    ]);
    expect(small.length).toBeLessThan(MIN_COMPRESSED_BYTES);
    const br = readFileSync(path.join(dir, 'entry.client.js.br'));
    expect(brotliDecompressSync(br).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(path.join(dir, 'entry.client.js.gz'))).equals(script)).toBe(true);
    // Byte for byte what the server's own compression makes at brotli's best.
    expect(br.equals(compress(script, 'br', 11))).toBe(true);
  });
});
