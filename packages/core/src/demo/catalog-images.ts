import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { demoCategories, demoProductKinds, demoProducts } from './catalog.ts';
import { demoSettings } from './home.ts';

/**
 * Draws the demo catalogue's pictures at seed time (no downloads): a simple illustration of the product's
 * kind, coloured after the colour named in the product, on a backdrop that changes from image to image.
 */

const COLOURS: Array<[RegExp, string]> = [
  [/altın/i, '#c9a24a'],
  [/gümüş/i, '#b8bcc2'],
  [/kırmızı|bordo|vişne/i, '#b3262e'],
  [/lacivert/i, '#1f2f5c'],
  [/turkuaz|ege mavisi/i, '#1f8a9e'],
  [/mavi/i, '#3569b5'],
  [/hardal|sarı/i, '#d49b20'],
  [/ekru|krem|beyaz/i, '#efe4cf'],
  [/zeytin|yeşil|adaçayı/i, '#6b7a4b'],
  [/antrasit|siyah|gri/i, '#4a4a4f'],
  [/terrakota|kiremit|turuncu/i, '#c2562f'],
  [/lavanta|mor/i, '#8c7bb5'],
  [/pembe|gül/i, '#d98ba0'],
  [/kahve|taba|deri/i, '#8a5a34'],
];
const PALETTE = ['#c2562f', '#6b7a4b', '#3569b5', '#d49b20', '#8c7bb5', '#1f8a9e', '#8a5a34', '#b3262e'];
const BACKDROPS = ['#f4ece2', '#e9d8c4', '#eef1e6', '#e6edf4', '#f6e9e4'];

function hash(text: string): number {
  let h = 2166136261;
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619);
  return h >>> 0;
}

function colourOf(name: string, slug: string): string {
  for (const [pattern, colour] of COLOURS) if (pattern.test(name)) return colour;
  return PALETTE[hash(slug) % PALETTE.length]!;
}

const escapeXml = (s: string) => s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Shapes drawn in a 1000×1000 box centred on 500,520; `c` is the main colour. */
const shapes: Record<string, (c: string, name: string) => string> = {
  mug: (c) =>
    `<path d="M320 380h300v300a60 60 0 0 1-60 60H380a60 60 0 0 1-60-60z" fill="${c}"/><path d="M620 440h50a70 70 0 0 1 0 140h-50" fill="none" stroke="${c}" stroke-width="34"/><ellipse cx="470" cy="380" rx="150" ry="26" fill="#2b2118" opacity=".25"/>`,
  plate: (c) =>
    `<ellipse cx="500" cy="540" rx="300" ry="130" fill="${c}"/><ellipse cx="500" cy="525" rx="200" ry="82" fill="#fbf7f2" opacity=".85"/><ellipse cx="500" cy="525" rx="120" ry="48" fill="${c}" opacity=".5"/>`,
  bowl: (c) =>
    `<path d="M240 470h520c0 170-120 270-260 270S240 640 240 470z" fill="${c}"/><ellipse cx="500" cy="470" rx="260" ry="50" fill="#fbf7f2" opacity=".7"/>`,
  vase: (c) =>
    `<path d="M440 260h120v70c90 60 130 150 110 250-20 110-90 170-170 170s-150-60-170-170c-20-100 20-190 110-250z" fill="${c}"/><path d="M360 520c90 30 190 30 280 0" stroke="#fbf7f2" stroke-width="14" fill="none" opacity=".7"/>`,
  pot: (c) =>
    `<path d="M340 450h320l-40 290H380z" fill="${c}"/><rect x="320" y="420" width="360" height="50" rx="10" fill="${c}"/><path d="M500 420c-20-90-100-140-160-120 40 60 90 100 160 120zm0 0c20-110 110-160 180-130-40 70-100 110-180 130z" fill="#6b7a4b"/>`,
  textile: (c) =>
    `<rect x="250" y="300" width="500" height="440" rx="18" fill="${c}"/><g stroke="#fbf7f2" stroke-width="16" opacity=".75"><path d="M250 380h500M250 660h500"/></g><g stroke="${c}" stroke-width="6"><path d="M270 740v40M320 740v40M370 740v40M420 740v40M470 740v40M520 740v40M570 740v40M620 740v40M670 740v40M720 740v40"/></g>`,
  pillow: (c) =>
    `<path d="M270 330q230-40 460 0q40 190 0 380q-230 40-460 0q-40-190 0-380z" fill="${c}"/><path d="M330 520h340M500 380v280" stroke="#fbf7f2" stroke-width="10" opacity=".6"/>`,
  bag: (c) =>
    `<path d="M400 360a100 100 0 0 1 200 0" fill="none" stroke="${c}" stroke-width="24"/><path d="M300 380h400l30 360H270z" fill="${c}"/><rect x="420" y="520" width="160" height="110" rx="10" fill="#fbf7f2" opacity=".6"/>`,
  hat: (c) =>
    `<ellipse cx="500" cy="620" rx="320" ry="80" fill="${c}"/><path d="M340 610c0-200 320-200 320 0z" fill="${c}"/><path d="M345 575h310" stroke="#2b2118" stroke-width="22" opacity=".35"/>`,
  shirt: (c) =>
    `<path d="M400 300l-150 80 60 120 60-30v320h260V470l60 30 60-120-150-80c-20 40-60 60-100 60s-80-20-100-60z" fill="${c}"/>`,
  book: (c) =>
    `<rect x="320" y="260" width="360" height="480" rx="14" fill="${c}"/><rect x="320" y="260" width="40" height="480" fill="#2b2118" opacity=".25"/><rect x="400" y="340" width="220" height="16" rx="8" fill="#fbf7f2" opacity=".8"/><rect x="400" y="380" width="160" height="12" rx="6" fill="#fbf7f2" opacity=".6"/><path d="M600 260v140l30-24 30 24V260" fill="#c2562f"/>`,
  card: (c) =>
    `<rect x="260" y="330" width="480" height="330" rx="12" fill="#fbf7f2"/><rect x="290" y="360" width="220" height="270" fill="${c}"/><path d="M540 420h160M540 460h160M540 500h120" stroke="#2b2118" stroke-width="8" opacity=".4"/>`,
  pen: (c) =>
    `<g transform="rotate(-35 500 520)"><rect x="470" y="220" width="60" height="520" rx="20" fill="${c}"/><path d="M470 740l30 80 30-80z" fill="#e9d8c4"/><rect x="470" y="260" width="60" height="50" fill="#2b2118" opacity=".3"/></g>`,
  wallet: (c) =>
    `<rect x="260" y="360" width="480" height="320" rx="30" fill="${c}"/><path d="M260 450h480" stroke="#2b2118" stroke-width="8" opacity=".25"/><rect x="600" y="480" width="140" height="100" rx="20" fill="#2b2118" opacity=".25"/><circle cx="650" cy="530" r="14" fill="#e9d8c4"/>`,
  keyring: (c) =>
    `<circle cx="500" cy="330" r="70" fill="none" stroke="#9a9a9a" stroke-width="18"/><rect x="400" y="420" width="200" height="300" rx="40" fill="${c}"/><circle cx="500" cy="460" r="16" fill="#fbf7f2"/>`,
  belt: (c) =>
    `<path d="M200 470h600v90H200z" fill="${c}"/><rect x="430" y="440" width="140" height="150" rx="16" fill="none" stroke="#c9a24a" stroke-width="20"/>`,
  jewel: (c) =>
    `<path d="M300 300c40 240 360 240 400 0" fill="none" stroke="#c9a24a" stroke-width="10"/><circle cx="500" cy="520" r="70" fill="${c}"/><circle cx="500" cy="520" r="30" fill="#fbf7f2" opacity=".6"/>`,
  ring: (c) =>
    `<circle cx="500" cy="560" r="150" fill="none" stroke="#c9a24a" stroke-width="40"/><path d="M450 410l50-60 50 60-50 40z" fill="${c}"/>`,
  candle: (c) =>
    `<rect x="380" y="400" width="240" height="340" rx="20" fill="${c}"/><path d="M500 400v-40" stroke="#2b2118" stroke-width="8"/><path d="M500 280c40 40 30 80 0 90-30-10-40-50 0-90z" fill="#f2b233"/>`,
  bottle: (c) =>
    `<rect x="380" y="400" width="240" height="340" rx="40" fill="${c}" opacity=".85"/><rect x="450" y="320" width="100" height="90" fill="#2b2118" opacity=".6"/><path d="M470 320l-30-140M500 320v-160M530 320l30-140" stroke="#8a5a34" stroke-width="8"/><rect x="410" y="520" width="180" height="120" fill="#fbf7f2" opacity=".8"/>`,
  soap: (c) =>
    `<rect x="300" y="440" width="400" height="240" rx="60" fill="${c}"/><ellipse cx="500" cy="470" rx="170" ry="30" fill="#fbf7f2" opacity=".4"/><circle cx="700" cy="380" r="30" fill="#fbf7f2" opacity=".7"/><circle cx="740" cy="320" r="18" fill="#fbf7f2" opacity=".7"/>`,
  frame: (c) =>
    `<rect x="290" y="280" width="420" height="480" rx="10" fill="${c}"/><rect x="340" y="330" width="320" height="380" fill="#e6edf4"/><path d="M350 700l100-140 70 90 60-60 70 110z" fill="#6b7a4b"/>`,
  basket: (c) =>
    `<path d="M280 440h440l-50 300H330z" fill="${c}"/><g stroke="#2b2118" stroke-width="8" opacity=".3"><path d="M300 520h400M310 600h380M320 680h360"/></g><path d="M360 440c0-180 280-180 280 0" fill="none" stroke="${c}" stroke-width="22"/>`,
  animal: (c) =>
    `<circle cx="500" cy="560" r="190" fill="${c}"/><circle cx="370" cy="380" r="70" fill="${c}"/><circle cx="630" cy="380" r="70" fill="${c}"/><circle cx="440" cy="530" r="18" fill="#2b2118"/><circle cx="560" cy="530" r="18" fill="#2b2118"/><ellipse cx="500" cy="610" rx="60" ry="40" fill="#fbf7f2" opacity=".7"/>`,
  vehicle: (c) =>
    `<path d="M260 600v-110l90-110h250l120 110h60v110z" fill="${c}"/><circle cx="360" cy="620" r="60" fill="#2b2118"/><circle cx="640" cy="620" r="60" fill="#2b2118"/><rect x="380" y="410" width="90" height="70" fill="#e6edf4"/><rect x="490" y="410" width="90" height="70" fill="#e6edf4"/>`,
  puzzle: (c) =>
    `<path d="M300 320h160c0-60 80-60 80 0h160v160c60 0 60 80 0 80v160H540c0 60-80 60-80 0H300V560c60 0 60-80 0-80z" fill="${c}"/>`,
  cover: (c, name) => {
    const words = name.split(/\s+/);
    const lines: string[] = [];
    for (const w of words) {
      const last = lines[lines.length - 1];
      if (last && (last + w).length < 16) lines[lines.length - 1] = `${last} ${w}`;
      else lines.push(w);
    }
    const text = lines
      .slice(0, 4)
      .map(
        (l, i) =>
          `<text x="500" y="${420 + i * 62}" text-anchor="middle" font-family="DejaVu Sans, sans-serif" font-size="44" font-weight="700" fill="#fbf7f2">${escapeXml(l)}</text>`,
      )
      .join('');
    return `<rect x="290" y="200" width="420" height="600" rx="16" fill="${c}"/><rect x="330" y="250" width="340" height="6" fill="#fbf7f2" opacity=".6"/>${text}<rect x="330" y="740" width="340" height="6" fill="#fbf7f2" opacity=".6"/>`;
  },
};

const KIND_SHAPES: Record<string, keyof typeof shapes> = {
  kupa: 'mug',
  fincan: 'mug',
  demlik: 'mug',
  tabak: 'plate',
  altlik: 'plate',
  'deri-altlik': 'wallet',
  kase: 'bowl',
  'mum-kase': 'bowl',
  vazo: 'vase',
  tutsuluk: 'bowl',
  saksi: 'pot',
  'saksi-asma': 'pot',
  teraryum: 'pot',
  kedi: 'animal',
  marti: 'animal',
  havlu: 'textile',
  ortu: 'textile',
  pecete: 'textile',
  kilim: 'textile',
  yastik: 'pillow',
  tote: 'bag',
  canta: 'bag',
  'sirt-canta': 'bag',
  sapka: 'hat',
  hasir: 'hat',
  bere: 'hat',
  onluk: 'shirt',
  tisort: 'shirt',
  defter: 'book',
  ajanda: 'book',
  kitap: 'book',
  kartpostal: 'card',
  ayrac: 'card',
  washi: 'card',
  kalem: 'pen',
  cuzdan: 'wallet',
  kartlik: 'wallet',
  pasaportluk: 'wallet',
  kilif: 'wallet',
  kalemlik: 'bag',
  anahtarlik: 'keyring',
  kordon: 'keyring',
  kemer: 'belt',
  kolye: 'jewel',
  bileklik: 'jewel',
  kupe: 'jewel',
  nazar: 'jewel',
  yuzuk: 'ring',
  mum: 'candle',
  'mum-sutun': 'candle',
  'mum-teneke': 'candle',
  samdan: 'candle',
  difuzor: 'bottle',
  sprey: 'bottle',
  sabun: 'soap',
  kese: 'soap',
  makrome: 'basket',
  sepet: 'basket',
  ayna: 'frame',
  cerceve: 'frame',
  ayi: 'animal',
  tavsan: 'animal',
  fil: 'animal',
  bebek: 'animal',
  araba: 'vehicle',
  tren: 'vehicle',
  yapboz: 'puzzle',
  gokkusagi: 'puzzle',
  mobil: 'puzzle',
  ebook: 'cover',
  sablon: 'cover',
  atolye: 'cover',
};

/** `colourName` names the colour when it is not the product's name's (a variant's option value). */
export function productSvg(name: string, slug: string, kind: string, n: number, colourName = name): string {
  const shape = shapes[KIND_SHAPES[kind] ?? 'vase']!;
  const colour = colourOf(colourName, slug);
  const backdrop = BACKDROPS[(hash(slug) + n) % BACKDROPS.length]!;
  // Later images of a product show it turned and closer, like a second photo.
  const turn = n === 1 ? 0 : ((hash(slug + n) % 30) - 15) * (n % 2 ? 1 : -1);
  const scale = n === 1 ? 1 : 1.1 + (n % 3) * 0.08;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000"><rect width="1000" height="1000" fill="${backdrop}"/><ellipse cx="500" cy="800" rx="330" ry="40" fill="#2b2118" opacity=".08"/><g transform="translate(500 520) rotate(${turn}) scale(${scale}) translate(-500 -520)">${shape(colour, name)}</g></svg>`;
}

/** The demo hero: the featured categories' products side by side on a shelf, 4:3. */
function heroSvg(): string {
  const shown = demoCategories
    .filter((c) => c.featured)
    .map((c) => demoProducts.find((p) => c.image === `catalog/products/${p.slug}-1.webp`))
    .filter((p) => p !== undefined)
    .slice(0, 3);
  const step = 1200 / (shown.length + 1);
  const items = shown
    .map((p, i) => {
      const shape = shapes[KIND_SHAPES[demoProductKinds[p.slug] ?? ''] ?? 'vase']!;
      // Alternate sizes and heights, like things placed on a shelf rather than in a row of icons.
      const scale = i % 2 ? 0.62 : 0.72;
      const x = step * (i + 1) - 500 * scale;
      const y = 640 - 760 * scale;
      return `<g transform="translate(${x} ${y}) scale(${scale})">${shape(colourOf(p.name, p.slug), p.name)}</g>`;
    })
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900"><rect width="1200" height="900" fill="#e9d8c4"/><rect y="640" width="1200" height="260" fill="#d9c0a3"/><rect y="630" width="1200" height="16" fill="#8a5a34" opacity=".5"/><circle cx="980" cy="170" r="90" fill="#f4ece2" opacity=".7"/>${items}</svg>`;
}

async function render(svg: string, file: string, width: number, height: number) {
  mkdirSync(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg)).resize(width, height).webp({ quality: 80 }).toFile(file);
}

/** Writes every demo picture that is not there yet; returns how many it wrote. */
export async function writeDemoCatalogImages(uploadsDir: string): Promise<number> {
  const jobs: Array<() => Promise<void>> = [];
  const hero = path.join(uploadsDir, demoSettings.hero_image);
  if (!existsSync(hero)) jobs.push(() => render(heroSvg(), hero, 1200, 900));
  const drawn = new Set<string>();
  for (const p of demoProducts) {
    const kind = demoProductKinds[p.slug] ?? '';
    for (let n = 1; n <= p.imageCount; n++) {
      const file = path.join(uploadsDir, 'catalog', 'products', `${p.slug}-${n}.webp`);
      if (!existsSync(file)) jobs.push(() => render(productSvg(p.name, p.slug, kind, n), file, 1000, 1000));
    }
    for (const v of p.variants ?? []) {
      const file = v.image && path.join(uploadsDir, v.image);
      if (file && !existsSync(file) && !drawn.has(file)) {
        drawn.add(file);
        const colour = v.options.Renk ?? p.name;
        jobs.push(() => render(productSvg(p.name, p.slug, kind, 1, colour), file, 1000, 1000));
      }
    }
  }
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) await jobs[next++]!();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return jobs.length;
}
