// What the product import benches share: a fresh embedded database with the demo shop, and the file they
// import, a CSV as Turkish Excel saves it.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { openDatabase } from '@vitrin/core/db/client';
import { seedDemo } from '@vitrin/core/demo/seed';
import { createServices } from '@vitrin/core/services';
import { outDir } from './server.mjs';

/** A fresh data directory `bench/out/<name>` with the demo shop, and its services. */
export async function freshShop(name) {
  const dir = path.join(outDir, name);
  await rm(dir, { recursive: true, force: true });
  const database = await openDatabase({ dataDir: dir });
  await database.migrate();
  await seedDemo(database.db);
  return { database, services: createServices(database) };
}

const HEADER =
  'SKU;Ana Ürün SKU;Ürün Adı;Kategori;Marka;Barkod;Satış Fiyatı;Alış Fiyatı;KDV Oranı;Stok;Seçenekler';
const CATEGORIES = ['kupalar', 'tabaklar', 'Seramik', 'Tekstil > Havlular ve Peştemaller'];

/** `rows` rows: per 20, 16 single products and a variant product with three variants (20 rows per 17 products). */
export function csv(rows, priceOffset = 0) {
  const lines = [HEADER];
  for (let i = 0; lines.length <= rows; i++) {
    const lira = `${100 + (i % 900) + priceOffset},${String(i % 100).padStart(2, '0')}`;
    const category = CATEGORIES[i % CATEGORIES.length];
    if (i % 17 === 16 && lines.length + 4 <= rows + 1) {
      lines.push(
        `B-${i};;Toplu Tişört ${i};${category};Marka ${i % 50};;${lira};;20;;"Renk=Kırmızı|Mavi|Yeşil"`,
      );
      for (const [k, renk] of ['Kırmızı', 'Mavi', 'Yeşil'].entries()) {
        lines.push(`B-${i}-${k};B-${i};;;;;;;;${i % 30};Renk=${renk}`);
      }
    } else {
      lines.push(
        `B-${i};;Toplu Ürün ${i} Çay Bardağı;${category};Marka ${i % 50};;${lira};50,00;20;${i % 40};`,
      );
    }
  }
  return { bytes: Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`), name: 'toplu.csv' };
}
