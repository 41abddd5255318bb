// A stand-in storefront build for the render threads in tests (render-pool.int.test.ts, ssr.int.test.ts,
// render-busy.int.test.ts): plain JavaScript, because a worker thread starts without the TypeScript loader of
// the tests. Its document writes the loaders' data as JSON; test-web-build.ts builds its own routes the same way.
import { isMainThread } from 'node:worker_threads';
import { data } from 'react-router';

/** A held render says `{ held: name }` here; the test's 'release' lets every held render finish. */
export const HOLD_CHANNEL = 'vitrin-test-render-hold';
/** The loader of `/seen/:name` says its name here as it runs. */
export const SEEN_CHANNEL = 'vitrin-test-render-seen';
let seen;

const CACHEABLE = { 'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' };

/** `/address`: the page's address as the storefront sees it (canonical links are built from it); cacheable. */
export const addressRoute = {
  id: 'address',
  parentId: 'root',
  path: 'address',
  module: { default: () => null, headers: () => CACHEABLE, loader: ({ request }) => ({ url: request.url }) },
};

const routes = {
  root: { id: 'root', path: '', module: { default: () => null } },
  address: addressRoute,
  product: {
    id: 'product',
    parentId: 'root',
    path: 'product/:slug',
    module: {
      default: () => null,
      headers: () => CACHEABLE,
      loader: async ({ params, context }) => {
        const product = await context.product(params.slug);
        if (!product) throw data(null, { status: 404 });
        return { product, nonce: context.nonce };
      },
    },
  },
  // Calls `context[what]` with a date and Turkish text, and gives back its value or its error.
  thread: {
    id: 'thread',
    parentId: 'root',
    path: 'thread/:what',
    module: {
      default: () => null,
      loader: async ({ params, context }) => {
        // Ends a render thread (never the process that runs the tests).
        if (params.what === 'exit' && !isMainThread) process.exit(1);
        try {
          return { value: await context[params.what]({ sent: new Date(0), text: 'ığüşöç' }) };
        } catch (err) {
          return { error: { name: err.name, message: err.message, code: err.code } };
        }
      },
    },
  },
  // Runs until the test sends 'release' on HOLD_CHANNEL: renders held on the threads keep the render queue
  // busy without depending on time (render-busy.int.test.ts). BroadcastChannels reach every thread.
  hold: {
    id: 'hold',
    parentId: 'root',
    path: 'hold/:name',
    module: {
      default: () => null,
      loader: async ({ params }) => {
        const channel = new BroadcastChannel(HOLD_CHANNEL);
        try {
          await new Promise((resolve) => {
            channel.onmessage = (event) => {
              if (event.data === 'release') resolve();
            };
            channel.postMessage({ held: params.name });
          });
        } finally {
          channel.close();
        }
        return { held: params.name };
      },
    },
  },
  // Tells the tests that its loader ran (a page dropped from the render queue never does).
  seen: {
    id: 'seen',
    parentId: 'root',
    path: 'seen/:name',
    module: {
      default: () => null,
      loader: ({ params }) => {
        if (!seen) {
          seen = new BroadcastChannel(SEEN_CHANNEL);
          seen.unref();
        }
        seen.postMessage(params.name);
        return { seen: params.name };
      },
    },
  },
};

/**
 * A ServerBuild of stand-in routes (`{ id, parentId, path, module }`), whose document writes the loaders'
 * and actions' data as JSON. Also the shape of test-web-build.ts.
 */
export function standInBuild(routes) {
  const manifestRoute = (id, route) => ({
    id,
    parentId: route.parentId,
    path: route.path,
    hasAction: 'action' in route.module,
    hasLoader: 'loader' in route.module,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
  });
  return {
    assets: {
      entry: { module: '/assets/entry.client.js', imports: [] },
      routes: Object.fromEntries(Object.entries(routes).map(([id, r]) => [id, manifestRoute(id, r)])),
      url: '/assets/manifest-test.js',
      version: 'test',
    },
    assetsBuildDirectory: 'build/client',
    basename: '/',
    future: {},
    ssr: true,
    isSpaMode: false,
    prerender: [],
    publicPath: '/',
    routeDiscovery: { mode: 'lazy', manifestPath: '/__manifest' },
    entry: {
      module: {
        default: (_request, status, headers, context) => {
          headers.set('content-type', 'text/html; charset=utf-8');
          const { loaderData, actionData } = context.staticHandlerContext;
          return new Response(`<!doctype html><pre>${JSON.stringify({ loaderData, actionData })}</pre>`, {
            status,
            headers,
          });
        },
      },
    },
    routes,
  };
}

// The module itself is the build a render thread loads (as main.ts loads apps/web's).
const build = standInBuild(routes);
export const {
  assets,
  assetsBuildDirectory,
  basename,
  future,
  ssr,
  isSpaMode,
  prerender,
  publicPath,
  routeDiscovery,
  entry,
} = build;
export { routes };
