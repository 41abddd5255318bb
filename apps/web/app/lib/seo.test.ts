import { describe, expect, it } from 'vitest';
import { catalogMeta } from './seo.ts';

const matches = [
  { data: { origin: 'https://magaza.test', home: { global_setting: { brand_name: 'Atölye' } } } },
];
const titleOf = (tags: ReturnType<typeof catalogMeta>) => tags.find((t) => 'title' in t)?.title;

describe('catalogMeta', () => {
  it('adds the shop name to a title made from the page', () => {
    const tags = catalogMeta(matches, { title: 'Sırlı Kupa', description: 'Kupa', path: '/product/kupa' });
    expect(titleOf(tags)).toBe('Sırlı Kupa | Atölye');
  });

  it('keeps a title the shop owner wrote as it is, and cuts the description at 160 characters', () => {
    const tags = catalogMeta(matches, {
      title: 'El yapımı sırlı kupa',
      exactTitle: true,
      description: 'a'.repeat(200),
      path: '/product/kupa',
    });
    expect(titleOf(tags)).toBe('El yapımı sırlı kupa');
    expect(tags).toContainEqual({ name: 'description', content: 'a'.repeat(160) });
    expect(tags).toContainEqual({ property: 'og:title', content: 'El yapımı sırlı kupa' });
  });
});

describe('catalogMeta on the shop', () => {
  const shop = [
    {
      data: {
        origin: 'https://magaza.test',
        home: {
          global_setting: { brand_name: 'Atölye', logo: 'site/logo.svg', hero_image: 'site/hero.jpg' },
        },
      },
    },
  ];

  it("makes a product's og:image absolute on the page's origin", () => {
    const tags = catalogMeta(shop, {
      title: 'Kupa',
      description: 'Kupa',
      path: '/product/kupa',
      image: 'products/kupa/1.jpg',
    });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://magaza.test/uploads/products/kupa/1.jpg',
    });
    expect(tags).toContainEqual({ property: 'og:site_name', content: 'Atölye' });
    expect(tags).toContainEqual({ property: 'og:locale', content: 'tr_TR' });
  });

  it('a page without a picture of its own shows the hero image', () => {
    const tags = catalogMeta(shop, { title: 'Seramik', description: '', path: '/shop/seramik' });
    expect(tags).toContainEqual({
      property: 'og:image',
      content: 'https://magaza.test/uploads/site/hero.jpg',
    });
  });
});
