import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { E2E_DATA_DIR } from './playwright.config.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Runs `npm run vitrin -- …` against the running e2e server's data directory (the control socket). */
export function vitrinCli(...args: string[]): string {
  return execFileSync('npx', ['tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
  });
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(summary).toEqual([]);
}

export async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: path.join(root, 'test-results/screenshots', `${name}.png`), fullPage: true });
}

const SHOTS = path.join(root, 'bench/out/shots');

/** Desktop and 390 px phone screenshots of the page as it is now (bench/out/shots). */
export async function shots(page: Page, name: string) {
  const desktop = page.viewportSize() ?? { width: 1280, height: 720 };
  await page.screenshot({ path: path.join(SHOTS, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: path.join(SHOTS, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(desktop);
}

/** Opens a page and waits until React has hydrated it. */
export async function open(page: Page, url: string) {
  const response = await page.goto(url);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return response;
}

export interface ListedProduct {
  id: number;
  slug: string;
  name: string;
  stockType: number;
  inStock: boolean;
  price: { amountMinor: number; instalmentBaseMinor: number } | null;
  category: string;
}

/** Products of the demo shop, through the public catalogue API. */
export async function listedProducts(request: APIRequestContext): Promise<ListedProduct[]> {
  const categories = (await (await request.get('/api/front/categories')).json()) as Array<{ slug: string }>;
  const all: ListedProduct[] = [];
  for (const { slug } of categories) {
    const page = await (await request.get(`/api/front/categories/${slug}/products?pageSize=48`)).json();
    for (const item of page.listing.items as Omit<ListedProduct, 'category'>[])
      all.push({ ...item, category: slug });
  }
  return all;
}

/** `n` products in stock and priced, of one category (their cards share a listing page). */
export function categoryWith(products: ListedProduct[], n: number): ListedProduct[] {
  const byCategory = new Map<string, ListedProduct[]>();
  for (const p of products.filter((p) => p.inStock && p.price)) {
    byCategory.set(p.category, [...(byCategory.get(p.category) ?? []), p]);
  }
  const found = [...byCategory.values()].find((list) => list.length >= n);
  expect(found, `a category with ${n} products in stock in the demo data`).toBeTruthy();
  return found!.slice(0, n);
}

/** Decodes quoted-printable (`=C5=9F`, soft line breaks) and base64 parts, so links can be read as text. */
function decodeMail(raw: string): string {
  const qp = raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'));
  const base64Parts = [
    ...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/g),
  ].map((m) => Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64Parts].join('\n');
}

/** The e-mails already in the e2e server's outbox (to tell the new ones). */
export const outboxFiles = () => {
  try {
    return new Set(readdirSync(path.join(E2E_DATA_DIR, 'outbox')));
  } catch {
    return new Set<string>();
  }
};

/** Waits for a new mail to `email` (not in `after`) whose text matches `pattern`; the match. */
export async function waitForMail(email: string, after: Set<string>, pattern: RegExp): Promise<string> {
  const outbox = path.join(E2E_DATA_DIR, 'outbox');
  let found: string | undefined;
  await expect
    .poll(
      () => {
        const files = readdirSync(outbox)
          .filter((f) => f.endsWith('.eml') && !after.has(f))
          .sort();
        for (const file of files.reverse()) {
          const text = decodeMail(readFileSync(path.join(outbox, file), 'utf8'));
          if (!new RegExp(`^To: .*${email.replace(/[.+]/g, '\\$&')}`, 'mi').test(text)) continue;
          const match = text.match(pattern);
          if (match) {
            found = match[0];
            return true;
          }
        }
        return false;
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  return found!;
}

/**
 * The shop lets one address register 5 accounts a minute, and every spec registers from 127.0.0.1: a
 * registration refused with 429 is sent again after its Retry-After, as a patient shopper would.
 */
export async function postRegistration(
  request: APIRequestContext,
  data: Record<string, unknown>,
  headers?: Record<string, string>,
) {
  for (let attempt = 1; ; attempt++) {
    const res = await request.post('/api/front/auth/register', { ...(headers ? { headers } : {}), data });
    if (res.status() !== 429 || attempt === 4) return res;
    await waitOut(Number(res.headers()['retry-after'] ?? 60));
  }
}

/**
 * Clicks "Kayıt Ol" on a filled form (JavaScript on). A refusal by the per-address limit (see
 * postRegistration) is waited out and the form, still filled, sent once more.
 */
export async function submitRegistration(page: Page) {
  const button = page.getByRole('button', { name: 'Kayıt Ol' });
  const limited = page.getByText(/saniye sonra yeniden deneyin/);
  await button.click();
  const outcome = await Promise.race([
    page.waitForURL(/\/panel/, { timeout: 90_000 }).then(
      () => 'in',
      () => 'timeout',
    ),
    limited.waitFor({ timeout: 90_000 }).then(
      () => 'limited',
      () => 'timeout',
    ),
  ]);
  if (outcome !== 'limited') return;
  await waitOut(Number((await limited.textContent())?.match(/(\d+) saniye/)?.[1] ?? 60));
  await button.click();
}

/** Waits out a limit's seconds, giving the running test that much more time. */
async function waitOut(seconds: number) {
  const ms = (seconds + 1) * 1000;
  test.info().setTimeout(test.info().timeout + ms);
  await new Promise((done) => setTimeout(done, ms));
}

/** Registers a customer through the API; the request context (a page's: its browser) keeps the session cookie. */
export async function registerCustomer(request: APIRequestContext, email: string, password: string) {
  const res = await postRegistration(request, {
    firstName: 'Ayşe',
    lastName: 'Yılmaz',
    email,
    phone: '0532 123 45 67',
    password,
    kvkk: true,
    marketingConsent: false,
  });
  expect(res.status()).toBe(201);
}
