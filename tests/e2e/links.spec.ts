import { expect, test } from '@playwright/test';
import { LinkChecker, LinkState } from 'linkinator';

/**
 * Every internal link of the demo shop answers, checked by linkinator (an outside link checker) from the
 * home page through every page it reaches: links, images and their srcset, stylesheets, scripts, canonical
 * and Open Graph addresses and the URLs in the pages' JSON-LD (about 430 pages and 3 300 addresses, half a
 * minute here). A 4xx or 5xx fails, a 503 too once asked again: the render queue's load shedding answers 503
 * with Retry-After when the machine is busy (a fresh shop makes its image variants meanwhile), and a crawler
 * asks again, so each 5xx is retried up to 5 times with a few seconds between. Other hosts (the footer's
 * social profiles) are never asked: the test needs no network.
 */
test('no broken internal link on any page reachable from the home page', async ({ baseURL }) => {
  test.setTimeout(300_000);
  const origin = new URL(baseURL!).origin;
  const checker = new LinkChecker();
  let pages = 0;
  let retried = 0;
  checker.on('pagestart', () => pages++);
  checker.on('retry', () => retried++);
  const { links } = await checker.check({
    path: `${origin}/`,
    recurse: true,
    concurrency: 2,
    timeout: 60_000,
    retryErrors: true,
    retryErrorsCount: 5,
    retryErrorsJitter: 3_000,
    // Only this shop: no request leaves the machine.
    linksToSkip: async (link) => !link.startsWith(`${origin}/`) && link !== origin,
  });
  const broken = links.filter((l) => l.state === LinkState.BROKEN || l.status === 503);
  console.log(`linkinator: ${pages} pages, ${links.length} addresses, ${retried} asked again after a 5xx`);
  expect(
    broken.map((l) => `${l.status ?? 'hata'} ${l.url} (${l.parent ?? 'başlangıç'})`),
    'broken internal links',
  ).toEqual([]);
  // The crawl reached the catalogue, not just the home page.
  expect(pages).toBeGreaterThan(100);
});
