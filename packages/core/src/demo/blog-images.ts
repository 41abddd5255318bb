import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { demoBlogCategories, demoBlogPosts, demoCoverPath } from './blog.ts';
import { productSvg } from './catalog-images.ts';

/**
 * Draws the demo blog's cover pictures at seed time (no downloads), 16:9: the post's motif (a demo product
 * kind, in the post's colour) on a backdrop of its category, with the category's name on a band.
 */

const CATEGORY_BACKDROPS: Record<string, [string, string]> = {
  seramik: ['#f4e4d6', '#e2c2a6'],
  tekstil: ['#eef1e6', '#cfd8bd'],
  deri: ['#f1e3d3', '#d7b58f'],
  'kirtasiye-ve-hediye': ['#f6e9ee', '#e3c3cf'],
  'atolye-gunlugu': ['#e6edf4', '#bccbdc'],
};

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

function coverSvg(post: (typeof demoBlogPosts)[number], index: number): string {
  const [light, dark] = CATEGORY_BACKDROPS[post.category] ?? ['#f4ece2', '#e9d8c4'];
  const category = demoBlogCategories.find((c) => c.slug === post.category)?.name ?? '';
  // The motif sits left or right, turning from post to post, so covers next to each other differ.
  const left = index % 2 === 0;
  const motifX = left ? 120 : 780;
  const motif = productSvg(`${post.colour} ${post.title}`, post.slug, post.motif, 1)
    .replace('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">', '')
    .replace('</svg>', '');
  const dots = Array.from({ length: 18 }, (_, i) => {
    const x = ((i * 137 + index * 61) % 1600) + 20;
    const y = ((i * 89 + index * 43) % 900) + 10;
    return `<circle cx="${x}" cy="${y}" r="${6 + ((i + index) % 5) * 4}" fill="#fbf7f2" opacity=".35"/>`;
  }).join('');
  const bandX = left ? 860 : 140;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1600 900"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs><rect width="1600" height="900" fill="url(#g)"/>${dots}<svg x="${motifX}" y="50" width="700" height="800" viewBox="100 120 800 800" preserveAspectRatio="xMidYMid slice">${motif}</svg><rect x="${bandX}" y="380" width="600" height="140" rx="70" fill="#2b2118" opacity=".82"/><text x="${bandX + 300}" y="470" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="${Math.min(58, Math.floor(1000 / Math.max(1, category.length)))}" font-weight="700" fill="#fbf7f2">${escapeXml(category)}</text></svg>`;
}

/** Writes every demo blog cover that is not there yet; returns how many it wrote. */
export async function writeDemoBlogImages(uploadsDir: string): Promise<number> {
  let written = 0;
  for (const [index, post] of demoBlogPosts.entries()) {
    const file = path.join(uploadsDir, demoCoverPath(post.slug));
    if (existsSync(file)) continue;
    mkdirSync(path.dirname(file), { recursive: true });
    await sharp(Buffer.from(coverSvg(post, index)))
      .resize(1600, 900)
      .webp({ quality: 78 })
      .toFile(file);
    written++;
  }
  return written;
}
