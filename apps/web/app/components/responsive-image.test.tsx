// @vitest-environment happy-dom
import type { HomeData } from '@vitrin/shared/api/home';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RootData } from '../lib/use-home.ts';
import { ResponsiveImage } from './responsive-image.tsx';

/** The page's HTML of one product image, with the shop's public configuration. */
function html(publicConfig: RootData['publicConfig'], path = 'catalog/kupa 1.jpg') {
  const rootData = {
    origin: 'http://localhost',
    pageLinks: [],
    maintenancePreview: false,
    publicConfig,
    home: { menu: [], social_accounts: [], global_setting: {} } as unknown as HomeData,
  } satisfies RootData;
  const router = createMemoryRouter(
    [
      {
        id: 'root',
        path: '/',
        loader: () => rootData,
        Component: () => (
          <ResponsiveImage path={path} alt="Kupa" width={480} height={480} sizes="50vw" widths={[320, 640]} />
        ),
      },
    ],
    { hydrationData: { loaderData: { root: rootData } } },
  );
  return renderToString(<RouterProvider router={router} />);
}

describe('ResponsiveImage: where the page loads images from', () => {
  it('names the shop’s own /uploads by default', () => {
    const page = html({ apiBase: '', buildVersion: 'test' });
    expect(page).toContain('src="/uploads/catalog/kupa%201.jpg?w=640&amp;f=webp"');
    expect(page).toContain('/uploads/catalog/kupa%201.jpg?w=320&amp;f=avif 320w');
  });

  it('names every address, resized copies too, under PUBLIC_UPLOADS_BASE when it is set', () => {
    const page = html({ apiBase: '', uploadsBase: 'https://cdn.magaza.test', buildVersion: 'test' });
    expect(page).toContain('src="https://cdn.magaza.test/uploads/catalog/kupa%201.jpg?w=640&amp;f=webp"');
    expect(page).toContain('https://cdn.magaza.test/uploads/catalog/kupa%201.jpg?w=320&amp;f=avif 320w');
    expect(page).not.toMatch(/(srcSet|srcset|src)="\/uploads/);
    // An image the server does not resize, as it is.
    expect(
      html({ apiBase: '', uploadsBase: 'https://cdn.magaza.test', buildVersion: 'test' }, 'site/logo.svg'),
    ).toContain('src="https://cdn.magaza.test/uploads/site/logo.svg"');
  });
});
