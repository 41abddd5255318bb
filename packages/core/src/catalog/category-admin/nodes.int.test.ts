import type { CategoryNode } from '@vitrin/shared/api/catalog';
import { openTestDatabase } from '@vitrin/testing/database';
import { eventually } from '@vitrin/testing/eventually';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { connectCacheBus, createServices } from '../../services.ts';

describe('the category tree and header menu changed on one app node', () => {
  let database: Database;
  let dispose: () => Promise<void>;
  beforeAll(async () => {
    ({ database, dispose } = await openTestDatabase({ demo: false }));
  });
  afterAll(() => dispose());

  it('reach the tree and menu another node has cached: added, nested, renamed, removed', async () => {
    const nodeA = createServices(database);
    const nodeB = createServices(database);
    await connectCacheBus(nodeA);
    await connectCacheBus(nodeB);
    const cli = { kind: 'cli' } as const;
    const show = (nodes: CategoryNode[]): string =>
      nodes.map((n) => (n.children.length ? `${n.name}(${show(n.children)})` : n.name)).join(',');
    const tree = async () => show(await nodeB.catalog.categoryTree());
    const menu = async () => (await nodeB.home.data()).menu.map((m) => m.title).join(',');
    expect(await tree()).toBe(''); // cached on node B now
    expect(await menu()).toBe('');

    const giyim = await nodeA.categoryAdmin.create(cli, { name: 'Giyim' });
    const etek = await nodeA.categoryAdmin.create(cli, { name: 'Etek' });
    expect(await eventually(async () => (await tree()) === 'Giyim,Etek')).toBe(true);
    await nodeA.categoryAdmin.move(cli, etek.id, { parentId: giyim.id, index: 0 });
    expect(await eventually(async () => (await tree()) === 'Giyim(Etek)')).toBe(true);
    await nodeA.categoryAdmin.update(cli, etek.id, { name: 'Etekler', parentId: giyim.id });
    expect(await eventually(async () => (await tree()) === 'Giyim(Etekler)')).toBe(true);
    await nodeA.categoryAdmin.remove(cli, etek.id);
    expect(await eventually(async () => (await tree()) === 'Giyim')).toBe(true);

    const link = await nodeA.menuAdmin.create(cli, { title: 'Giyim', url: '/shop/giyim' });
    expect(await eventually(async () => (await menu()) === 'Giyim')).toBe(true);
    await nodeA.menuAdmin.update(cli, link.id, { title: 'Kıyafet', url: '/shop/giyim' });
    expect(await eventually(async () => (await menu()) === 'Kıyafet')).toBe(true);
    await nodeA.menuAdmin.remove(cli, link.id);
    expect(await eventually(async () => (await menu()) === '')).toBe(true);
  });
});
