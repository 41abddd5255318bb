import type { StorefrontContext } from '@vitrin/shared/storefront';
import { type ActionFunctionArgs, data, type LoaderFunctionArgs } from 'react-router';
import { addressRoute, standInBuild } from './render-pool-build.mjs';

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
  address: addressRoute,
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
  // Whether this visitor gets the maintenance screen or sees the closed shop (staff, bypass key).
  maintenance: {
    id: 'maintenance',
    parentId: 'root',
    path: 'bakim-durumu',
    module: module({
      headers: cacheable,
      loader: ({ context }: LoaderFunctionArgs) => ({
        maintenance: ctx(context).maintenance,
        preview: ctx(context).maintenancePreview,
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

export const testWebBuild = standInBuild(routes);
