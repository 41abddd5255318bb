import { describe, expect, it } from 'vitest';
import {
  DEFAULT_IMAGE,
  exportUrl,
  firstImageUrl,
  IMAGE_WIDTHS,
  imageSrcSet,
  imageUrl,
  isImageFormat,
  isImageWidth,
  isResizableImage,
  parseImageList,
  variantUrl,
} from './media.ts';

describe('imageUrl', () => {
  it('builds /uploads/ URLs', () => {
    expect(imageUrl('products/12/a.jpg')).toBe('/uploads/products/12/a.jpg');
    expect(imageUrl('products/12/a.jpg', 'https://cdn.example.com')).toBe(
      'https://cdn.example.com/uploads/products/12/a.jpg',
    );
  });

  it('strips leading slashes of the path and trailing slashes of the base', () => {
    expect(imageUrl('//products/a.jpg', 'https://cdn.example.com//')).toBe(
      'https://cdn.example.com/uploads/products/a.jpg',
    );
    expect(imageUrl('/a.jpg', '/')).toBe('/uploads/a.jpg');
    expect(imageUrl('a.jpg', '/shop/')).toBe('/shop/uploads/a.jpg');
  });

  it('falls back to the default image for a missing, empty or blank path', () => {
    expect(imageUrl(null)).toBe('/uploads/default.png');
    expect(imageUrl(undefined)).toBe('/uploads/default.png');
    expect(imageUrl('')).toBe('/uploads/default.png');
    expect(imageUrl('  ')).toBe('/uploads/default.png');
    expect(imageUrl('/')).toBe('/uploads/default.png');
    expect(imageUrl(null, 'https://cdn.example.com/')).toBe('https://cdn.example.com/uploads/default.png');
    expect(DEFAULT_IMAGE).toBe('default.png');
  });
});

describe('parseImageList', () => {
  it('reads a JSON list of folder/file strings', () => {
    expect(parseImageList('["products/1/a.jpg","products/1/b.webp"]')).toEqual([
      'products/1/a.jpg',
      'products/1/b.webp',
    ]);
  });

  it('accepts an already parsed array', () => {
    expect(parseImageList(['products/1/a.jpg'])).toEqual(['products/1/a.jpg']);
  });

  it('returns [] for invalid JSON, non-arrays and missing values', () => {
    for (const field of [
      '',
      'not json',
      '["a.jpg"',
      '{"a":"b.jpg"}',
      '"a.jpg"',
      'null',
      '42',
      null,
      undefined,
    ]) {
      expect(parseImageList(field)).toEqual([]);
    }
  });

  it('drops non-strings and empty entries', () => {
    expect(parseImageList('["a/1.jpg", 1, null, "", "  ", {"x":1}, ["b.jpg"], "a/2.jpg"]')).toEqual([
      'a/1.jpg',
      'a/2.jpg',
    ]);
  });

  it('drops entries containing .. or starting with /', () => {
    expect(parseImageList('["../etc/passwd","a/../../b.jpg","/abs/c.jpg","a/ok.jpg","a/x..y.jpg"]')).toEqual([
      'a/ok.jpg',
    ]);
  });
});

describe('firstImageUrl', () => {
  it('links the first usable image', () => {
    expect(
      firstImageUrl('["../bad.jpg","products/1/a.jpg","products/1/b.jpg"]', 'https://cdn.example.com/'),
    ).toBe('https://cdn.example.com/uploads/products/1/a.jpg');
  });

  it('falls back to the default image when there is none', () => {
    expect(firstImageUrl('[]')).toBe('/uploads/default.png');
    expect(firstImageUrl('oops')).toBe('/uploads/default.png');
    expect(firstImageUrl(null, '/shop')).toBe('/shop/uploads/default.png');
  });
});

describe('exportUrl', () => {
  it('joins base and path with a single slash', () => {
    expect(exportUrl('exports/orders.csv', 'https://shop.example.com/')).toBe(
      'https://shop.example.com/exports/orders.csv',
    );
    expect(exportUrl('/exports/orders.csv', 'https://shop.example.com')).toBe(
      'https://shop.example.com/exports/orders.csv',
    );
    expect(exportUrl('exports/orders.csv')).toBe('/exports/orders.csv');
  });

  it('gives the base root for a missing path', () => {
    expect(exportUrl(null, 'https://shop.example.com')).toBe('https://shop.example.com/');
    expect(exportUrl('')).toBe('/');
  });
});

describe('image variants', () => {
  it('variantUrl adds the width and format to the image URL', () => {
    expect(variantUrl('catalog/products/a.webp', '', 480, 'webp')).toBe(
      '/uploads/catalog/products/a.webp?w=480&f=webp',
    );
    expect(variantUrl('/a.jpg', 'https://cdn.example.com/', 160, 'avif')).toBe(
      'https://cdn.example.com/uploads/a.jpg?w=160&f=avif',
    );
  });

  it('variantUrl uses the default image for a missing path', () => {
    expect(variantUrl(null, '', 320, 'webp')).toBe('/uploads/default.png?w=320&f=webp');
  });

  it('variantUrl percent-encodes each path segment so the URL is safe inside a srcset', () => {
    expect(variantUrl('ürünler/a b,c.jpg', '', 320, 'webp')).toBe(
      '/uploads/%C3%BCr%C3%BCnler/a%20b%2Cc.jpg?w=320&f=webp',
    );
  });

  it('imageSrcSet lists one candidate per width, narrowest first', () => {
    expect(imageSrcSet('a.jpg', '', [640, 320], 'avif')).toBe(
      '/uploads/a.jpg?w=320&f=avif 320w, /uploads/a.jpg?w=640&f=avif 640w',
    );
  });

  it('knows the allowed widths and formats', () => {
    for (const w of IMAGE_WIDTHS) expect(isImageWidth(w)).toBe(true);
    expect(isImageWidth(500)).toBe(false);
    expect(isImageWidth('480')).toBe(false);
    expect(isImageFormat('webp')).toBe(true);
    expect(isImageFormat('avif')).toBe(true);
    expect(isImageFormat('png')).toBe(false);
  });

  it('resizes raster images only', () => {
    expect(isResizableImage('a/b.JPG')).toBe(true);
    expect(isResizableImage('a/b.webp')).toBe(true);
    expect(isResizableImage(null)).toBe(true);
    expect(isResizableImage('site/logo.svg')).toBe(false);
    expect(isResizableImage('a.b/noext')).toBe(false);
  });
});
