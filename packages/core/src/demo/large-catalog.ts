/**
 * A large generated catalogue for load tests (`npm run seed:large`): each product is a variation of a demo
 * product (same category, kind, stock type, option groups, specifications and pictures) with a new Turkish
 * name, SKU, prices, stock, tags and age. Deterministic: product `i` is the same on every run.
 */
import { PRICE_TYPE, STOCK_TYPE } from '@vitrin/shared/constants';
import { slugify } from '@vitrin/shared/slug';
import type { DemoPrice, DemoProduct, DemoTag } from './data.ts';

/** FNV-1a hash of a string (32-bit). */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a tiny deterministic PRNG returning floats in [0, 1). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;

const STYLES = [
  'Klasik',
  'Nostaljik',
  'Zarif',
  'Sade',
  'Rustik',
  'Bohem',
  'Modern',
  'Geleneksel',
  'Şık',
  'Doğal',
  'Özel Seri',
  'Günlük',
  'Işıltılı',
  'Çizgili',
  'Puantiyeli',
  'Düz Renk',
  'Eskitme',
  'Çift Renkli',
  'Mat',
  'Parlak',
  'Ürgüp Esintili',
  'Ege Esintili',
  'Karadeniz Esintili',
  'Anadolu Motifli',
  'Çiçek Desenli',
  'Geometrik Desenli',
  'Lale Motifli',
  'Nazar Motifli',
  'Kilim Desenli',
  'İnce İşçilikli',
  'Şehir Temalı',
  'Kış Koleksiyonu',
  'Yaz Koleksiyonu',
  'Bahar Koleksiyonu',
  'Güz Koleksiyonu',
  'Köy Evi',
  'Çarşı',
  'Bağ Bozumu',
  'Göçebe',
  'Sıcak Tonlu',
];

/** Digital products (e-books, online workshops) take a level or format, never a colour. */
const DIGITAL_STYLES = [
  'Başlangıç',
  'İleri Seviye',
  'Uygulamalı',
  'Hafta Sonu',
  'Kapsamlı',
  'Güncellenmiş',
  'Adım Adım',
  'Özel Baskı',
];

/** The demo's colour names and a few more. */
const COLOURS = [
  'Ege Mavisi',
  'Terrakota',
  'Zeytin Yeşili',
  'Fildişi',
  'Adaçayı',
  'Hardal',
  'Lacivert',
  'Turkuaz',
  'Kırmızı',
  'Ekru',
  'Bordo',
  'Taba',
  'Kahverengi',
  'Siyah',
  'Beyaz',
  'Lavanta',
  'Gül Kurusu',
  'Çağla Yeşili',
  'Kiremit',
  'Füme',
  'Gök Mavisi',
  'Şeftali',
  'Mürdüm',
  'Ördek Başı',
  'Üzüm Moru',
  'Açık Gri',
  'Kömür',
  'Safran Sarısı',
  'İnci Beyazı',
  'Pudra',
];

/** A price moved by `factor`, rounded to a shelf price (…,90) in minor units. */
const scaled = (amount: number, factor: number) =>
  Math.max(90, Math.round((amount * factor) / 100) * 100 - 10);

function scalePrices(prices: DemoPrice[], factor: number): DemoPrice[] {
  const out = prices.map((p) => ({ ...p, amount: scaled(p.amount, factor) }));
  const sale = out.find((p) => p.type === PRICE_TYPE.Sale)?.amount ?? 0;
  // Rounding may bring a crossed-out or instalment price down to the sale price: such an entry goes.
  return out.filter(
    (p) => !((p.type === PRICE_TYPE.Market || p.type === PRICE_TYPE.Instalment) && p.amount <= sale),
  );
}

function stockOf(rand: () => number): number {
  const roll = rand();
  if (roll < 0.1) return 0;
  if (roll < 0.15) return 1 + Math.floor(rand() * 3);
  return 4 + Math.floor(rand() * 57);
}

/** The demo products and tags a large catalogue varies. */
export interface LargeCatalogBase {
  products: DemoProduct[];
  tags: DemoTag[];
}

/** Generated product number `i` (0-based), a variation of one of `demo`'s products. */
export function largeCatalogProduct(demo: LargeCatalogBase, i: number): DemoProduct {
  const rand = prng(hash(`large-${i}`));
  const base = pick(rand, demo.products);
  const digital = base.stockType === STOCK_TYPE.Virtual;
  const core = base.name.split(' – ')[0]!;
  const colour = !digital && rand() < 0.7 ? pick(rand, COLOURS) : undefined;
  const name = `${pick(rand, digital ? DIGITAL_STYLES : STYLES)} ${core}${colour ? ` – ${colour}` : ''}`;
  const n = String(i + 1).padStart(6, '0');
  const sku = base.sku.replace(/^VA-(\w+)-\d+$/, `VL-$1-${n}`);
  const factor = 0.7 + rand() * 0.9;

  const variants = base.variants?.map((v) => ({
    ...v,
    sku: v.sku.replace(base.sku, sku),
    // About one variant in five is sold out.
    stock: rand() < 0.2 ? 0 : 1 + Math.floor(rand() * 25),
    ...(v.prices ? { prices: scalePrices(v.prices, factor) } : {}),
  }));
  const tags = [...base.tags];
  if (tags.length < 4 && rand() < 0.3) {
    const extra = pick(rand, demo.tags).slug;
    if (!tags.includes(extra)) tags.push(extra);
  }
  const specifications = base.specifications.map((s) =>
    s.key === 'Renk' && colour ? { ...s, value: colour } : s,
  );

  return {
    ...base,
    slug: `${slugify(name)}-${n}`,
    sku,
    name,
    prices: scalePrices(base.prices, factor),
    stock: variants ? variants.reduce((sum, v) => sum + v.stock, 0) : digital ? base.stock : stockOf(rand),
    ...(variants ? { variants } : {}),
    tags,
    specifications,
    daysAgo: Math.floor(rand() * 730),
  };
}
