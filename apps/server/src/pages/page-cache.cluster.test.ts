import { products } from '@vitrin/core/db/schema';
import { openTestDatabase } from '@vitrin/testing/database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, type AppNode as Node, requireClusterSetup, startNode, stopNode } from '../../test/cluster.ts';
import { tempDir } from '../../test/server.ts';

async function page(node: Node, pathname: string) {
  const res = await fetch(`${node.url}${pathname}`);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}

/** Asks until the page shows `text` (the notification travels asynchronously), at most ~30 s (busy machine). */
async function eventually(node: Node, pathname: string, text: string) {
  for (let i = 0; i < 300; i++) {
    const p = await page(node, pathname);
    if (p.html.includes(text)) return p;
    await new Promise((r) => setTimeout(r, 100));
  }
  return page(node, pathname);
}

describe('page cache on two app nodes sharing one PostgreSQL database', () => {
  const dirs = [tempDir(), tempDir()];
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let nodes: Node[] = [];
  let slug: string;
  let oldName: string;

  beforeAll(async () => {
    requireClusterSetup();
    db = await openTestDatabase({ demo: true });
    const [product] = await db.database.db
      .select({ slug: products.slug, name: products.name })
      .from(products)
      .where(eq(products.stockType, 1))
      .limit(1);
    slug = product!.slug;
    oldName = product!.name;
    nodes = await Promise.all(dirs.map((d) => startNode(db.url!, d.dir)));
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => stopNode(n)));
    await db?.dispose();
    for (const d of dirs) d.remove();
  });

  it('drops a changed product page on every node, not only where the change was made', async () => {
    for (const node of nodes) {
      await page(node, `/product/${slug}`);
      const cached = await page(node, `/product/${slug}`);
      expect(cached.status).toBe(200);
      expect(cached.cache).toBe('hit');
      expect(cached.html).toContain(oldName);
    }
    // A third process (the CLI) changes the product; both servers hear of it through LISTEN/NOTIFY.
    const result = await cli(['product', 'set', slug, 'name', 'Kuş Desenli Çini Kâse'], db.url!);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    for (const node of nodes) {
      const fresh = await eventually(node, `/product/${slug}`, 'Kuş Desenli Çini Kâse');
      expect(fresh.html).toContain('Kuş Desenli Çini Kâse');
      const title = /<title>([^<]*)<\/title>/.exec(fresh.html)?.[1] ?? '';
      expect(title).toContain('Kuş Desenli Çini Kâse');
      expect(title).not.toContain(oldName);
    }
  });

  it('drops category pages on every node when a category changes', async () => {
    for (const node of nodes) {
      await page(node, '/shop/seramik');
      expect((await page(node, '/shop/seramik')).cache).toBe('hit');
    }
    const result = await cli(['category', 'set', 'seramik', 'name', 'Çini ve Seramik'], db.url!);
    expect(result.code).toBe(0);
    for (const node of nodes) {
      expect((await eventually(node, '/shop/seramik', 'Çini ve Seramik')).html).toContain('Çini ve Seramik');
    }
  });
});
