import { type APIRequestContext, expect, test } from '@playwright/test';
import { type Check, type Result, structuredDataTest } from 'structured-data-testing-tool';
import presets from 'structured-data-testing-tool/presets.js';
import { listedProducts } from './support.ts';

/**
 * The pages' structured data and link-preview tags, read from the server's HTML by an outside checker
 * (structured-data-testing-tool: Google's and the social sites' presets, offline on the HTML given) plus the
 * merchant-listing fields Google's product results ask for, which its presets do not cover.
 */

/** Runs the checker; a failure names each failed check. */
async function check(html: string, tests: Check[]): Promise<Result> {
  try {
    return await structuredDataTest(html, { presets: [presets.Google, presets.SocialMedia], tests });
  } catch (err) {
    const res = (err as { res?: Result }).res;
    if (!res) throw err;
    const failed = res.failed.map((t) => `${t.test}: ${t.error?.message ?? t.description ?? ''}`);
    expect(failed, 'failed structured-data checks').toEqual([]);
    return res;
  }
}

const html = async (request: APIRequestContext, path: string) => {
  const res = await request.get(path);
  expect(res.status(), path).toBe(200);
  return res.text();
};

/** A meta tag's value as the checker read it. */
const metaOf = (result: Result, name: string) => result.structuredData.metatags[name]?.[0];
/** A value in the first JSON-LD object of a type as the checker read it (undefined when missing). */
const ldAt = (result: Result, type: string, ...path: Array<string | number>): unknown =>
  path.reduce<unknown>(
    (node, key) => (node as Record<string | number, unknown> | undefined)?.[key],
    result.structuredData.jsonld[type]?.[0],
  );

const canonicalOf = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];

test.describe('structured data and link previews', () => {
  test('the home page: the shop with logo and social profiles, its search box, canonical link, Open Graph', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const page = await html(request, '/');
    const home = (await (await request.get('/api/front/home')).json()) as {
      social_accounts: Array<{ url: string }>;
      global_setting: { brand_name: string };
    };
    expect(home.social_accounts.length, 'social profiles in the demo footer').toBeGreaterThan(0);
    const absolute = new RegExp(`^${origin}/uploads/`);
    const result = await check(page, [
      { test: 'OnlineStore[0].name', expect: home.global_setting.brand_name },
      { test: 'OnlineStore[0].url', expect: `${origin}/` },
      ...home.social_accounts.map((s) => ({ test: 'OnlineStore[0].sameAs', expect: s.url })),
      { test: 'WebSite[0].url', expect: `${origin}/` },
      { test: 'WebSite[0].potentialAction."@type"', expect: 'SearchAction' },
      {
        test: 'WebSite[0].potentialAction.target.urlTemplate',
        expect: `${origin}/search?q={search_term_string}`,
      },
      { test: 'WebSite[0].potentialAction."query-input"', expect: 'required name=search_term_string' },
      { test: '"og:url"', type: 'metatag', expect: `${origin}/` },
      { test: '"og:type"', type: 'metatag', expect: 'website' },
      { test: '"og:site_name"', type: 'metatag', expect: home.global_setting.brand_name },
      { test: '"og:locale"', type: 'metatag', expect: 'tr_TR' },
    ]);
    // The checker reads a RegExp match as a failure: absolute addresses are checked here.
    expect(ldAt(result, 'OnlineStore', 'logo', 'url')).toMatch(absolute);
    expect(metaOf(result, 'og:image')).toMatch(absolute);
    expect(result.passed.length).toBeGreaterThan(10);
    expect(canonicalOf(page)).toBe(`${origin}/`);

    // The search box's address is the storefront's real search page.
    const search = await request.get('/search?q=kupa');
    expect(search.status()).toBe(200);
    expect(await search.text()).toContain('kupa');
  });

  test('a category page: its breadcrumbs and the products it shows, in order', async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const page = await html(request, '/shop/seramik?sort=name');
    const listing = (await (
      await request.get('/api/front/categories/seramik/products?sort=name')
    ).json()) as {
      listing: { items: Array<{ slug: string }> };
    };
    const slugs = listing.listing.items.map((p) => `${origin}/product/${p.slug}`);
    const result = await check(page, [
      { test: 'BreadcrumbList[0].itemListElement[-1].item', expect: `${origin}/shop/seramik` },
      { test: 'ItemList[0].numberOfItems', expect: slugs.length },
      ...slugs.map((url, i) => ({ test: `ItemList[0].itemListElement[${i}].url`, expect: url })),
    ]);
    expect(metaOf(result, 'og:image')).toMatch(new RegExp(`^${origin}/uploads/`));
    const positions = (
      result.structuredData.jsonld.ItemList![0]!.itemListElement as Array<{ position: number }>
    ).map((e) => e.position);
    expect(positions).toEqual(slugs.map((_, i) => i + 1));
    expect(canonicalOf(page)).toBe(`${origin}/shop/seramik`);
  });

  test("products: absolute og:image, brand, condition, shipping at the shop's fee, return policy", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const brand = (
      (await (await request.get('/api/front/home')).json()) as { global_setting: { brand_name: string } }
    ).global_setting.brand_name;
    const products = (await listedProducts(request)).filter((p) => p.price);
    const simple = products.find((p) => p.stockType === 1)!;
    const designable = products.find((p) => p.stockType === 3);
    expect(designable, 'a made-to-order product in the demo data').toBeTruthy();

    const page = await html(request, `/product/${simple.slug}`);
    const result = await check(page, [
      { test: 'Product[0].brand.name', expect: brand },
      { test: 'Product[0].offers.itemCondition', expect: 'https://schema.org/NewCondition' },
      { test: 'Product[0].offers.priceCurrency', expect: 'TRY' },
      { test: 'Product[0].offers.shippingDetails."@type"', expect: 'OfferShippingDetails' },
      { test: 'Product[0].offers.shippingDetails.shippingDestination.addressCountry', expect: 'TR' },
      { test: 'Product[0].offers.shippingDetails.shippingRate.currency', expect: 'TRY' },
      { test: 'Product[0].offers.hasMerchantReturnPolicy.applicableCountry', expect: 'TR' },
      {
        test: 'Product[0].offers.hasMerchantReturnPolicy.returnPolicyCategory',
        expect: 'https://schema.org/MerchantReturnFiniteReturnWindow',
      },
      { test: 'Product[0].offers.hasMerchantReturnPolicy.merchantReturnDays', expect: 14 },
      { test: 'BreadcrumbList[0].itemListElement[-1].item', expect: `${origin}/product/${simple.slug}` },
    ]);
    expect(ldAt(result, 'Product', 'image', 0)).toMatch(new RegExp(`^${origin}/uploads/.+\\.\\w+$`));
    expect(metaOf(result, 'og:image')).toBe(ldAt(result, 'Product', 'image', 0));
    expect(ldAt(result, 'Product', 'offers', 'shippingDetails', 'shippingRate', 'value')).toMatch(
      /^\d+\.\d\d$/,
    );

    // Made to order: outside the withdrawal right.
    await check(await html(request, `/product/${designable!.slug}`), [
      {
        test: 'Product[0].offers.hasMerchantReturnPolicy.returnPolicyCategory',
        expect: 'https://schema.org/MerchantReturnNotPermitted',
      },
    ]);
  });

  test('a post names the shop as publisher, with its logo', async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const page = await html(request, '/blog-details');
    const result = await check(page, [
      { test: 'Article[0].publisher.name' },
      { test: 'Article[0].publisher.logo."@type"', expect: 'ImageObject' },
    ]);
    expect(ldAt(result, 'Article', 'publisher', 'logo', 'url')).toMatch(new RegExp(`^${origin}/uploads/`));
  });
});
