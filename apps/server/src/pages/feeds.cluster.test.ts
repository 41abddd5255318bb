import { openTestDatabase } from '@vitrin/testing/database';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppNode, cli, requireClusterSetup, startNode, stopNode } from '../../test/cluster.ts';
import { tempDir } from '../../test/server.ts';

const SLUG = 'el-yapimi-sirli-kupa-ege-mavisi';

const feed = async (node: AppNode) => (await fetch(`${node.url}/feeds/products.xml`)).text();

/** Asks until the feed holds `text` (the notification travels asynchronously), at most ~30 s (busy machine). */
async function eventually(node: AppNode, text: string) {
  for (let i = 0; i < 300; i++) {
    const xml = await feed(node);
    if (xml.includes(text)) return xml;
    await new Promise((r) => setTimeout(r, 100));
  }
  return feed(node);
}

describe('product feeds on two app nodes sharing one PostgreSQL database', () => {
  const dirs = [tempDir(), tempDir()];
  let db: Awaited<ReturnType<typeof openTestDatabase>>;
  let nodes: AppNode[] = [];

  beforeAll(async () => {
    requireClusterSetup();
    db = await openTestDatabase({ demo: true });
    nodes = await Promise.all(dirs.map((d) => startNode(db.url!, d.dir)));
  });

  afterAll(async () => {
    await Promise.all(nodes.map((n) => stopNode(n)));
    await db?.dispose();
    for (const d of dirs) d.remove();
  });

  it('rebuilds the kept feed on every node after a price change made elsewhere', async () => {
    for (const node of nodes) expect(await feed(node)).not.toContain('<price>432.10</price>');
    // A third process (the CLI) changes the price; both servers hear of it through LISTEN/NOTIFY.
    const result = await cli(['product', 'set', SLUG, 'price', '432,10'], db.url!);
    expect(result.code).toBe(0);
    for (const node of nodes)
      expect(await eventually(node, '<price>432.10</price>')).toContain('<price>432.10</price>');
  });
});
