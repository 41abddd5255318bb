import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { seedDemo } from '@vitrin/core';
import { products } from '@vitrin/core/db/schema';
import { openTestDatabase } from '@vitrin/core/db/test-database';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from './test-support.ts';

const root = path.resolve(import.meta.dirname, '../../..');
const serverEntry = path.join(root, 'apps/server/src/main.ts');
const cliEntry = path.join(root, 'apps/server/src/cli.ts');

function freePort(): Promise<number> {
  const min = 18800;
  const span = 100;
  const start = Math.floor(Math.random() * span);
  return new Promise((resolve, reject) => {
    const tryPort = (i: number) => {
      if (i >= span) return reject(new Error('no free port in 18800-18899'));
      const port = min + ((start + i) % span);
      const probe = net.createServer();
      probe.once('error', () => tryPort(i + 1));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(port)));
    };
    tryPort(0);
  });
}

interface Node {
  url: string;
  child: ChildProcess;
  output: string[];
}

async function startNode(databaseUrl: string, dataDir: string): Promise<Node> {
  const port = await freePort();
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      VITRIN_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => output.push(String(d)));
  child.stderr?.on('data', (d) => output.push(String(d)));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return { url, child, output };
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start:\n${output.join('')}`);
}

function cli(args: string[], databaseUrl: string) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', cliEntry, ...args],
      { cwd: root, env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

async function page(node: Node, pathname: string) {
  const res = await fetch(`${node.url}${pathname}`);
  return { status: res.status, cache: res.headers.get('x-cache'), html: await res.text() };
}

/** Asks until the page shows `text` (the notification travels asynchronously), at most ~10 s. */
async function eventually(node: Node, pathname: string, text: string) {
  for (let i = 0; i < 100; i++) {
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
    if (!process.env.TEST_DATABASE_URL) {
      throw new Error('This suite needs PostgreSQL: run it with `npm run test:pg` (TEST_DATABASE_URL).');
    }
    if (!existsSync(path.join(root, 'apps/web/build/server/index.js'))) {
      throw new Error('The storefront is not built: run `npm run build` first (npm run test:pg does).');
    }
    db = await openTestDatabase();
    await seedDemo(db.database.db);
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
    await Promise.all(
      nodes.map(
        (n) =>
          new Promise<void>((resolve) => {
            if (n.child.exitCode !== null) return resolve();
            n.child.once('exit', () => resolve());
            n.child.kill('SIGTERM');
          }),
      ),
    );
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
