import type { Page } from '@playwright/test';
import sharp from 'sharp';

/** A picture of one colour with a big letter on it, so the screenshots show which is which. */
export const picture = (letter: string, background: string) =>
  sharp({ create: { width: 640, height: 640, channels: 3, background } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="640"><text x="320" y="420" font-size="320" text-anchor="middle" fill="#fff" font-family="sans-serif">${letter}</text></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();

/** A phone camera's photo: 4000×3000, grainy, a JPEG of several MB (more than a page form takes whole). */
export const phonePicture = () =>
  sharp({
    create: {
      width: 4000,
      height: 3000,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 95 })
    .toBuffer();

/** Drops files on the product editor's drop area the way a desktop's file manager does. */
export async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[]) {
  const transfer = await page.evaluateHandle(
    (list) => {
      const dt = new DataTransfer();
      for (const f of list) {
        dt.items.add(new File([Uint8Array.from(f.bytes)], f.name, { type: 'image/png' }));
      }
      return dt;
    },
    files.map((f) => ({ name: f.name, bytes: [...f.bytes] })),
  );
  const area = page.getByTestId('image-drop');
  await area.dispatchEvent('dragover', { dataTransfer: transfer });
  await area.dispatchEvent('drop', { dataTransfer: transfer });
}

/** The stored paths of the product editor's image tiles, in their order. */
export const tilePaths = (page: Page) =>
  page.getByTestId('product-image').evaluateAll((tiles) => tiles.map((t) => t.getAttribute('data-path')));
