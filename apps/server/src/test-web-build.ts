import type { StorefrontContext } from '@vitrin/shared/storefront';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type ServerBuild } from 'react-router';

/**
 * A stand-in for the storefront build in server tests: a few routes whose loaders and actions use the load
 * context as the real pages do, and a document renderer that writes their data as JSON. It lets these tests
 * check what the server adds around pages (page cache, wholesale prices, form-post limits, the same-origin
 * check) without building apps/web.
 */
const CACHEABLE = { 'Cache-Control': 'public, max-age=0, s-maxage=60, stale-while-revalidate=600' };
const cacheable = () => CACHEABLE;

const ctx = (context: unknown) => context as StorefrontContext;

async function accountAction(
  { request }: ActionFunctionArgs,
  run: (fields: Record<string, unknown>) => ReturnType<StorefrontContext['account']['login']>,
) {
  const fields = Object.fromEntries(await request.formData());
  const result = await run(fields);
  const headers = new Headers();
  if (result.ok) for (const cookie of result.setCookie) headers.append('set-cookie', cookie);
  return data(result.ok ? { ok: true } : { ok: false, error: result.error }, {
    status: result.ok ? 200 : result.status,
    headers,
  });
}

const module = (exports: Record<string, unknown>) => ({ default: () => null, ...exports });

interface TestRoute {
  id: string;
  parentId?: string;
  path: string;
  module: Record<string, unknown>;
}

const routes: Record<string, TestRoute> = {
  root: { id: 'root', path: '', module: module({}) },
  product: {
    id: 'product',
    parentId: 'root',
    path: 'product/:slug',
    module: module({
      headers: cacheable,
      loader: async ({ params, context }: LoaderFunctionArgs) => {
        const product = await ctx(context).product(params.slug!);
        if (!product) throw data(null, { status: 404 });
        return { product };
      },
    }),
  },
  shop: {
    id: 'shop',
    parentId: 'root',
    path: 'shop/:slug',
    module: module({
      headers: cacheable,
      loader: async ({ params, context }: LoaderFunctionArgs) => ({
        page: await ctx(context).categoryPage(params.slug!, {
          page: 1,
          pageSize: 24,
          sort: 'newest',
          tag: [],
          opt: [],
        } as never),
      }),
    }),
  },
  login: {
    id: 'login',
    parentId: 'root',
    path: 'login',
    module: module({
      loader: () => ({}),
      action: (args: ActionFunctionArgs) => accountAction(args, (f) => ctx(args.context).account.login(f)),
    }),
  },
  register: {
    id: 'register',
    parentId: 'root',
    path: 'register',
    module: module({
      loader: () => ({}),
      action: (args: ActionFunctionArgs) => accountAction(args, (f) => ctx(args.context).account.register(f)),
    }),
  },
  forgot: {
    id: 'forgot',
    parentId: 'root',
    path: 'forgot',
    module: module({
      loader: () => ({}),
      action: (args: ActionFunctionArgs) =>
        accountAction(args, (f) => ctx(args.context).account.forgot(f) as never),
    }),
  },
};

function manifestRoute(id: string, route: TestRoute) {
  const m = route.module;
  return {
    id,
    parentId: route.parentId,
    path: route.path,
    index: undefined,
    caseSensitive: undefined,
    hasAction: 'action' in m,
    hasLoader: 'loader' in m,
    hasClientAction: false,
    hasClientLoader: false,
    hasClientMiddleware: false,
    hasDefaultExport: true,
    hasErrorBoundary: false,
    module: `/assets/${id}.js`,
    imports: [],
    css: [],
  };
}

export const testWebBuild = {
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
      default: (
        _request: Request,
        status: number,
        headers: Headers,
        context: { staticHandlerContext: { loaderData: unknown; actionData: unknown } },
      ) => {
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
} as unknown as ServerBuild;
